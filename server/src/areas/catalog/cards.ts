/**
 * Cards, in the backend family's shapes (BACKEND-FAMILY.md, Catalog), and the pages of them:
 * - product card: product_id, mer_id, sales, click (product page views) and goods{image (absolute
 *   URL), title, sales_price / market_price ("899.00"), real_sales}; plus id (= product_id: the
 *   catalogue has no separate shop listing), an extension. sales and real_sales are the same
 *   figure here: every unit this catalogue counts was sold (seeded history and paid orders). Only
 *   products on sale (status 1) are listed or shown.
 * - shop card: follow_count = base_fans (followers from before this server) + follows, good_rate =
 *   favorable_bp / 100 (percent), total_price = turnover of the shop's sales at the products'
 *   prices, and sales (units sold over the shop's products, an extension).
 * - lists of images in one field (goods.images, reply_list[].pics, the shop's banner) are comma
 *   strings of absolute URLs; dates are display text (platform/http.ts displayTime).
 */
import type { Request } from 'express';
import type { Db } from '../../platform/db';
import { absoluteUrl, refused, str } from '../../platform/http';
import { formatCents, parseMoney } from '../../shared/money';

export const PRODUCT_COLS = 'p.id, p.shop_id, p.title, p.image, p.price_cents, p.market_price_cents, p.sales, p.clicks';

/** A product as its card shows it (PRODUCT_COLS). */
export interface ProductRow {
  id: number;
  shop_id: number;
  title: string;
  image: string;
  price_cents: number;
  market_price_cents: number;
  sales: number;
  clicks: number;
}

/** Best sellers first; ties by id so paging is stable. */
export const BEST_SELLERS = 'p.sales DESC, p.id ASC';

export interface ShopRow {
  mer_id: number;
  mer_name: string;
  mer_avatar: string;
  sales: number;
  fans: number;
  favorable_bp: number;
  turnover_cents: number;
}

export const SHOP_COLS = `s.id AS mer_id, s.name AS mer_name, s.avatar AS mer_avatar,
  COALESCE((SELECT SUM(x.sales) FROM products x WHERE x.shop_id = s.id), 0) AS sales,
  s.base_fans + (SELECT COUNT(*) FROM shop_follows f WHERE f.shop_id = s.id) AS fans,
  s.favorable_bp AS favorable_bp,
  COALESCE((SELECT SUM(x.sales * x.price_cents) FROM products x WHERE x.shop_id = s.id), 0) AS turnover_cents`;

export const productCard = (req: Request, p: ProductRow) => ({
  id: p.id,
  product_id: p.id,
  mer_id: p.shop_id,
  sales: Math.max(0, p.sales),
  click: Math.max(0, p.clicks),
  goods: {
    image: absoluteUrl(req, p.image),
    title: p.title,
    sales_price: formatCents(p.price_cents),
    market_price: formatCents(p.market_price_cents),
    real_sales: Math.max(0, p.sales),
  },
});

export const shopCard = (req: Request, s: ShopRow) => ({
  mer_id: s.mer_id,
  mer_name: s.mer_name,
  mer_avatar: absoluteUrl(req, s.mer_avatar),
  follow_count: Math.max(0, s.fans),
  good_rate: Math.min(100, Math.max(0, s.favorable_bp / 100)),
  total_price: formatCents(s.turnover_cents),
  sales: Math.max(0, s.sales),
});

/** A page of products on `where` in `order`, with the count of all. */
export function productPage(db: Db, where: string, params: unknown[], order: string, limit: number, offset: number) {
  const count =
    db.prepare<unknown[], { n: number }>(`SELECT COUNT(*) AS n FROM products p WHERE ${where}`).get(...params)?.n ?? 0;
  const rows = db
    .prepare<unknown[], ProductRow>(
      `SELECT ${PRODUCT_COLS} FROM products p WHERE ${where} ORDER BY ${order} LIMIT ? OFFSET ?`,
    )
    .all(...params, limit, offset);
  return { count, rows };
}

/** A page of shops on `where`, best sellers first, with the count of all. */
export function shopPage(db: Db, where: string, params: unknown[], limit: number, offset: number) {
  const count =
    db.prepare<unknown[], { n: number }>(`SELECT COUNT(*) AS n FROM shops s WHERE ${where}`).get(...params)?.n ?? 0;
  const rows = db
    .prepare<unknown[], ShopRow>(
      `SELECT ${SHOP_COLS} FROM shops s WHERE ${where} ORDER BY sales DESC, s.id ASC LIMIT ? OFFSET ?`,
    )
    .all(...params, limit, offset);
  return { count, rows };
}

/** A positive integer query/body field, or null. */
export function positiveInt(source: unknown, name: string): number | null {
  const n = Number(str(source, name));
  return Number.isInteger(n) && n > 0 ? n : null;
}

/** The state a like or follow request asks for (0 or 1), or undefined for the family's plain toggle. */
export function targetState(body: unknown, field: 'is_like' | 'is_follow'): 0 | 1 | undefined {
  const value = str(body, field);
  return value === '1' ? 1 : value === '0' ? 0 : undefined;
}

/** '%text%' for LIKE ... ESCAPE '\' (case-insensitive for ASCII in SQLite). */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A price filter in cents (min_price / max_price: dollars, at most 2 decimals), or null when not
 * sent; anything else is a refusal the shopper caused (they typed it).
 */
export function priceFilter(source: unknown, name: string): number | null {
  const text = str(source, name).trim();
  if (!text) return null;
  const cents = parseMoney(text);
  if (cents === null) throw refused('Please enter a correct price range');
  return cents;
}

/** The search text: trimmed, inner whitespace collapsed. */
export const searchText = (source: unknown) => str(source, 'title').trim().replace(/\s+/g, ' ');

/** The shop `merId`; else 'Shop not found'. */
export function shopFinder(db: Db) {
  const shopById = db.prepare<[number], ShopRow>(`SELECT ${SHOP_COLS} FROM shops s WHERE s.id = ?`);
  return (merId: number | null) => {
    const s = merId ? shopById.get(merId) : undefined;
    if (!s) throw refused('Shop not found');
    return s;
  };
}

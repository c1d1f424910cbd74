/**
 * What the bag, checkout and order routes share: localized refusals and successes (i18n.ts),
 * field readers, spec validation, and the server-side pricing of a checkout (lines, per-shop
 * freight, promo discount, totals). Client-sent prices and totals are never read.
 *
 * Pricing rules (documented on previewOrder / submitOrder in openapi/openapi.yaml):
 * - a line costs the product's current price x quantity;
 * - freight is charged per shop: the platform's freight (platform.freight_cents, seeded 5.00) for
 *   each shop in the checkout, free when that shop's goods reach platform.free_freight_min_cents
 *   (seeded 99.00; 0 turns the threshold off);
 * - a promo code (table promo_codes, seeded WELCOME10 = 10 % off goods from 20.00, SAVE5 = 5.00 off
 *   goods from 30.00) discounts the goods only, never below 0; an unknown, inactive or expired code
 *   is refused ('Invalid promo code'), a code below its minimum too ('This promo code needs goods
 *   worth at least {n}'). With several shops the discount is split over their orders in proportion
 *   to their goods (whole cents, the remainder to the first shops that can take it).
 */
import type { Request, Response } from 'express';
import { nowSeconds, type Db } from '../db';
import { ApiError, str } from '../http';
import { t, type MessageKey, type MessageVars } from '../i18n';
import { applyBasisPoints, formatCents } from '../money';

/** A business failure (HTTP 200, code 0) with a localized order message. */
export const refuse = (req: Request, key: MessageKey, vars?: MessageVars) =>
  new ApiError(200, null, t(req.locale, key, vars));

/** HTTP 400 naming a field, for a request no client would build: 'cart_ids: is invalid'. */
export const fieldInvalid = (req: Request, field: string) =>
  new ApiError(400, null, `${field}: ${t(req.locale, 'is invalid')}`);

/** The success envelope with a localized order message. */
export function success<T>(req: Request, key: MessageKey, data: T) {
  return { code: 1, msg: t(req.locale, key), data };
}

export function sendSuccess<T>(req: Request, res: Response, key: MessageKey, data: T): void {
  res.json(success(req, key, data));
}

/** A positive integer body or query field, or null. */
export function positiveInt(source: unknown, name: string): number | null {
  const raw = str(source, name).trim();
  if (!/^\d{1,15}$/.test(raw)) return null;
  const n = Number(raw);
  return n > 0 ? n : null;
}

/** '3,7,3' -> [3, 7]; null when it is not a comma list of positive integers. */
export function commaIds(text: string): number[] | null {
  const parts = text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (!parts.length || !parts.every((p) => /^\d{1,15}$/.test(p) && Number(p) > 0)) return null;
  return [...new Set(parts.map(Number))];
}

/** Comma list of URLs, trimmed, empty entries dropped. */
export const commaUrls = (text: string) =>
  text
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean);

/** The spec groups of a product in specList order: [['Black', 'White'], ['S', 'M', 'L']]. */
export function specGroups(db: Db, productId: number): string[][] {
  const rows = db
    .prepare<[number], { spec_id: number; value: string | null }>(
      `SELECT s.id AS spec_id, v.value FROM product_specs s
         LEFT JOIN product_spec_values v ON v.spec_id = s.id
        WHERE s.product_id = ? ORDER BY s.sort, s.id, v.sort, v.id`,
    )
    .all(productId);
  const groups: string[][] = [];
  let last = -1;
  for (const r of rows) {
    if (r.spec_id !== last) {
      groups.push([]);
      last = r.spec_id;
    }
    if (r.value !== null) groups[groups.length - 1]?.push(r.value);
  }
  // A group without values cannot be chosen from; it does not take part.
  return groups.filter((g) => g.length > 0);
}

/** A spec is one value of every group, in order, joined by '|'; '' for a product without specs. */
export function isValidSpec(groups: string[][], spec: string): boolean {
  if (!groups.length) return spec === '';
  const chosen = spec.split('|');
  return chosen.length === groups.length && chosen.every((v, i) => groups[i]?.includes(v));
}

export interface ProductRow {
  id: number;
  shop_id: number;
  title: string;
  image: string;
  price_cents: number;
  stock: number;
  status: number;
}

export const productRow = (db: Db, id: number) =>
  db
    .prepare<[number], ProductRow>(
      'SELECT id, shop_id, title, image, price_cents, stock, status FROM products WHERE id = ?',
    )
    .get(id);

/** One line to buy: from a bag line (cartId) or buy now (cartId null). */
export interface LineInput {
  cartId: number | null;
  productId: number;
  spec: string;
  quantity: number;
}

export interface PricedLine extends LineInput {
  shopId: number;
  title: string;
  image: string;
  priceCents: number;
  totalCents: number;
}

export interface ShopPart {
  shopId: number;
  lines: PricedLine[];
  goodsCents: number;
  freightCents: number;
  discountCents: number;
  totalCents: number;
  totalNum: number;
}

export interface Quote {
  lines: PricedLine[];
  shops: ShopPart[];
  goodsCents: number;
  freightCents: number;
  discountCents: number;
  totalCents: number;
  totalNum: number;
  /** The promo code as stored (its canonical case), or null. */
  promoCode: string | null;
}

interface FreightRule {
  freight_cents: number;
  free_freight_min_cents: number;
}

/** The bag lines `ids` of the user, in the order given; refuses when one is not theirs. */
export function cartLinesOf(db: Db, req: Request, userId: number, ids: number[]): LineInput[] {
  const get = db.prepare<[number, number], { id: number; product_id: number; spec: string; quantity: number }>(
    'SELECT id, product_id, spec, quantity FROM cart_lines WHERE id = ? AND user_id = ?',
  );
  return ids.map((id) => {
    const row = get.get(id, userId);
    if (!row) throw refuse(req, 'Bag item not found');
    return { cartId: row.id, productId: row.product_id, spec: row.spec, quantity: row.quantity };
  });
}

/** A comma list of positive integers in order, duplicates kept ('3,7,3' -> [3, 7, 3]); null if malformed. */
function commaList(text: string): number[] | null {
  const parts = text.split(',').map((p) => p.trim());
  if (!parts.every((p) => /^\d{1,15}$/.test(p) && Number(p) > 0)) return null;
  return parts.map(Number);
}

/**
 * The lines a checkout request names: bag lines (`cartField`, a comma list; spec and chu_id sent
 * beside it are ignored) or buy now. Buy now is one product (product_id + number + mer_id + spec)
 * or, as the backend family's client may send it to merSubmit (BACKEND-FAMILY.md, Bag), comma
 * lists of the same length: product_id, number and mer_id, and spec with one entry per product
 * (or empty when none of them has specs). Neither: 'Please select item to checkout'.
 */
export function checkoutLines(db: Db, req: Request, userId: number, cartField: 'cart_id' | 'cart_ids'): LineInput[] {
  const body = req.body as unknown;
  const cartText = str(body, cartField).trim();
  if (cartText) {
    const ids = commaIds(cartText);
    if (!ids) throw fieldInvalid(req, cartField);
    return cartLinesOf(db, req, userId, ids);
  }
  const productText = str(body, 'product_id').trim();
  if (!productText) throw refuse(req, 'Please select item to checkout');
  const productIds = commaList(productText);
  if (!productIds) throw fieldInvalid(req, 'product_id');
  const n = productIds.length;
  /** A list field: absent means its default for every product; else exactly n entries. */
  const listOf = (field: string, fallback: number | null): (number | null)[] => {
    const text = str(body, field).trim();
    if (!text) return productIds.map(() => fallback);
    const values = commaList(text);
    if (!values || values.length !== n) throw fieldInvalid(req, field);
    return values;
  };
  const quantities = listOf('number', 1);
  const merIds = listOf('mer_id', null);
  const specText = str(body, 'spec');
  // One product: its spec as sent (a value may hold a comma); several: one entry per product.
  const specs = n === 1 ? [specText] : specText === '' ? productIds.map(() => '') : specText.split(',');
  if (specs.length !== n) throw fieldInvalid(req, 'spec');
  return productIds.map((productId, i) => {
    const merId = merIds[i] ?? null;
    const p = productRow(db, productId);
    if (!p || p.status !== 1 || (merId !== null && p.shop_id !== merId)) throw refuse(req, 'Product not found');
    const spec = specs[i] ?? '';
    if (!isValidSpec(specGroups(db, p.id), spec)) throw refuse(req, 'Please choose one value of every specification');
    return { cartId: null, productId, spec, quantity: quantities[i] ?? 1 };
  });
}

/** Prices lines (current prices, stock checked), groups them per shop, adds freight and discount. */
export function quote(db: Db, req: Request, inputs: LineInput[], promoText: string): Quote {
  if (!inputs.length) throw refuse(req, 'Please select item to checkout');
  const lines: PricedLine[] = [];
  const wanted = new Map<number, number>();
  for (const input of inputs) {
    const p = productRow(db, input.productId);
    if (!p || p.status !== 1) {
      throw refuse(req, '{title} is no longer available', { title: p?.title ?? `#${input.productId}` });
    }
    if (p.stock <= 0) throw refuse(req, '{title} is out of stock', { title: p.title });
    const total = (wanted.get(p.id) ?? 0) + input.quantity;
    if (total > p.stock)
      throw refuse(req, 'Not enough stock for {title} (only {n} left)', { title: p.title, n: p.stock });
    wanted.set(p.id, total);
    lines.push({
      ...input,
      shopId: p.shop_id,
      title: p.title,
      image: p.image,
      priceCents: p.price_cents,
      totalCents: p.price_cents * input.quantity,
    });
  }

  const rule = db
    .prepare<[], FreightRule>('SELECT freight_cents, free_freight_min_cents FROM platform WHERE id = 1')
    .get() ?? { freight_cents: 0, free_freight_min_cents: 0 };
  const byShop = new Map<number, PricedLine[]>();
  for (const l of lines) byShop.set(l.shopId, [...(byShop.get(l.shopId) ?? []), l]);
  const shops: ShopPart[] = [...byShop.entries()].map(([shopId, shopLines]) => {
    const goodsCents = shopLines.reduce((s, l) => s + l.totalCents, 0);
    const free = rule.free_freight_min_cents > 0 && goodsCents >= rule.free_freight_min_cents;
    const freightCents = free ? 0 : rule.freight_cents;
    return {
      shopId,
      lines: shopLines,
      goodsCents,
      freightCents,
      discountCents: 0,
      totalCents: goodsCents + freightCents,
      totalNum: shopLines.reduce((s, l) => s + l.quantity, 0),
    };
  });
  const goodsCents = shops.reduce((s, x) => s + x.goodsCents, 0);
  const freightCents = shops.reduce((s, x) => s + x.freightCents, 0);

  let discountCents = 0;
  let promoCode: string | null = null;
  const code = promoText.trim();
  if (code) {
    const promo = db
      .prepare<
        [string, number],
        { code: string; discount_cents: number; discount_bp: number; min_total_cents: number }
      >(
        `SELECT code, discount_cents, discount_bp, min_total_cents FROM promo_codes
         WHERE code = ? AND active = 1 AND (expires_at IS NULL OR expires_at > ?)`,
      )
      .get(code, nowSeconds());
    if (!promo) throw refuse(req, 'Invalid promo code');
    if (goodsCents < promo.min_total_cents) {
      throw refuse(req, 'This promo code needs goods worth at least {n}', formatCents(promo.min_total_cents));
    }
    discountCents = Math.min(goodsCents, promo.discount_cents + applyBasisPoints(goodsCents, promo.discount_bp));
    promoCode = promo.code;
    splitDiscount(shops, discountCents, goodsCents);
  }

  return {
    lines,
    shops,
    goodsCents,
    freightCents,
    discountCents,
    totalCents: goodsCents + freightCents - discountCents,
    totalNum: lines.reduce((s, l) => s + l.quantity, 0),
    promoCode,
  };
}

/** Shares `discount` over the shops in proportion to their goods, in whole cents, each <= its goods. */
function splitDiscount(shops: ShopPart[], discount: number, goods: number): void {
  if (discount <= 0 || goods <= 0) return;
  let given = 0;
  for (const s of shops) {
    s.discountCents = Number((BigInt(discount) * BigInt(s.goodsCents)) / BigInt(goods));
    given += s.discountCents;
  }
  let rest = discount - given;
  for (const s of shops) {
    if (rest <= 0) break;
    const room = Math.min(rest, s.goodsCents - s.discountCents);
    s.discountCents += room;
    rest -= room;
  }
  for (const s of shops) s.totalCents = s.goodsCents + s.freightCents - s.discountCents;
}

export interface AddressRow {
  id: number;
  name: string;
  mobile: string;
  quhao: string;
  country: string;
  detail: string;
  tag: string;
  is_default: number;
}

const ADDRESS_COLUMNS = 'id, name, mobile, quhao, country, detail, tag, is_default';

/** The caller's address `id` (unknown and foreign ids alike: 'Address not found'). */
export function ownAddress(db: Db, req: Request, userId: number, id: number): AddressRow {
  const row = db
    .prepare<[number, number], AddressRow>(`SELECT ${ADDRESS_COLUMNS} FROM addresses WHERE id = ? AND user_id = ?`)
    .get(id, userId);
  if (!row) throw refuse(req, 'Address not found');
  return row;
}

export const defaultAddress = (db: Db, userId: number) =>
  db
    .prepare<[number], AddressRow>(
      `SELECT ${ADDRESS_COLUMNS} FROM addresses WHERE user_id = ? ORDER BY is_default DESC, created_at DESC, id DESC LIMIT 1`,
    )
    .get(userId);

export const addressToApi = (a: AddressRow) => ({
  address_id: a.id,
  name: a.name,
  mobile: a.mobile,
  quhao: a.quhao,
  country: a.country,
  detail: a.detail,
  tag: a.tag,
  is_default: a.is_default === 1 ? 1 : 0,
});

/** UTC yyyymmdd of a moment, for order numbers. */
export function ymd(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 10).replace(/-/g, '');
}

/**
 * The server-side pricing of a checkout (lines, per-shop freight, promo discount, totals).
 * Client-sent prices and totals are never read.
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
import type { Request } from 'express';
import { nowSeconds, type Db } from '../../platform/db';
import { commaIds, fieldInvalid, refuse, str } from '../../platform/http';
import { applyBasisPoints, formatCents } from '../../shared/money';
import { isValidSpec, productRow, specGroups } from '../../shared/products';

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

/** UTC yyyymmdd of a moment, for order numbers. */
export function ymd(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 10).replace(/-/g, '');
}

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
import { refuse } from '../../platform/http';
import { applyBasisPoints, formatCents } from '../../shared/money';
import { productRow } from '../../shared/products';
import type { LineInput } from './checkout-lines';

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

/** Each line at its product's current price; refuses a product off sale or short of stock. */
function priceLines(db: Db, req: Request, inputs: LineInput[]): PricedLine[] {
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
  return lines;
}

/** The lines grouped per shop, each shop with its freight. */
function shopParts(db: Db, lines: PricedLine[]): ShopPart[] {
  const rule = db
    .prepare<[], FreightRule>('SELECT freight_cents, free_freight_min_cents FROM platform WHERE id = 1')
    .get() ?? { freight_cents: 0, free_freight_min_cents: 0 };
  const byShop = new Map<number, PricedLine[]>();
  for (const l of lines) byShop.set(l.shopId, [...(byShop.get(l.shopId) ?? []), l]);
  return [...byShop.entries()].map(([shopId, shopLines]) => {
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
}

/** The promo code `code` (trimmed, non-empty) as stored and its discount on `goodsCents`; refuses a bad one. */
function promoDiscount(db: Db, req: Request, code: string, goodsCents: number) {
  const promo = db
    .prepare<[string, number], { code: string; discount_cents: number; discount_bp: number; min_total_cents: number }>(
      `SELECT code, discount_cents, discount_bp, min_total_cents FROM promo_codes
       WHERE code = ? AND active = 1 AND (expires_at IS NULL OR expires_at > ?)`,
    )
    .get(code, nowSeconds());
  if (!promo) throw refuse(req, 'Invalid promo code');
  if (goodsCents < promo.min_total_cents) {
    throw refuse(req, 'This promo code needs goods worth at least {n}', formatCents(promo.min_total_cents));
  }
  const discountCents = Math.min(goodsCents, promo.discount_cents + applyBasisPoints(goodsCents, promo.discount_bp));
  return { promoCode: promo.code, discountCents };
}

/** Prices lines (current prices, stock checked), groups them per shop, adds freight and discount. */
export function quote(db: Db, req: Request, inputs: LineInput[], promoText: string): Quote {
  if (!inputs.length) throw refuse(req, 'Please select item to checkout');
  const lines = priceLines(db, req, inputs);
  const shops = shopParts(db, lines);
  const goodsCents = shops.reduce((s, x) => s + x.goodsCents, 0);
  const freightCents = shops.reduce((s, x) => s + x.freightCents, 0);

  let discountCents = 0;
  let promoCode: string | null = null;
  const code = promoText.trim();
  if (code) {
    ({ promoCode, discountCents } = promoDiscount(db, req, code, goodsCents));
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

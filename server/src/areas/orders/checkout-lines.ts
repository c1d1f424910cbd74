import type { Request } from 'express';
import type { Db } from '../../platform/db';
import { commaIds, fieldInvalid, refuse, str } from '../../platform/http';
import { isValidSpec, productRow, specGroups } from '../../shared/products';

/** One line to buy: from a bag line (cartId) or buy now (cartId null). */
export interface LineInput {
  cartId: number | null;
  productId: number;
  spec: string;
  quantity: number;
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

/** The bag's operations; cart.routes.ts has their rules, shared/bag.ts the lines as getCart answers them. */
import type { RequestHandler } from 'express';
import { nowSeconds } from '../../platform/db';
import {
  commaIds,
  fieldInvalid,
  positiveInt,
  refuse,
  requireAuth,
  sendSuccess,
  str,
  success,
} from '../../platform/http';
import { sendOnce } from '../../platform/idempotency';
import { bagLines } from '../../shared/bag';
import { isValidSpec, productRow, specGroups } from '../../shared/products';
import type { CartDeps } from './cart.deps';

export function getCart({ db }: CartDeps): RequestHandler {
  const linesOf = bagLines(db);
  return (req, res) => {
    const auth = requireAuth(req);
    const carts = linesOf(req, auth.userId);
    sendSuccess(req, res, 'Success', { carts });
  };
}

/**
 * With an Idempotency-Key a retried add is answered with the first answer and adds nothing more;
 * without one every add adds (a shopper may add the same product twice on purpose).
 */
export function addToCart({ db }: CartDeps): RequestHandler {
  const sameLine = db.prepare<[number, number, string], { quantity: number }>(
    'SELECT quantity FROM cart_lines WHERE user_id = ? AND product_id = ? AND spec = ?',
  );
  const upsert = db.prepare(
    `INSERT INTO cart_lines (user_id, product_id, shop_id, spec, quantity, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT(user_id, product_id, spec) DO UPDATE SET quantity = quantity + excluded.quantity,
       updated_at = excluded.updated_at`,
  );
  return (req, res) => {
    const auth = requireAuth(req);
    const body = req.body as unknown;
    sendOnce(db, req, res, { userId: auth.userId, operation: 'addToCart' }, () => {
      const productId = positiveInt(body, 'product_id');
      const merId = positiveInt(body, 'mer_id');
      const num = positiveInt(body, 'num');
      const spec = str(body, 'spec');
      const p = productId ? productRow(db, productId) : undefined;
      if (!p || p.status !== 1 || p.shop_id !== merId) throw refuse(req, 'Product not found');
      if (!isValidSpec(specGroups(db, p.id), spec)) throw refuse(req, 'Please choose one value of every specification');
      if (!num) throw refuse(req, 'Please choose a quantity from 1 to 999');
      if (p.stock <= 0) throw refuse(req, 'This product is out of stock');
      const already = sameLine.get(auth.userId, p.id, spec)?.quantity ?? 0;
      if (already + num > p.stock) throw refuse(req, 'Not enough stock (only {n} left)', p.stock);
      const now = nowSeconds();
      upsert.run(auth.userId, p.id, p.shop_id, spec, num, now, now);
      return { status: 200, body: success(req, 'Added to bag', null) };
    });
  };
}

export function setCartQuantity({ db }: CartDeps): RequestHandler {
  const lineOf = db.prepare<[number, number], { id: number; product_id: number; quantity: number }>(
    'SELECT id, product_id, quantity FROM cart_lines WHERE id = ? AND user_id = ?',
  );
  const setQuantity = db.prepare('UPDATE cart_lines SET quantity = ?, updated_at = ? WHERE id = ? AND user_id = ?');
  return (req, res) => {
    const auth = requireAuth(req);
    const cartId = positiveInt(req.body, 'cart_id');
    const num = positiveInt(req.body, 'num');
    const line = cartId ? lineOf.get(cartId, auth.userId) : undefined;
    if (!line) throw refuse(req, 'Bag item not found');
    if (!num) throw refuse(req, 'Please choose a quantity from 1 to 999');
    const p = productRow(db, line.product_id);
    if (!p || p.status !== 1 || p.stock <= 0) throw refuse(req, 'This product is out of stock');
    if (num > p.stock) throw refuse(req, 'Not enough stock (only {n} left)', p.stock);
    setQuantity.run(num, nowSeconds(), line.id, auth.userId);
    sendSuccess(req, res, 'Success', null);
  };
}

export function deleteCartLines({ db }: CartDeps): RequestHandler {
  return (req, res) => {
    const auth = requireAuth(req);
    const ids = commaIds(str(req.body, 'cart_ids'));
    if (!ids) throw fieldInvalid(req, 'cart_ids');
    const del = db.prepare('DELETE FROM cart_lines WHERE id = ? AND user_id = ?');
    db.transaction(() => {
      for (const id of ids) del.run(id, auth.userId);
    })();
    sendSuccess(req, res, 'Delete Success', null);
  };
}

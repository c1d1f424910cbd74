/**
 * The bag (designed operations, DESIGN.md 3.2): getCart (/api/cart/index), addToCart (/add),
 * setCartQuantity (/set_num), deleteCartLines (/del).
 *
 * A line is keyed by user + product + spec (UNIQUE in cart_lines): adding the same product and
 * spec again adds to its quantity. spec is one value of every spec group of the product, in
 * specList order, joined by '|' ('' for a product without specs). A quantity is at least 1 and at
 * most the product's stock. Every query is scoped to the caller: another user's line answers like
 * an unknown one ('Bag item not found'), and deleteCartLines ignores ids that are not the caller's.
 * Prices are the products' current prices, computed here, never taken from the client. Each line
 * names its shop (mer_name, mer_avatar), so the bag groups lines by shop without a request per shop.
 *
 * setCartQuantity sets (never adds) and deleteCartLines ignores lines already gone, so both may be
 * retried as they are; addToCart takes an Idempotency-Key for that (../idempotency.ts).
 */
import { Router } from 'express';
import { nowSeconds, type Db } from '../../platform/db';
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
import { bagLines } from '../../shared/bag';
import { isValidSpec, productRow, specGroups } from '../../shared/products';
import { sendOnce } from '../../platform/idempotency';

export function cartRouter(db: Db): Router {
  const r = Router();

  const linesOf = bagLines(db);
  const lineOf = db.prepare<[number, number], { id: number; product_id: number; quantity: number }>(
    'SELECT id, product_id, quantity FROM cart_lines WHERE id = ? AND user_id = ?',
  );
  const sameLine = db.prepare<[number, number, string], { quantity: number }>(
    'SELECT quantity FROM cart_lines WHERE user_id = ? AND product_id = ? AND spec = ?',
  );
  const upsert = db.prepare(
    `INSERT INTO cart_lines (user_id, product_id, shop_id, spec, quantity, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT(user_id, product_id, spec) DO UPDATE SET quantity = quantity + excluded.quantity,
       updated_at = excluded.updated_at`,
  );
  const setQuantity = db.prepare('UPDATE cart_lines SET quantity = ?, updated_at = ? WHERE id = ? AND user_id = ?');

  r.get('/api/cart/index', (req, res) => {
    const auth = requireAuth(req);
    const carts = linesOf(req, auth.userId);
    sendSuccess(req, res, 'Success', { carts });
  });

  // With an Idempotency-Key a retried add is answered with the first answer and adds nothing more;
  // without one every add adds (a shopper may add the same product twice on purpose).
  r.post('/api/cart/add', (req, res) => {
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
  });

  r.post('/api/cart/set_num', (req, res) => {
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
  });

  r.post('/api/cart/del', (req, res) => {
    const auth = requireAuth(req);
    const ids = commaIds(str(req.body, 'cart_ids'));
    if (!ids) throw fieldInvalid(req, 'cart_ids');
    const del = db.prepare('DELETE FROM cart_lines WHERE id = ? AND user_id = ?');
    db.transaction(() => {
      for (const id of ids) del.run(id, auth.userId);
    })();
    sendSuccess(req, res, 'Delete Success', null);
  });

  return r;
}

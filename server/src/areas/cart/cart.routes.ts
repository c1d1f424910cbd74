/**
 * The bag (DESIGN.md 3.2): getCart (/api/cart/index), addToCart (/add), setCartQuantity (/set_num),
 * deleteCartLines (/del).
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
 * retried as they are; addToCart takes an Idempotency-Key for that (platform/idempotency.ts).
 */
import { Router } from 'express';
import type { CartDeps } from './cart.deps';
import { addToCart, deleteCartLines, getCart, setCartQuantity } from './cart.handlers';

export function cartRouter(deps: CartDeps): Router {
  const r = Router();
  r.get('/api/cart/index', getCart(deps));
  r.post('/api/cart/add', addToCart(deps));
  r.post('/api/cart/set_num', setCartQuantity(deps));
  r.post('/api/cart/del', deleteCartLines(deps));
  return r;
}

/**
 * Checkout (DESIGN.md 3.2-3.4): previewOrder (/api/order/merCreate) and submitOrder
 * (/api/order/merSubmit).
 *
 * - Prices, freight, discount and totals come from pricing.quote(); nothing the client sends
 *   about money is read.
 * - submitOrder creates one order per shop, all sharing one out_trade_no, in ONE immediate
 *   transaction with the idempotency record: stock is reserved with conditional UPDATEs
 *   (`stock >= quantity`), so two checkouts can never take the same last unit; the ordered bag
 *   lines are removed. It answers the payment number, the amount and the new orders' ids
 *   (getPaymentInfo reads the number back later).
 * - Unpaid orders expire (order-expiry.ts): submitOrder gives each order its deadline to pay and
 *   refuses a shopper who already holds the most unpaid payment numbers allowed.
 */
import type { Request, RequestHandler } from 'express';
import { nowSeconds, type Db } from '../../platform/db';
import { absoluteUrl, positiveInt, refuse, requireAuth, sendSuccess, str, success } from '../../platform/http';
import { idempotencyKey, runIdempotent, sendResult, type OperationResult } from '../../platform/idempotency';
import { addressToApi, defaultAddress, ownAddress, type AddressRow } from '../../shared/addresses';
import { formatCents } from '../../shared/money';
import { checkoutLines } from './checkout-lines';
import type { OrdersDeps } from './orders.deps';
import { quote, type Quote } from './pricing';

/** UTC yyyymmdd of a moment, for order numbers. */
export function ymd(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 10).replace(/-/g, '');
}

export function previewOrder({ db }: OrdersDeps): RequestHandler {
  const shopOf = db.prepare<[number], { name: string; avatar: string }>('SELECT name, avatar FROM shops WHERE id = ?');
  return (req, res) => {
    const auth = requireAuth(req);
    const q = quote(db, req, checkoutLines(db, req, auth.userId, 'cart_id'), str(req.body, 'promo_code'));
    const addressId = positiveInt(req.body, 'address_id');
    const address = addressId ? ownAddress(db, req, auth.userId, addressId) : defaultAddress(db, auth.userId);
    // Each line names its shop: the lines of one shop become one order.
    const shops = new Map(q.shops.map((part) => [part.shopId, shopOf.get(part.shopId)]));
    sendSuccess(req, res, 'Success', {
      product: q.lines.map((l) => ({
        cart_id: l.cartId,
        product_id: l.productId,
        mer_id: l.shopId,
        mer_name: shops.get(l.shopId)?.name ?? '',
        mer_avatar: absoluteUrl(req, shops.get(l.shopId)?.avatar ?? ''),
        image: absoluteUrl(req, l.image),
        title: l.title,
        spec: l.spec,
        number: l.quantity,
        sales_price: formatCents(l.priceCents),
        total_price: formatCents(l.totalCents),
      })),
      delivery: formatCents(q.freightCents),
      address: address ? addressToApi(address) : null,
      // The family's backends name the checkout with a chu_id that their client sends back to
      // merSubmit (BACKEND-FAMILY.md, Bag); this server needs none: 0, and ignored when sent back.
      chu_id: 0,
      total_num: q.totalNum,
      goods_price: formatCents(q.goodsCents),
      discount: formatCents(q.discountCents),
      total_price: formatCents(q.totalCents),
    });
  };
}

/**
 * Writes the quote's orders (one per shop) and their lines, reserving stock and removing the
 * ordered bag lines, inside the caller's transaction; answers the payment number and the ids.
 */
function orderWriter(db: Db) {
  const insertOrder = db.prepare(
    `INSERT INTO orders (id, user_id, shop_id, order_sn, out_trade_no, status, refund_status, total_num, goods_cents,
       freight_cents, discount_cents, total_cents, promo_code, address_id, real_name, user_phone, user_address,
       created_at, expires_at)
     VALUES (?, ?, ?, ?, ?, 0, 0, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertLine = db.prepare(
    `INSERT INTO order_products (order_id, product_id, title, image, spec, quantity, price_cents, total_cents)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const reserve = db.prepare('UPDATE products SET stock = stock - ? WHERE id = ? AND status = 1 AND stock >= ?');
  const stockOf = db.prepare<[number], { stock: number; title: string }>(
    'SELECT stock, title FROM products WHERE id = ?',
  );
  const removeCartLine = db.prepare('DELETE FROM cart_lines WHERE id = ? AND user_id = ?');
  return (req: Request, userId: number, q: Quote, address: AddressRow, expiresAt: number) => {
    const now = nowSeconds();
    let nextId = (db.prepare<[], { id: number | null }>('SELECT MAX(id) AS id FROM orders').get()?.id ?? 0) + 1;
    const outTradeNo = `PT${ymd(now)}${String(nextId).padStart(6, '0')}`;
    const phone = `+${address.quhao} ${address.mobile}`;
    const where = `${address.country}, ${address.detail}`;
    const orderIds: number[] = [];
    for (const shop of q.shops) {
      const orderId = nextId++;
      orderIds.push(orderId);
      insertOrder.run(
        orderId,
        userId,
        shop.shopId,
        `SO${ymd(now)}${String(orderId).padStart(6, '0')}`,
        outTradeNo,
        shop.totalNum,
        shop.goodsCents,
        shop.freightCents,
        shop.discountCents,
        shop.totalCents,
        q.promoCode,
        address.id,
        address.name,
        phone,
        where,
        now,
        expiresAt,
      );
      for (const l of shop.lines) {
        if (reserve.run(l.quantity, l.productId, l.quantity).changes !== 1) {
          const p = stockOf.get(l.productId);
          throw refuse(req, 'Not enough stock for {title} (only {n} left)', {
            title: p?.title ?? l.title,
            n: p?.stock ?? 0,
          });
        }
        insertLine.run(orderId, l.productId, l.title, l.image, l.spec, l.quantity, l.priceCents, l.totalCents);
        if (l.cartId !== null) removeCartLine.run(l.cartId, userId);
      }
    }
    return { outTradeNo, orderIds };
  };
}

/**
 * A replay of an answer remembered before submitOrder returned order_ids (keys live 7 days) gets
 * them from the orders, so it still matches the contract.
 */
function orderIdsFiller(db: Db) {
  const orderIdsOf = db.prepare<[string, number], { id: number }>(
    'SELECT id FROM orders WHERE out_trade_no = ? AND user_id = ? ORDER BY id',
  );
  return <T extends OperationResult>(result: T, userId: number): T => {
    const data = result.body.data as { out_trade_no?: unknown; order_ids?: unknown } | null;
    if (result.body.code !== 1 || !data || Array.isArray(data.order_ids) || typeof data.out_trade_no !== 'string') {
      return result;
    }
    const orderIds = orderIdsOf.all(data.out_trade_no, userId).map((o) => o.id);
    return { ...result, body: { ...result.body, data: { ...data, order_ids: orderIds } } };
  };
}

export function submitOrder({ db, expiry }: OrdersDeps): RequestHandler {
  /** The caller's unpaid payment numbers (one checkout = one, whatever the number of shops). */
  const unpaidTrades = db.prepare<[number], { n: number }>(
    'SELECT COUNT(DISTINCT out_trade_no) AS n FROM orders WHERE user_id = ? AND status = 0',
  );
  const writeOrders = orderWriter(db);
  const withOrderIds = orderIdsFiller(db);
  return (req, res) => {
    const auth = requireAuth(req);
    const body = req.body as unknown;
    const result = runIdempotent(
      db,
      { userId: auth.userId, operation: 'submitOrder', key: idempotencyKey(req), body },
      (): OperationResult => {
        // Stock is reserved until paid: one shopper may hold only a few unpaid checkouts at once
        // (expired ones were cancelled before this request was handled).
        const held = unpaidTrades.get(auth.userId)?.n ?? 0;
        if (held >= expiry.maxUnpaid) {
          throw refuse(req, 'You have {n} unpaid orders. Please pay or cancel one before placing another', held);
        }
        const address = ownAddress(db, req, auth.userId, positiveInt(body, 'address_id') ?? 0);
        const q = quote(db, req, checkoutLines(db, req, auth.userId, 'cart_ids'), str(body, 'promo_code'));
        const { outTradeNo, orderIds } = writeOrders(req, auth.userId, q, address, expiry.now() + expiry.ttlSeconds);
        return {
          status: 200,
          body: success(req, 'Create Order Success', {
            out_trade_no: outTradeNo,
            total_price: formatCents(q.totalCents),
            order_ids: orderIds,
          }),
        };
      },
    );
    sendResult(res, withOrderIds(result, auth.userId));
  };
}

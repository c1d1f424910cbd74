/**
 * Checkout and payment (designed operations, DESIGN.md 3.2-3.4): previewOrder (/api/order/merCreate),
 * submitOrder (/api/order/merSubmit), payNewOrder (/api/order/merPay) and payOrder (/api/user/pay).
 *
 * - Prices, freight, discount and totals come from order-common.quote(); nothing the client sends
 *   about money is read.
 * - submitOrder creates one order per shop, all sharing one out_trade_no, in ONE immediate
 *   transaction with the idempotency record: stock is reserved with conditional UPDATEs
 *   (`stock >= quantity`), so two checkouts can never take the same last unit; the ordered bag
 *   lines are removed. It answers the payment number, the amount and the new orders' ids
 *   (getPaymentInfo in order.ts reads the number back later).
 * - Paying is ONE immediate transaction too: the verify_pay authorization of this session is used
 *   up, each order moves 0 -> 1 with a conditional UPDATE (`AND status = 0`), the balance is
 *   debited through the ledger (conditional on the balance: never negative) and the products'
 *   sales grow. Any refusal rolls all of it back, so the authorization survives a refused payment
 *   and an order can never be paid twice, whatever the concurrency.
 * - Unpaid orders expire (../order-expiry.ts): submitOrder gives each order its deadline to pay and
 *   refuses a shopper who already holds the most unpaid payment numbers allowed; an order past its
 *   deadline is never paid ('This order has expired and was cancelled').
 */
import { Router, type Request } from 'express';
import { nowSeconds, type Db } from '../../platform/db';
import {
  absoluteUrl,
  positiveInt,
  refuse,
  requireAuth,
  sendSuccess,
  str,
  success,
  type AuthContext,
} from '../../platform/http';
import { idempotencyKey, runIdempotent, sendResult, type OperationResult } from '../../platform/idempotency';
import { BILL_TITLES, postBill } from '../../shared/ledger';
import { formatCents } from '../../shared/money';
import type { OrderExpiry } from './order-expiry';
import { consumePayAuthorization } from '../../shared/paycode';
import { addressToApi, defaultAddress, ownAddress } from '../../shared/addresses';
import { checkoutLines, quote, ymd } from './order-common';

interface PayableRow {
  id: number;
  status: number;
  total_cents: number;
  expires_at: number | null;
  expired: number;
}

const PAYABLE_COLUMNS = 'id, status, total_cents, expires_at, expired';

export function checkoutRouter(db: Db, expiry: OrderExpiry): Router {
  const r = Router();

  const shopOf = db.prepare<[number], { name: string; avatar: string }>('SELECT name, avatar FROM shops WHERE id = ?');

  r.post('/api/order/merCreate', (req, res) => {
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
  });

  const insertOrder = db.prepare(
    `INSERT INTO orders (id, user_id, shop_id, order_sn, out_trade_no, status, refund_status, total_num, goods_cents,
       freight_cents, discount_cents, total_cents, promo_code, address_id, real_name, user_phone, user_address,
       created_at, expires_at)
     VALUES (?, ?, ?, ?, ?, 0, 0, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  /** The caller's unpaid payment numbers (one checkout = one, whatever the number of shops). */
  const unpaidTrades = db.prepare<[number], { n: number }>(
    'SELECT COUNT(DISTINCT out_trade_no) AS n FROM orders WHERE user_id = ? AND status = 0',
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

  r.post('/api/order/merSubmit', (req, res) => {
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
        const now = nowSeconds();
        let nextId = (db.prepare<[], { id: number | null }>('SELECT MAX(id) AS id FROM orders').get()?.id ?? 0) + 1;
        const outTradeNo = `PT${ymd(now)}${String(nextId).padStart(6, '0')}`;
        const phone = `+${address.quhao} ${address.mobile}`;
        const where = `${address.country}, ${address.detail}`;
        const orderIds: number[] = [];
        const expiresAt = expiry.now() + expiry.ttlSeconds;
        for (const shop of q.shops) {
          const orderId = nextId++;
          orderIds.push(orderId);
          insertOrder.run(
            orderId,
            auth.userId,
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
            if (l.cartId !== null) removeCartLine.run(l.cartId, auth.userId);
          }
        }
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
  });

  const orderIdsOf = db.prepare<[string, number], { id: number }>(
    'SELECT id FROM orders WHERE out_trade_no = ? AND user_id = ? ORDER BY id',
  );
  /**
   * A replay of an answer remembered before submitOrder returned order_ids (keys live 7 days) gets
   * them from the orders, so it still matches the contract.
   */
  function withOrderIds<T extends OperationResult>(result: T, userId: number): T {
    const data = result.body.data as { out_trade_no?: unknown; order_ids?: unknown } | null;
    if (result.body.code !== 1 || !data || Array.isArray(data.order_ids) || typeof data.out_trade_no !== 'string') {
      return result;
    }
    const orderIds = orderIdsOf.all(data.out_trade_no, userId).map((o) => o.id);
    return { ...result, body: { ...result.body, data: { ...data, order_ids: orderIds } } };
  }

  const markPaid = db.prepare(
    'UPDATE orders SET status = 1, paid_cents = total_cents, paid_at = ? WHERE id = ? AND user_id = ? AND status = 0',
  );
  const addSales = db.prepare(
    `UPDATE products SET sales = sales + (SELECT COALESCE(SUM(op.quantity), 0) FROM order_products op
       WHERE op.order_id = ? AND op.product_id = products.id)
     WHERE id IN (SELECT product_id FROM order_products WHERE order_id = ?)`,
  );

  /**
   * Pays `orders` (the caller's, selected by the route) inside the current transaction; throws a
   * refusal, which rolls everything back.
   */
  const pay = (req: Request, auth: AuthContext, orders: PayableRow[]): OperationResult => {
    if (!orders.length) throw refuse(req, 'Order not found');
    const unpaid = orders.filter((o) => o.status === 0);
    if (!unpaid.length) {
      throw refuse(
        req,
        orders.some((o) => o.status > 0)
          ? 'This order has already been paid'
          : orders.some((o) => o.expired === 1)
            ? 'This order has expired and was cancelled'
            : 'This order cannot be paid',
      );
    }
    // Its deadline passed after this request's expiry check: never paid (the sweep closes it).
    const deadline = expiry.now();
    if (unpaid.some((o) => o.expires_at !== null && o.expires_at <= deadline)) {
      throw refuse(req, 'This order has expired and was cancelled');
    }
    if (!consumePayAuthorization(db, auth.userId, auth.sessionId)) {
      throw refuse(req, 'Please verify the payment code first');
    }
    const now = nowSeconds();
    for (const o of unpaid) {
      if (markPaid.run(now, o.id, auth.userId).changes !== 1) throw refuse(req, 'This order has already been paid');
      if (o.total_cents > 0) {
        const posted = postBill(db, {
          userId: auth.userId,
          type: 'pay',
          amountCents: -o.total_cents,
          title: BILL_TITLES.pay,
          refType: 'order',
          refId: o.id,
          now,
        });
        if (!posted) throw refuse(req, 'Insufficient balance');
      }
      addSales.run(o.id, o.id);
    }
    return { status: 200, body: success(req, 'Pay Success', null) };
  };

  r.post('/api/order/merPay', (req, res) => {
    const auth = requireAuth(req);
    const body = req.body as unknown;
    const outTradeNo = str(body, 'out_trade_no').trim();
    const result = runIdempotent(
      db,
      { userId: auth.userId, operation: 'payNewOrder', key: idempotencyKey(req), body },
      () =>
        pay(
          req,
          auth,
          db
            .prepare<[string, number], PayableRow>(
              `SELECT ${PAYABLE_COLUMNS} FROM orders
               WHERE out_trade_no = ? AND user_id = ? AND user_deleted = 0 ORDER BY id`,
            )
            .all(outTradeNo, auth.userId),
        ),
    );
    sendResult(res, result);
  });

  r.post('/api/user/pay', (req, res) => {
    const auth = requireAuth(req);
    const body = req.body as unknown;
    const orderId = positiveInt(body, 'order_id') ?? 0;
    const result = runIdempotent(
      db,
      { userId: auth.userId, operation: 'payOrder', key: idempotencyKey(req), body },
      () =>
        pay(
          req,
          auth,
          db
            .prepare<[number, number], PayableRow>(
              `SELECT ${PAYABLE_COLUMNS} FROM orders WHERE id = ? AND user_id = ? AND user_deleted = 0`,
            )
            .all(orderId, auth.userId),
        ),
    );
    sendResult(res, result);
  });

  return r;
}

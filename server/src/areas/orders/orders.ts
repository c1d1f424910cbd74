/**
 * Orders after checkout (designed operations, DESIGN.md 3.2-3.4): listOrders (/api/user/order_list),
 * getOrderDetail, getPaymentInfo (/api/order/payInfo: a payment number read back), cancelOrder,
 * confirmOrderReceived, deleteOrder, applyRefund and reviewOrderProduct (/api/order/*).
 *
 * Statuses (DESIGN.md 3.3): 0 waiting pay, 1 waiting deliver, 2 delivered, 3 received,
 * 4 completed, -1 cancelled; refund_status 0 none, 1 in progress, 2 refunded. Every change is a
 * conditional UPDATE on the state it starts from, in one transaction, so two concurrent requests
 * can never both move an order:
 *   cancel    0 -> -1 (reserved stock returns)
 *   expire    0 -> -1 with expired 1, past the deadline to pay (reserved stock returns; ../order-expiry.ts)
 *   received  2 -> 3, not while a refund is in progress
 *   delete    -1 or 4, not while a refund is in progress: hidden from the caller (user_deleted)
 *   refund    status 1-4, refund_status 0 -> 1 (one open refund per order; refunds_one_open too)
 *   review    status 3 or 4, once per product of the order; the last review makes 3 -> 4
 * The operators' side (ship, pass or refuse a refund) is in ../ops/order.ts. Each change takes an
 * Idempotency-Key (../idempotency.ts): a retry whose first request succeeded gets that first answer,
 * not 'cannot be cancelled'; without a key each request acts (or is refused) as with the family.
 *
 * Every query is scoped to the caller: another user's order answers exactly like a missing one
 * ('Order not found').
 */
import { Router, type Request } from 'express';
import { nowSeconds, type Db } from '../../platform/db';
import {
  absoluteUrl,
  commaIds,
  commaUrls,
  displayTime,
  fieldInvalid,
  paging,
  positiveInt,
  refuse,
  requireAuth,
  sendSuccess,
  str,
  success,
} from '../../platform/http';
import { localizeStored, type MessageKey } from '../../platform/i18n';
import { formatCents, parseMoney } from '../../shared/money';
import { deadlineFields, RETURN_STOCK_SQL, type OrderExpiry } from './order-expiry';
import { uploadedFileOf } from '../../shared/uploads';
import { sendOnce } from '../../platform/idempotency';

/** Most images on one refund request or review. */
export const MAX_IMAGES = 9;

export interface OrderRow {
  id: number;
  user_id: number;
  shop_id: number;
  order_sn: string;
  out_trade_no: string;
  status: number;
  refund_status: number;
  total_num: number;
  goods_cents: number;
  freight_cents: number;
  discount_cents: number;
  total_cents: number;
  paid_cents: number;
  refunded_cents: number;
  real_name: string;
  user_phone: string;
  user_address: string;
  created_at: number;
  expires_at: number | null;
  expired: number;
}

interface LineRow {
  id: number;
  product_id: number;
  image: string;
  title: string;
  spec: string;
  quantity: number;
  price_cents: number;
  total_cents: number;
  is_reply: number;
}

/** The listOrders status filter as SQL over `orders`: all, a status, or -4 (refund_status > 0). */
function statusCondition(value: string): { sql: string; params: number[] } {
  if (value === '-4') return { sql: ' AND refund_status > 0', params: [] };
  if (['0', '1', '2', '3', '4', '-1'].includes(value)) return { sql: ' AND status = ?', params: [Number(value)] };
  return { sql: '', params: [] };
}

/** A text the shopper typed, trimmed: `missing` when empty, a refusal too when longer than `max`. */
const typedText = (req: Request, body: unknown, field: string, missing: MessageKey, max: number): string => {
  const v = str(body, field).trim();
  if (!v) throw refuse(req, missing);
  if ([...v].length > max) throw refuse(req, 'Please enter at most {n} characters', max);
  return v;
};

export function orderRouter(db: Db, expiry: OrderExpiry): Router {
  const r = Router();

  const ownOrder = db.prepare<[number, number], OrderRow>(
    'SELECT * FROM orders WHERE id = ? AND user_id = ? AND user_deleted = 0',
  );
  /** The caller's visible order, else 'Order not found' (unknown, foreign and deleted alike). */
  const mine = (req: Request, userId: number, orderId: number | null): OrderRow => {
    const row = orderId ? ownOrder.get(orderId, userId) : undefined;
    if (!row) throw refuse(req, 'Order not found');
    return row;
  };
  const linesOf = db.prepare<[number], LineRow>(
    `SELECT id, product_id, image, title, spec, quantity, price_cents, total_cents, is_reply
       FROM order_products WHERE order_id = ? ORDER BY id`,
  );
  const thumbsOf = db.prepare<[number], { image: string; title: string }>(
    'SELECT image, title FROM order_products WHERE order_id = ? ORDER BY id',
  );

  // ---- lists and detail --------------------------------------------------------------------

  r.get('/api/user/order_list', (req, res) => {
    const auth = requireAuth(req);
    const { limit, offset } = paging(req.query);
    const filter = statusCondition(str(req.query, 'status'));
    const where = `user_id = ? AND user_deleted = 0${filter.sql}`;
    const params = [auth.userId, ...filter.params];
    const count =
      db.prepare<number[], { n: number }>(`SELECT COUNT(*) AS n FROM orders WHERE ${where}`).get(...params)?.n ?? 0;
    const rows = db
      .prepare<number[], OrderRow>(
        `SELECT * FROM orders WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`,
      )
      .all(...params, limit, offset);
    const now = expiry.now();
    sendSuccess(req, res, 'Success', {
      count,
      list: rows.map((o) => ({
        order_id: o.id,
        order_sn: o.order_sn,
        status: o.status,
        refund_status: o.refund_status,
        total_num: o.total_num,
        total_price: formatCents(o.total_cents),
        product: thumbsOf.all(o.id).map((p) => ({ image: absoluteUrl(req, p.image), title: p.title })),
        ...deadlineFields(o, now),
      })),
    });
  });

  const deliveryOf = db.prepare<[number], { delivery_no: string; mark: string; created_at: number }>(
    'SELECT delivery_no, mark, created_at FROM order_logistics WHERE order_id = ? ORDER BY created_at DESC, id DESC',
  );
  const latestRefund = db.prepare<
    [number],
    { amount_cents: number; status: number; admin_msg: string; created_at: number }
  >(
    'SELECT amount_cents, status, admin_msg, created_at FROM refunds WHERE order_id = ? ORDER BY created_at DESC, id DESC LIMIT 1',
  );

  r.get('/api/order/detail', (req, res) => {
    const auth = requireAuth(req);
    const o = mine(req, auth.userId, positiveInt(req.query, 'order_id'));
    const refund = latestRefund.get(o.id);
    const delivery = deliveryOf.all(o.id);
    sendSuccess(req, res, 'Success', {
      order_id: o.id,
      order_sn: o.order_sn,
      mer_id: o.shop_id,
      status: o.status,
      refund_status: o.refund_status,
      total_price: formatCents(o.total_cents),
      freight: formatCents(o.freight_cents),
      discount: formatCents(o.discount_cents),
      user_address: o.user_address,
      real_name: o.real_name,
      user_phone: o.user_phone,
      createtime: displayTime(o.created_at),
      // The shipment's waybill (tracking) number: that of the newest logistics entry, '' before
      // shipping (BACKEND-FAMILY.md, Orders).
      delivery_id: delivery.find((d) => d.delivery_no !== '')?.delivery_no ?? '',
      delivery: delivery.map((d) => ({
        delivery_no: d.delivery_no,
        mark: localizeStored(req.locale, d.mark),
        updatetime: displayTime(d.created_at),
      })),
      products: linesOf.all(o.id).map((l) => ({
        order_product_id: l.id,
        product_id: l.product_id,
        image: absoluteUrl(req, l.image),
        title: l.title,
        spec: l.spec,
        product_num: l.quantity,
        product_price: formatCents(l.price_cents),
        total_price: formatCents(l.total_cents),
        is_reply: l.is_reply === 1 ? 1 : 0,
      })),
      refund: refund
        ? {
            amount: formatCents(refund.amount_cents),
            status: refund.status,
            admin_msg: refund.admin_msg,
            createtime: displayTime(refund.created_at),
          }
        : null,
      ...deadlineFields(o, expiry.now()),
    });
  });

  const tradeOrders = db.prepare<
    [string, number],
    {
      id: number;
      order_sn: string;
      status: number;
      total_cents: number;
      paid: number;
      expires_at: number | null;
      expired: number;
    }
  >(
    `SELECT id, order_sn, status, total_cents, paid_at IS NOT NULL AS paid, expires_at, expired FROM orders
      WHERE out_trade_no = ? AND user_id = ? AND user_deleted = 0 ORDER BY id`,
  );

  /**
   * getPaymentInfo: what a payment number covers and what is left to pay (openapi.yaml). The status
   * follows what payNewOrder does, which pays exactly the orders still at 0: 0 while one is unpaid
   * (also when another order of the number was cancelled or paid alone with payOrder), 1 when nothing
   * is left and something was paid, -1 when every order was cancelled unpaid. total_price sums the
   * orders that status is about, so at 0 it is exactly what payNewOrder will debit. While 0 the
   * deadline of its unpaid orders (submitted together, so one deadline); at -1 `expired` when they
   * were cancelled because that deadline passed.
   */
  r.get('/api/order/payInfo', (req, res) => {
    const auth = requireAuth(req);
    const outTradeNo = str(req.query, 'out_trade_no').trim();
    const orders = outTradeNo ? tradeOrders.all(outTradeNo, auth.userId) : [];
    if (!orders.length) throw refuse(req, 'Order not found');
    const unpaid = orders.filter((o) => o.status === 0);
    const paid = orders.filter((o) => o.paid === 1);
    const [status, counted] = unpaid.length ? [0, unpaid] : paid.length ? [1, paid] : [-1, orders];
    const deadlines = unpaid.flatMap((o) => (o.expires_at === null ? [] : [o.expires_at]));
    const now = expiry.now();
    const deadline =
      status === 0 && deadlines.length
        ? { expires_in: Math.max(0, Math.min(...deadlines) - now), expire_time: displayTime(Math.min(...deadlines)) }
        : status === -1 && orders.some((o) => o.expired === 1)
          ? { expired: 1 }
          : {};
    sendSuccess(req, res, 'Success', {
      out_trade_no: outTradeNo,
      total_price: formatCents(counted.reduce((sum, o) => sum + o.total_cents, 0)),
      status,
      orders: orders.map((o) => ({
        order_id: o.id,
        order_sn: o.order_sn,
        total_price: formatCents(o.total_cents),
        status: o.status,
      })),
      ...deadline,
    });
  });

  // ---- state changes -----------------------------------------------------------------------

  const returnStock = db.prepare(RETURN_STOCK_SQL);

  r.post('/api/order/cancel', (req, res) => {
    const auth = requireAuth(req);
    sendOnce(db, req, res, { userId: auth.userId, operation: 'cancelOrder' }, () => {
      const o = mine(req, auth.userId, positiveInt(req.body, 'order_id'));
      const changed = db
        .prepare('UPDATE orders SET status = -1, cancelled_at = ? WHERE id = ? AND status = 0')
        .run(nowSeconds(), o.id).changes;
      if (changed !== 1) throw refuse(req, 'This order cannot be cancelled');
      returnStock.run(o.id, o.id);
      return { status: 200, body: success(req, 'Order cancelled', null) };
    });
  });

  r.post('/api/order/received', (req, res) => {
    const auth = requireAuth(req);
    sendOnce(db, req, res, { userId: auth.userId, operation: 'confirmOrderReceived' }, () => {
      const o = mine(req, auth.userId, positiveInt(req.body, 'order_id'));
      const changed = db
        .prepare('UPDATE orders SET status = 3, received_at = ? WHERE id = ? AND status = 2 AND refund_status <> 1')
        .run(nowSeconds(), o.id).changes;
      if (changed !== 1) throw refuse(req, 'This order cannot be confirmed');
      return { status: 200, body: success(req, 'Receipt confirmed', null) };
    });
  });

  r.post('/api/order/delete', (req, res) => {
    const auth = requireAuth(req);
    sendOnce(db, req, res, { userId: auth.userId, operation: 'deleteOrder' }, () => {
      const o = mine(req, auth.userId, positiveInt(req.body, 'order_id'));
      const changed = db
        .prepare(
          'UPDATE orders SET user_deleted = 1 WHERE id = ? AND status IN (-1, 4) AND refund_status <> 1 AND user_deleted = 0',
        )
        .run(o.id).changes;
      if (changed !== 1) throw refuse(req, 'This order cannot be deleted');
      return { status: 200, body: success(req, 'Delete Success', null) };
    });
  });

  // ---- refunds -----------------------------------------------------------------------------

  /** Images of this user's uploads (normalized paths); `message` when one is not. */
  const ownUploads = (
    req: Request,
    userId: number,
    urls: string[],
    message: 'Please upload proof images' | 'Photos must be images you uploaded',
  ) => {
    if (urls.length > MAX_IMAGES) throw refuse(req, 'At most {n} images', MAX_IMAGES);
    return urls.map((u) => {
      const stored = uploadedFileOf(db, userId, u);
      if (!stored) throw refuse(req, message);
      return stored;
    });
  };

  r.post('/api/order/refund', (req, res) => {
    const auth = requireAuth(req);
    const body = req.body as unknown;
    sendOnce(db, req, res, { userId: auth.userId, operation: 'applyRefund' }, () => {
      const amount = parseMoney(str(body, 'amount'));
      if (amount === null) throw refuse(req, 'Please fill correct amount');
      if (amount === 0) throw refuse(req, 'Refund amount must be greater than 0');
      const serviceType = Number(str(body, 'service_type'));
      const receiving = Number(str(body, 'receiving_status'));
      if (serviceType !== 0 && serviceType !== 1) throw fieldInvalid(req, 'service_type');
      if (receiving !== 0 && receiving !== 1) throw fieldInvalid(req, 'receiving_status');
      const reason = typedText(req, body, 'reason_type', 'Please choose a refund reason', 50);
      const explain = typedText(req, body, 'refund_explain', 'Please describe the reason for the refund', 500);

      const o = mine(req, auth.userId, positiveInt(body, 'order_id'));
      if (str(body, 'sn').trim() !== o.order_sn) throw refuse(req, 'Order not found');
      if (o.status < 1 || o.status > 4) throw refuse(req, 'This order cannot be refunded');
      if (o.refund_status !== 0) throw refuse(req, 'You have already submitted a refund request');
      const refundable = o.paid_cents - o.refunded_cents;
      if (amount > refundable)
        throw refuse(req, 'The refund cannot be more than the {n} paid', formatCents(refundable));
      const images = commaUrls(str(body, 'images'));
      if (!images.length) throw refuse(req, 'Please upload proof images');
      const stored = ownUploads(req, auth.userId, images, 'Please upload proof images');
      const lineIds = commaIds(str(body, 'order_product_id'));
      const own = new Set(linesOf.all(o.id).map((l) => l.id));
      if (!lineIds || !lineIds.every((id) => own.has(id))) throw refuse(req, 'Please choose products of this order');

      const changed = db
        .prepare('UPDATE orders SET refund_status = 1 WHERE id = ? AND refund_status = 0')
        .run(o.id).changes;
      if (changed !== 1) throw refuse(req, 'You have already submitted a refund request');
      db.prepare(
        `INSERT INTO refunds (order_id, user_id, amount_cents, service_type, receiving_status, reason_type, refund_explain,
         images, order_product_ids, status, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?)`,
      ).run(
        o.id,
        auth.userId,
        amount,
        serviceType,
        receiving,
        reason,
        explain,
        stored.join(','),
        lineIds.join(','),
        nowSeconds(),
      );
      return { status: 200, body: success(req, 'Application successful', null) };
    });
  });

  // ---- reviews -----------------------------------------------------------------------------

  const score = (req: Request, body: unknown, field: string): number => {
    const n = Number(str(body, field));
    if (!Number.isFinite(n) || n < 1 || n > 5 || !Number.isInteger(n * 2))
      throw refuse(req, 'Please give a rating from 1 to 5');
    return n;
  };

  r.post('/api/order/comment', (req, res) => {
    const auth = requireAuth(req);
    const body = req.body as unknown;
    sendOnce(db, req, res, { userId: auth.userId, operation: 'reviewOrderProduct' }, () => {
      const productId = positiveInt(body, 'product_id');
      const scores = ['product_score', 'service_score', 'postage_score'].map((f) => score(req, body, f));
      const comment = typedText(req, body, 'comment', 'Review content cannot be empty', 1000);

      const o = mine(req, auth.userId, positiveInt(body, 'order_id'));
      if (o.status !== 3 && o.status !== 4) throw refuse(req, 'This order cannot be reviewed');
      const lines = linesOf.all(o.id).filter((l) => l.product_id === productId);
      if (!lines.length) throw refuse(req, 'This product is not in this order');
      const open = lines.find((l) => l.is_reply !== 1);
      if (!open) throw refuse(req, 'This product has already been reviewed');
      const pics = ownUploads(req, auth.userId, commaUrls(str(body, 'pics')), 'Photos must be images you uploaded');
      const user = db
        .prepare<[number], { nickname: string; avatar: string }>('SELECT nickname, avatar FROM users WHERE id = ?')
        .get(auth.userId);
      const now = nowSeconds();
      db.prepare(
        `INSERT INTO reviews (product_id, order_id, order_product_id, user_id, nickname, avatar, product_score,
         service_score, postage_score, comment, pics, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        open.product_id,
        o.id,
        open.id,
        auth.userId,
        user?.nickname ?? '',
        user?.avatar ?? '',
        scores[0],
        scores[1],
        scores[2],
        comment,
        pics.join(','),
        now,
      );
      db.prepare('UPDATE order_products SET is_reply = 1 WHERE order_id = ? AND product_id = ? AND is_reply = 0').run(
        o.id,
        open.product_id,
      );
      const left = db
        .prepare<[number], { n: number }>(
          'SELECT COUNT(*) AS n FROM order_products WHERE order_id = ? AND is_reply = 0',
        )
        .get(o.id)?.n;
      if (left === 0) {
        db.prepare('UPDATE orders SET status = 4, completed_at = ? WHERE id = ? AND status = 3').run(now, o.id);
      }
      return { status: 200, body: success(req, 'Thank you for your review', null) };
    });
  });

  return r;
}

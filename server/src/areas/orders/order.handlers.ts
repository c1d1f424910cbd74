/** Reading orders: listOrders, getOrderDetail, getPaymentInfo (a payment number read back). */
import type { Request, RequestHandler } from 'express';
import {
  absoluteUrl,
  displayTime,
  paging,
  positiveInt,
  refuse,
  requireAuth,
  sendSuccess,
  str,
} from '../../platform/http';
import { localizeStored } from '../../platform/i18n';
import { formatCents } from '../../shared/money';
import { deadlineFields } from './order-expiry';
import { orderFinder, orderLines, statusCondition, type LineRow, type OrderRow } from './order-records';
import type { OrdersDeps } from './orders.deps';

export function listOrders({ db, expiry }: OrdersDeps): RequestHandler {
  const thumbsOf = db.prepare<[number], { image: string; title: string }>(
    'SELECT image, title FROM order_products WHERE order_id = ? ORDER BY id',
  );
  return (req, res) => {
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
  };
}

const productOf = (req: Request, l: LineRow) => ({
  order_product_id: l.id,
  product_id: l.product_id,
  image: absoluteUrl(req, l.image),
  title: l.title,
  spec: l.spec,
  product_num: l.quantity,
  product_price: formatCents(l.price_cents),
  total_price: formatCents(l.total_cents),
  is_reply: l.is_reply === 1 ? 1 : 0,
});

type RefundRow = { amount_cents: number; status: number; admin_msg: string; created_at: number };

const refundOf = (refund: RefundRow | undefined) =>
  refund
    ? {
        amount: formatCents(refund.amount_cents),
        status: refund.status,
        admin_msg: refund.admin_msg,
        createtime: displayTime(refund.created_at),
      }
    : null;

export function getOrderDetail({ db, expiry }: OrdersDeps): RequestHandler {
  const mine = orderFinder(db);
  const linesOf = orderLines(db);
  const deliveryOf = db.prepare<[number], { delivery_no: string; mark: string; created_at: number }>(
    'SELECT delivery_no, mark, created_at FROM order_logistics WHERE order_id = ? ORDER BY created_at DESC, id DESC',
  );
  const latestRefund = db.prepare<[number], RefundRow>(
    'SELECT amount_cents, status, admin_msg, created_at FROM refunds WHERE order_id = ? ORDER BY created_at DESC, id DESC LIMIT 1',
  );
  return (req, res) => {
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
      products: linesOf.all(o.id).map((l) => productOf(req, l)),
      refund: refundOf(refund),
      ...deadlineFields(o, expiry.now()),
    });
  };
}

interface TradeOrderRow {
  id: number;
  order_sn: string;
  status: number;
  total_cents: number;
  paid: number;
  expires_at: number | null;
  expired: number;
}

/**
 * getPaymentInfo: what a payment number covers and what is left to pay (openapi.yaml). The status
 * follows what payNewOrder does, which pays exactly the orders still at 0: 0 while one is unpaid
 * (also when another order of the number was cancelled or paid alone with payOrder), 1 when nothing
 * is left and something was paid, -1 when every order was cancelled unpaid. total_price sums the
 * orders that status is about, so at 0 it is exactly what payNewOrder will debit. While 0 the
 * deadline of its unpaid orders (submitted together, so one deadline); at -1 `expired` when they
 * were cancelled because that deadline passed.
 */
export function getPaymentInfo({ db, expiry }: OrdersDeps): RequestHandler {
  const tradeOrders = db.prepare<[string, number], TradeOrderRow>(
    `SELECT id, order_sn, status, total_cents, paid_at IS NOT NULL AS paid, expires_at, expired FROM orders
      WHERE out_trade_no = ? AND user_id = ? AND user_deleted = 0 ORDER BY id`,
  );
  return (req, res) => {
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
  };
}

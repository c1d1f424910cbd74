/**
 * Operator decisions on orders and refunds, as functions on a Database (the ops CLI, tests and e2e
 * call them). Each decision is one immediate transaction with conditional UPDATEs on the state it
 * starts from; money moves only through the ledger, in the same transaction.
 *
 * - shipOrder: status 1 -> 2 (not while a refund request waits), with two logistics entries
 *   ('Order packed by the shop', 'Parcel handed to the carrier') under one tracking number.
 * - passRefund: the waiting refund passes; refund_status 1 -> 2; the amount is credited to the
 *   balance (`refund` ledger entry 'Refund'). When everything paid has been refunded the order is
 *   closed: status -1, and when it had not been shipped yet (status 1) its stock returns and the
 *   products' sales shrink again. A partial refund leaves the status as it was.
 * - refuseRefund: the waiting refund is refused with a reason (shown in getOrderDetail's
 *   refund.admin_msg); refund_status 1 -> 0, so the shopper may apply again.
 */
import type { Db } from '../../platform/db';
import { nowSeconds } from '../../platform/db';
import { BILL_TITLES, postBill } from '../../shared/ledger';
import { OpsError } from './wallet';

export const STATUS_NAMES: Record<number, string> = {
  0: 'waiting pay',
  1: 'waiting deliver',
  2: 'delivered',
  3: 'received',
  4: 'completed',
  [-1]: 'cancelled',
};

/** The logistics marks written by shipOrder (English keys, localized in getOrderDetail). */
export const SHIPPING_MARKS = ['Order packed by the shop', 'Parcel handed to the carrier'] as const;

const TRACKING_NO = /^[A-Za-z0-9-]{4,40}$/;

export interface PendingShipment {
  orderId: number;
  orderSn: string;
  userId: number;
  username: string;
  shopId: number;
  shopName: string;
  totalNum: number;
  totalCents: number;
  /** 0 none, 2 partly refunded (a waiting refund blocks shipping and is listed under refunds). */
  refundStatus: number;
  paidAt: number;
}

export interface PendingRefund {
  orderId: number;
  refundId: number;
  orderSn: string;
  userId: number;
  username: string;
  orderStatus: number;
  amountCents: number;
  paidCents: number;
  serviceType: 0 | 1;
  receivingStatus: 0 | 1;
  reasonType: string;
  explain: string;
  images: string;
  orderProductIds: string;
  createdAt: number;
}

export interface OrderDecision {
  kind: 'ship' | 'refund';
  orderId: number;
  userId: number;
  /** The order's status and refund_status after the decision. */
  status: number;
  refundStatus: number;
  /** Refund amount (0 for shipping and refused refunds). */
  amountCents: number;
  /** The user's balance after the decision. */
  balanceCents: number;
  /** shipOrder: the tracking number; refunds: 'passed' | 'refused'. */
  detail: string;
}

interface OrderState {
  id: number;
  user_id: number;
  status: number;
  refund_status: number;
  paid_cents: number;
  refunded_cents: number;
  created_at: number;
}

/** Paid orders waiting for shipment (status 1, no refund request waiting), oldest payment first. */
export function pendingShipments(db: Db): PendingShipment[] {
  return db
    .prepare<[], PendingShipment>(
      `SELECT o.id AS orderId, o.order_sn AS orderSn, o.user_id AS userId, u.username, o.shop_id AS shopId,
              s.name AS shopName, o.total_num AS totalNum, o.total_cents AS totalCents,
              o.refund_status AS refundStatus, COALESCE(o.paid_at, o.created_at) AS paidAt
       FROM orders o JOIN users u ON u.id = o.user_id JOIN shops s ON s.id = o.shop_id
       WHERE o.status = 1 AND o.refund_status <> 1 ORDER BY o.paid_at, o.id`,
    )
    .all();
}

/** Refund requests waiting for a decision, oldest first. */
export function pendingRefunds(db: Db): PendingRefund[] {
  return db
    .prepare<[], PendingRefund>(
      `SELECT r.order_id AS orderId, r.id AS refundId, o.order_sn AS orderSn, r.user_id AS userId, u.username,
              o.status AS orderStatus, r.amount_cents AS amountCents, o.paid_cents AS paidCents,
              r.service_type AS serviceType, r.receiving_status AS receivingStatus, r.reason_type AS reasonType,
              r.refund_explain AS explain, r.images, r.order_product_ids AS orderProductIds, r.created_at AS createdAt
       FROM refunds r JOIN orders o ON o.id = r.order_id JOIN users u ON u.id = r.user_id
       WHERE r.status = 0 ORDER BY r.created_at, r.id`,
    )
    .all();
}

function balanceOf(db: Db, userId: number): number {
  return db.prepare<[number], { b: number }>('SELECT balance_cents AS b FROM users WHERE id = ?').get(userId)?.b ?? 0;
}

function orderOf(db: Db, orderId: number): OrderState {
  if (!Number.isSafeInteger(orderId) || orderId <= 0) {
    throw new OpsError(`order id must be a positive integer, got '${orderId}'`);
  }
  const o = db
    .prepare<[number], OrderState>(
      'SELECT id, user_id, status, refund_status, paid_cents, refunded_cents, created_at FROM orders WHERE id = ?',
    )
    .get(orderId);
  if (!o) throw new OpsError(`order ${orderId} not found`);
  return o;
}

const statusName = (status: number) => STATUS_NAMES[status] ?? String(status);

/** Ships a paid order: status 1 -> 2 with logistics entries under `deliveryNo` (made up when omitted). */
export function shipOrder(db: Db, orderId: number, deliveryNo?: string): OrderDecision {
  const tracking = deliveryNo?.trim();
  if (tracking !== undefined && tracking !== '' && !TRACKING_NO.test(tracking)) {
    throw new OpsError('the tracking number must be 4-40 letters, digits or dashes');
  }
  return db
    .transaction((): OrderDecision => {
      const o = orderOf(db, orderId);
      if (o.status !== 1) throw new OpsError(`order ${orderId} is ${statusName(o.status)}, not waiting deliver`);
      if (o.refund_status === 1) {
        throw new OpsError(`order ${orderId} has a refund request waiting: refund:pass or refund:refuse it first`);
      }
      const now = nowSeconds();
      const changed = db
        .prepare('UPDATE orders SET status = 2, delivered_at = ? WHERE id = ? AND status = 1 AND refund_status <> 1')
        .run(now, orderId).changes;
      if (changed !== 1) throw new OpsError(`order ${orderId} was changed meanwhile`);
      const day = new Date(now * 1000).toISOString().slice(0, 10).replace(/-/g, '');
      const number = tracking || `OM${day}${String(orderId).padStart(6, '0')}`;
      const log = db.prepare(
        'INSERT INTO order_logistics (order_id, delivery_no, mark, created_at) VALUES (?, ?, ?, ?)',
      );
      for (const mark of SHIPPING_MARKS) log.run(orderId, number, mark, now);
      return {
        kind: 'ship',
        orderId,
        userId: o.user_id,
        status: 2,
        refundStatus: o.refund_status,
        amountCents: 0,
        balanceCents: balanceOf(db, o.user_id),
        detail: number,
      };
    })
    .immediate();
}

interface WaitingRefund {
  id: number;
  amount_cents: number;
}

function waitingRefund(db: Db, o: OrderState): WaitingRefund {
  const r = db
    .prepare<[number], WaitingRefund>('SELECT id, amount_cents FROM refunds WHERE order_id = ? AND status = 0')
    .get(o.id);
  if (!r || o.refund_status !== 1) throw new OpsError(`order ${o.id} has no refund request waiting`);
  return r;
}

/** Passes the waiting refund of an order: credits the amount; a full refund closes the order. */
export function passRefund(db: Db, orderId: number): OrderDecision {
  return db
    .transaction((): OrderDecision => {
      const o = orderOf(db, orderId);
      const r = waitingRefund(db, o);
      if (r.amount_cents > o.paid_cents - o.refunded_cents) {
        throw new OpsError(`refund of order ${orderId} is more than what is left to refund; refuse it`);
      }
      const now = nowSeconds();
      if (
        db.prepare('UPDATE refunds SET status = 1, audited_at = ? WHERE id = ? AND status = 0').run(now, r.id)
          .changes !== 1
      ) {
        throw new OpsError(`refund of order ${orderId} was decided meanwhile`);
      }
      const refunded = o.refunded_cents + r.amount_cents;
      const full = refunded >= o.paid_cents;
      const status = full ? -1 : o.status;
      db.prepare(
        `UPDATE orders SET refund_status = 2, refunded_cents = ?, status = ?,
           cancelled_at = CASE WHEN ? THEN ? ELSE cancelled_at END
         WHERE id = ? AND refund_status = 1`,
      ).run(refunded, status, full ? 1 : 0, now, orderId);
      if (full && o.status === 1) {
        // Never shipped: the goods are still in stock and the sale did not happen.
        const lines = db
          .prepare<[number], { product_id: number; quantity: number }>(
            'SELECT product_id, quantity FROM order_products WHERE order_id = ?',
          )
          .all(orderId);
        const restock = db.prepare('UPDATE products SET stock = stock + ?, sales = MAX(0, sales - ?) WHERE id = ?');
        for (const l of lines) restock.run(l.quantity, l.quantity, l.product_id);
      }
      const posted = postBill(db, {
        userId: o.user_id,
        type: 'refund',
        amountCents: r.amount_cents,
        title: BILL_TITLES.refund,
        refType: 'refund',
        refId: r.id,
        now,
      });
      if (!posted) throw new OpsError(`order ${orderId}: user ${o.user_id} not found`);
      return {
        kind: 'refund',
        orderId,
        userId: o.user_id,
        status,
        refundStatus: 2,
        amountCents: r.amount_cents,
        balanceCents: posted.balanceAfterCents,
        detail: 'passed',
      };
    })
    .immediate();
}

/** Refuses the waiting refund of an order; the shopper may apply again. */
export function refuseRefund(db: Db, orderId: number, reason: string): OrderDecision {
  const text = reason.trim();
  if (!text) throw new OpsError('a reason is required (it is shown to the shopper in the order detail)');
  if (text.length > 200) throw new OpsError('the reason must be at most 200 characters');
  return db
    .transaction((): OrderDecision => {
      const o = orderOf(db, orderId);
      const r = waitingRefund(db, o);
      const now = nowSeconds();
      db.prepare('UPDATE refunds SET status = 2, admin_msg = ?, audited_at = ? WHERE id = ? AND status = 0').run(
        text,
        now,
        r.id,
      );
      db.prepare('UPDATE orders SET refund_status = 0 WHERE id = ? AND refund_status = 1').run(orderId);
      return {
        kind: 'refund',
        orderId,
        userId: o.user_id,
        status: o.status,
        refundStatus: 0,
        amountCents: 0,
        balanceCents: balanceOf(db, o.user_id),
        detail: 'refused',
      };
    })
    .immediate();
}

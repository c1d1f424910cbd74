/**
 * What a payment of orders takes (DESIGN.md 3.4): the caller's orders of a payment number
 * (payNewOrder) or one order (payOrder), the refusal when nothing of them can be paid, and the
 * operation as an authorization names it (paycode.ts PayTarget). Payment reads them when it pays;
 * a passkey's challenge (beginPasskeyPayment) reads them to name the payment and its amount.
 */
import type { Db } from '../platform/db';
import type { MessageKey } from '../platform/i18n';
import type { PayTarget } from './paycode';

export interface PayableRow {
  id: number;
  status: number;
  total_cents: number;
  expires_at: number | null;
  expired: number;
}

const PAYABLE_COLUMNS = 'id, status, total_cents, expires_at, expired';

/** Which orders a payment pays: a payment number's (payNewOrder) or one order (payOrder). */
export type PaymentOf = { outTradeNo: string } | { orderId: number };

/** The caller's orders `of` names (deleted ones left out), in creation order. */
export function payableOrders(db: Db, userId: number, of: PaymentOf): PayableRow[] {
  if ('outTradeNo' in of) {
    return db
      .prepare<[string, number], PayableRow>(
        `SELECT ${PAYABLE_COLUMNS} FROM orders WHERE out_trade_no = ? AND user_id = ? AND user_deleted = 0 ORDER BY id`,
      )
      .all(of.outTradeNo, userId);
  }
  return db
    .prepare<[number, number], PayableRow>(
      `SELECT ${PAYABLE_COLUMNS} FROM orders WHERE id = ? AND user_id = ? AND user_deleted = 0`,
    )
    .all(of.orderId, userId);
}

/** The refusal for orders of which none is unpaid. */
export const nothingToPay = (orders: PayableRow[]): MessageKey =>
  !orders.length
    ? 'Order not found'
    : orders.some((o) => o.status > 0)
      ? 'This order has already been paid'
      : orders.some((o) => o.expired === 1)
        ? 'This order has expired and was cancelled'
        : 'This order cannot be paid';

/** The unpaid ones of `orders`: what a payment of them takes. */
export const unpaidOf = (orders: PayableRow[]) => orders.filter((o) => o.status === 0);

/** The payment of `of`'s unpaid orders as an authorization names it: the operation and its cents. */
export function paymentTarget(of: PaymentOf, unpaid: PayableRow[]): PayTarget {
  return {
    action: 'outTradeNo' in of ? `trade:${of.outTradeNo}` : `order:${of.orderId}`,
    cents: unpaid.reduce((sum, o) => sum + o.total_cents, 0),
  };
}

/**
 * Unpaid orders expire (DESIGN.md 3.4: stock is reserved at submitOrder; this bounds how long).
 *
 * Without a deadline one shopper with an empty wallet could reserve a product's whole stock with an
 * order they never pay (registration is open, so any number of them). So:
 * - submitOrder gives each order a deadline to pay, `expires_at` = now + the time to live
 *   (ServerOptions.unpaidOrderTtlMinutes, 30 by default);
 * - an unpaid order past its deadline is cancelled (status -1, `expired` 1) and its stock returns,
 *   exactly as a shopper's cancelOrder does. This runs before every API request is answered (so every
 *   read, of orders or of stock, sees the deadline kept) and by a periodic sweep (so the stock returns
 *   even when nobody asks);
 * - a shopper holds at most ServerOptions.maxUnpaidOrders unpaid payment numbers (one checkout, one
 *   order per shop) at once; submitOrder refuses the next one until one is paid, cancelled or expired.
 */
import type { Db } from '../../platform/db';
import { displayTime } from '../../platform/http';

export const DEFAULT_UNPAID_ORDER_TTL_MINUTES = 30;
export const DEFAULT_MAX_UNPAID_ORDERS = 5;
export const DEFAULT_ORDER_SWEEP_MS = 60 * 1000;

export interface OrderExpiry {
  /** Seconds an unpaid order reserves its stock. */
  ttlSeconds: number;
  /** Unpaid payment numbers a shopper may hold at once. */
  maxUnpaid: number;
  /** The current time in Unix seconds (tests move it forward instead of waiting). */
  now: () => number;
  /** Cancels every unpaid order past its deadline and returns its stock; answers how many. */
  expireDue: () => number;
}

/** UPDATE that gives an order's reserved stock back (cancelOrder and expiry). */
export const RETURN_STOCK_SQL = `UPDATE products SET stock = stock + (SELECT COALESCE(SUM(op.quantity), 0) FROM order_products op
    WHERE op.order_id = ? AND op.product_id = products.id)
  WHERE id IN (SELECT product_id FROM order_products WHERE order_id = ?)`;

export function orderExpiry(db: Db, opts: { ttlMinutes?: number; maxUnpaid?: number; now: () => number }): OrderExpiry {
  const ttlSeconds = Math.max(1, Math.round((opts.ttlMinutes ?? DEFAULT_UNPAID_ORDER_TTL_MINUTES) * 60));
  const maxUnpaid = Math.max(1, Math.floor(opts.maxUnpaid ?? DEFAULT_MAX_UNPAID_ORDERS));
  const anyDue = db.prepare<[number], { id: number }>(
    'SELECT id FROM orders WHERE status = 0 AND expires_at <= ? LIMIT 1',
  );
  const due = db.prepare<[number], { id: number }>('SELECT id FROM orders WHERE status = 0 AND expires_at <= ?');
  const close = db.prepare('UPDATE orders SET status = -1, expired = 1, cancelled_at = ? WHERE id = ? AND status = 0');
  const returnStock = db.prepare(RETURN_STOCK_SQL);
  const expireAll = db.transaction((now: number): number => {
    let n = 0;
    for (const o of due.all(now)) {
      // Conditional on status 0: an order paid or cancelled meanwhile is left alone.
      if (close.run(now, o.id).changes !== 1) continue;
      returnStock.run(o.id, o.id);
      n += 1;
    }
    return n;
  });
  return {
    ttlSeconds,
    maxUnpaid,
    now: opts.now,
    expireDue() {
      const now = opts.now();
      // The common case (nothing due) is one index lookup and no write lock.
      if (!anyDue.get(now)) return 0;
      return expireAll.immediate(now);
    },
  };
}

/**
 * The deadline fields of an order in the answers (x-extension in openapi.yaml): while unpaid
 * `expires_in`, the seconds left to pay by the server's clock (a client counts down from when it got
 * the answer, so its own clock's error does not matter) and `expire_time`, the deadline as display
 * text; once cancelled because it expired, `expired: 1`. Nothing for other orders.
 */
export function deadlineFields(
  o: { status: number; expires_at: number | null; expired: number },
  now: number,
): { expires_in?: number; expire_time?: string; expired?: 1 } {
  if (o.status === 0 && o.expires_at !== null) {
    return { expires_in: Math.max(0, o.expires_at - now), expire_time: displayTime(o.expires_at) };
  }
  if (o.status === -1 && o.expired === 1) return { expired: 1 };
  return {};
}

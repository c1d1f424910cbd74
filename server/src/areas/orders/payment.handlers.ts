/**
 * Payment (DESIGN.md 3.4): payNewOrder (/api/order/merPay, a payment number's unpaid orders) and
 * payOrder (/api/user/pay, one order). Paying is ONE immediate transaction: the authorization of
 * this session (verify_pay's, or a passkey's for exactly this payment) is used up, each order moves 0 -> 1 with a conditional UPDATE
 * (`AND status = 0`), the balance is debited through the ledger (conditional on the balance: never
 * negative) and the products' sales grow. Any refusal rolls all of it back, so the authorization
 * survives a refused payment and an order can never be paid twice, whatever the concurrency. An
 * order past its deadline is never paid ('This order has expired and was cancelled').
 */
import type { Request, RequestHandler } from 'express';
import { nowSeconds } from '../../platform/db';
import { positiveInt, refuse, requireAuth, str, success, type AuthContext } from '../../platform/http';
import { idempotencyKey, runIdempotent, sendResult, type OperationResult } from '../../platform/idempotency';
import { BILL_TITLES, postBill } from '../../shared/ledger';
import {
  nothingToPay,
  payableOrders,
  paymentTarget,
  unpaidOf,
  type PayableRow,
  type PaymentOf,
} from '../../shared/payable-orders';
import { consumePayAuthorization, PAY_AUTHORIZATION_REFUSALS } from '../../shared/paycode';
import type { OrdersDeps } from './orders.deps';

/**
 * Pays the caller's unpaid orders that `of` names inside the current transaction; throws a refusal,
 * which rolls everything back.
 */
function payer({ db, expiry }: OrdersDeps) {
  const markPaid = db.prepare(
    'UPDATE orders SET status = 1, paid_cents = total_cents, paid_at = ? WHERE id = ? AND user_id = ? AND status = 0',
  );
  const addSales = db.prepare(
    `UPDATE products SET sales = sales + (SELECT COALESCE(SUM(op.quantity), 0) FROM order_products op
       WHERE op.order_id = ? AND op.product_id = products.id)
     WHERE id IN (SELECT product_id FROM order_products WHERE order_id = ?)`,
  );
  return (req: Request, auth: AuthContext, of: PaymentOf): OperationResult => {
    const orders: PayableRow[] = payableOrders(db, auth.userId, of);
    const unpaid = unpaidOf(orders);
    if (!unpaid.length) throw refuse(req, nothingToPay(orders));
    // Its deadline passed after this request's expiry check: never paid (the sweep closes it).
    const deadline = expiry.now();
    if (unpaid.some((o) => o.expires_at !== null && o.expires_at <= deadline)) {
      throw refuse(req, 'This order has expired and was cancelled');
    }
    // The payment code's authorization pays anything; a passkey's only these orders, for this amount.
    const use = consumePayAuthorization(db, auth.userId, auth.sessionId, paymentTarget(of, unpaid));
    if (use !== 'ok') throw refuse(req, PAY_AUTHORIZATION_REFUSALS[use]);
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
}

export function payNewOrder(deps: OrdersDeps): RequestHandler {
  const { db } = deps;
  const pay = payer(deps);
  return (req, res) => {
    const auth = requireAuth(req);
    const body = req.body as unknown;
    const outTradeNo = str(body, 'out_trade_no').trim();
    const result = runIdempotent(
      db,
      { userId: auth.userId, operation: 'payNewOrder', key: idempotencyKey(req), body },
      () => pay(req, auth, { outTradeNo }),
    );
    sendResult(res, result);
  };
}

export function payOrder(deps: OrdersDeps): RequestHandler {
  const { db } = deps;
  const pay = payer(deps);
  return (req, res) => {
    const auth = requireAuth(req);
    const body = req.body as unknown;
    const orderId = positiveInt(body, 'order_id') ?? 0;
    const result = runIdempotent(
      db,
      { userId: auth.userId, operation: 'payOrder', key: idempotencyKey(req), body },
      () => pay(req, auth, { orderId }),
    );
    sendResult(res, result);
  };
}

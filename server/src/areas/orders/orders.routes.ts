/**
 * Checkout, payment and orders (DESIGN.md 3.2-3.4): previewOrder (/api/order/merCreate), submitOrder
 * (/api/order/merSubmit), payNewOrder (/api/order/merPay), payOrder (/api/user/pay), listOrders
 * (/api/user/order_list), getOrderDetail, getPaymentInfo (/api/order/payInfo), cancelOrder,
 * confirmOrderReceived, deleteOrder, applyRefund and reviewOrderProduct (/api/order/*).
 *
 * Statuses (DESIGN.md 3.3): 0 waiting pay, 1 waiting deliver, 2 delivered, 3 received,
 * 4 completed, -1 cancelled; refund_status 0 none, 1 in progress, 2 refunded. Every change is a
 * conditional UPDATE on the state it starts from, in one transaction, so two concurrent requests
 * can never both move an order:
 *   pay       0 -> 1, the balance debited through the ledger (payment.handlers.ts)
 *   cancel    0 -> -1 (reserved stock returns)
 *   expire    0 -> -1 with expired 1, past the deadline to pay (reserved stock returns; order-expiry.ts)
 *   received  2 -> 3, not while a refund is in progress
 *   delete    -1 or 4, not while a refund is in progress: hidden from the caller (user_deleted)
 *   refund    status 1-4, refund_status 0 -> 1 (one open refund per order; refunds_one_open too)
 *   review    status 3 or 4, once per product of the order; the last review makes 3 -> 4
 * The operators' side (ship, pass or refuse a refund) is in tools/ops/order.ts. Each change takes an
 * Idempotency-Key (platform/idempotency.ts): a retry whose first request succeeded gets that first
 * answer, not 'cannot be cancelled'; without a key each request acts (or is refused) as with the
 * family.
 *
 * Every query is scoped to the caller: another user's order answers exactly like a missing one
 * ('Order not found').
 */
import { Router } from 'express';
import type { OrdersDeps } from './orders.deps';
import { previewOrder, submitOrder } from './checkout.handlers';
import { cancelOrder, confirmOrderReceived, deleteOrder } from './order-change.handlers';
import { getOrderDetail, getPaymentInfo, listOrders } from './order.handlers';
import { payNewOrder, payOrder } from './payment.handlers';
import { applyRefund } from './refund.handlers';
import { reviewOrderProduct } from './review.handlers';

export function ordersRouter(deps: OrdersDeps): Router {
  const r = Router();
  r.post('/api/order/merCreate', previewOrder(deps));
  r.post('/api/order/merSubmit', submitOrder(deps));
  r.post('/api/order/merPay', payNewOrder(deps));
  r.post('/api/user/pay', payOrder(deps));
  r.get('/api/user/order_list', listOrders(deps));
  r.get('/api/order/detail', getOrderDetail(deps));
  r.get('/api/order/payInfo', getPaymentInfo(deps));
  r.post('/api/order/cancel', cancelOrder(deps));
  r.post('/api/order/received', confirmOrderReceived(deps));
  r.post('/api/order/delete', deleteOrder(deps));
  r.post('/api/order/refund', applyRefund(deps));
  r.post('/api/order/comment', reviewOrderProduct(deps));
  return r;
}

/** A shopper's changes of an order: cancelOrder, confirmOrderReceived, deleteOrder. */
import type { RequestHandler } from 'express';
import { nowSeconds } from '../../platform/db';
import { positiveInt, refuse, requireAuth, success } from '../../platform/http';
import { sendOnce } from '../../platform/idempotency';
import { RETURN_STOCK_SQL } from './order-expiry';
import { orderFinder } from './order-records';
import type { OrdersDeps } from './orders.deps';

export function cancelOrder({ db }: OrdersDeps): RequestHandler {
  const mine = orderFinder(db);
  const returnStock = db.prepare(RETURN_STOCK_SQL);
  return (req, res) => {
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
  };
}

export function confirmOrderReceived({ db }: OrdersDeps): RequestHandler {
  const mine = orderFinder(db);
  return (req, res) => {
    const auth = requireAuth(req);
    sendOnce(db, req, res, { userId: auth.userId, operation: 'confirmOrderReceived' }, () => {
      const o = mine(req, auth.userId, positiveInt(req.body, 'order_id'));
      const changed = db
        .prepare('UPDATE orders SET status = 3, received_at = ? WHERE id = ? AND status = 2 AND refund_status <> 1')
        .run(nowSeconds(), o.id).changes;
      if (changed !== 1) throw refuse(req, 'This order cannot be confirmed');
      return { status: 200, body: success(req, 'Receipt confirmed', null) };
    });
  };
}

export function deleteOrder({ db }: OrdersDeps): RequestHandler {
  const mine = orderFinder(db);
  return (req, res) => {
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
  };
}

/** applyRefund (/api/order/refund): one open refund request per order, decided by an operator (tools/ops). */
import type { Request, RequestHandler } from 'express';
import { nowSeconds } from '../../platform/db';
import { commaIds, commaUrls, fieldInvalid, positiveInt, refuse, requireAuth, str, success } from '../../platform/http';
import { sendOnce } from '../../platform/idempotency';
import { formatCents, parseMoney } from '../../shared/money';
import { orderFinder, orderLines, ownUploads, typedText } from './order-records';
import type { OrdersDeps } from './orders.deps';

/** What the refund form says, checked in the form's order. */
function readRefund(req: Request, body: unknown) {
  const amount = parseMoney(str(body, 'amount'));
  if (amount === null) throw refuse(req, 'Please fill correct amount');
  if (amount === 0) throw refuse(req, 'Refund amount must be greater than 0');
  const serviceType = Number(str(body, 'service_type'));
  const receiving = Number(str(body, 'receiving_status'));
  if (serviceType !== 0 && serviceType !== 1) throw fieldInvalid(req, 'service_type');
  if (receiving !== 0 && receiving !== 1) throw fieldInvalid(req, 'receiving_status');
  const reason = typedText(req, body, 'reason_type', 'Please choose a refund reason', 50);
  const explain = typedText(req, body, 'refund_explain', 'Please describe the reason for the refund', 500);
  return { amount, serviceType, receiving, reason, explain };
}

export function applyRefund({ db }: OrdersDeps): RequestHandler {
  const mine = orderFinder(db);
  const linesOf = orderLines(db);
  return (req, res) => {
    const auth = requireAuth(req);
    const body = req.body as unknown;
    sendOnce(db, req, res, { userId: auth.userId, operation: 'applyRefund' }, () => {
      const { amount, serviceType, receiving, reason, explain } = readRefund(req, body);
      const o = mine(req, auth.userId, positiveInt(body, 'order_id'));
      if (str(body, 'sn').trim() !== o.order_sn) throw refuse(req, 'Order not found');
      if (o.status < 1 || o.status > 4) throw refuse(req, 'This order cannot be refunded');
      if (o.refund_status !== 0) throw refuse(req, 'You have already submitted a refund request');
      const refundable = o.paid_cents - o.refunded_cents;
      if (amount > refundable)
        throw refuse(req, 'The refund cannot be more than the {n} paid', formatCents(refundable));
      const images = commaUrls(str(body, 'images'));
      if (!images.length) throw refuse(req, 'Please upload proof images');
      const stored = ownUploads(db, req, auth.userId, images, 'Please upload proof images');
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
  };
}

/** reviewOrderProduct (/api/order/comment): once per product of a received order; the last review completes it. */
import type { Request, RequestHandler } from 'express';
import { nowSeconds, type Db } from '../../platform/db';
import { commaUrls, positiveInt, refuse, requireAuth, str, success } from '../../platform/http';
import { sendOnce } from '../../platform/idempotency';
import { orderFinder, orderLines, ownUploads, typedText, type LineRow } from './order-records';
import type { OrdersDeps } from './orders.deps';

const score = (req: Request, body: unknown, field: string): number => {
  const n = Number(str(body, field));
  if (!Number.isFinite(n) || n < 1 || n > 5 || !Number.isInteger(n * 2))
    throw refuse(req, 'Please give a rating from 1 to 5');
  return n;
};

interface Review {
  orderId: number;
  line: LineRow;
  userId: number;
  scores: number[];
  comment: string;
  pics: string[];
}

/** Stores the review, marks the product reviewed and completes the order (3 -> 4) after its last. */
function saveReview(db: Db, r: Review): void {
  const user = db
    .prepare<[number], { nickname: string; avatar: string }>('SELECT nickname, avatar FROM users WHERE id = ?')
    .get(r.userId);
  const now = nowSeconds();
  db.prepare(
    `INSERT INTO reviews (product_id, order_id, order_product_id, user_id, nickname, avatar, product_score,
     service_score, postage_score, comment, pics, created_at)
   VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    r.line.product_id,
    r.orderId,
    r.line.id,
    r.userId,
    user?.nickname ?? '',
    user?.avatar ?? '',
    r.scores[0],
    r.scores[1],
    r.scores[2],
    r.comment,
    r.pics.join(','),
    now,
  );
  db.prepare('UPDATE order_products SET is_reply = 1 WHERE order_id = ? AND product_id = ? AND is_reply = 0').run(
    r.orderId,
    r.line.product_id,
  );
  const left = db
    .prepare<[number], { n: number }>('SELECT COUNT(*) AS n FROM order_products WHERE order_id = ? AND is_reply = 0')
    .get(r.orderId)?.n;
  if (left === 0) {
    db.prepare('UPDATE orders SET status = 4, completed_at = ? WHERE id = ? AND status = 3').run(now, r.orderId);
  }
}

export function reviewOrderProduct({ db }: OrdersDeps): RequestHandler {
  const mine = orderFinder(db);
  const linesOf = orderLines(db);
  return (req, res) => {
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
      const pics = ownUploads(db, req, auth.userId, commaUrls(str(body, 'pics')), 'Photos must be images you uploaded');
      saveReview(db, { orderId: o.id, line: open, userId: auth.userId, scores, comment, pics });
      return { status: 200, body: success(req, 'Thank you for your review', null) };
    });
  };
}

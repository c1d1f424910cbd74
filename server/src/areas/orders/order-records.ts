/** An order and its lines as the order operations read them, and what a shopper types about one. */
import type { Request } from 'express';
import type { Db } from '../../platform/db';
import { refuse, str } from '../../platform/http';
import type { MessageKey } from '../../platform/i18n';
import { uploadedFileOf } from '../../shared/uploads';

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

export interface LineRow {
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

/** The caller's visible order, else 'Order not found' (unknown, foreign and deleted alike). */
export function orderFinder(db: Db) {
  const ownOrder = db.prepare<[number, number], OrderRow>(
    'SELECT * FROM orders WHERE id = ? AND user_id = ? AND user_deleted = 0',
  );
  return (req: Request, userId: number, orderId: number | null): OrderRow => {
    const row = orderId ? ownOrder.get(orderId, userId) : undefined;
    if (!row) throw refuse(req, 'Order not found');
    return row;
  };
}

/** An order's lines, in order. */
export function orderLines(db: Db) {
  return db.prepare<[number], LineRow>(
    `SELECT id, product_id, image, title, spec, quantity, price_cents, total_cents, is_reply
       FROM order_products WHERE order_id = ? ORDER BY id`,
  );
}

/** The listOrders status filter as SQL over `orders`: all, a status, or -4 (refund_status > 0). */
export function statusCondition(value: string): { sql: string; params: number[] } {
  if (value === '-4') return { sql: ' AND refund_status > 0', params: [] };
  if (['0', '1', '2', '3', '4', '-1'].includes(value)) return { sql: ' AND status = ?', params: [Number(value)] };
  return { sql: '', params: [] };
}

/** A text the shopper typed, trimmed: `missing` when empty, a refusal too when longer than `max`. */
export const typedText = (req: Request, body: unknown, field: string, missing: MessageKey, max: number): string => {
  const v = str(body, field).trim();
  if (!v) throw refuse(req, missing);
  if ([...v].length > max) throw refuse(req, 'Please enter at most {n} characters', max);
  return v;
};

/** Images of this user's uploads (normalized paths); `message` when one is not. */
export function ownUploads(
  db: Db,
  req: Request,
  userId: number,
  urls: string[],
  message: 'Please upload proof images' | 'Photos must be images you uploaded',
): string[] {
  if (urls.length > MAX_IMAGES) throw refuse(req, 'At most {n} images', MAX_IMAGES);
  return urls.map((u) => {
    const stored = uploadedFileOf(db, userId, u);
    if (!stored) throw refuse(req, message);
    return stored;
  });
}

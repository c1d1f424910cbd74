import type { Request } from 'express';
import type { Db } from '../platform/db';
import { absoluteUrl } from '../platform/http';
import { formatCents } from './money';

interface CartRow {
  id: number;
  product_id: number;
  shop_id: number;
  shop_name: string;
  shop_avatar: string;
  spec: string;
  quantity: number;
  title: string;
  image: string;
  price_cents: number;
  stock: number;
  status: number;
}

/**
 * A shopper's bag as getCart answers it (newest line first), for getCart (areas/cart) and for /bag's
 * static frame (web/bag-frame.ts), which draws the same lines before the SPA's code has loaded.
 */
export function bagLines(db: Db) {
  const linesOf = db.prepare<[number], CartRow>(
    `SELECT c.id, c.product_id, p.shop_id, s.name AS shop_name, s.avatar AS shop_avatar, c.spec, c.quantity, p.title,
            p.image, p.price_cents, p.stock, p.status
       FROM cart_lines c JOIN products p ON p.id = c.product_id JOIN shops s ON s.id = p.shop_id
      WHERE c.user_id = ? ORDER BY c.created_at DESC, c.id DESC`,
  );
  return (req: Request, userId: number) =>
    linesOf.all(userId).map((c) => ({
      cart_id: c.id,
      cart_num: c.quantity,
      spec: c.spec,
      total_price: formatCents(c.price_cents * c.quantity),
      mer_id: c.shop_id,
      mer_name: c.shop_name,
      mer_avatar: absoluteUrl(req, c.shop_avatar),
      product_id: c.product_id,
      goods: {
        image: absoluteUrl(req, c.image),
        title: c.title,
        sales_price: formatCents(c.price_cents),
        // The family's client shows goods.spec under the title: the line's chosen values.
        spec: c.spec,
        // A product taken off the shelf can no longer be bought: it shows as out of stock.
        stock: c.status === 1 ? Math.max(0, c.stock) : 0,
      },
    }));
}

export type BagLine = ReturnType<ReturnType<typeof bagLines>>[number];

/**
 * getShopService (GET /api/user/get_shops_kf?pid=mer_id): the URL of a shop's customer service, as
 * `data` itself (a string).
 * A shop's own custom_service when set (the seed gives every shop /media/service.html?shop=ID,
 * a chat page with the shop's name, see media/router.ts), else that generated page.
 */
import { Router } from 'express';
import type { Db } from '../../platform/db';
import { absoluteUrl, ok, refused, requireAuth, str } from '../../platform/http';

export function shopServiceRouter(db: Db): Router {
  const r = Router();
  const shop = db.prepare<[number], { id: number; custom_service: string }>(
    'SELECT id, custom_service FROM shops WHERE id = ?',
  );
  r.get('/get_shops_kf', (req, res) => {
    requireAuth(req);
    const id = Number(str(req.query, 'pid'));
    const row = Number.isInteger(id) && id > 0 ? shop.get(id) : undefined;
    if (!row) throw refused('Shop not found');
    const url = row.custom_service.trim() || `/media/service.html?shop=${row.id}`;
    // data is the URL itself, as the backend family answers (BACKEND-FAMILY.md, Catalog).
    ok(req, res, absoluteUrl(req, url));
  });
  return r;
}

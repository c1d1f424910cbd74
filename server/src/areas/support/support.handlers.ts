/** Platform info, help, the legal text and a shop's customer service. */
import type { RequestHandler } from 'express';
import { absoluteUrl, ok, refused, requireAuth, str } from '../../platform/http';
import type { SupportDeps } from './support.deps';

interface PlatformRow {
  name: string;
  logo: string;
  merchant_link: string;
  custom_service: string;
}

export function getPlatform({ db }: SupportDeps): RequestHandler {
  return (req, res) => {
    const p = db
      .prepare<[], PlatformRow>('SELECT name, logo, merchant_link, custom_service FROM platform WHERE id = 1')
      .get();
    ok(req, res, {
      name: p?.name ?? '',
      logo: absoluteUrl(req, p?.logo ?? ''),
      merchant_link: absoluteUrl(req, p?.merchant_link ?? ''),
      custom_service: absoluteUrl(req, p?.custom_service ?? ''),
    });
  };
}

export function getHelpSupport({ db }: SupportDeps): RequestHandler {
  return (req, res) => {
    const list = db
      .prepare<[], { title: string; content: string }>(
        'SELECT title, content_html AS content FROM help_topics ORDER BY sort, id',
      )
      .all();
    ok(req, res, list);
  };
}

export function getLaw({ db }: SupportDeps): RequestHandler {
  return (req, res) => {
    const page = db
      .prepare<[], { content: string }>("SELECT content_html AS content FROM pages WHERE slug = 'law'")
      .get();
    ok(req, res, { content: page?.content ?? '' });
  };
}

/**
 * getShopService (GET /api/user/get_shops_kf?pid=mer_id): the URL of a shop's customer service, as
 * `data` itself (a string). A shop's own custom_service when set (the seed gives every shop
 * /media/service.html?shop=ID, a chat page with the shop's name, see web/media/router.ts), else that
 * generated page.
 */
export function getShopService({ db }: SupportDeps): RequestHandler {
  const shop = db.prepare<[number], { id: number; custom_service: string }>(
    'SELECT id, custom_service FROM shops WHERE id = ?',
  );
  return (req, res) => {
    requireAuth(req);
    const id = Number(str(req.query, 'pid'));
    const row = Number.isInteger(id) && id > 0 ? shop.get(id) : undefined;
    if (!row) throw refused('Shop not found');
    const url = row.custom_service.trim() || `/media/service.html?shop=${row.id}`;
    // data is the URL itself, as the backend family answers (BACKEND-FAMILY.md, Catalog).
    ok(req, res, absoluteUrl(req, url));
  };
}

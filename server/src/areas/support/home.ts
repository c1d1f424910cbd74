import { Router } from 'express';
import type { Db } from '../../platform/db';
import { absoluteUrl, ok } from '../../platform/http';

/** /api/index/* (designed operations). The foundation implements getPlatform. */
export function homeRouter(db: Db): Router {
  const r = Router();

  r.get('/index', (req, res) => {
    const p = db
      .prepare<[], { name: string; logo: string; merchant_link: string; custom_service: string }>(
        'SELECT name, logo, merchant_link, custom_service FROM platform WHERE id = 1',
      )
      .get();
    ok(req, res, {
      name: p?.name ?? '',
      logo: absoluteUrl(req, p?.logo ?? ''),
      merchant_link: absoluteUrl(req, p?.merchant_link ?? ''),
      custom_service: absoluteUrl(req, p?.custom_service ?? ''),
    });
  });

  return r;
}

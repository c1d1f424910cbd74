import { Router, type Response } from 'express';
import type { Db } from '../../platform/db';
import { serviceFrameAncestors } from '../../platform/headers';
import { absoluteUrl } from '../../platform/http';
import { servicePage } from './service-page';
import { avatarSvg, bannerSvg, escapeXml, logoSvg, productSvg } from './svg';

const LONG_CACHE = 'public, max-age=31536000, immutable';

function sendSvg(res: Response, svg: string): void {
  res
    .status(200)
    .set({
      'Content-Type': 'image/svg+xml; charset=utf-8',
      'Cache-Control': LONG_CACHE,
      // nosniff and the rest come from securityHeaders (platform/headers.ts).
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    })
    .send(svg);
}

function notFound(res: Response): void {
  res.status(404).type('text/plain').send('Not found');
}

/** Deterministic 32-bit hash of a string (FNV-1a), for avatar colours. */
function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h % 100000;
}

/** The home banners' headline and subline, by banner id (their photographs, tools/seed/photos.ts, too). */
export const HOME_BANNER_TEXTS: Readonly<Record<number, readonly [string, string]>> = {
  1: ['Summer Sale', 'Up to 40% off outdoor gear'],
  2: ['New Phones', 'The latest models, shipped worldwide'],
  3: ['Home Comforts', 'Everything for family life'],
};

/**
 * Generated images and the small HTML pages under /media. `corsOrigins`: the origins whose SPA may
 * frame the customer-service page besides this one (CORS_ORIGIN).
 */
export function mediaRouter(db: Db, corsOrigins?: string[] | '*'): Router {
  const frameAncestors = serviceFrameAncestors(corsOrigins);
  const r = Router();
  const product = db.prepare<[number], { short_name: string; name_en: string }>(
    'SELECT p.short_name, c.name_en FROM products p JOIN categories c ON c.id = p.category_id WHERE p.id = ?',
  );
  const shop = db.prepare<[number], { name: string; intro: string }>('SELECT name, intro FROM shops WHERE id = ?');
  const banner = db.prepare<[number], { id: number }>('SELECT id FROM banners WHERE id = ?');
  const platform = db.prepare<[], { name: string }>('SELECT name FROM platform WHERE id = 1');

  r.get('/product/:file', (req, res) => {
    const m = /^(\d+)(?:-(\d))?\.svg$/.exec(req.params.file);
    const row = m ? product.get(Number(m[1])) : undefined;
    if (!m || !row) return notFound(res);
    sendSvg(res, productSvg(Number(m[1]), Number(m[2] ?? 0), row.name_en, row.short_name));
  });

  r.get('/shop/:file', (req, res) => {
    const m = /^(\d+)\.svg$/.exec(req.params.file);
    const row = m ? shop.get(Number(m[1])) : undefined;
    if (!m || !row) return notFound(res);
    sendSvg(res, avatarSvg(Number(m[1]), row.name));
  });

  r.get('/shop-banner/:file', (req, res) => {
    const m = /^(\d+)(?:-(\d))?\.svg$/.exec(req.params.file);
    const row = m ? shop.get(Number(m[1])) : undefined;
    if (!m || !row) return notFound(res);
    sendSvg(res, bannerSvg(Number(m[1]) * 7 + Number(m[2] ?? 0), row.name, row.intro, 750, 250));
  });

  r.get('/banner/:file', (req, res) => {
    const m = /^(\d+)\.svg$/.exec(req.params.file);
    const id = Number(m?.[1]);
    if (!m || !banner.get(id)) return notFound(res);
    const [headline, subline] = HOME_BANNER_TEXTS[id] ?? ['Orbit Market', 'Shop the world'];
    sendSvg(res, bannerSvg(id, headline, subline));
  });

  r.get('/avatar/:file', (req, res) => {
    const m = /^([a-z0-9-]{1,40})\.svg$/.exec(req.params.file);
    if (!m?.[1]) return notFound(res);
    const name = m[1].split('-').join(' ');
    sendSvg(res, avatarSvg(hashString(m[1]), name));
  });

  r.get('/logo.svg', (_req, res) => {
    sendSvg(res, logoSvg(platform.get()?.name ?? 'Shop'));
  });

  r.get('/service.html', (req, res) => {
    const shopId = Number(req.query.shop);
    const shopRow = Number.isInteger(shopId) && shopId > 0 ? shop.get(shopId) : undefined;
    const who = shopRow?.name ?? platform.get()?.name ?? 'Shop';
    const page = servicePage(who, absoluteUrl(req, shopRow ? `/media/shop/${shopId}.svg` : '/media/logo.svg'), {
      imageOrigin: req.publicOrigin,
      frameAncestors,
    });
    res
      .status(200)
      .set({
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': 'no-cache',
        'Content-Security-Policy': page.csp,
        // The SPA frames this page (frame-ancestors above); older browsers read this instead.
        'X-Frame-Options': 'SAMEORIGIN',
      })
      .send(page.html);
  });

  r.get('/merchant.html', (_req, res) => {
    const name = escapeXml(platform.get()?.name ?? 'Shop');
    res.status(200).set({
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-cache',
      // Inline styles only; no script, no framing.
      'Content-Security-Policy':
        "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    }).send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sell on ${name}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#222}header{background:#d4380d;color:#fff;padding:24px 16px}
main{padding:16px}li{margin:6px 0}</style></head>
<body><header><h1 style="margin:0;font-size:22px">Sell on ${name}</h1><p style="margin:4px 0 0">Reach shoppers in five languages.</p></header>
<main><ol><li>Register a merchant account.</li><li>List your products with photos and specifications.</li><li>Ship paid orders within 48 hours and get paid to your balance.</li></ol>
<p>The merchant centre is not part of this demo. Contact <a href="mailto:merchants@example.com">merchants@example.com</a>.</p></main>
</body></html>`);
  });

  return r;
}

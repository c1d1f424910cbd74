import type { Request } from 'express';
import type { Db } from './db';
import { absoluteUrl } from './http';

const HOME = /^\/(home\/?)?$/;
const DETAIL = /^\/detail\/(\d+)\/(\d+)\/?$/;

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The document of a client-side route, announcing its largest picture (the LCP element) so the
 * browser fetches it at once instead of after the JS ran and the API answered: the first banner on
 * /home (and /, which the SPA sends to /home), the product's first picture on /detail/{id}/{mer}.
 * The URL is the one the API answers for that picture (GET /api/index/banner, the first of
 * GET /api/product/detail's goods.images), from the same rows and absoluteUrl, so the <img> the SPA
 * renders reuses the preloaded response. A <link> in <head>, no inline script or style: the CSP
 * (headers.ts) needs nothing more.
 */
export function lcpPreload(db: Db): (req: Request, html: string) => string {
  const firstBanner = db.prepare<[], { image: string }>('SELECT image FROM banners ORDER BY sort, id LIMIT 1');
  const product = db.prepare<[number, number], { image: string }>(
    'SELECT image FROM products WHERE id = ? AND shop_id = ? AND status = 1',
  );
  const firstPicture = db.prepare<[number], { image: string }>(
    'SELECT image FROM product_images WHERE product_id = ? ORDER BY sort, id LIMIT 1',
  );

  const imageOf = (req: Request): string | undefined => {
    if (HOME.test(req.path)) return firstBanner.get()?.image;
    const detail = DETAIL.exec(req.path);
    if (!detail) return undefined;
    const productId = Number(detail[1]);
    const merId = Number(detail[2]);
    if (!Number.isSafeInteger(productId) || !Number.isSafeInteger(merId)) return undefined;
    const row = product.get(productId, merId);
    if (!row) return undefined;
    return firstPicture.get(productId)?.image ?? row.image;
  };

  return (req, html) => {
    const image = imageOf(req)?.trim();
    if (!image) return html;
    const link = `<link rel="preload" as="image" fetchpriority="high" href="${escapeAttribute(absoluteUrl(req, image))}" />`;
    return html.replace('</head>', `    ${link}\n  </head>`);
  };
}

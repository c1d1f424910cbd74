import type { Request } from 'express';
import type { Db } from '../platform/db';
import { drawFrame, escapeHtml as escapeAttribute, FRAME, type FrameDrawer } from './frame';
import { absoluteUrl } from '../platform/http';
import { PICTURE_SLOTS, pictureSource } from '../../../common/picture';

const HOME = /^\/(home\/?)?$/;
const DETAIL = /^\/detail\/(\d+)\/(\d+)\/?$/;
/** The document's character set declaration, which must stay first in its head. */
const CHARSET = /<meta charset="?[^">]+"?\s*\/?>/i;

type FrameKind = 'home' | 'detail';

/** Where each frame's picture is drawn on the screen that replaces it (common/picture.ts). */
const SLOT_OF = { home: PICTURE_SLOTS.banner, detail: PICTURE_SLOTS.gallery } as const;

/**
 * The document of a client-side route, announcing its largest picture (the LCP element) so the
 * browser fetches it at once instead of after the JS ran and the API answered: the first banner on
 * /home (and /, which the SPA sends to /home), the product's first picture on /detail/{id}/{mer}.
 * The picture is also drawn in the static app frame, where the screen will show it (theme.css,
 * .app-frame--home / --detail), so the first paint needs no JS and the largest paint waits only for
 * the image; the SPA keeps showing it until its own answer arrives (src/shared/lib/first-picture.ts).
 * The URL is the one the API answers for that picture (GET /api/index/banner, the first of
 * GET /api/product/detail's goods.images), from the same rows and absoluteUrl, so the <img> the SPA
 * renders reuses the preloaded response. With an image-URL template (`pictureTemplate`, README,
 * Pictures) the link, the frame and the screen name the same variants: the link's imagesrcset and
 * imagesizes are the <img>'s srcset and sizes, so the browser fetches the one width the screen will
 * draw; the frame's <img> keeps the API's URL in data-lcp-picture for the screen to draw it again
 * through the same template. A <link> in <head>, no inline script or style: the CSP
 * (platform/headers.ts) needs nothing more.
 */
export function lcpPreload(db: Db, pictureTemplate?: string): FrameDrawer {
  const firstBanner = db.prepare<[], { image: string }>('SELECT image FROM banners ORDER BY sort, id LIMIT 1');
  const product = db.prepare<[number, number], { image: string; title: string }>(
    'SELECT image, title FROM products WHERE id = ? AND shop_id = ? AND status = 1',
  );
  const firstPicture = db.prepare<[number], { image: string }>(
    'SELECT image FROM product_images WHERE product_id = ? ORDER BY sort, id LIMIT 1',
  );

  const pictureOf = (req: Request): { image: string; kind: FrameKind; title?: string } | undefined => {
    if (HOME.test(req.path)) {
      const image = firstBanner.get()?.image;
      return image ? { image, kind: 'home' } : undefined;
    }
    const detail = DETAIL.exec(req.path);
    if (!detail) return undefined;
    const productId = Number(detail[1]);
    const merId = Number(detail[2]);
    if (!Number.isSafeInteger(productId) || !Number.isSafeInteger(merId)) return undefined;
    const row = product.get(productId, merId);
    if (!row) return undefined;
    return { image: firstPicture.get(productId)?.image ?? row.image, kind: 'detail', title: row.title };
  };

  return (req, page) => {
    const picture = pictureOf(req);
    const image = picture?.image.trim();
    if (!picture || !image) return page;
    const { html } = page;
    const absolute = absoluteUrl(req, image);
    const source = pictureSource(absolute, SLOT_OF[picture.kind], pictureTemplate);
    const src = escapeAttribute(source.src);
    const widths =
      source.srcSet && source.sizes
        ? {
            link: ` imagesrcset="${escapeAttribute(source.srcSet)}" imagesizes="${escapeAttribute(source.sizes)}"`,
            img: ` srcset="${escapeAttribute(source.srcSet)}" sizes="${escapeAttribute(source.sizes)}"`,
          }
        : { link: '', img: '' };
    const link = `<link rel="preload" as="image" fetchpriority="high" href="${src}"${widths.link} />`;
    // A product's title too, in its card under the picture: when the picture is too plain to count as
    // the largest paint (a flat illustration), the title is the page's largest text.
    const title = picture.title
      ? `<div class="app-frame__card"><h2 class="app-frame__title">${escapeAttribute(picture.title)}</h2></div>`
      : '';
    const frame = `<div class="app-frame app-frame--${picture.kind}" aria-hidden="true"><img class="app-frame__picture" src="${src}"${widths.img} alt="" fetchpriority="high" data-lcp-picture="${escapeAttribute(absolute)}" />${title}`;
    // First in the head, right after the character set: the browser asks for what the document names
    // in its order, and on HTTP/1.1 the first requests get the connections. The picture is the page's
    // largest paint; the app's scripts (preloaded at low priority) and the route's chunks come after.
    const withLink = CHARSET.test(html)
      ? html.replace(CHARSET, (charset) => `${charset}${link}`)
      : html.replace('</head>', `    ${link}\n  </head>`);
    return drawFrame({ ...page, html: withLink }, FRAME, frame);
  };
}

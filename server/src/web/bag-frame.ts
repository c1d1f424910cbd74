import { sessionFinder } from '../platform/auth/sessions';
import type { Db } from '../platform/db';
import { cookieValue, drawFrame, escapeHtml, frameTexts, WHOLE_FRAME, type FrameDrawer } from './frame';
import { bagLines, type BagLine } from '../shared/bag';
import frameTextIds from '../../../common/frame-text-ids.json';
// Prices and the stepper's ceiling as the screen has them, from the SPA's own modules (no imports).
import { formatMoney } from '../../../common/money-format';
import { quantityCeiling } from '../../../common/quantity';
import { pictureSource } from '../../../common/picture';

/** The bag's path exactly, as the SPA's route, its tab and its first-screen reads match it. */
const BAG = /^\/bag$/;
/** The SPA's token cookie (src/store/persistence.ts, SPEC.md section 9): the token as it is. */
const TOKEN_COOKIE = 'token';
/** Navigation preload: a request the service worker makes for the page (src/sw/sw.ts). */
const PRELOAD_HEADER = 'service-worker-navigation-preload';

/**
 * The lines the frame draws at most: more than a phone's first screen shows (four or five), so the
 * frame fills it; the screen draws the rest below it when it replaces the frame.
 */
export const FRAME_LINES = 8;

/** The texts the frame shows, as the bag screen shows them (the build writes them: frame-texts.cjs). */
const TEXT_IDS = frameTextIds.bag;

// The stepper's minus and plus (antd-mobile-icons' MinusOutline and AddOutline, as the screen draws them).
const MINUS =
  '<svg class="antd-mobile-icon" width="1em" height="1em" viewBox="0 0 48 48" aria-hidden="true"><path d="M41.1 22.5c.2 0 .4.2.4.4v2.2c0 .2-.2.4-.4.4H6.9c-.2 0-.4-.2-.4-.4v-2.2c0-.2.2-.4.4-.4z" fill="currentColor"/></svg>';
const PLUS =
  '<svg class="antd-mobile-icon" width="1em" height="1em" viewBox="0 0 48 48" aria-hidden="true"><path d="M25.1 6.5c.2 0 .4.2.4.4v15.6h15.6c.2 0 .4.2.4.4v2.2c0 .2-.2.4-.4.4H25.5v15.6c0 .2-.2.4-.4.4h-2.2c-.2 0-.4-.2-.4-.4V25.5H6.9c-.2 0-.4-.2-.4-.4v-2.2c0-.2.2-.4.4-.4h15.6V6.9c0-.2.2-.4.4-.4z" fill="currentColor"/></svg>';
const CHEVRON =
  '<svg class="antd-mobile-icon" width="1em" height="1em" viewBox="0 0 48 48" aria-hidden="true" font-size="12"><path d="M17.4 5.1l18.2 17.6c.5.5.6 1.4.1 2l-.1.1-18.2 18.1H14c-.2 0-.4-.2-.4-.4 0-.1 0-.2.1-.3l18.6-18.5L13.7 5.7c-.1-.2-.1-.4 0-.6.1-.1.2-.1.3-.1h3.1c.1 0 .2 0 .3.1z" fill="currentColor"/></svg>';

/** The screen's checkbox (src/features/cart/components/check.tsx), unchecked: nothing is selected yet. */
const check = (disabled: boolean, extra = '') =>
  `<span class="check${extra}"><input class="check__input" type="checkbox"${disabled ? ' disabled' : ''}><span class="check__box"></span></span>`;

/**
 * An <img> of a picture drawn `drawn` px wide, as src/shared/ui/picture.tsx draws it (the same
 * srcset and sizes through the same template), so the screen that replaces the frame reuses it.
 */
function pictureHtml(url: string, drawn: number, template: string | undefined, attributes: string): string {
  const source = pictureSource(url, { sizes: `${drawn}px`, fallbackWidth: drawn * 2 }, template);
  const widths =
    source.srcSet && source.sizes ? ` srcset="${escapeHtml(source.srcSet)}" sizes="${escapeHtml(source.sizes)}"` : '';
  return `<img${attributes} src="${escapeHtml(source.src)}"${widths} alt="" width="${drawn}" height="${drawn}"`;
}

function lineHtml(line: BagLine, words: Record<string, string>, locale: string, template: string | undefined): string {
  const { goods } = line;
  const soldOut = goods.stock <= 0;
  const spec = line.spec ? `<p class="bag-line__spec">${escapeHtml(line.spec.split('|').join(' · '))}</p>` : '';
  const ceiling = quantityCeiling(goods.stock);
  const hint =
    line.cart_num >= goods.stock
      ? `<span class="qty-stepper__hint">${escapeHtml(words['cart.quantity.max']!.replace('{stock}', new Intl.NumberFormat(locale).format(goods.stock)))}</span>`
      : '';
  const stepper = soldOut
    ? ''
    : '<div class="qty-stepper qty-stepper--compact"><div class="qty-stepper__controls">' +
      `<button type="button" class="qty-stepper__button"${line.cart_num <= 1 ? ' disabled' : ''}>${MINUS}</button>` +
      `<input class="qty-stepper__input" value="${line.cart_num}" readonly>` +
      `<button type="button" class="qty-stepper__button"${line.cart_num >= ceiling ? ' disabled' : ''}>${PLUS}</button></div>${hint}</div>`;
  return (
    '<li class="bag-line"><div class="bag-line__body">' +
    check(soldOut, ' bag-line__check') +
    `<span class="bag-line__image">${pictureHtml(goods.image, 88, template, '')} decoding="async"></span>` +
    `<div class="bag-line__info"><a class="bag-line__title">${escapeHtml(goods.title)}</a>${spec}` +
    (soldOut ? `<p class="bag-line__sold-out">${escapeHtml(words['cart.soldOut'] ?? '')}</p>` : '') +
    `<div class="bag-line__foot"><span class="bag-line__price">${escapeHtml(formatMoney(goods.sales_price, locale))}</span>${stepper}</div>` +
    '</div></div></li>'
  );
}

/**
 * The first `count` lines as the screen shows them: grouped by shop in the order of each shop's
 * newest line (src/features/cart/lib/bag.ts groupByShop), then cut after `count` lines.
 */
function firstShops(lines: BagLine[], count: number): BagLine[][] {
  const shops = new Map<number, BagLine[]>();
  for (const line of lines) {
    const shop = shops.get(line.mer_id);
    if (shop) shop.push(line);
    else shops.set(line.mer_id, [line]);
  }
  const first: BagLine[][] = [];
  let left = count;
  for (const shop of shops.values()) {
    if (left <= 0) break;
    first.push(shop.slice(0, left));
    left -= shop.length;
  }
  return first;
}

/**
 * /bag's static frame: the shopper's bag drawn as the bag screen draws it (its own classes; the
 * route's styles are linked as stylesheets for it, static.ts), so a first visit shows the lines at
 * the first paint instead of after some 160 KB of code and two reads. The SPA keeps the frame on
 * screen until its first render can draw the same lines (src/app/first-screen.ts), so the shopper
 * sees no blink between them. Only what the page shows before any choice: nothing is selected (the
 * total is 0, the checkout counts 0). It is the screen's own elements, so they render alike, in an
 * inert frame: nothing in it can be focused or used until the screen replaces it.
 *
 * Drawn only for a live session named by the token cookie (SameSite=Strict: not for a page another
 * site opens), on a document the browser asked for itself: never for a service worker's navigation
 * preload, since the server cannot know what that worker keeps (the workers of deployments before
 * src/sw/sw.ts kept pages in a cache, and a phone runs one until it updates), and a worker's cache
 * must hold nobody's bag. The document is then private and not stored (static.ts). An empty bag keeps index.html's frame: the screen's empty state is light enough.
 */
export function bagFrame(db: Db, staticDir: string, pictureTemplate?: string): FrameDrawer {
  const sessionOf = sessionFinder(db);
  const linesOf = bagLines(db);
  const textsFor = frameTexts(staticDir);
  return (req, page) => {
    if (!BAG.test(req.path) || req.get(PRELOAD_HEADER) !== undefined) return page;
    const mode = req.get('sec-fetch-mode');
    if (mode !== undefined && mode !== 'navigate') return page;
    const session = sessionOf(cookieValue(req.get('cookie'), TOKEN_COOKIE));
    if (!session) return page;
    const texts = textsFor(req);
    if (!texts || TEXT_IDS.some((id) => typeof texts.words[id] !== 'string')) return page;
    const { words } = texts;
    // The tag the SPA formats with (frame-texts.cjs writes it): 'th', not the cookie's 'tai'.
    const locale = words['@bcp47'] ?? 'en';
    const lines = linesOf(req, session.userId);
    if (lines.length === 0) return page;

    const shops = firstShops(lines, FRAME_LINES)
      .map((shop) => {
        const first = shop[0]!;
        const items = `<ul class="bag-shop__lines">${shop.map((line) => lineHtml(line, words, locale, pictureTemplate)).join('')}</ul>`;
        // A shop without a name has no header on the screen either (bag-shop.tsx).
        if (!first.mer_name) return `<section class="card bag-shop">${items}</section>`;
        const avatar = first.mer_avatar
          ? `${pictureHtml(first.mer_avatar, 24, pictureTemplate, ' class="bag-shop__avatar"')}>`
          : '';
        return (
          '<section class="card bag-shop"><header class="bag-shop__head">' +
          check(shop.every((line) => line.goods.stock <= 0)) +
          `<h2 class="bag-shop__name"><a>${avatar}<span>${escapeHtml(first.mer_name)}</span>${CHEVRON}</a></h2></header>` +
          `${items}</section>`
        );
      })
      .join('');
    const w = (id: string) => escapeHtml(words[id]!);
    const screen =
      '<div class="app-shell app-shell--tabs"><div class="page bag">' +
      '<header class="nav-bar"><div class="nav-bar__side"></div>' +
      `<h1 class="nav-bar__title">${w('route.bag')}</h1>` +
      `<div class="nav-bar__side nav-bar__side--right"><button type="button" class="button button--ghost bag-edit">${w('cart.edit.start')}</button></div></header>` +
      `<div class="page__main"><div class="page__content">${shops}</div>` +
      '<div class="page__footer"><div class="bag-bar">' +
      `<span class="check bag-bar__all"><input class="check__input" type="checkbox"><span class="check__box"></span><span class="check__text">${w('cart.select.allShort')}</span></span>` +
      `<p class="bag-bar__total"><span class="bag-bar__total-label">${w('cart.total')}</span>` +
      `<strong class="bag-bar__total-amount">${escapeHtml(formatMoney('0', locale))}</strong></p>` +
      `<button type="button" class="button bag-bar__action">${escapeHtml(words['cart.checkout']!.replace('{count}', '0'))}</button>` +
      '</div></div></div></div><div class="app-frame__tabs"></div></div>';
    return drawFrame(
      page,
      WHOLE_FRAME,
      `<div class="app-frame app-frame--bag" aria-hidden="true" inert>${screen}</div>`,
      {
        screenStyles: true,
        personal: true,
      },
    );
  };
}

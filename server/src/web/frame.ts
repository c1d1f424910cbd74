import path from 'node:path';
import type { Request } from 'express';
import { buildFile } from './build-file';

/** The static app frame's opening tag in index.html, as written or as the build minified it. */
export const FRAME = /<div class="?app-frame"? aria-hidden="?true"?>/;

/**
 * A document as the frames drew it: its HTML and, when a frame drew the page's largest paint into
 * the static app frame (preload.ts: /home's banner, a product's picture; signInFrame: /login's hero;
 * bag-frame.ts: the shopper's bag), what static.ts must know about that drawing. Without `frame`,
 * the document has index.html's bare placeholders.
 */
export interface DrawnPage {
  html: string;
  frame?: {
    /**
     * Drawn with the screen's own markup and classes (/bag): the route's styles must be applied, not
     * only fetched, so the document links them as stylesheets.
     */
    screenStyles?: boolean;
    /** Holds the shopper's own data: no cache may keep the document (Cache-Control: no-store). */
    personal?: boolean;
  };
}

/** Draws into a document's frame, or gives the page back as it came. */
export type FrameDrawer = (req: Request, page: DrawnPage) => DrawnPage;

/**
 * `page` with the frame `pattern` finds replaced by `drawing`, described by `frame`; as it came when
 * the document has no such frame (another drawer drew it already, or index.html changed).
 */
export function drawFrame(
  page: DrawnPage,
  pattern: RegExp,
  drawing: string,
  frame: NonNullable<DrawnPage['frame']> = {},
): DrawnPage {
  // search, not test: a pattern with the g or y flag would carry its lastIndex to the next page.
  if (page.html.search(pattern) === -1) return page;
  return { html: page.html.replace(pattern, () => drawing), frame };
}

/** index.html's whole frame: its opening tag and the empty placeholders in it. */
export const WHOLE_FRAME =
  /<div class="?app-frame"? aria-hidden="?true"?>\s*(?:<div class="?app-frame__[a-z]+"?>\s*<\/div>\s*)*<\/div>/;

export const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const SIGN_IN = /^\/login\/?$/i;
/** The SPA's language cookie (src/store/persistence.ts): the chosen language as JSON, by js-cookie. */
const LANGUAGE_COOKIE = 'language';
const DEFAULT_LOCALE = 'en';

type FrameTexts = Record<string, Record<string, string>>;

/** A cookie's raw value from a Cookie header, or undefined. */
export function cookieValue(cookieHeader: string | undefined, name: string): string | undefined {
  const pair = (cookieHeader ?? '')
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name}=`));
  return pair?.slice(name.length + 1);
}

/** The interface language the SPA will open in: the cookie's choice, else its default, English. */
export function localeOf(cookieHeader: string | undefined, known: (locale: string) => boolean): string {
  const value = cookieValue(cookieHeader, LANGUAGE_COOKIE);
  if (!value) return DEFAULT_LOCALE;
  try {
    const chosen = JSON.parse(decodeURIComponent(value)) as { file_name?: unknown };
    return typeof chosen.file_name === 'string' && known(chosen.file_name) ? chosen.file_name : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

/** The SPA's theme cookie (src/store/persistence.ts): `light` or `dark` when chosen in Settings. */
const THEME_COOKIE = 'theme';

/**
 * The document in the theme the shopper chose (the cookie), on its <html> as the SPA puts it
 * (src/shared/lib/theme.ts): the first paint is already in that theme, with no flash of the other.
 * Without a choice the document is left as it is and the stylesheet follows the phone's setting.
 */
export function themedDocument(html: string, cookieHeader: string | undefined): string {
  const theme = cookieValue(cookieHeader, THEME_COOKIE);
  if (theme !== 'light' && theme !== 'dark') return html;
  return html.replace(/<html\b/i, `<html data-prefers-color-scheme="${theme}"`);
}

/**
 * The SPA's own texts for the frames, in every language (dist/frame-texts.json,
 * scripts/lib/frame-texts.cjs): `textsFor(req)` gives those of the language the SPA will open in,
 * undefined without that file.
 */
export function frameTexts(
  staticDir: string,
): (req: Request) => { locale: string; words: Record<string, string> } | undefined {
  const texts = buildFile<FrameTexts>(
    path.join(staticDir, 'frame-texts.json'),
    (text) => JSON.parse(text) as FrameTexts,
    {},
  );
  return (req) => {
    const all = texts();
    const locale = localeOf(req.get('cookie'), (known) => known in all);
    const words = all[locale];
    return words ? { locale, words } : undefined;
  };
}

/**
 * The sign-in screen's hero (the shop's name and its welcome line) drawn in /login's static frame, in
 * the language the SPA will open in, where the screen shows it (theme.css, .app-frame--signin): the
 * first paint already holds the page's largest text, and the screen replaces it with the same words in
 * the same place. The texts are the SPA's own (dist/frame-texts.json, scripts/lib/frame-texts.cjs);
 * without that file the frame stays as index.html has it.
 */
export function signInFrame(staticDir: string): FrameDrawer {
  const textsFor = frameTexts(staticDir);
  return (req, page) => {
    if (!SIGN_IN.test(req.path)) return page;
    const words = textsFor(req)?.words;
    const name = words?.['app.name'];
    const lead = words?.['account.login.lead'];
    if (!name || !lead) return page;
    const hero =
      `<div class="auth-hero"><p class="auth-hero__brand">${escapeHtml(name)}</p>` +
      `<p class="auth-hero__lead">${escapeHtml(lead)}</p></div>`;
    return drawFrame(page, FRAME, `<div class="app-frame app-frame--signin" aria-hidden="true">${hero}`);
  };
}

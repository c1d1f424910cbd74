import path from 'node:path';
import type { Request } from 'express';
import { buildFile } from './build-file';

/** The static app frame's opening tag in index.html, as written or as the build minified it. */
export const FRAME = /<div class="?app-frame"? aria-hidden="?true"?>/;

/**
 * A frame the server drew the page's largest paint into (preload.ts: /home's banner, a product's
 * picture; signInFrame: /login's hero), as opposed to index.html's bare placeholders.
 */
export const DRAWN_FRAME = /<div class="app-frame app-frame--[a-z]+" aria-hidden="true">/;

export const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const SIGN_IN = /^\/login\/?$/i;
/** The SPA's language cookie (src/store/persistence.ts): the chosen language as JSON, by js-cookie. */
const LANGUAGE_COOKIE = 'language';
const DEFAULT_LOCALE = 'en';

type FrameTexts = Record<string, Record<string, string>>;

/** The interface language the SPA will open in: the cookie's choice, else its default, English. */
export function localeOf(cookieHeader: string | undefined, known: (locale: string) => boolean): string {
  const pair = (cookieHeader ?? '')
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${LANGUAGE_COOKIE}=`));
  if (!pair) return DEFAULT_LOCALE;
  try {
    const chosen = JSON.parse(decodeURIComponent(pair.slice(LANGUAGE_COOKIE.length + 1))) as { file_name?: unknown };
    return typeof chosen.file_name === 'string' && known(chosen.file_name) ? chosen.file_name : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

/**
 * The sign-in screen's hero (the shop's name and its welcome line) drawn in /login's static frame, in
 * the language the SPA will open in, where the screen shows it (theme.css, .app-frame--signin): the
 * first paint already holds the page's largest text, and the screen replaces it with the same words in
 * the same place. The texts are the SPA's own (dist/frame-texts.json, scripts/lib/frame-texts.cjs);
 * without that file the frame stays as index.html has it.
 */
export function signInFrame(staticDir: string): (req: Request, html: string) => string {
  const texts = buildFile<FrameTexts>(
    path.join(staticDir, 'frame-texts.json'),
    (text) => JSON.parse(text) as FrameTexts,
    {},
  );
  return (req, html) => {
    if (!SIGN_IN.test(req.path)) return html;
    const all = texts();
    const words = all[localeOf(req.get('cookie'), (locale) => locale in all)];
    const name = words?.['app.name'];
    const lead = words?.['account.login.lead'];
    if (!name || !lead) return html;
    const hero =
      `<div class="auth-hero"><p class="auth-hero__brand">${escapeHtml(name)}</p>` +
      `<p class="auth-hero__lead">${escapeHtml(lead)}</p></div>`;
    return html.replace(FRAME, `<div class="app-frame app-frame--signin" aria-hidden="true">${hero}`);
  };
}

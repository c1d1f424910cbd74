/**
 * The theme on the document: `data-prefers-color-scheme` on <html>, the attribute antd-mobile's own
 * dark theme keys on, and which theme.css keys our tokens on. The server writes it from the theme
 * cookie for a chosen theme (server/src/web/frame.ts), so the first paint is right before any script;
 * with no choice, theme.css follows the phone by its media query, and this sets the attribute to the
 * same theme for antd-mobile, again whenever the phone switches.
 */

export type AppliedTheme = 'light' | 'dark';

/** The shopper's theme choice (Settings): follow the phone, or always light, or always dark. */
export type ThemeChoice = 'system' | AppliedTheme;

export const themeChoices: readonly ThemeChoice[] = ['system', 'light', 'dark'];

export const isThemeChoice = (value: unknown): value is ThemeChoice =>
  typeof value === 'string' && (themeChoices as readonly string[]).includes(value);

const ATTRIBUTE = 'data-prefers-color-scheme';

/** The theme chosen in Settings, `light` or `dark`; none while the app follows the phone. The server
 * reads it to draw the first frame in that theme (server/src/web/frame.ts). */
export const THEME_COOKIE = 'theme';

const DARK_QUERY = '(prefers-color-scheme: dark)';

function phoneTheme(): AppliedTheme {
  return typeof matchMedia === 'function' && matchMedia(DARK_QUERY).matches ? 'dark' : 'light';
}

/** The theme a choice gives on this phone now. */
export function themeOf(choice: string | undefined): AppliedTheme {
  return choice === 'light' || choice === 'dark' ? choice : phoneTheme();
}

/** Puts the theme `choice` gives now on the document, once. */
export function paintTheme(choice: string | undefined): void {
  document.documentElement.setAttribute(ATTRIBUTE, themeOf(choice));
}

/** Puts `choice` on the document; with `system` (or none), follows the phone until the returned stop. */
export function applyTheme(choice: string | undefined): () => void {
  const set = () => paintTheme(choice);
  set();
  if (choice === 'light' || choice === 'dark' || typeof matchMedia !== 'function') return () => undefined;
  const query = matchMedia(DARK_QUERY);
  query.addEventListener('change', set);
  return () => query.removeEventListener('change', set);
}

import Cookies from 'js-cookie';
import type { Storage } from 'redux-persist';
import { isLocaleKey, type LanguageRef } from '../shared/i18n/locales';
import { isThemeChoice, THEME_COOKIE } from '../shared/lib/theme';

/** SPEC.md section 9: the token and language cookies last 3 days. */
export const COOKIE_DAYS = 3;
export const TOKEN_COOKIE = 'token';
export const LANGUAGE_COOKIE = 'language';
export { THEME_COOKIE } from '../shared/lib/theme';

/** A display preference, not a session: the theme is kept for a year (the token and language: 3 days). */
export const THEME_COOKIE_DAYS = 365;

function cookieAttributes(days = COOKIE_DAYS): Cookies.CookieAttributes {
  const secure = typeof location !== 'undefined' && location.protocol === 'https:';
  return { expires: days, sameSite: 'Strict', secure, path: '/' };
}

/**
 * How one persisted slice maps onto one cookie. redux-persist runs with serialize: false, so the
 * storage sees plain objects and each cookie holds exactly what SPEC.md section 3 describes.
 */
interface CookieCodec {
  cookie: string;
  write(state: Record<string, unknown>): string | undefined;
  read(value: string): Record<string, unknown> | undefined;
  /** How long the cookie lasts; COOKIE_DAYS unless said. */
  days?: number;
}

const codecs: Record<string, CookieCodec> = {
  'persist:session': {
    cookie: TOKEN_COOKIE,
    write: (state) => (typeof state.token === 'string' && state.token ? state.token : undefined),
    read: (value) => ({ token: value }),
  },
  'persist:language': {
    cookie: LANGUAGE_COOKIE,
    write: (state) => {
      const selected = state.selected as LanguageRef | null | undefined;
      if (!selected) return undefined;
      const { language_name, chinese_name, file_name } = selected;
      return JSON.stringify({ language_name, chinese_name, file_name });
    },
    read: (value) => {
      try {
        const parsed = JSON.parse(value) as Partial<LanguageRef>;
        if (!isLocaleKey(parsed.file_name)) return undefined;
        return {
          selected: {
            language_name: String(parsed.language_name ?? ''),
            chinese_name: String(parsed.chinese_name ?? ''),
            file_name: parsed.file_name,
          },
        };
      } catch {
        return undefined;
      }
    },
  },
  'persist:appearance': {
    cookie: THEME_COOKIE,
    days: THEME_COOKIE_DAYS,
    write: (state) => (state.theme === 'light' || state.theme === 'dark' ? state.theme : undefined),
    read: (value) => (isThemeChoice(value) && value !== 'system' ? { theme: value } : undefined),
  },
};

function codecFor(key: string): CookieCodec {
  const codec = codecs[key];
  if (!codec) throw new Error(`No cookie is designed for ${key}`);
  return codec;
}

/** redux-persist storage over three cookies: `token`, `language` (JSON) and `theme`. */
export const cookieStorage: Storage = {
  getItem(key: string) {
    const codec = codecFor(key);
    const value = Cookies.get(codec.cookie);
    return Promise.resolve(value === undefined ? undefined : codec.read(value));
  },
  setItem(key: string, state: Record<string, unknown>) {
    const codec = codecFor(key);
    const value = codec.write(state);
    if (value === undefined) Cookies.remove(codec.cookie, { path: '/' });
    else Cookies.set(codec.cookie, value, cookieAttributes(codec.days));
    return Promise.resolve();
  },
  removeItem(key: string) {
    Cookies.remove(codecFor(key).cookie, { path: '/' });
    return Promise.resolve();
  },
};

import Cookies from 'js-cookie';
import type { UserInfo } from '../../src/api/types';
import { builtInLanguages } from '../../src/shared/i18n/locales';
import { themeChosen } from '../../src/store/appearance.slice';
import { localeChanged, selectLocale } from '../../src/store/language.slice';
import { loggedIn, loggedOut, userInfoLoaded } from '../../src/store/session.slice';
import { clearCookies } from '../support/dom';
import { makeRehydratedStore } from '../support/store';

const DAY_MS = 24 * 60 * 60 * 1000;
const thai = builtInLanguages.tai;

beforeEach(() => clearCookies());
afterEach(() => clearCookies());

/** Every string written to document.cookie while `run` runs (a DOM property, observed, then restored). */
async function cookieWrites(run: () => Promise<void>): Promise<string[]> {
  const writes: string[] = [];
  const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
  Object.defineProperty(document, 'cookie', {
    configurable: true,
    get: () => descriptor.get!.call(document) as string,
    set: (value: string) => {
      writes.push(value);
      descriptor.set!.call(document, value);
    },
  });
  try {
    await run();
  } finally {
    delete (document as { cookie?: string }).cookie;
  }
  return writes;
}

function expiresOf(write: string): number {
  const match = /;\s*expires=([^;]+)/i.exec(write);
  if (!match) throw new Error(`no expiry in ${write}`);
  return Date.parse(match[1]!);
}

describe('cookie persistence', () => {
  it('keeps the raw token in the `token` cookie after login', async () => {
    const { store, persistor } = await makeRehydratedStore();
    store.dispatch(loggedIn({ token: 'a1b2c3' }));
    await persistor.flush();
    expect(Cookies.get('token')).toBe('a1b2c3');
    expect(document.cookie).toContain('token=a1b2c3');
  });

  it('keeps the chosen language in the `language` cookie as JSON with its three fields', async () => {
    const { store, persistor } = await makeRehydratedStore();
    store.dispatch(localeChanged({ ...thai, id: 5 } as typeof thai));
    await persistor.flush();
    expect(JSON.parse(Cookies.get('language') ?? 'null')).toEqual({
      language_name: 'ไทย',
      chinese_name: '泰语',
      file_name: 'tai',
    });
  });

  it('writes both cookies for 3 days, SameSite=Strict, path /, not Secure over http', async () => {
    const { store, persistor } = await makeRehydratedStore();
    const before = Date.now();
    const writes = await cookieWrites(async () => {
      store.dispatch(loggedIn({ token: 'a1b2c3' }));
      store.dispatch(localeChanged(thai));
      await persistor.flush();
    });
    // (A first write may remove the empty token: only the writes that set a value are looked at.)
    const tokenWrite = writes.find((write) => write.startsWith('token=a1b2c3'));
    const languageWrite = writes.find((write) => /^language=[^;]+/.test(write));
    for (const write of [tokenWrite, languageWrite]) {
      expect(write).toBeDefined();
      const expires = expiresOf(write!);
      // Cookie dates have a 1 s resolution.
      expect(expires).toBeGreaterThanOrEqual(before + 3 * DAY_MS - 1000);
      expect(expires).toBeLessThanOrEqual(Date.now() + 3 * DAY_MS + 1000);
      expect(write).toMatch(/;\s*samesite=strict/i);
      expect(write).toMatch(/;\s*path=\/(;|$)/i);
      expect(write).not.toMatch(/;\s*secure/i);
    }
  });

  it('keeps a chosen theme in the `theme` cookie for a year, and none while the app follows the phone', async () => {
    const { store, persistor } = await makeRehydratedStore();
    const before = Date.now();
    const writes = await cookieWrites(async () => {
      store.dispatch(themeChosen('dark'));
      await persistor.flush();
    });
    const write = writes.find((entry) => entry.startsWith('theme=dark'));
    expect(write).toBeDefined();
    expect(expiresOf(write!)).toBeGreaterThanOrEqual(before + 365 * DAY_MS - 1000);
    expect(write).toMatch(/;\s*samesite=strict/i);
    // A new store (a reload) starts in it.
    const again = await makeRehydratedStore();
    expect(again.store.getState().appearance.theme).toBe('dark');
    again.store.dispatch(themeChosen('system'));
    await again.persistor.flush();
    expect(Cookies.get('theme')).toBeUndefined();
    // A value the app never writes is no choice.
    Cookies.set('theme', '"><script>', { path: '/' });
    expect((await makeRehydratedStore()).store.getState().appearance.theme).toBe('system');
  });

  it('never writes user info or the API cache to a cookie', async () => {
    const { store, persistor } = await makeRehydratedStore();
    store.dispatch(loggedIn({ token: 'a1b2c3' }));
    store.dispatch(
      userInfoLoaded({ id: 1, username: 'demo', nickname: 'Demo Shopper', money: '1000.00', lang: null } as UserInfo),
    );
    await persistor.flush();
    expect(Object.keys(Cookies.get()).sort()).toEqual(['token']);
    expect(document.cookie).not.toContain('demo');
  });

  it('gives a new store the token and language saved in the cookies', async () => {
    Cookies.set('token', 'saved-token', { path: '/' });
    Cookies.set('language', JSON.stringify(thai), { path: '/' });
    const { store } = await makeRehydratedStore();
    expect(store.getState().session.token).toBe('saved-token');
    expect(store.getState().language.selected).toEqual(thai);
    expect(selectLocale(store.getState())).toBe('tai');
  });

  it('removes the token cookie on logout and keeps the language', async () => {
    const { store, persistor } = await makeRehydratedStore();
    store.dispatch(loggedIn({ token: 'a1b2c3' }));
    store.dispatch(localeChanged(thai));
    await persistor.flush();
    store.dispatch(loggedOut());
    await persistor.flush();
    expect(Cookies.get('token')).toBeUndefined();
    expect(JSON.parse(Cookies.get('language') ?? 'null')).toMatchObject({ file_name: 'tai' });
  });

  it.each([
    ['is not JSON', '{not json'],
    [
      'names a language the app does not have',
      JSON.stringify({ language_name: 'Klingon', chinese_name: '', file_name: 'tlh' }),
    ],
    ['is JSON but not an object', '42'],
  ])('ignores a language cookie that %s', async (_case, value) => {
    Cookies.set('token', 'saved-token', { path: '/' });
    Cookies.set('language', value, { path: '/' });
    const { store } = await makeRehydratedStore();
    expect(store.getState().language.selected).toBeNull();
    expect(selectLocale(store.getState())).toBe('en');
    expect(store.getState().session.token).toBe('saved-token');
  });
});

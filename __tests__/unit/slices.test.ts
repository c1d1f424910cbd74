import { findNonSerializableValue } from '@reduxjs/toolkit';
import type { UserInfo } from '../../src/api/types';
import { builtInLanguages, localeFromBrowserTag, resolveLocale } from '../../src/shared/i18n/locales';
import { localeChanged, selectLanguage, selectLocale } from '../../src/store/language.slice';
import {
  backDataCleared,
  backDataMerged,
  loggedIn,
  loggedOut,
  selectIsLoggedIn,
  sessionEndNoted,
  sessionExpired,
  userInfoLoaded,
} from '../../src/store/session.slice';
import { api } from '../../src/api';
import { setApiOrigin } from '../../src/shared/config/env';
import { clearCookies, closeToasts } from '../support/dom';
import { DEMO_USER_INFO, envelope, ok, startStandIn } from '../support/stand-in-server';
import { makeRehydratedStore } from '../support/store';

const thai = builtInLanguages.tai;

function userInfo(over: Partial<UserInfo> = {}): UserInfo {
  return { ...DEMO_USER_INFO, ...over } as UserInfo;
}

async function freshStore() {
  return (await makeRehydratedStore()).store;
}

beforeEach(() => {
  clearCookies();
  // No component is rendered here; a failure toast renders itself outside act(), as in the browser.
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});
afterEach(() => closeToasts());

describe('session slice', () => {
  it('starts logged out with nothing in it', async () => {
    const store = await freshStore();
    const { token, userInfo: info, backData, setting } = store.getState().session;
    expect({ token, userInfo: info, backData, setting }).toEqual({
      token: null,
      userInfo: null,
      backData: {},
      setting: { lang: null },
    });
    expect(selectIsLoggedIn(store.getState())).toBe(false);
  });

  it('holds the token after loggedIn, with no user info yet', async () => {
    const store = await freshStore();
    store.dispatch(userInfoLoaded(userInfo({ username: 'previous' })));
    store.dispatch(loggedIn({ token: 'abc' }));
    expect(store.getState().session.token).toBe('abc');
    expect(store.getState().session.userInfo).toBeNull();
    expect(selectIsLoggedIn(store.getState())).toBe(true);
  });

  it('keeps the user info and its language in setting.lang after userInfoLoaded', async () => {
    const store = await freshStore();
    store.dispatch(loggedIn({ token: 'abc' }));
    store.dispatch(userInfoLoaded(userInfo({ lang: thai })));
    expect(store.getState().session.userInfo).toMatchObject({ username: 'demo', money: '1000.00' });
    expect(store.getState().session.setting.lang).toBe('tai');
  });

  it('leaves setting.lang alone when the user info has no language', async () => {
    const store = await freshStore();
    store.dispatch(localeChanged(builtInLanguages.ri));
    store.dispatch(userInfoLoaded(userInfo({ lang: null })));
    expect(store.getState().session.setting.lang).toBe('ri');
  });

  it.each([
    ['loggedOut', loggedOut()],
    ['sessionExpired', sessionExpired()],
  ])('resets everything on %s', async (_name, action) => {
    const store = await freshStore();
    store.dispatch(loggedIn({ token: 'abc' }));
    store.dispatch(userInfoLoaded(userInfo({ lang: thai })));
    store.dispatch(backDataMerged({ addressId: 3 }));
    store.dispatch(action);
    const { token, userInfo: info, backData, setting } = store.getState().session;
    expect({ token, userInfo: info, backData, setting }).toEqual({
      token: null,
      userInfo: null,
      backData: {},
      setting: { lang: null },
    });
  });

  it.each([
    ['loggedOut', loggedOut(), 'logout'],
    ['sessionExpired', sessionExpired(), 'expired'],
  ])('records how the session has just ended on %s, until the guard notes it or a login', async (_name, action, by) => {
    const store = await freshStore();
    store.dispatch(loggedIn({ token: 'abc' }));
    expect(store.getState().session.justEnded).toBeNull();
    store.dispatch(action);
    expect(store.getState().session.justEnded).toBe(by);
    store.dispatch(sessionEndNoted());
    expect(store.getState().session.justEnded).toBeNull();

    store.dispatch(action);
    store.dispatch(loggedIn({ token: 'def' }));
    expect(store.getState().session).toMatchObject({ token: 'def', justEnded: null });
  });

  it('merges back data key by key', async () => {
    const store = await freshStore();
    store.dispatch(backDataMerged({ addressId: 3, coupon: 'A' }));
    store.dispatch(backDataMerged({ addressId: 4 }));
    expect(store.getState().session.backData).toEqual({ addressId: 4, coupon: 'A' });
  });

  it('clears the named back data keys, or all of them', async () => {
    const store = await freshStore();
    store.dispatch(backDataMerged({ addressId: 3, coupon: 'A', note: 'x' }));
    store.dispatch(backDataCleared(['coupon', 'note']));
    expect(store.getState().session.backData).toEqual({ addressId: 3 });
    store.dispatch(backDataCleared());
    expect(store.getState().session.backData).toEqual({});
  });
});

describe('language slice', () => {
  it('defaults to English', async () => {
    const store = await freshStore();
    expect(store.getState().language.selected).toBeNull();
    expect(selectLocale(store.getState())).toBe('en');
    expect(selectLanguage(store.getState())).toEqual(builtInLanguages.en);
  });

  it('switches the locale on localeChanged, keeping only the three language fields', async () => {
    const store = await freshStore();
    store.dispatch(localeChanged({ ...thai, id: 5, is_default: 0 } as typeof thai));
    expect(store.getState().language.selected).toEqual(thai);
    expect(selectLocale(store.getState())).toBe('tai');
    expect(store.getState().session.setting.lang).toBe('tai');
  });

  it('follows a different language found in the user info', async () => {
    const store = await freshStore();
    store.dispatch(userInfoLoaded(userInfo({ lang: builtInLanguages.han })));
    expect(selectLocale(store.getState())).toBe('han');
    expect(store.getState().language.selected).toEqual(builtInLanguages.han);
  });

  it('does not change when the user info carries the same language or none', async () => {
    const store = await freshStore();
    store.dispatch(localeChanged(thai));
    const before = store.getState().language;
    store.dispatch(userInfoLoaded(userInfo({ lang: { ...thai } })));
    expect(store.getState().language).toBe(before);
    store.dispatch(userInfoLoaded(userInfo({ lang: null })));
    expect(store.getState().language).toBe(before);
  });

  it('falls back to English for a saved language it does not know', async () => {
    const store = await freshStore();
    store.dispatch(localeChanged({ language_name: 'Klingon', chinese_name: '', file_name: 'tlh' }));
    expect(selectLocale(store.getState())).toBe('en');
  });
});

describe('resolveLocale', () => {
  it('takes the saved language first', () => {
    expect(resolveLocale('tai', ['ja-JP'])).toBe('tai');
  });

  it('takes English when nothing is saved, whatever the browser says', () => {
    expect(resolveLocale(null, ['ja-JP'])).toBe('en');
    expect(resolveLocale(undefined, [])).toBe('en');
  });

  it('ignores a saved value that is not a language of the app', () => {
    expect(resolveLocale('xx', ['ko-KR'])).toBe('en');
  });

  it("takes the browser's language when English is not available", () => {
    const withoutEnglish = ['zh-CN', 'ri', 'han', 'tai'];
    expect(resolveLocale(null, ['fr-FR', 'ko-KR'], withoutEnglish)).toBe('han');
    expect(resolveLocale(null, ['zh-Hant-TW'], withoutEnglish)).toBe('zh-CN');
  });

  it('falls back to English when neither saved, English nor the browser language is available', () => {
    expect(resolveLocale('ri', ['fr-FR'], ['tai'])).toBe('en');
    expect(resolveLocale(null, ['fr-FR'], ['tai'])).toBe('en');
  });

  it('maps browser tags to the app languages', () => {
    expect(localeFromBrowserTag('ja-JP')).toBe('ri');
    expect(localeFromBrowserTag('ko')).toBe('han');
    expect(localeFromBrowserTag('th-TH')).toBe('tai');
    expect(localeFromBrowserTag('zh-TW')).toBe('zh-CN');
    expect(localeFromBrowserTag('en-GB')).toBe('en');
    expect(localeFromBrowserTag('fr')).toBeUndefined();
  });
});

describe('serializability', () => {
  it('keeps state and actions serializable, with no warning from the store', async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const warnings = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const store = await freshStore();
      const actions = [
        loggedIn({ token: 'abc' }),
        userInfoLoaded(userInfo({ lang: thai })),
        localeChanged(builtInLanguages.ri),
        backDataMerged({ addressId: 3, picked: { id: 1, tags: ['home'] } }),
        backDataCleared(['addressId']),
        sessionExpired(),
        sessionEndNoted(),
        loggedOut(),
      ];
      for (const action of actions) {
        expect(findNonSerializableValue(action)).toBe(false);
        store.dispatch(action);
        expect(findNonSerializableValue(store.getState())).toBe(false);
      }
      expect(errors).not.toHaveBeenCalled();
      expect(warnings).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
      warnings.mockRestore();
    }
  });

  it('keeps API calls (success and failure) serializable in the store', async () => {
    const standIn = await startStandIn((request, response) =>
      request.url.startsWith('/ok') ? ok(response) : envelope(response, { code: 0, msg: 'No', data: null }),
    );
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      setApiOrigin(standIn.origin);
      const store = await freshStore();
      store.dispatch(loggedIn({ token: 'abc' }));
      await store.dispatch(api.endpoints.getPlatform.initiate());
      await store.dispatch(api.endpoints.logout.initiate({ lang: 'zh-cn' }));
      expect(standIn.requests).toHaveLength(2);
      expect(findNonSerializableValue(store.getState())).toBe(false);
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
      await standIn.close();
    }
  });

  it('has a serializable check that would catch a non-serializable action', async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const store = await freshStore();
      store.dispatch(backDataMerged({ when: new Map() }));
      expect(errors).toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
  });
});

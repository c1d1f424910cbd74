import { findNonSerializableValue } from '@reduxjs/toolkit';
import type { UserInfo } from '../../src/api/types';
import {
  discardDraft,
  formKept,
  KEPT_BACK_DATA,
  keptFormTaken,
  keptSecrets,
  readDraft,
  writeDraft,
} from '../../src/store/kept-forms.slice';
import { backDataMerged, loggedIn, loggedOut, sessionExpired, userInfoLoaded } from '../../src/store/session.slice';
import { clearCookies, closeToasts } from '../support/dom';
import { DEMO_USER_INFO } from '../support/stand-in-server';
import { makeRehydratedStore } from '../support/store';

const shopper = (username: string) => ({ ...DEMO_USER_INFO, username }) as UserInfo;

beforeEach(() => {
  clearCookies();
  sessionStorage.clear();
  keptSecrets.clear();
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});
afterEach(() => closeToasts());

describe('keptForms slice', () => {
  it('holds plain values in memory: serializable, and never written to the persisted cookies', async () => {
    const { store, persistor } = await makeRehydratedStore();
    store.dispatch(loggedIn({ token: 'abc' }));
    const action = formKept({ formId: 'withdraw', values: { amount: '100', bankCard: '6222' }, owner: 'demo' });
    expect(findNonSerializableValue(action)).toBe(false);
    store.dispatch(action);
    expect(findNonSerializableValue(store.getState())).toBe(false);
    expect(store.getState().keptForms.withdraw).toEqual({ values: { amount: '100', bankCard: '6222' }, owner: 'demo' });
    await persistor.flush();
    expect(document.cookie).toContain('token=abc');
    expect(document.cookie).not.toContain('6222');
    expect(sessionStorage.length + localStorage.length).toBe(0);

    store.dispatch(keptFormTaken('withdraw'));
    expect(store.getState().keptForms).toEqual({});
  });

  it('survives a 401 (the shopper logs in again) and is cleared, with every draft and secret, on logout', async () => {
    const { store } = await makeRehydratedStore();
    store.dispatch(loggedIn({ token: 'abc' }));
    store.dispatch(formKept({ formId: 'refund:1:1', values: { explain: 'Broken' }, owner: 'demo' }));
    keptSecrets.set('pay-code', { newpassword: '246802' });
    writeDraft('address:new', { values: { name: 'Ann' }, owner: 'demo' });
    sessionStorage.setItem('unrelated', 'stays');

    store.dispatch(sessionExpired());
    expect(store.getState().keptForms['refund:1:1']).toBeDefined();
    expect(readDraft('address:new')).toEqual({ values: { name: 'Ann' }, owner: 'demo' });

    store.dispatch(loggedOut());
    expect(store.getState().keptForms).toEqual({});
    expect(keptSecrets.size).toBe(0);
    expect(readDraft('address:new')).toBeUndefined();
    expect(sessionStorage.getItem('unrelated')).toBe('stays');
  });

  it("hands the session's backData (a checkout's selection) back to the same shopper only", async () => {
    const { store } = await makeRehydratedStore();
    store.dispatch(loggedIn({ token: 'abc' }));
    store.dispatch(userInfoLoaded(shopper('demo')));
    store.dispatch(backDataMerged({ cartIds: [3, 4] }));
    store.dispatch(sessionExpired());
    expect(store.getState().session.backData).toEqual({});
    expect(store.getState().keptForms[KEPT_BACK_DATA]?.values).toEqual({ cartIds: [3, 4] });

    store.dispatch(loggedIn({ token: 'def' }));
    store.dispatch(userInfoLoaded(shopper('demo')));
    expect(store.getState().session.backData).toEqual({ cartIds: [3, 4] });
    expect(store.getState().keptForms).toEqual({});

    store.dispatch(sessionExpired());
    store.dispatch(loggedIn({ token: 'ghi' }));
    store.dispatch(userInfoLoaded(shopper('someone_else')));
    expect(store.getState().session.backData).toEqual({});
    expect(store.getState().keptForms).toEqual({});
  });

  it('reads back only well-formed drafts', () => {
    sessionStorage.setItem('draft:broken', '{not json');
    sessionStorage.setItem('draft:shapeless', JSON.stringify({ owner: 'demo' }));
    expect(readDraft('broken')).toBeUndefined();
    expect(readDraft('shapeless')).toBeUndefined();
    writeDraft('fine', { values: { a: 1 }, owner: null });
    expect(readDraft('fine')).toEqual({ values: { a: 1 }, owner: null });
    discardDraft('fine');
    expect(readDraft('fine')).toBeUndefined();
  });
});

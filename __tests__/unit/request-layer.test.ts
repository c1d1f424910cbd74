import type { FetchArgs } from '@reduxjs/toolkit/query';
import { screen, waitFor } from '@testing-library/react';
import { api } from '../../src/api';
import { REQUEST_TIMEOUT_MS, DUPLICATE_WINDOW_MS } from '../../src/api/base-query';
import { emptyApi } from '../../src/api/empty-api';
import type { ApiError } from '../../src/api/types';
import { setApiOrigin } from '../../src/shared/config/env';
import { builtInLanguages } from '../../src/shared/i18n/locales';
import { localeChanged } from '../../src/store/language.slice';
import { backDataMerged, loggedIn, loggedOut } from '../../src/store/session.slice';
import { clearCookies, clearLiveRegions, closeToasts } from '../support/dom';
import { makeRehydratedStore } from '../support/store';
import { closedOrigin, envelope, ok, startStandIn, type StandInServer } from '../support/stand-in-server';

// Endpoints for raw URLs, injected into the app's real API (our module used for real, not a mock).
const testApi = emptyApi.injectEndpoints({
  endpoints: (build) => ({
    rawCall: build.mutation<unknown, FetchArgs>({ query: (args) => args }),
    rawNoTokenCall: build.mutation<unknown, FetchArgs>({ query: (args) => args, extraOptions: { noToken: true } }),
    rawAllowRepeatCall: build.mutation<unknown, FetchArgs>({
      query: (args) => args,
      extraOptions: { allowRepeat: true },
    }),
    rawVerifyingCall: build.mutation<unknown, FetchArgs>({
      query: (args) => args,
      extraOptions: { verifiesUnknown: true },
    }),
  }),
});

let standIn: StandInServer;

beforeAll(async () => {
  standIn = await startStandIn();
});
afterAll(() => standIn.close());

beforeEach(() => {
  standIn.requests.length = 0;
  standIn.answer((_request, response) => ok(response));
  setApiOrigin(standIn.origin);
  clearCookies();
  clearLiveRegions();
});
afterEach(async () => {
  jest.useRealTimers();
  await closeToasts();
});

// No component is rendered here; toasts render themselves outside act() like in the browser.
beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});

async function freshStore() {
  return (await makeRehydratedStore()).store;
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('the call was expected to be rejected');
}

async function expectAlert(text: string) {
  await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(text));
}

/** Only Date is faked: real timers keep fetch and the live region running. */
function fakeClockOnly() {
  jest.useFakeTimers({
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
  });
}

describe('request layer', () => {
  it('sends a generated operation to the absolute base URL plus its path', async () => {
    const store = await freshStore();
    await store.dispatch(api.endpoints.getPlatform.initiate());
    expect(standIn.requests).toHaveLength(1);
    expect(standIn.requests[0]).toMatchObject({ method: 'GET', url: '/api/index/index' });
    // jsdom's page is http://localhost/: reaching the stand-in proves the URL was absolute.
    expect(standIn.requests[0]!.headers.host).toBe(new URL(standIn.origin).host);
  });

  it('sends the token header when logged in and none when logged out', async () => {
    const store = await freshStore();
    await store.dispatch(api.endpoints.getUserInfo.initiate());
    expect(standIn.requests[0]!.headers.token).toBeUndefined();

    store.dispatch(loggedIn({ token: 'token-abc' }));
    await store.dispatch(api.endpoints.getUserInfo.initiate(undefined, { forceRefetch: true }));
    expect(standIn.requests[1]!.headers.token).toBe('token-abc');
  });

  it("sends no token when the isToken: 'false' header flag is set, and never sends the flag itself", async () => {
    const store = await freshStore();
    store.dispatch(loggedIn({ token: 'token-abc' }));
    await store.dispatch(testApi.endpoints.rawCall.initiate({ url: '/api/user/x', headers: { isToken: 'false' } }));
    const headers = standIn.requests[0]!.headers;
    expect(headers.token).toBeUndefined();
    expect(headers.istoken).toBeUndefined();
  });

  it('sends no token for an endpoint with extraOptions.noToken (login)', async () => {
    const store = await freshStore();
    store.dispatch(loggedIn({ token: 'stale-token' }));
    await store.dispatch(testApi.endpoints.rawNoTokenCall.initiate({ url: '/api/user/x', method: 'POST', body: {} }));
    await store.dispatch(api.endpoints.login.initiate({ loginRequest: { account: 'demo', password: 'demo123' } }));
    expect(standIn.requests.map((request) => request.headers.token)).toEqual([undefined, undefined]);
    expect(standIn.requests[1]!.url).toBe('/api/user/login');
  });

  it("lets the same POST through twice when the repeatSubmit: 'false' flag is set, and never sends the flag", async () => {
    const store = await freshStore();
    const call = {
      url: '/api/user/profile',
      method: 'POST',
      body: { nickname: 'A' },
      headers: { repeatSubmit: 'false' },
    };
    await store.dispatch(testApi.endpoints.rawCall.initiate(call)).unwrap();
    await store.dispatch(testApi.endpoints.rawCall.initiate(call)).unwrap();
    expect(standIn.requests).toHaveLength(2);
    expect(standIn.requests[0]!.headers.repeatsubmit).toBeUndefined();
  });

  it('lets the same POST through twice for an endpoint with extraOptions.allowRepeat', async () => {
    const store = await freshStore();
    const call = { url: '/api/user/profile', method: 'POST', body: { nickname: 'A' } };
    await store.dispatch(testApi.endpoints.rawAllowRepeatCall.initiate(call)).unwrap();
    await store.dispatch(testApi.endpoints.rawAllowRepeatCall.initiate(call)).unwrap();
    expect(standIn.requests).toHaveLength(2);
  });

  it("sends the interface language's file_name in the lang header (en by default)", async () => {
    const store = await freshStore();
    await store.dispatch(testApi.endpoints.rawCall.initiate({ url: '/a' }));
    store.dispatch(localeChanged(builtInLanguages.tai));
    await store.dispatch(testApi.endpoints.rawCall.initiate({ url: '/b' }));
    expect(standIn.requests.map((request) => request.headers.lang)).toEqual(['en', 'tai']);
  });

  it('puts GET parameters in the query string, nested objects as key[sub], empty values skipped', async () => {
    const store = await freshStore();
    await store.dispatch(
      testApi.endpoints.rawCall.initiate({
        url: '/api/user/order_list',
        params: { page: 2, keyword: 'a b', filter: { status: 1, from: '', to: null }, empty: '', none: undefined },
      }),
    );
    const url = standIn.requests[0]!.url;
    expect(decodeURIComponent(url)).toBe('/api/user/order_list?page=2&keyword=a b&filter[status]=1');
    expect(url).toContain('keyword=a%20b');
  });

  it('drops unset optional parameters of a generated operation', async () => {
    const store = await freshStore();
    await store.dispatch(api.endpoints.listOrders.initiate({ page: 1, limit: 10 }));
    expect(standIn.requests[0]!.url).toBe('/api/user/order_list?page=1&limit=10');
  });

  it('never sends a header whose value is undefined', async () => {
    const store = await freshStore();
    store.dispatch(loggedIn({ token: 'token-abc' }));
    // createExtract declares an optional Idempotency-Key header; the shopper's call leaves it unset.
    await store.dispatch(
      api.endpoints.createExtract.initiate({
        createExtractRequest: {
          amount: '10.00',
          address: 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb',
          blockchain_id: 1,
          pay_password: '123456',
        },
      } as never),
    );
    const headers = standIn.requests[0]!.headers;
    expect(headers).not.toHaveProperty('idempotency-key');
    expect(Object.values(headers)).not.toContain('undefined');
  });

  it('gives up after 10 s with "System request timed out"', async () => {
    expect(REQUEST_TIMEOUT_MS).toBe(10_000);
    standIn.answer(() => undefined); // holds the request, never answers
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask', 'hrtime', 'performance'] });
    const store = await freshStore();
    const call = store.dispatch(testApi.endpoints.rawCall.initiate({ url: '/slow' })).unwrap();
    const settled = jest.fn();
    call.then(settled, settled);
    await standIn.received(1);

    await jest.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(settled).not.toHaveBeenCalled();

    await jest.advanceTimersByTimeAsync(1);
    const error = await rejection(call);
    expect(error).toMatchObject({ kind: 'timeout', message: 'System request timed out' });
    await jest.advanceTimersByTimeAsync(100); // the live region writes in a separate task
    expect(screen.getByRole('alert')).toHaveTextContent('System request timed out');
  });

  describe('duplicate-submit guard', () => {
    const profile = { url: '/api/user/profile', method: 'POST', body: { nickname: 'Ann' } };

    it('refuses the same POST URL and body within 1000 ms with the duplicate message', async () => {
      expect(DUPLICATE_WINDOW_MS).toBe(1000);
      fakeClockOnly();
      const start = Date.now();
      const store = await freshStore();
      await store.dispatch(testApi.endpoints.rawCall.initiate(profile)).unwrap();
      jest.setSystemTime(start + 999);
      const error = await rejection(store.dispatch(testApi.endpoints.rawCall.initiate(profile)).unwrap());
      expect(error).toMatchObject({
        kind: 'duplicate',
        message: 'Your data is being processed, please do not submit again',
      });
      await expectAlert('Your data is being processed, please do not submit again');
      expect(standIn.requests).toHaveLength(1);
    });

    it('lets the same POST through with a different body', async () => {
      const store = await freshStore();
      await store.dispatch(testApi.endpoints.rawCall.initiate(profile)).unwrap();
      await store.dispatch(testApi.endpoints.rawCall.initiate({ ...profile, body: { nickname: 'Bob' } })).unwrap();
      expect(standIn.requests).toHaveLength(2);
    });

    it('lets the same POST through once 1000 ms have passed', async () => {
      fakeClockOnly();
      const start = Date.now();
      const store = await freshStore();
      await store.dispatch(testApi.endpoints.rawCall.initiate(profile)).unwrap();
      jest.setSystemTime(start + 1000);
      await store.dispatch(testApi.endpoints.rawCall.initiate(profile)).unwrap();
      expect(standIn.requests).toHaveLength(2);
    });

    it('guards PUT too', async () => {
      // The clock stands still: on a loaded machine the first answer can take longer than the window.
      fakeClockOnly();
      const store = await freshStore();
      const put = { ...profile, method: 'PUT' };
      await store.dispatch(testApi.endpoints.rawCall.initiate(put)).unwrap();
      const error = await rejection(store.dispatch(testApi.endpoints.rawCall.initiate(put)).unwrap());
      expect(error.kind).toBe('duplicate');
      expect(standIn.requests).toHaveLength(1);
    });

    it('never guards GET', async () => {
      const store = await freshStore();
      const get = { url: '/api/user/address', params: { id: 1 } };
      await store.dispatch(testApi.endpoints.rawCall.initiate(get)).unwrap();
      await store.dispatch(testApi.endpoints.rawCall.initiate(get)).unwrap();
      expect(standIn.requests).toHaveLength(2);
    });

    it('does not take two uploads of different files for duplicates, but refuses the same file twice', async () => {
      fakeClockOnly();
      const store = await freshStore();
      const upload = (file: File) => {
        const form = new FormData();
        form.append('file', file);
        return store
          .dispatch(testApi.endpoints.rawCall.initiate({ url: '/merchant/common/upload', method: 'POST', body: form }))
          .unwrap();
      };
      const lastModified = 1_700_000_000_000;
      const front = new File(['front-of-card'], 'front.png', { type: 'image/png', lastModified });
      const back = new File(['back-of-the-card'], 'back.png', { type: 'image/png', lastModified });
      await upload(front);
      await upload(back);
      expect(standIn.requests).toHaveLength(2);
      expect(standIn.requests[1]!.body).toContain('back-of-the-card');

      const again = await rejection(
        upload(new File(['back-of-the-card'], 'back.png', { type: 'image/png', lastModified })),
      );
      expect(again.kind).toBe('duplicate');
      expect(standIn.requests).toHaveLength(2);
    });
  });

  it('rejects a call whose code is not 1 with kind business and shows msg as a failure toast', async () => {
    standIn.answer((_request, response) => envelope(response, { code: 0, msg: 'Insufficient balance', data: null }));
    const store = await freshStore();
    const error = await rejection(
      store
        .dispatch(testApi.endpoints.rawCall.initiate({ url: '/api/user/extract', method: 'POST', body: {} }))
        .unwrap(),
    );
    expect(error).toMatchObject({ kind: 'business', code: 0, message: 'Insufficient balance' });
    await expectAlert('Insufficient balance');
  });

  describe('401 while logged in', () => {
    beforeEach(() => {
      standIn.answer((_request, response) =>
        envelope(response, { code: 401, msg: 'Please login first', data: null }, 401),
      );
    });

    it('shows msg and clears the session', async () => {
      const store = await freshStore();
      store.dispatch(loggedIn({ token: 'expired-token' }));
      await store.dispatch(api.endpoints.setLanguage.initiate({ langId: 5, lang: 'tai' }));
      expect(store.getState().session.token).toBeNull();
      await expectAlert('Please login first');
    });

    it('rejects the mutation that met the 401 with kind unauthorized and the server msg', async () => {
      const store = await freshStore();
      store.dispatch(loggedIn({ token: 'expired-token' }));
      const error = await rejection(
        store.dispatch(api.endpoints.setLanguage.initiate({ langId: 5, lang: 'tai' })).unwrap(),
      );
      expect(error).toMatchObject({ kind: 'unauthorized', status: 401, message: 'Please login first' });
    });

    // getUserInfo is what the guard's session check awaits: a 401 must reject it like any other failure.
    it('rejects the query that met the 401, for the caller that awaits it', async () => {
      const store = await freshStore();
      store.dispatch(loggedIn({ token: 'expired-token' }));
      const error = await rejection(store.dispatch(api.endpoints.getUserInfo.initiate()).unwrap());
      expect(error).toMatchObject({ kind: 'unauthorized', message: 'Please login first' });
    });
  });

  it('shows msg for a quiet call whose 401 ends the session: the shopper is told why they are sent to /login', async () => {
    standIn.answer((_request, response) =>
      envelope(response, { code: 401, msg: 'Please login first', data: null }, 401),
    );
    const store = await freshStore();
    store.dispatch(loggedIn({ token: 'expired-token' }));
    // The search suggestions are quiet (an extension a backend may lack: the screen copes without them).
    const error = await rejection(store.dispatch(api.endpoints.suggestSearch.initiate({ title: 'tea' })).unwrap());
    expect(error.kind).toBe('unauthorized');
    expect(store.getState().session.token).toBeNull();
    await expectAlert('Please login first');
  });

  it('shows msg on a 401 but leaves the session alone when the shopper was logged out', async () => {
    standIn.answer((_request, response) =>
      envelope(response, { code: 401, msg: 'Please login first', data: null }, 401),
    );
    const store = await freshStore();
    store.dispatch(backDataMerged({ addressId: 7 }));
    const before = store.getState().session;
    const error = await rejection(store.dispatch(api.endpoints.getUserInfo.initiate()).unwrap());
    expect(error.kind).toBe('unauthorized');
    expect(store.getState().session).toBe(before);
    expect(store.getState().session.backData).toEqual({ addressId: 7 });
    await expectAlert('Please login first');
  });

  it('reports "Backend connection abnormal" when nothing answers at the address', async () => {
    setApiOrigin(await closedOrigin());
    const store = await freshStore();
    const error = await rejection(store.dispatch(testApi.endpoints.rawCall.initiate({ url: '/api/user/x' })).unwrap());
    expect(error).toMatchObject({ kind: 'network', message: 'Backend connection abnormal' });
    await expectAlert('Backend connection abnormal');
  });

  describe('a call whose screen finds out what happened itself (extraOptions.verifiesUnknown)', () => {
    const said = () => screen.queryAllByRole('alert').map((element) => element.textContent ?? '');

    it('says nothing when nothing answers, and rejects with kind network for the screen to re-read', async () => {
      setApiOrigin(await closedOrigin());
      const store = await freshStore();
      const error = await rejection(
        store.dispatch(testApi.endpoints.rawVerifyingCall.initiate({ url: '/api/cart/add', method: 'POST' })).unwrap(),
      );
      expect(error).toMatchObject({ kind: 'network' });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(said().join()).not.toContain('Backend connection abnormal');
    });

    it("still shows the server's refusal", async () => {
      standIn.answer((_request, response) => envelope(response, { code: 0, msg: 'Not enough stock', data: null }));
      const store = await freshStore();
      await rejection(
        store.dispatch(testApi.endpoints.rawVerifyingCall.initiate({ url: '/api/cart/add', method: 'POST' })).unwrap(),
      );
      await expectAlert('Not enough stock');
    });
  });

  it('says nothing about a call cut because the session ended while it was under way', async () => {
    standIn.answer((_request, response) => {
      setTimeout(() => ok(response), 300);
    });
    const store = await freshStore();
    store.dispatch(loggedIn({ token: 'a-token' }));
    const call = store.dispatch(testApi.endpoints.rawCall.initiate({ url: '/api/cart/add', method: 'POST' })).unwrap();
    await new Promise((resolve) => setTimeout(resolve, 50));
    store.dispatch(loggedOut());
    await rejection(call);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(screen.queryAllByRole('alert').map((element) => element.textContent)).not.toContain(
      'Backend connection abnormal',
    );
  });

  it('reports "System interface 502 abnormal" for a 502 whose body is not an envelope', async () => {
    standIn.answer((_request, response) => {
      response.writeHead(502, { 'content-type': 'text/html' });
      response.end('<html><body><h1>502 Bad Gateway</h1></body></html>');
    });
    const store = await freshStore();
    const error = await rejection(store.dispatch(testApi.endpoints.rawCall.initiate({ url: '/api/user/x' })).unwrap());
    expect(error).toMatchObject({ kind: 'http', status: 502, message: 'System interface 502 abnormal' });
    await expectAlert('System interface 502 abnormal');
  });

  it('reports "System interface 500 abnormal" for a 500 with a JSON body that is not an envelope', async () => {
    standIn.answer((_request, response) => envelope(response, { error: 'boom' }, 500));
    const store = await freshStore();
    const error = await rejection(store.dispatch(testApi.endpoints.rawCall.initiate({ url: '/api/user/x' })).unwrap());
    expect(error).toMatchObject({ kind: 'http', status: 500, message: 'System interface 500 abnormal' });
  });

  it('refuses a 200 whose body is not an envelope instead of passing it on as data', async () => {
    standIn.answer((_request, response) => envelope(response, [1, 2, 3]));
    const store = await freshStore();
    const error = await rejection(store.dispatch(testApi.endpoints.rawCall.initiate({ url: '/api/user/x' })).unwrap());
    expect(error).toMatchObject({ kind: 'http', status: 200 });
  });

  it('resolves a successful call with the whole envelope', async () => {
    standIn.answer((_request, response) => envelope(response, { code: 1, msg: 'Success', data: { name: 'Orbit' } }));
    const store = await freshStore();
    const result = await store.dispatch(testApi.endpoints.rawCall.initiate({ url: '/api/index/index' })).unwrap();
    expect(result).toEqual({ code: 1, msg: 'Success', data: { name: 'Orbit' } });
  });
});

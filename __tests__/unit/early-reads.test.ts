import Cookies from 'js-cookie';
import { Contract } from '../../scripts/contract/spec';
import { api } from '../../src/api';
import { startEarlyReads } from '../../src/api/early-reads';
import { readFirstScreen } from '../../src/api/first-screen-reads';
import { setApiOrigin } from '../../src/shared/config/env';
import { SCREEN_READS, USER_INFO_READ } from '../../src/shared/config/first-screen';
import { clearCookies, clearLiveRegions, closeToasts } from '../support/dom';
import { makeRehydratedStore } from '../support/store';
import { DEMO_USER_INFO, envelope, startStandIn, type StandInServer } from '../support/stand-in-server';

// The document's first script starts a logged-in first screen's reads (src/boot.ts); the app's own
// requests for them, made later through the real request layer, must be answered by those reads:
// one request each on the server, the same answer, and never an answer meant for other headers.

const CART = { carts: [] };
const JAPANESE = { language_name: '日本語', chinese_name: '日语', file_name: 'ri' };

let standIn: StandInServer;
/** Answers held back until a test releases them (an early read still under way). */
let held: (() => void)[] = [];
let holding = false;

beforeAll(async () => {
  standIn = await startStandIn();
});
afterAll(() => standIn.close());

beforeEach(() => {
  clearCookies();
  standIn.requests.length = 0;
  held = [];
  holding = false;
  setApiOrigin(standIn.origin);
  standIn.answer((request, response) => {
    const data = request.url === '/api/user/getUserInfo' ? { ...DEMO_USER_INFO, lang: JAPANESE } : CART;
    const send = () => envelope(response, { code: 1, msg: 'Success', data });
    if (holding) held.push(send);
    else send();
  });
});
afterEach(async () => {
  // A store of an earlier test must not ask anything more (its subscriptions end with the test).
  for (const store of stores.splice(0)) store.dispatch(api.util.resetApiState());
  await new Promise((resolve) => setTimeout(resolve, 20));
  closeToasts();
  clearLiveRegions();
});

const stores: Awaited<ReturnType<typeof makeRehydratedStore>>['store'][] = [];
async function appStore() {
  const { store } = await makeRehydratedStore();
  stores.push(store);
  return store;
}

const seen = (path: string) => standIn.requests.filter((request) => request.url === path);

it("answers the app's first reads of the bag with the reads the document started: one request each", async () => {
  Cookies.set('token', 'tok-early', { path: '/' });
  Cookies.set('language', JSON.stringify(JAPANESE), { path: '/' });
  await startEarlyReads('/bag');
  await standIn.received(2);
  expect(seen('/api/user/getUserInfo')[0]?.headers).toMatchObject({ token: 'tok-early', lang: 'ri' });
  expect(seen('/api/cart/index')[0]?.headers).toMatchObject({ token: 'tok-early', lang: 'ri' });

  // The app's own first reads of /bag (src/main.tsx), made through its endpoints.
  const store = await appStore();
  const reads = readFirstScreen(store, '/bag');
  await reads.done;
  reads.release();

  expect(api.endpoints.getUserInfo.select()(store.getState()).data?.data?.username).toBe('demo');
  expect(api.endpoints.getCart.select()(store.getState()).data?.data).toEqual(CART);
  expect(seen('/api/user/getUserInfo')).toHaveLength(1);
  expect(seen('/api/cart/index')).toHaveLength(1);
});

it('waits for an early read that is still under way instead of asking again', async () => {
  Cookies.set('token', 'tok-slow', { path: '/' });
  holding = true;
  await startEarlyReads('/bag');
  await standIn.received(2);

  const store = await appStore();
  const cart = store.dispatch(api.endpoints.getCart.initiate(undefined));
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(seen('/api/cart/index')).toHaveLength(1);
  for (const send of held) send();

  expect((await cart).data?.data).toEqual(CART);
  expect(seen('/api/cart/index')).toHaveLength(1);
});

it('starts nothing without a session, and only the user info on a screen with no early reads', async () => {
  await startEarlyReads('/bag');
  Cookies.set('token', 'tok-home', { path: '/' });
  await startEarlyReads('/home');
  await standIn.received(1);
  await new Promise((resolve) => setTimeout(resolve, 50));

  expect(standIn.requests.map((request) => request.url)).toEqual(['/api/user/getUserInfo']);
});

it('never hands an answer to a request with other headers: a new session asks again', async () => {
  Cookies.set('token', 'tok-old', { path: '/' });
  await startEarlyReads('/bag');
  await standIn.received(2);

  // The shopper logged in again meanwhile: the store's token is no longer the one the read was for.
  Cookies.set('token', 'tok-new', { path: '/' });
  const store = await appStore();
  await store.dispatch(api.endpoints.getCart.initiate(undefined));

  const carts = seen('/api/cart/index');
  expect(carts.map((request) => request.headers.token)).toEqual(['tok-old', 'tok-new']);
});

it('never hands an answer in another language: user info that changes the language asks again', async () => {
  // No language cookie: the early reads go out in English, and the account's language is Japanese.
  Cookies.set('token', 'tok-lang', { path: '/' });
  await startEarlyReads('/bag');
  await standIn.received(2);

  const store = await appStore();
  await store.dispatch(api.endpoints.getUserInfo.initiate(undefined, { forceRefetch: true }));
  await store.dispatch(api.endpoints.getCart.initiate(undefined));

  expect(seen('/api/user/getUserInfo')).toHaveLength(1);
  expect(seen('/api/cart/index').map((request) => request.headers.lang)).toEqual(['en', 'ri']);
});

it('sends the request again when the early read failed', async () => {
  Cookies.set('token', 'tok-cut', { path: '/' });
  standIn.answer((request, response) => {
    // The first cart read is cut; everything after it is answered.
    if (request.url === '/api/cart/index' && seen('/api/cart/index').length === 1) {
      response.socket?.destroy();
      return;
    }
    const data = request.url === '/api/user/getUserInfo' ? DEMO_USER_INFO : CART;
    envelope(response, { code: 1, msg: 'Success', data });
  });
  await startEarlyReads('/bag');
  await standIn.received(2);

  const store = await appStore();
  const cart = await store.dispatch(api.endpoints.getCart.initiate(undefined));

  expect(cart.data?.data).toEqual(CART);
  expect(cart.error).toBeUndefined();
  expect(seen('/api/cart/index')).toHaveLength(2);
});

it("names each first-screen read by its endpoint and that endpoint's GET path in the contract", () => {
  // The document's early read asks for the URL, the app for the endpoint: a row whose halves
  // differed would send the read twice (src/shared/config/first-screen.ts).
  const contract = Contract.load();
  for (const read of [USER_INFO_READ, ...Object.values(SCREEN_READS)]) {
    const { method, path } = contract.operation(read.endpoint);
    expect({ endpoint: read.endpoint, method, path }).toEqual({
      endpoint: read.endpoint,
      method: 'GET',
      path: read.url,
    });
  }
});

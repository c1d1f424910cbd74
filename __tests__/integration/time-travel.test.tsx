// jsdom has no layout: the payment-code sheet's PasscodeInput scrolls its cells into view on focus.
Element.prototype.scrollIntoView ??= () => undefined;

// Redux DevTools time travel on a whole journey (CONVENTIONS.md: state is plain data, changed only by
// reducers). A shopper opens a product, logs in, adds it to the bag, checks out, pays and withdraws,
// in the real app against the real reference server, while a middleware on the real store (makeStore)
// records every action the reducers get and the state after it. Then the actions are replayed into a
// fresh root reducer, with no middleware, network or storage, as DevTools recomputes states: every
// state must come out the same, and every action and state must be serializable (what DevTools
// sends to its window and what a recorded journey can be exported as).
import type { Action, Middleware } from '@reduxjs/toolkit';
import { findNonSerializableValue, isPlain } from '@reduxjs/toolkit';
import { screen, waitFor, within } from '@testing-library/react';
import { isDeepStrictEqual } from 'node:util';
import { FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE, type Storage } from 'redux-persist';
import { setApiOrigin } from '../../src/shared/config/env';
import { makeRootReducer, type RootState } from '../../src/store/make-store';
import { addressesOf, ordersOf, productFacts, saveAddress } from '../support/checkout';
import { clearCookies, clearLiveRegions, closeToasts, findAnnouncement, waitUntilClickable } from '../support/dom';
import { renderApp } from '../support/render-app';
import { registerShopper, startServer, type ReferenceServer, SHOPPER_PASSWORD } from '../support/server';
import { balanceOf, fileRecharge } from '../support/wallet';

// A whole journey through seven screens on a shared machine.
jest.setTimeout(120_000);

let server: ReferenceServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.stop());
beforeEach(() => {
  setApiOrigin(server.baseUrl);
  clearCookies();
  clearLiveRegions();
});
afterEach(() => closeToasts());

interface Step {
  action: Action;
  state: RootState;
}

/** Records each action as the reducers get it (the last middleware) and the state it led to. */
function recorder(steps: Step[]): Middleware {
  return (api) => (next) => (action) => {
    const result = next(action);
    steps.push({ action: action as Action, state: api.getState() as RootState });
    return result;
  };
}

/**
 * redux-persist's own actions carry callbacks into the live persistor (PERSIST: register and
 * rehydrate; FLUSH and PURGE: result). They are its bookkeeping, not state: a replay must not call
 * them (DevTools, replaying an exported log, has them no more), so it gets inert ones. The state
 * they lead to does not depend on them: the stored state comes back as the recorded REHYDRATE.
 */
const PERSIST_CALLBACKS: Record<string, string[]> = {
  [PERSIST]: ['register', 'rehydrate'],
  [FLUSH]: ['result'],
  [PURGE]: ['result'],
};
function inert(action: Action): Action {
  const callbacks = PERSIST_CALLBACKS[action.type];
  if (!callbacks) return action;
  return { ...action, ...Object.fromEntries(callbacks.map((name) => [name, () => undefined])) };
}

/** A storage that keeps what it is given and reads nothing back: the replay writes no cookie. */
function scratchStorage(): Storage {
  const items = new Map<string, unknown>();
  return {
    getItem: () => Promise.resolve(undefined),
    setItem: (key: string, value: unknown) => Promise.resolve(void items.set(key, value)),
    removeItem: (key: string) => Promise.resolve(void items.delete(key)),
  };
}

/** Every non-serializable value in `value`, with its path (RTK's check stops at the first). */
function nonSerializable(value: unknown, ignoredPaths: (string | RegExp)[] = []): string[] {
  const found: string[] = [];
  const ignored = [...ignoredPaths];
  for (;;) {
    const hit = findNonSerializableValue(value, '', isPlain, undefined, ignored);
    if (!hit) return found;
    found.push(hit.keyPath);
    ignored.push(hit.keyPath);
  }
}

async function enterCode(app: Awaited<ReturnType<typeof renderApp>>, code: string) {
  const dialog = await screen.findByRole('dialog', { name: 'Enter your payment code' });
  await waitUntilClickable(within(dialog).getByRole('button', { name: /^Payment code, \d of 6 digits entered$/ }));
  for (const digit of code) await app.user.click(screen.getByRole('button', { name: digit }));
}

describe('Redux DevTools time travel', () => {
  it('replays a whole journey (log in, browse, add to bag, check out, pay, withdraw) into a fresh reducer: the same state after every action, all of it serializable', async () => {
    // A shopper with 200.00, a payment code and an address, made through the API.
    const username = `tt_${Date.now() % 100000}`;
    const token = await registerShopper(server, username);
    await saveAddress(server, token, { name: 'Home Base', detail: '1 Main Street', is_default: 1 });
    await fileRecharge(server, token, '200.00');
    const recharges = await server.call<{ data: { list: { id: number }[] } }>('/api/user/recharge_log', { token });
    await server.ops('recharge:pass', String(recharges.body.data.list[0]!.id));
    const set = await server.call<{ code: number }>('/api/user/resetPay', {
      token,
      json: { oldpassword: '', newpassword: '123456', is_verify: 0, password: SHOPPER_PASSWORD },
    });
    expect(set.body.code).toBe(1);
    expect(await addressesOf(server, token)).toHaveLength(1);
    const tea = await productFacts(server, 18); // 12.50 + 5.00 freight

    const steps: Step[] = [];
    // Browse: a visitor looks at the home page, then follows a link to the tea and taps Add to bag,
    // which asks to log in first.
    const app = await renderApp('/home', { middleware: [recorder(steps)] });
    await screen.findByRole('heading', { name: 'Popular shops' });
    await app.visit(`/detail/${tea.productId}/${tea.merId}`);
    await screen.findByRole('heading', { level: 2, name: tea.title });
    await app.user.click(screen.getByRole('button', { name: 'Add to bag' }));
    await findAnnouncement('Please login first');
    await waitFor(() => expect(app.pathname()).toBe('/login'));

    // Log in: back on the product.
    await app.user.type(await screen.findByLabelText('Account'), username);
    await app.user.type(screen.getByLabelText('Password'), SHOPPER_PASSWORD);
    await app.user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(app.pathname()).toBe(`/detail/${tea.productId}/${tea.merId}`));
    await closeToasts();

    // Add to bag, then the bag (the product page has no tab bar: the bag's link).
    await app.user.click(await screen.findByRole('button', { name: 'Add to bag' }));
    await findAnnouncement('Added to your bag');
    await closeToasts();
    await app.visit('/bag');
    await app.user.click(await screen.findByRole('checkbox', { name: `Select ${tea.title}` }));

    // Check out and pay.
    await app.user.click(screen.getByRole('button', { name: 'Checkout (1)' }));
    await waitFor(() => expect(app.pathname()).toBe('/checkout'));
    await app.user.click(await screen.findByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(app.pathname()).toBe('/payment'));
    await app.user.click(await screen.findByRole('button', { name: 'Pay $17.50' }));
    await enterCode(app, '123456');
    await findAnnouncement('Pay Success');
    const [paid] = await ordersOf(server, token, '1');
    await waitFor(() => expect(app.pathname()).toBe(`/orderInfo/${paid!.order_id}`));
    await closeToasts();

    // Withdraw from the Me tab.
    await app.visit('/filter'); // the Me tab's path (SPEC.md section 2)
    // The balance card's Withdraw (the menu below has one too).
    await app.user.click((await screen.findAllByRole('link', { name: 'Withdraw' }))[0]!);
    await screen.findByText('Available balance');
    await app.user.type(screen.getByLabelText('Amount (USD)'), '100');
    await app.user.type(screen.getByLabelText('Bank card number'), '6222 0202 0011 2233 445');
    await app.user.type(screen.getByLabelText('Bank name'), 'Example Bank');
    await app.user.type(screen.getByLabelText('Real name'), 'Time Traveller');
    await app.user.click(screen.getByRole('button', { name: 'Withdraw' }));
    await enterCode(app, '123456');
    await findAnnouncement('Draw Success');
    await waitFor(() => expect(app.pathname()).toBe('/depositRecord'));
    await screen.findByRole('article');
    expect(await balanceOf(server, token)).toBe('82.50'); // 200.00 - 17.50 - 100.00
    // Let the last answers and timers land, then stop: the journey is what was recorded so far.
    await waitFor(() =>
      expect(Object.values(app.store.getState().api.queries).every((q) => q?.status !== 'pending')).toBe(true),
    );
    const journey = steps.slice();
    app.unmount();

    const types = journey.map((step) => step.action.type);
    const endpoints = new Set(
      journey.map((step) => (step.action as { meta?: { arg?: { endpointName?: string } } }).meta?.arg?.endpointName),
    );
    // The journey went through every part: persistence, login, the catalogue, the bag, the order,
    // the payment and the withdrawal.
    expect(types).toEqual(expect.arrayContaining([PERSIST, REHYDRATE, 'session/loggedIn']));
    expect([...endpoints]).toEqual(
      expect.arrayContaining(['login', 'getProductDetail', 'addToCart', 'getCart', 'submitOrder', 'createExtract']),
    );
    expect([...endpoints].filter((name) => /^pay/.test(name ?? ''))).not.toEqual([]);

    // Replay: a fresh root reducer folded over the recorded actions, no store, no middleware.
    const reducer = makeRootReducer(scratchStorage());
    let state: RootState | undefined;
    const differing: { index: number; type: string }[] = [];
    for (const [index, step] of journey.entries()) {
      state = reducer(state, inert(step.action));
      if (!isDeepStrictEqual(state, step.state)) differing.push({ index, type: step.action.type });
    }
    // Every state along the way, not only the last, is what the live store had.
    expect(differing).toEqual([]);
    expect(state).toEqual(journey[journey.length - 1]!.state);

    // Serializable: every state, and every action but for redux-persist's callbacks (above), which
    // RTK's own check is told to skip in makeStore (ignoredActions).
    const badStates = journey.flatMap((step, index) => nonSerializable(step.state).map((at) => `${index}: ${at}`));
    expect(badStates).toEqual([]);
    const badActions = journey.flatMap((step, index) =>
      nonSerializable(step.action, PERSIST_CALLBACKS[step.action.type] ?? []).map(
        (at) => `${index} ${step.action.type}: ${at}`,
      ),
    );
    expect(badActions).toEqual([]);
    // And those really are the only exceptions: found without the list, they are all there is.
    const exceptions = [
      ...new Set(journey.flatMap((step) => nonSerializable(step.action).map((at) => `${step.action.type} ${at}`))),
    ].sort();
    expect(exceptions).toEqual([`${FLUSH} result`, `${PERSIST} register`, `${PERSIST} rehydrate`]);
    console.log(
      `time travel: ${journey.length} actions recorded and replayed, ${differing.length} states differing; ` +
        `not serializable: ${badStates.length} states, ${badActions.length} actions ` +
        `(besides redux-persist's callbacks: ${exceptions.join(', ')})`,
    );
    // None of redux-persist's other actions reached the store (REGISTER goes to the persistor's own).
    expect(types.filter((type) => ([PAUSE, PURGE, REGISTER] as string[]).includes(type))).toEqual([]);
  });
});

import type { Location, NavigationType } from 'react-router-dom';
import { MAX_KEPT_SCREENS, nextKeepAliveState, type KeepAliveState } from '../../src/app/keep-alive';

const tabs = ['/home', '/explore', '/bag', '/filter'];
let keys = 0;

function at(pathname: string, key = `k${++keys}`): Location {
  return { pathname, search: '', hash: '', state: null, key };
}

/** Applies one navigation the way the outlet does (detail is the only route with keepAlive false). */
function go(
  state: KeepAliveState,
  location: Location,
  type: `${NavigationType}`,
  previousKey?: string,
): KeepAliveState {
  return nextKeepAliveState(state, location, type, {
    isTab: tabs.includes(location.pathname),
    keepAlive: !location.pathname.startsWith('/detail'),
    previousKey,
  });
}

const kept = (state: KeepAliveState) => [
  ...state.tabs.map((e) => e.id),
  ...state.stack.map((e) => e.location.pathname),
];
const empty: KeepAliveState = { tabs: [], stack: [] };

describe('nextKeepAliveState', () => {
  it('keeps every tab once visited, once each', () => {
    let state = go(empty, at('/home'), 'PUSH');
    state = go(state, at('/filter'), 'PUSH');
    state = go(state, at('/home'), 'PUSH');
    expect(state.tabs.map((e) => e.id)).toEqual(['/home', '/filter']);
  });

  it('keeps the latest location of a tab', () => {
    let state = go(empty, at('/home', 'first'), 'PUSH');
    state = go(state, at('/home', 'second'), 'PUSH');
    expect(state.tabs).toHaveLength(1);
    expect(state.tabs[0]!.location.key).toBe('second');
  });

  it('keeps screens pushed on top of each other', () => {
    let state = go(empty, at('/filter'), 'PUSH');
    state = go(state, at('/order'), 'PUSH');
    state = go(state, at('/orderInfo/7'), 'PUSH');
    expect(kept(state)).toEqual(['/filter', '/order', '/orderInfo/7']);
  });

  it('drops the screens above the one Back returns to, and keeps that one', () => {
    let state = go(empty, at('/filter'), 'PUSH');
    const order = at('/order');
    state = go(state, order, 'PUSH');
    state = go(state, at('/orderInfo/7'), 'PUSH');
    state = go(state, order, 'POP');
    expect(kept(state)).toEqual(['/filter', '/order']);
    expect(state.stack[0]!.location).toBe(order);
  });

  it('keeps a screen reached by a POP it had not seen (a reload, then Back)', () => {
    const state = go(empty, at('/order'), 'POP');
    expect(kept(state)).toEqual(['/order']);
  });

  it('replaces the top screen on REPLACE', () => {
    let state = go(empty, at('/filter'), 'PUSH');
    state = go(state, at('/address'), 'PUSH');
    state = go(state, at('/addressForm/3'), 'PUSH');
    state = go(state, at('/address'), 'REPLACE');
    expect(kept(state)).toEqual(['/filter', '/address', '/address']);
    expect(state.stack).toHaveLength(2);
  });

  it('keeps the same screen instance when a screen replaces its own location (a new search)', () => {
    let state = go(empty, at('/home'), 'PUSH');
    const search = at('/search', 'search-1');
    state = go(state, search, 'PUSH');
    const id = state.stack[0]!.id;
    const refined = { ...at('/search', 'search-2'), search: '?title=lamp' };
    state = go(state, refined, 'REPLACE', 'search-1');
    expect(state.stack).toHaveLength(1);
    expect(state.stack[0]!.id).toBe(id);
    expect(state.stack[0]!.location).toBe(refined);
    // Back to it later finds it by its new history key.
    state = go(state, at('/shop/2'), 'PUSH');
    state = go(state, refined, 'POP');
    expect(kept(state)).toEqual(['/home', '/search']);
    expect(state.stack[0]!.id).toBe(id);
  });

  it('keeps the screen below an unkept one when the unkept one is replaced', () => {
    let state = go(empty, at('/home'), 'PUSH');
    state = go(state, at('/search', 'search'), 'PUSH');
    state = go(state, at('/detail/5/2', 'detail'), 'PUSH');
    state = go(state, at('/login', 'login'), 'REPLACE', 'detail');
    expect(kept(state)).toEqual(['/home', '/search', '/login']);
  });

  it('never keeps product detail, whether pushed or replacing', () => {
    let state = go(empty, at('/home'), 'PUSH');
    state = go(state, at('/shop/2'), 'PUSH');
    state = go(state, at('/detail/5/2'), 'PUSH');
    expect(kept(state)).toEqual(['/home', '/shop/2']);
    state = go(state, at('/search'), 'PUSH');
    state = go(state, at('/detail/6/2'), 'REPLACE');
    expect(kept(state)).toEqual(['/home', '/shop/2']);
  });

  it('leaves the back stack behind when a tab is opened', () => {
    let state = go(empty, at('/home'), 'PUSH');
    state = go(state, at('/order'), 'PUSH');
    expect(go(state, at('/bag'), 'PUSH').stack).toEqual([]);
  });

  it(`caps the kept screens at ${MAX_KEPT_SCREENS}, dropping the oldest, and keeps the tabs whatever happens`, () => {
    expect(MAX_KEPT_SCREENS).toBe(8);
    let state = go(empty, at('/home'), 'PUSH');
    state = go(state, at('/filter'), 'PUSH');
    for (let i = 1; i <= 12; i += 1) state = go(state, at(`/orderInfo/${i}`), 'PUSH');
    expect(state.stack.map((e) => e.location.pathname)).toEqual(
      Array.from({ length: 8 }, (_, i) => `/orderInfo/${i + 5}`),
    );
    expect(state.tabs.map((e) => e.id)).toEqual(['/home', '/filter']);
  });

  // DESIGN.md section 4: screens are kept *while they are in the back stack*.
  it('drops a screen that left the history: Back to a tab, then a new screen', () => {
    let state = go(empty, at('/filter'), 'PUSH');
    const filter = state.tabs[0]!.location;
    state = go(state, at('/order'), 'PUSH');
    state = go(state, filter, 'POP'); // /order is now only forward history
    state = go(state, at('/language'), 'PUSH'); // the push discards that forward history
    expect(kept(state)).toEqual(['/filter', '/language']);
  });
});

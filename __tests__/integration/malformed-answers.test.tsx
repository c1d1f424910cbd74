import { screen, waitFor, within } from '@testing-library/react';
import { backDataMerged } from '../../src/store/session.slice';
import { setApiOrigin } from '../../src/shared/config/env';
import { clearCookies, clearLiveRegions, closeToasts } from '../support/dom';
import {
  FAMILY_ROUTES,
  FAMILY_TOKEN,
  familyFixtures,
  startFamilyBackend,
  type FamilyBackend,
  type FamilyOperation,
} from '../support/family-backend';
import { renderApp } from '../support/render-app';

// Every screen's reads answered with a malformed body by a family-shaped stand-in (a backend that
// breaks the contract, openapi/openapi.yaml): the screen shows its error state or a sane page, never a
// blank screen or an uncaught error. In development and tests the answers are checked against the
// contract (src/api/answer-check.ts); the production bundle has no such check, so each case also runs
// with NODE_ENV=production, read at run time by the request layer as webpack would have it.

type Json = Record<string, unknown>;
const isJson = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every value below `data` rewritten by `leaf` (given its field's name); arrays and records kept. */
function mapLeaves(value: unknown, leaf: (value: unknown, key: string) => unknown, key = ''): unknown {
  if (Array.isArray(value)) return value.map((item) => mapLeaves(item, leaf, key));
  if (isJson(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapLeaves(v, leaf, k)]));
  return leaf(value, key);
}

/**
 * The fields of free text (names, titles, descriptions, messages), where the contract allows any
 * text: amounts, dates, rates, URLs and enums have their patterns.
 */
const FREE_TEXT =
  /^(title|name|mer_name|nickname|username|content|comment|mark|admin_msg|user_address|real_name|detail|spec|tag|network)$/;
const inFreeText = (rewrite: (text: string) => string) => (leaf: unknown, key: string) =>
  typeof leaf === 'string' && FREE_TEXT.test(key) ? rewrite(leaf) : leaf;

const LONG_TEXT = 'W'.repeat(100_000);
const HTML = '<img src="x" onerror="window.__injected = true"><script>window.__injected = true</script><b>bold</b>';

/** The malformed answers: what a broken backend sends instead of the success envelope `valid`. */
const KINDS = {
  'null data': () => ({ code: 1, msg: 'Success', data: null }),
  /** Every list of the data left out, at any depth (a list as data: a record instead). */
  'missing list': (valid: Json) => {
    const drop = (value: unknown): unknown =>
      isJson(value)
        ? Object.fromEntries(Object.entries(value).flatMap(([k, v]) => (Array.isArray(v) ? [] : [[k, drop(v)]])))
        : value;
    return { ...valid, data: Array.isArray(valid.data) ? {} : drop(valid.data) };
  },
  /** Text where a number is due and records where text is due. */
  'wrong types': (valid: Json) => ({
    ...valid,
    data: mapLeaves(valid.data, (leaf) =>
      typeof leaf === 'string'
        ? { text: leaf }
        : typeof leaf === 'number'
          ? `#${leaf}`
          : typeof leaf === 'boolean'
            ? 'yes'
            : leaf,
    ),
  }),
  /** Every list of the data (at its first level of lists) 10,000 items long. */
  '10,000 items': (valid: Json) => {
    const grow = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.length > 0
          ? Array.from({ length: 10_000 }, () => value[0])
          : value
        : isJson(value)
          ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, grow(v)]))
          : value;
    return { ...valid, data: grow(valid.data) };
  },
  /** Every free text 100 KB long, without a space. */
  '100 KB strings': (valid: Json) => ({
    ...valid,
    data: mapLeaves(
      valid.data,
      inFreeText(() => LONG_TEXT),
    ),
  }),
  /** Markup (an image with a script, a script) before every free text. */
  'HTML in strings': (valid: Json) => ({
    ...valid,
    data: mapLeaves(
      valid.data,
      inFreeText((text) => `${HTML}${text}`),
    ),
  }),
} satisfies Record<string, (valid: Json) => Json>;
type Kind = keyof typeof KINDS;
/** The kinds that break the contract (the others are valid answers, only extreme). */
const CONTRACT_BREAKING: readonly Kind[] = ['null data', 'missing list', 'wrong types'];

interface ScreenCase {
  path: string;
  /**
   * Where an answer the SPA cannot read leads, when not to the screen's error state: user info that
   * cannot be loaded ends the session (SPEC.md section 2), so the shopper logs in again.
   */
  unreadableGoesTo?: string;
  /** The reads that answer malformed. */
  reads: FamilyOperation[];
  loggedIn?: boolean;
  backData?: Record<string, unknown>;
}

/** Each screen and the reads it shows. */
const SCREENS: Record<string, ScreenCase> = {
  home: { path: '/home', reads: ['listBanners', 'listCategories', 'listHotProducts', 'listHotShops'] },
  search: { path: '/search?title=shoes', reads: ['searchProducts'] },
  shop: { path: '/shop/2', reads: ['getShopDetail'] },
  'product detail': { path: '/detail/11/2', reads: ['getProductDetail'] },
  bag: { path: '/bag', reads: ['getCart'], loggedIn: true },
  'checkout preview': {
    path: '/checkout',
    reads: ['previewOrder'],
    loggedIn: true,
    backData: { cartIds: [31, 32] },
  },
  orders: { path: '/order', reads: ['listOrders'], loggedIn: true },
  'order detail': { path: '/orderInfo/51', reads: ['getOrderDetail'], loggedIn: true },
  bill: { path: '/capitalRecord', reads: ['listBills'], loggedIn: true },
  'top-up records': { path: '/topUpRecord', reads: ['listRecharges'], loggedIn: true },
  'withdrawal records': { path: '/depositRecord', reads: ['listExtracts'], loggedIn: true },
  addresses: { path: '/address', reads: ['listAddresses'], loggedIn: true },
  me: { path: '/filter', reads: ['getUserInfo'], loggedIn: true, unreadableGoesTo: '/login' },
};

// Rendering 200 rows of four lists (the most a list shows) takes seconds in jsdom on a busy machine:
// generous limits, as a screen that never settles still fails.
const SETTLE_MS = 30_000;
jest.setTimeout(60_000);

let backend: FamilyBackend;
beforeAll(async () => {
  backend = await startFamilyBackend();
});
afterAll(() => backend.close());

const uncaught: unknown[] = [];
const onError = (event: ErrorEvent) => uncaught.push(event.error ?? event.message);
const onRejection = (event: PromiseRejectionEvent) => uncaught.push(event.reason);
let consoleError: jest.SpyInstance;
beforeEach(() => {
  setApiOrigin(backend.origin);
  clearCookies();
  clearLiveRegions();
  uncaught.length = 0;
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  // The contract check and React's report of a caught render error write here; the cases read it.
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  delete (window as { __injected?: boolean }).__injected;
});
afterEach(async () => {
  window.removeEventListener('error', onError);
  window.removeEventListener('unhandledrejection', onRejection);
  consoleError.mockRestore();
  for (const operation of Object.keys(FAMILY_ROUTES) as FamilyOperation[]) backend.override(operation, undefined);
  await closeToasts();
});

/** The stand-in's answers, for the table (its image URLs do not matter here). */
const backendFixtures = () => familyFixtures('http://stand-in.invalid');

const SCREEN_ERROR = 'Could not load this';
const BOUNDARY_ERROR = 'Something went wrong';

type Outcome = 'screen error state' | 'error boundary' | 'page';

/**
 * Opens the screen with its reads answering `kind`, waits until they were asked and the screen
 * settled, and says what the shopper sees. Fails on a blank screen, an uncaught error or injected HTML.
 */
async function open(name: string, kind: Kind): Promise<{ outcome: Outcome; pathname: string | undefined }> {
  const target = SCREENS[name]!;
  for (const operation of target.reads) {
    backend.override(operation, KINDS[kind](backend.fixtures[operation] as unknown as Json));
  }
  const before = backend.requests.length;
  const app = await renderApp(target.path, target.loggedIn ? { token: FAMILY_TOKEN } : {});
  if (target.backData) app.store.dispatch(backDataMerged(target.backData));
  const asked = (operation: FamilyOperation) =>
    backend.requests.slice(before).some((seen) => seen.url.split('?')[0] === FAMILY_ROUTES[operation].path);
  await waitFor(() => expect(target.reads.filter(asked)).toEqual(target.reads), { timeout: SETTLE_MS });
  // Settled: a page on screen and nothing loading any more (a loading state, the route's code, a
  // pending call). Never blank: the page has something to read.
  await waitFor(
    () => {
      expect(document.querySelector('.app-shell .page:not([hidden])')?.textContent?.trim()).toBeTruthy();
      expect(document.querySelector('.state--loading, .page--loading, .adm-skeleton')).toBeNull();
      const { queries, mutations } = (app.store.getState() as { api: { queries: Json; mutations: Json } }).api;
      const pending = [...Object.values(queries), ...Object.values(mutations)].filter(
        (call) => isJson(call) && call.status === 'pending',
      );
      expect(pending).toEqual([]);
    },
    { timeout: SETTLE_MS },
  );

  expect(uncaught).toEqual([]);
  expect((window as { __injected?: boolean }).__injected).toBeUndefined();
  expect(document.querySelector('[onerror], .app-shell script')).toBeNull();

  if (screen.queryAllByText(BOUNDARY_ERROR).length > 0) {
    expect(screen.getAllByRole('button', { name: 'Try again' }).length).toBeGreaterThan(0);
    return { outcome: 'error boundary', pathname: app.pathname() };
  }
  if (screen.queryAllByText(SCREEN_ERROR).length > 0) {
    expect(screen.getAllByRole('button', { name: 'Try again' }).length).toBeGreaterThan(0);
    return { outcome: 'screen error state', pathname: app.pathname() };
  }
  return { outcome: 'page', pathname: app.pathname() };
}

/** Each screen with each kind that changes what its reads answer (a record without lists has none to drop). */
const cases = Object.entries(SCREENS).flatMap(([name, target]) =>
  (Object.keys(KINDS) as Kind[])
    .filter((kind) =>
      target.reads.some((operation) => {
        const valid = backendFixtures()[operation] as unknown as Json;
        return JSON.stringify(KINDS[kind](valid)) !== JSON.stringify(valid);
      }),
    )
    .map((kind) => [name, kind] as const),
);

describe('malformed answers in development and tests (answers checked against the contract)', () => {
  it.each(cases)('%s, %s: the error state or a sane page', async (name, kind) => {
    const { outcome, pathname } = await open(name, kind);
    const goesTo = SCREENS[name]!.unreadableGoesTo;
    if (!CONTRACT_BREAKING.includes(kind)) {
      expect(outcome).toBe('page');
    } else if (goesTo) {
      expect(pathname).toBe(goesTo);
    } else {
      // The contract check turns the answer into the screen's own error state.
      expect(outcome).toBe('screen error state');
    }
    if (CONTRACT_BREAKING.includes(kind)) {
      expect(consoleError.mock.calls.flat().join('\n')).toMatch(/The answer of \w+ does not match the contract/);
    }
  });
});

describe('malformed answers in production (no contract check)', () => {
  const environment = process.env.NODE_ENV;
  beforeEach(() => {
    process.env.NODE_ENV = 'production';
  });
  afterEach(() => {
    process.env.NODE_ENV = environment;
  });

  const breaking = cases.filter(([, kind]) => CONTRACT_BREAKING.includes(kind));
  it.each(breaking)('%s, %s: the error state or a sane page', async (name, kind) => {
    const { outcome, pathname } = await open(name, kind);
    expect(consoleError.mock.calls.flat().join('\n')).not.toMatch(/does not match the contract/);
    // Data that did not come at all is the screen's error state (or, for user info, a new login).
    if (kind === 'null data') {
      const goesTo = SCREENS[name]!.unreadableGoesTo;
      if (goesTo) expect(pathname).toBe(goesTo);
      else expect(outcome).toBe('screen error state');
    }
  });
});

describe('the route error boundary', () => {
  const environment = process.env.NODE_ENV;
  afterEach(() => {
    process.env.NODE_ENV = environment;
  });

  it("shows 'Something went wrong' under the screen's title; Try again asks the server again", async () => {
    // Production (no contract check): an address whose name is a record reaches the address book,
    // which draws the contract's shape and cannot draw that.
    process.env.NODE_ENV = 'production';
    const valid = backendFixtures().listAddresses;
    const [address] = valid.data.list as Json[];
    backend.override('listAddresses', { ...valid, data: { list: [{ ...address, name: { text: 'Ann Lee' } }] } });
    const app = await renderApp('/address', { token: FAMILY_TOKEN });

    const alert = await screen.findByRole('alert', {}, { timeout: SETTLE_MS });
    expect(alert).toHaveTextContent(BOUNDARY_ERROR);
    expect(screen.getByRole('heading', { level: 1, name: 'Shipping addresses' })).toBeInTheDocument();
    expect(uncaught).toEqual([]);

    // The backend is mended: Try again reads the addresses anew and draws them.
    backend.override('listAddresses', undefined);
    const asked = backend.received('/api/user/address_list').length;
    await app.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Ann Lee')).toBeInTheDocument();
    expect(screen.queryByText(BOUNDARY_ERROR)).toBeNull();
    expect(backend.received('/api/user/address_list').length).toBeGreaterThan(asked);
  });

  it('leaves the tab bar and the Back button working', async () => {
    process.env.NODE_ENV = 'production';
    const valid = backendFixtures().listAddresses;
    const [address] = valid.data.list as Json[];
    backend.override('listAddresses', { ...valid, data: { list: [{ ...address, detail: { street: 1 } }] } });
    const app = await renderApp('/address', { token: FAMILY_TOKEN });
    await screen.findByText(BOUNDARY_ERROR, {}, { timeout: SETTLE_MS });

    await app.user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(app.pathname()).toBe('/home'));
    const tabs = await screen.findByRole('navigation', { name: 'Main sections' });
    await app.user.click(within(tabs).getByRole('link', { name: 'Me' }));
    await waitFor(() => expect(app.pathname()).toBe('/filter'));
    // The Me tab draws the shopper's name as its heading.
    expect(await screen.findByText(/^@/, {}, { timeout: SETTLE_MS })).toBeVisible();
  });
});

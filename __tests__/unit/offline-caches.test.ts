import { api } from '../../src/api';
import { setApiOrigin } from '../../src/shared/config/env';
import { clearSessionCaches, RUNTIME_CACHE_PREFIX } from '../../src/shared/lib/offline-caches';
import { loggedIn, loggedOut } from '../../src/store/session.slice';
import { clearCookies, clearLiveRegions, closeToasts } from '../support/dom';
import { startServer, type ReferenceServer } from '../support/server';
import { makeRehydratedStore } from '../support/store';

/*
 * jsdom has no Cache Storage. The browser's CacheStorage is stood in by a map of cache names (only
 * keys/delete/has are used here): what is asserted is which of the service worker's caches the app
 * deletes when a session ends, with the real store and, for the 401, the real reference server.
 */
class CacheStorageStandIn {
  readonly names = new Set<string>();
  constructor(names: string[]) {
    for (const name of names) this.names.add(name);
  }
  keys = async () => [...this.names];
  has = async (name: string) => this.names.has(name);
  delete = async (name: string) => this.names.delete(name);
}

const PRECACHE = 'orbit-precache-v2-http://localhost/';
const CATALOG = `${RUNTIME_CACHE_PREFIX}catalog`;
const IMAGES = `${RUNTIME_CACHE_PREFIX}images`;

function installCaches(): CacheStorageStandIn {
  const storage = new CacheStorageStandIn([PRECACHE, CATALOG, IMAGES]);
  Object.defineProperty(globalThis, 'caches', { value: storage, configurable: true, writable: true });
  return storage;
}

afterEach(() => {
  delete (globalThis as { caches?: unknown }).caches;
});

describe('clearSessionCaches', () => {
  it('deletes the runtime caches and keeps the precached app', async () => {
    const storage = installCaches();
    expect(await clearSessionCaches()).toEqual([CATALOG, IMAGES]);
    expect([...storage.names]).toEqual([PRECACHE]);
  });

  it('does nothing where there is no Cache Storage', async () => {
    expect(await clearSessionCaches()).toEqual([]);
  });

  it('resolves with nothing when Cache Storage refuses', async () => {
    const refusing = {
      keys: () => Promise.reject(new DOMException('denied', 'SecurityError')),
    } as unknown as CacheStorage;
    expect(await clearSessionCaches(refusing)).toEqual([]);
  });
});

describe('the session ends', () => {
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

  it('at logout, the catalog answers and images the shopper fetched are deleted', async () => {
    const storage = installCaches();
    const { store } = await makeRehydratedStore();
    store.dispatch(loggedIn({ token: 'token-abc' }));
    expect(storage.names.has(CATALOG)).toBe(true);
    store.dispatch(loggedOut());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect([...storage.names]).toEqual([PRECACHE]);
  });

  it('on a 401 from the server, they are deleted too', async () => {
    const storage = installCaches();
    const { store } = await makeRehydratedStore();
    store.dispatch(loggedIn({ token: 'f'.repeat(64) }));
    await store.dispatch(api.endpoints.getUserInfo.initiate(undefined, { forceRefetch: true }));
    expect(store.getState().session.token).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect([...storage.names]).toEqual([PRECACHE]);
  });
});

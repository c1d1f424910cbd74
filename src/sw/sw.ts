import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim, setCacheNameDetails } from 'workbox-core';
import { CacheExpiration, ExpirationPlugin } from 'workbox-expiration';
import * as navigationPreload from 'workbox-navigation-preload';
import { cleanupOutdatedCaches, precacheAndRoute, PrecacheFallbackPlugin } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst, NetworkOnly, StaleWhileRevalidate } from 'workbox-strategies';
import { CACHE_PREFIX, RUNTIME_CACHE_PREFIX } from '../shared/lib/offline-caches';

/*
 * The production service worker (built by webpack.config.js with Workbox's InjectManifest; production
 * builds only). The shell and every route chunk precached; pages from the network within 3 s, else
 * the precached shell; /media images stale-while-revalidate (capped); catalog reads network-first
 * with a short timeout and the last answer as fallback. Every other /api, /merchant and /media call
 * has no route, so it goes to the network and nothing of it is stored: money, orders, wallet, cart
 * and account answers are never cached.
 */

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

const DAY = 24 * 60 * 60;
const sameOrigin = (url: URL) => url.origin === self.location.origin;

setCacheNameDetails({ prefix: CACHE_PREFIX });
// No skipWaiting at install: a waiting worker is announced ('New version available') and the shopper
// chooses when to reload (src/app/update-prompt.tsx sends SKIP_WAITING through workbox-window).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
clientsClaim();
cleanupOutdatedCaches();
// Workers before this one kept pages in a runtime cache (NetworkFirst), and its expiration records
// (IndexedDB) list the pages' URLs, the products a shopper looked at: both go.
self.addEventListener('activate', (event) => {
  const pages = `${RUNTIME_CACHE_PREFIX}pages`;
  event.waitUntil(Promise.all([caches.delete(pages), new CacheExpiration(pages, { maxEntries: 1 }).delete()]));
});
// The document's request starts while the worker boots (navigation preload).
navigationPreload.enable();

// The build's file list (InjectManifest writes it here); hashed names are their own revision.
precacheAndRoute(self.__WB_MANIFEST);

/*
 * Pages: the server's answer (navigation preload), which carries the picture the server draws in the
 * app frame (server/src/web/preload.ts), so a repeat visit paints it at once from the image cache; slower
 * than 3 s or offline, the precached shell (index.html), which opens the screens from the catalog and
 * image caches below.
 *
 * NetworkOnly, never NetworkFirst: the page reaches the browser untouched, never cloned or read here.
 * WebKit (every iPhone browser) passes a navigation preload's body to the page inside its network
 * process; when the worker reads that body too (NetworkFirst clones it for its cache), the hand-over
 * sometimes misses ("Unable to retrieve preloader, load will go to the network") and WebKit asks
 * again from the worker without the navigation's Accept header, which the server answers with its
 * plain 'Not found' (server/src/web/static.ts now answers a navigation with the page whatever its
 * Accept): 2 to 8 pages in 160, about one in 40, went blank so (e2e/engines/pwa.spec.ts, 'pages
 * opened after the service worker took control show their screen'). No page is stored, then, and none needs clearing:
 * a page's URL names the product the shopper looked at.
 */
registerRoute(
  ({ request, url }) =>
    request.mode === 'navigate' && sameOrigin(url) && !/^\/(api|merchant|media)(\/|$)/.test(url.pathname),
  new NetworkOnly({
    networkTimeoutSeconds: 3,
    plugins: [new PrecacheFallbackPlugin({ fallbackURL: '/index.html' })],
  }),
);
// The server's own pages in a frame (the customer-service page, /media/service.html): their
// navigation preload is the answer too (unused, the browser would fetch them twice), never the shell.
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && sameOrigin(url) && url.pathname.startsWith('/media/'),
  new NetworkOnly(),
);

// Catalog reads (home, category, product, search, shop): the last answer when the network is away.
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' &&
    sameOrigin(url) &&
    /^\/api\/(index\/[a-z_]+|product\/(detail|index|search|searchs|recommend)|merchant\/detail)$/.test(url.pathname),
  new NetworkFirst({
    cacheName: `${RUNTIME_CACHE_PREFIX}catalog`,
    networkTimeoutSeconds: 4,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 150, maxAgeSeconds: 7 * DAY, purgeOnQuotaError: true }),
    ],
  }),
);

registerRoute(
  ({ url, request }) => request.destination === 'image' && sameOrigin(url) && url.pathname.startsWith('/media/'),
  new StaleWhileRevalidate({
    cacheName: `${RUNTIME_CACHE_PREFIX}images`,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true }),
    ],
  }),
);

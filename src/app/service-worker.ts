import type { Workbox } from 'workbox-window';
import { whenIdle } from '../shared/lib/idle';

/*
 * The service worker of the production build (src/sw/sw.ts), registered once
 * the page has loaded and the main thread is idle: workbox-window comes in its own chunk, after the
 * first screen, never in the entry. Development and tests register nothing.
 */

type Listener = () => void;

let workbox: Workbox | null = null;
let updateWaiting = false;
const listeners = new Set<Listener>();

function setUpdateWaiting(value: boolean): void {
  updateWaiting = value;
  for (const listener of listeners) listener();
}

/** Whether a new version's service worker is installed and waiting for the shopper's reload. */
export function isUpdateWaiting(): boolean {
  return updateWaiting;
}

export function subscribeToUpdates(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The shopper chose to reload: the waiting worker takes over (SKIP_WAITING, which the
 * worker answers with skipWaiting()) and the page reloads once it controls the page, so the new
 * version's files and the new worker go together.
 */
export async function applyUpdate(): Promise<void> {
  const waiting =
    workbox && 'serviceWorker' in navigator ? (await navigator.serviceWorker.getRegistration())?.waiting : null;
  if (!workbox || !waiting) {
    window.location.reload();
    return;
  }
  // Once the new worker is activated, not at 'controllerchange': that fires while it is still
  // activating (its clients.claim()), and a reload made then left it 'activating' in WebKit for as
  // long as it was watched (30 s, WebKitGTK 2.50; e2e/engines/pwa.spec.ts). Made once it is
  // activated, the reload is the new version's first page in every engine.
  waiting.addEventListener('statechange', () => {
    if (waiting.state === 'activated') window.location.reload();
  });
  workbox.messageSkipWaiting();
}

async function register(): Promise<void> {
  // The mark lets `npm run bench` tell first-screen code from code fetched once the page is idle.
  performance.mark?.('idle-load:service-worker');
  const { Workbox } = await import(/* webpackChunkName: "service-worker" */ 'workbox-window');
  const wb = new Workbox('/sw.js', { scope: '/' });
  // A new version waits while an older one controls the page (also fired at registration when a
  // worker was already waiting, installed by an earlier visit). Never the first install, which
  // nothing controls yet: Firefox holds a first worker 'installed' for a moment before it activates,
  // long enough for workbox-window's 'waiting' (200 ms), and a first visit offered a 'New version'.
  wb.addEventListener('waiting', (event) => {
    const controller = navigator.serviceWorker.controller;
    if (controller && controller !== event.sw) setUpdateWaiting(true);
  });
  workbox = wb;
  await wb.register();
}

/** Registers the service worker after load, when the browser is idle (production builds only). */
export function registerServiceWorker(): void {
  if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
  const start = () =>
    whenIdle(
      () => {
        register().catch(() => {
          // No service worker (e.g. storage disabled): the app works online as before.
        });
      },
      { timeout: 5000, fallback: 1000 },
    );
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

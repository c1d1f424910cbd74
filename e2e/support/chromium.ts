/** Debian's chromium, the only Chromium the tests drive (CHROMIUM_PATH to point elsewhere). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/**
 * How the tests launch it, headless in a container: no sandbox, no GPU, none of the background
 * traffic this machine's closed network refuses (e2e/playwright.config.ts, e2e/engines).
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  // Chromium 150 gives every navigation a new document host (RenderDocument), and the offline
  // emulation behind context.setOffline then no longer reaches navigator.onLine of a page opened
  // after it: it said true on an offline /home served by the service worker, so the app took the
  // network for up. Measured: true with the feature, false without it.
  '--disable-features=RenderDocument',
];

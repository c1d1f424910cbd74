/**
 * The first script the document runs: a webpack entry of its own, which carries webpack's runtime
 * (the app's entry depends on it), so a first visit starts with one small request.
 *
 * 1. It paints first, then starts the app. The document fetches the app's entry scripts at once
 *    (`<link rel=preload data-app-script>`, written by the build: scripts/lib/paint-first.cjs), and
 *    this script adds them (last to first, see startApp) once the static app frame (with the route's picture or
 *    heading the server drew into it) has been painted. Otherwise, whenever the scripts arrive
 *    before the frame's first paint (a fast network, or a repeat visit served by the service
 *    worker), the app's start-up (some 0.5 s of a mid-range phone's CPU) runs first and the shopper
 *    looks at a white page meanwhile. The frame's picture gets a short head start too, as the
 *    screen shows the same picture: the app waits for it at most PICTURE_WAIT_MS.
 * 2. It starts the browser's ICU (Intl) data before the app's scripts run: the first Intl call
 *    of a page costs some 80-110 ms on a mid-range phone (measured at 4x CPU slowdown, whatever the
 *    locale) and every later one well under a millisecond; paid here, it leaves the start-up's
 *    critical path, where react-intl's first call (prices, plurals, dates) would pay it inside the
 *    first render (on a slow network the scripts are still downloading meanwhile). It is paid in
 *    INTL_STEPS, one task each, so no step holds the main thread long enough to delay a tap: the
 *    one call a first NumberFormat makes loads, in turn, the locale data, ICU's shared data (which
 *    a collator's start loads alone), then the number formats; measured apart, each step takes a
 *    quarter to a half of the whole, and together the same as the one call.
 * 3. With a session, it starts the first screen's reads at once (src/api/early-reads.ts): the user
 *    info, and the bag's content on /bag, answer while the app's code is still downloading.
 * 4. When the server drew the page's largest paint into the frame (a picture, /login's hero), it
 *    holds the route's chunk preloads in `<template data-after-paint>` (server/src/web/static.ts); they
 *    are asked for here once that paint is on screen, before the app's scripts are added.
 * 5. It puts the shopper's theme on the document (src/shared/lib/theme.ts) where the server did not
 *    (a page the service worker answered with its shell).
 */

import Cookies from 'js-cookie';
import { startEarlyReads } from './api/early-reads';
import { paintTheme, THEME_COOKIE } from './shared/lib/theme';

/** How long the app's start waits for the frame's picture to load (it downloads beside the scripts). */
const PICTURE_WAIT_MS = 300;
/** The app starts after this long whatever happened to the first frame. */
const SAFETY_MS = 1000;

function afterNextPaint(run: () => void): void {
  let ran = false;
  const once = () => {
    if (ran) return;
    ran = true;
    run();
  };
  // A hidden page (a tab opened in the background) paints nothing and runs no frame callbacks.
  if (document.visibilityState === 'hidden') {
    window.setTimeout(once, 0);
    return;
  }
  // A frame's callbacks run just before it paints; a task queued from there runs after the paint.
  requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = once;
    channel.port2.postMessage(undefined);
  });
  window.setTimeout(once, SAFETY_MS);
}

function framePicture(): Promise<void> {
  const picture = document.querySelector<HTMLImageElement>('img[data-lcp-picture]');
  if (!picture || picture.complete) return Promise.resolve();
  return new Promise<void>((resolve) => {
    picture.addEventListener('load', () => resolve(), { once: true });
    picture.addEventListener('error', () => resolve(), { once: true });
    window.setTimeout(resolve, PICTURE_WAIT_MS);
  });
}

function startApp(): void {
  // Last to first: the app's own code registers its modules and waits (webpack starts an entry once
  // its chunks are all there), and the shared libraries, added last, complete the set, so the app's
  // start-up runs in their evaluation. Nothing runs sooner or later for it (measured under DevTools
  // throttling: the screen came within 30 ms of the document-order start on /home, a product,
  // /login and /bag). But the start-up is then one task with the largest script's evaluation, which
  // Lighthouse's simulation (the budgets of scripts/bench.mjs) keeps: a task under 10 ms it drops,
  // and then takes the script's download for one the frame's paint waited for. In document order
  // the framework's evaluation was such a task, and its 97 KB counted against the largest paint.
  for (const link of Array.from(document.querySelectorAll<HTMLLinkElement>('link[data-app-script]')).reverse()) {
    const script = document.createElement('script');
    script.src = link.href;
    // Inserted scripts run as they arrive unless told otherwise; these run in the order added.
    script.async = false;
    document.head.appendChild(script);
  }
}

/** Asks for the route's chunks the server held back until the frame's paint (point 4 above). */
function askForHeldChunks(): void {
  for (const held of Array.from(document.querySelectorAll<HTMLTemplateElement>('template[data-after-paint]'))) {
    document.head.append(held.content);
    held.remove();
  }
}

/** What react-intl and the app's first render need from Intl, split where its data loads split. */
const INTL_STEPS: Array<() => unknown> = [
  () => new Intl.Locale('en').maximize(),
  () => new Intl.Collator('en'),
  () => new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' }).format(1),
  () => [new Intl.DateTimeFormat('en').format(0), new Intl.PluralRules('en').select(1)],
];

/** Runs the steps one task each (a message task: no timer clamping), then `done`. */
function inTasks(steps: Array<() => unknown>, done: () => void): void {
  const channel = new MessageChannel();
  let next = 0;
  channel.port1.onmessage = () => {
    const step = steps[next++];
    if (step) {
      step();
      channel.port2.postMessage(undefined);
    } else {
      channel.port1.close();
      done();
    }
  };
  channel.port2.postMessage(undefined);
}

// A page the service worker answered with its shell (offline, or a slow network) has no theme the
// server wrote from the cookie: put it on before the frame's first paint.
// (js-cookie is here already: the early reads read the session's cookie with it.)
paintTheme(Cookies.get(THEME_COOKIE));
void startEarlyReads(window.location.pathname);
void framePicture().then(() =>
  afterNextPaint(() => {
    askForHeldChunks();
    inTasks(INTL_STEPS, startApp);
  }),
);

import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { matchPath } from 'react-router-dom';
import 'antd-mobile/es/global';
import './shared/ui/theme.css';
import { App } from './app/app';
import { readFirstScreenOf } from './app/first-screen';
import { routes } from './app/routes';
import { TabBar } from './app/tab-bar-slot';
import { registerServiceWorker } from './app/service-worker';
import { rememberFirstPicture } from './shared/lib/first-picture';
import { tabPaths } from './shared/config/paths';
import { makeStore } from './store/make-store';

/** How long the first render waits for the first screen's code before it renders anyway. */
const FIRST_SCREEN_WAIT_MS = 4000;

const bundle = makeStore();
const container = document.getElementById('app');
const openedAt = window.location.pathname;
rememberFirstPicture(document, openedAt);

/** The stored state (token, bag, language) is back: redux-persist reads it asynchronously. */
const rehydrated = new Promise<void>((resolve) => {
  const done = () => bundle.persistor.getState().bootstrapped;
  if (done()) return resolve();
  const unsubscribe = bundle.persistor.subscribe(() => {
    if (!done()) return;
    unsubscribe();
    resolve();
  });
});

/** The first screen's code (its route chunk, and the tab bar's on a tab), loading in parallel with the rehydration. */
const screen = routes.find((route) => matchPath({ path: route.path, end: true }, openedAt))?.Screen;
const screenCode = Promise.all([
  screen && 'preload' in screen ? screen.preload() : undefined,
  tabPaths.includes(openedAt) ? TabBar.preload() : undefined,
]);

/** A page behind the guard, opened with a session: the reads its screen draws from, before it renders. */
const screenReads = rehydrated.then(() => readFirstScreenOf(bundle.store, openedAt));

// The static app frame (index.html, with the picture, hero or bag lines the server drew) stays on
// screen until React can replace it with the screen itself. A chunk or a read that fails or is slow
// does not hold the app: the route's own loading and error states take over.
void Promise.race([
  Promise.all([screenReads.then((reads) => reads?.done), screenCode]).catch(() => undefined),
  new Promise((resolve) => window.setTimeout(resolve, FIRST_SCREEN_WAIT_MS)),
]).then(async () => {
  if (!container) return;
  const root = createRoot(container);
  // As a transition the first render yields to the browser every few milliseconds instead of one
  // long task, so a tap during start-up is answered (and the page's blocking time stays low); the
  // frame stays painted meanwhile.
  startTransition(() => root.render(<App bundle={bundle} />));
  // The screen subscribes to what it reads as it renders; unused data stays cached a minute anyway.
  (await screenReads)?.release();
});
registerServiceWorker();

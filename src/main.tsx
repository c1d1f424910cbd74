import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { matchPath } from 'react-router-dom';
import 'antd-mobile/es/global';
import './shared/ui/theme.css';
import { App } from './app/app';
import { loadLanguage } from './app/i18n-provider';
import { readFirstScreenOf } from './app/first-screen';
import { routes } from './app/routes';
import { TabBar } from './app/tab-bar-slot';
import { registerServiceWorker } from './app/service-worker';
import { rememberFirstPicture } from './shared/lib/first-picture';
import { readPictureTemplate } from './shared/config/pictures';
import { tabPaths } from './shared/config/paths';
import { makeStore } from './store/make-store';
import { selectLocale } from './store/language.slice';
import { whenIdle } from './shared/lib/idle';

/** How long the first render waits for the first screen's code before it renders anyway. */
const FIRST_SCREEN_WAIT_MS = 4000;

const bundle = makeStore();
const container = document.getElementById('app');
const openedAt = window.location.pathname;
// Before anything renders: every picture's srcset comes from the deployment's template.
readPictureTemplate(document);
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
/** The shopper's language, so the first render speaks it (a language that fails to load falls back to English). */
const language = rehydrated.then(() => loadLanguage(selectLocale(bundle.store.getState())));

void Promise.race([
  Promise.all([screenReads.then((reads) => reads?.done), screenCode, language]).catch(() => undefined),
  new Promise((resolve) => window.setTimeout(resolve, FIRST_SCREEN_WAIT_MS)),
]).then(async () => {
  if (!container) return;
  const root = createRoot(container);
  // As a transition the first render yields to the browser every few milliseconds instead of one
  // long task, so a tap during start-up is answered (and the page's blocking time stays low); the
  // frame stays painted meanwhile.
  const reads = await screenReads;
  reads?.rendering();
  startTransition(() => root.render(<App bundle={bundle} />));
  // The screen subscribes to what it reads once its render has committed, which the transition may
  // spread over a few frames: the reads' own subscriptions end after that, at an idle moment.
  whenIdle(() => reads?.release());
});
registerServiceWorker();

import { createElement, lazy, type ComponentType } from 'react';
import { loadEnglish } from '../i18n/messages';
import { loadScreenStyles } from '../ui/screen-styles';

/** A screen whose code loads on demand, and can be asked to load before it renders. */
export type LazyScreen = ComponentType & { preload: () => Promise<unknown> };

/**
 * What a screen needs beyond its own code and the shell: 'shell' nothing (the tab bar), 'catalog'
 * (/home: the catalog's English texts; its styles are the shell's), 'signin' (/login: its own texts,
 * scripts/icu-ast-loader.mjs SIGNIN_IDS; its styles are the shell's theme.css), 'all' (the styles of every screen but
 * /home, shared/ui/screens.css, and all the English texts). Each is fetched once, with the first
 * screen that needs it, so a first visit of /home or /login downloads no other screen's styles or
 * texts (shared/i18n/messages.ts).
 */
export type ScreenNeeds = 'shell' | 'catalog' | 'signin' | 'all';

const loadNeeds: Record<ScreenNeeds, () => Promise<unknown> | undefined> = {
  shell: () => undefined,
  catalog: () => loadEnglish('catalog'),
  signin: () => loadEnglish('signin'),
  all: () => Promise.all([loadScreenStyles(), loadEnglish('catalog'), loadEnglish('signin'), loadEnglish('screens')]),
};

/**
 * A route's screen, code-split (React.lazy) and preloadable: main.tsx loads the first screen's code
 * before React's first render, so React replaces the static app frame with the screen itself instead
 * of a blank page and a spinner. Once the code is there the screen renders without suspending.
 */
export function lazyScreen(
  load: () => Promise<{ default: ComponentType }>,
  { needs = 'all' }: { needs?: ScreenNeeds } = {},
): LazyScreen {
  let loaded: ComponentType | undefined;
  const preload = () =>
    Promise.all([load(), loadNeeds[needs]()]).then(([module]) => {
      loaded = module.default;
      return module;
    });
  // React.lazy keeps a failed load for good: a code chunk that did not come (a bad network) is asked
  // for again when the route's error boundary retries.
  const attempt = (): Promise<{ default: ComponentType }> =>
    preload().catch((error: unknown) => {
      Lazy = lazy(attempt);
      throw error;
    });
  let Lazy = lazy(attempt);
  const Screen = () => createElement(loaded ?? Lazy);
  return Object.assign(Screen, { preload });
}

/** One entry of the route table. */
export interface AppRoute {
  /** react-router pattern, e.g. '/orderInfo/:id?'. */
  path: string;
  /** Translation id of the page title (SPEC.md section 2: set before the route resolves). */
  titleId: string;
  Screen: LazyScreen | ComponentType;
  /** false for screens that must never be kept alive (product detail). Default true. */
  keepAlive?: boolean;
  /**
   * The screen shows live money or takes a payment (wallet, checkout): offline it shows the 'You are
   * offline' state instead of what it last knew. Its answers are never cached by the service worker.
   */
  needsNetwork?: boolean;
}

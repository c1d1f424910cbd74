import { readFirstScreen, type FirstScreenReads } from '../api/first-screen-reads';
import type { AppStore } from '../store/make-store';
import { isOnline } from '../shared/lib/use-online';
import { isPublicPath } from './route-guard';

/**
 * The reads the page's first screen draws from, before its first render (src/main.tsx): only behind
 * the guard, where a screen cannot draw without the session (a public screen draws its own loading
 * state meanwhile), and only online: offline the guard says so at once (guard.tsx), and asking
 * first would only make it ask twice.
 */
export function readFirstScreenOf(store: AppStore, pathname: string): FirstScreenReads | undefined {
  return isPublicPath(pathname) || !isOnline() ? undefined : readFirstScreen(store, pathname);
}

import { readFirstScreen, type FirstScreenReads } from '../api/first-screen-reads';
import type { AppStore } from '../store/make-store';
import { isPublicPath } from './route-guard';

/**
 * The reads the page's first screen draws from, before its first render (src/main.tsx): only behind
 * the guard, where a screen cannot draw without the session; a public screen renders at once.
 */
export function readFirstScreenOf(store: AppStore, pathname: string): FirstScreenReads | undefined {
  return isPublicPath(pathname) ? undefined : readFirstScreen(store, pathname);
}

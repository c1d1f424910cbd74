import { useEffect, useSyncExternalStore } from 'react';
import { screenReadOf, USER_INFO_READ, type ScreenReadEndpoint } from '../shared/config/first-screen';
import type { AppStore } from '../store/make-store';
import { selectToken } from '../store/session.slice';
import { api } from './enhance';

/** The screens whose first render drew from a read made for it, not yet taken by the screen. */
const fresh = new Set<string>();

export interface FirstScreenReads {
  /** Settles when the reads have answered (or failed: the screen then shows what it shows for that). */
  done: Promise<unknown>;
  /**
   * Call right before the first render: a screen read that has answered by then is what that render
   * draws, so the screen's mount need not ask again (useFreshRead). One still under way is not.
   */
  rendering: () => void;
  /** Ends the reads' own subscriptions: call once the first render has subscribed the screen. */
  release: () => void;
}

/**
 * The reads a logged-in first screen draws from, made through the app's own endpoints before its
 * first render (src/main.tsx), so that render draws the screen itself, not the guard's empty wait and
 * then a loading state. The static frame (index.html's, or /bag's lines as the server drew them,
 * server/src/web/bag-frame.ts) stays on screen meanwhile, and the screen replaces it without a blink.
 * The document's first script already started the same requests (src/api/early-reads.ts, from the same
 * table: src/shared/config/first-screen.ts); these take their answers. The table's endpoint names are
 * checked here, where the endpoints are known (indexing api.endpoints with a name it lacks does not
 * compile). The app asks only for pages behind the guard: public ones draw without a session.
 */
export function readFirstScreen(store: AppStore, pathname: string): FirstScreenReads {
  const none = { done: Promise.resolve(), rendering: () => {}, release: () => {} };
  if (!selectToken(store.getState())) return none;
  const screenRead = screenReadOf(pathname)?.endpoint;
  const reads = [
    store.dispatch(api.endpoints[USER_INFO_READ.endpoint].initiate()),
    ...(screenRead ? [store.dispatch(api.endpoints[screenRead].initiate())] : []),
  ];
  return {
    done: Promise.allSettled(reads),
    rendering: () => {
      if (screenRead && api.endpoints[screenRead].select()(store.getState()).isSuccess) fresh.add(screenRead);
    },
    release: () => reads.forEach((read) => read.unsubscribe()),
  };
}

const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * For a screen that reloads on every visit (refetchOnMountOrArgChange): true on the mount that
 * first shows a page opened at it, whose first render drew from the read made for it just now, so
 * that mount need not ask again. Once mounted the read is spent, and the screen renders again with
 * false: shown again later (a kept-alive tab re-runs its effects), it reloads as usual.
 */
export function useFreshRead(endpoint: ScreenReadEndpoint): boolean {
  const isFresh = useSyncExternalStore(subscribe, () => fresh.has(endpoint));
  useEffect(() => {
    if (fresh.delete(endpoint)) listeners.forEach((listener) => listener());
  }, [endpoint]);
  return isFresh;
}

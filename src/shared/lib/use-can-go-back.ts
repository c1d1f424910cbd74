import { useCallback } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Whether going back `steps` entries stays in the app (this page load has that many entries before
 * the current one): otherwise Back would leave the shop, and a screen goes to its fallback instead.
 * BrowserRouter keeps each entry's index in history.state.idx: 0 for the page's first entry, also
 * after that entry was replaced (e.g. the login's way back to a form opened by its URL, whose key is
 * then no longer 'default'). A router without it (the tests' MemoryRouter) marks the first entry
 * with the key 'default'.
 */
export function useCanGoBack(): (steps?: number) => boolean {
  const { key } = useLocation();
  return useCallback(
    (steps = 1) => {
      const index = (window.history.state as { idx?: unknown } | null)?.idx;
      return typeof index === 'number' ? index >= steps : key !== 'default';
    },
    [key],
  );
}

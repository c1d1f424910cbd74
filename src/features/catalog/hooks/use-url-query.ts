import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';

interface FocusState {
  /** A selector, inside the screen, of the control to focus again after the URL changed. */
  restoreFocus?: string;
}

/**
 * A screen's shareable state in its URL search string (e.g. /search?title=phone&sort=price_asc), so
 * Back and reload restore it. Changes replace the current history entry (a new sort is not a new
 * page). Values that are '' or undefined leave the URL.
 *
 * The keep-alive outlet gives a replaced entry a fresh screen instance, which would drop the focus
 * of the control just used (a sort button, a category chip); `restoreFocus` names that control so
 * useRestoredFocus can focus it again.
 */
export function useUrlQuery() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const update = useCallback(
    (changes: Record<string, string | number | undefined>, options: FocusState = {}) => {
      const next = new URLSearchParams(params);
      for (const [name, value] of Object.entries(changes)) {
        if (value === undefined || value === '') next.delete(name);
        else next.set(name, String(value));
      }
      const search = next.toString();
      if (search === params.toString()) return;
      navigate(
        { pathname, search: search ? `?${search}` : '' },
        { replace: true, state: options.restoreFocus ? options : undefined },
      );
    },
    [navigate, params, pathname],
  );
  return { params, update };
}

/** Focuses the control the last URL change asked for (see useUrlQuery), once the screen is shown. */
export function useRestoredFocus(root: RefObject<HTMLElement | null>): void {
  const { state, key } = useLocation();
  const selector = (state as FocusState | null)?.restoreFocus;
  // Once per history entry: a kept screen shown again (Back) keeps whatever the shopper did since.
  const restored = useRef<string | null>(null);
  useEffect(() => {
    if (!selector || restored.current === key) return;
    restored.current = key;
    root.current?.querySelector<HTMLElement>(selector)?.focus({ preventScroll: true });
  }, [root, selector, key]);
}

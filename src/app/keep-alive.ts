import type { Location, NavigationType } from 'react-router-dom';

/** A screen instance the outlet keeps: tabs by path, other screens by history entry. */
export interface KeptEntry {
  id: string;
  location: Location;
}

export interface KeepAliveState {
  tabs: KeptEntry[];
  stack: KeptEntry[];
}

export const MAX_KEPT_SCREENS = 8;

/**
 * DESIGN.md section 4: the four tabs are always kept; other screens are kept while they are in the
 * back stack, so Back restores them exactly; screens with keepAlive false (product detail) never are.
 */
export function nextKeepAliveState(
  state: KeepAliveState,
  location: Location,
  navigationType: `${NavigationType}`,
  options: { isTab: boolean; keepAlive: boolean },
): KeepAliveState {
  if (options.isTab) {
    const tabs = state.tabs.some((entry) => entry.id === location.pathname)
      ? state.tabs.map((entry) => (entry.id === location.pathname ? { id: entry.id, location } : entry))
      : [...state.tabs, { id: location.pathname, location }];
    // Opening a tab (or going back to one) leaves the screens above it out of the history.
    return { tabs, stack: [] };
  }
  const entry: KeptEntry = { id: location.key, location };
  const index = state.stack.findIndex((kept) => kept.id === location.key);
  let stack: KeptEntry[];
  if (navigationType === 'POP' && index >= 0) stack = state.stack.slice(0, index + 1);
  else if (navigationType === 'REPLACE') stack = [...state.stack.slice(0, -1), ...(options.keepAlive ? [entry] : [])];
  else stack = options.keepAlive ? [...state.stack, entry] : state.stack;
  if (navigationType === 'POP' && index < 0 && options.keepAlive) stack = [...state.stack, entry];
  return { tabs: state.tabs, stack: stack.slice(-MAX_KEPT_SCREENS) };
}

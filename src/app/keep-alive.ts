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
 *
 * A REPLACE (a screen updating its own search string, or moving on to the next step) keeps the
 * replaced entry's id, so the same screen instance carries on with the new location instead of
 * being rebuilt: a shopper typing right after a search loses nothing. `previousKey` is the history
 * key of the screen that was showing; entries are found by their location's key.
 */
export function nextKeepAliveState(
  state: KeepAliveState,
  location: Location,
  navigationType: `${NavigationType}`,
  options: { isTab: boolean; keepAlive: boolean; previousKey?: string | null },
): KeepAliveState {
  if (options.isTab) {
    const tabs = state.tabs.some((entry) => entry.id === location.pathname)
      ? state.tabs.map((entry) => (entry.id === location.pathname ? { id: entry.id, location } : entry))
      : [...state.tabs, { id: location.pathname, location }];
    // Opening a tab (or going back to one) leaves the screens above it out of the history.
    return { tabs, stack: [] };
  }
  const entry: KeptEntry = { id: location.key, location };
  const index = state.stack.findIndex((kept) => kept.location.key === location.key);
  let stack: KeptEntry[];
  if (navigationType === 'POP' && index >= 0) stack = state.stack.slice(0, index + 1);
  else if (navigationType === 'REPLACE') {
    const previous = options.previousKey ?? state.stack.at(-1)?.location.key;
    const replaced = state.stack.findIndex((kept) => kept.location.key === previous);
    const below = replaced >= 0 ? state.stack.slice(0, replaced) : state.stack;
    const id = replaced >= 0 ? state.stack[replaced]!.id : entry.id;
    stack = options.keepAlive ? [...below, { id, location }] : below;
  } else stack = options.keepAlive ? [...state.stack, entry] : state.stack;
  if (navigationType === 'POP' && index < 0 && options.keepAlive) stack = [...state.stack, entry];
  return { tabs: state.tabs, stack: stack.slice(-MAX_KEPT_SCREENS) };
}

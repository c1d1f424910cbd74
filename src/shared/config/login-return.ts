import type { Location } from 'react-router-dom';
import { paths } from './paths';

/**
 * The history state /login opens with: the screen to return to after logging in (SPEC.md section 2's
 * guard, section 8's 401) and that screen's own history state (e.g. an address form opened to pick
 * an address), so it opens again as it was; `account` fills the form after registering.
 */
export interface LoginReturn {
  from?: string;
  fromState?: unknown;
  account?: string;
}

/** The state for /login when the shopper is sent there from `location` (nothing when already there). */
export function loginReturnFrom(location: Pick<Location, 'pathname' | 'search' | 'state'>): LoginReturn | undefined {
  if (location.pathname === paths.login) return undefined;
  const fromState: unknown = location.state;
  return { from: `${location.pathname}${location.search}`, ...(fromState != null && { fromState }) };
}

/** Where a login opened with `state` goes back to, with that screen's state; undefined when nowhere. */
export function loginReturnOf(state: unknown): { to: string; state: unknown } | undefined {
  const { from, fromState } = (state ?? {}) as LoginReturn;
  return typeof from === 'string' && from !== paths.login ? { to: from, state: fromState } : undefined;
}

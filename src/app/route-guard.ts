import { paths, publicPaths } from '../shared/config/paths';

/** SPEC.md section 2 / DESIGN.md section 4: public by exact path or prefix (/shop/12, /searchs). */
export function isPublicPath(pathname: string, publics: readonly string[] = publicPaths): boolean {
  return publics.some((publicPath) => pathname === publicPath || pathname.startsWith(publicPath));
}

export type GuardDecision =
  { type: 'allow' } | { type: 'loadUserInfo' } | { type: 'redirect'; to: string; messageId?: string };

/** What the route guard does for a navigation, as a pure function of the session. */
export function decideNavigation(input: {
  pathname: string;
  token: string | null;
  hasUserInfo: boolean;
}): GuardDecision {
  const { pathname, token, hasUserInfo } = input;
  if (token) {
    if (!hasUserInfo) return { type: 'loadUserInfo' };
    if (pathname === paths.login) return { type: 'redirect', to: paths.root };
    return { type: 'allow' };
  }
  if (isPublicPath(pathname)) return { type: 'allow' };
  return { type: 'redirect', to: paths.login, messageId: 'guard.loginFirst' };
}

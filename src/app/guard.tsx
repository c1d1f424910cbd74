import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { loginReturnFrom, loginReturnOf } from '../shared/config/login-return';
import { paths } from '../shared/config/paths';
import { translate } from '../shared/i18n/translator';
import { progress } from '../shared/lib/progress';
import { useOnline } from '../shared/lib/use-online';
import { OfflineState } from '../shared/ui/states';
import { toast } from '../shared/ui/toast';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import { selectSessionJustEnded, selectToken, selectUserInfo, sessionEndNoted } from '../store/session.slice';
import { decideNavigation, isPublicPath } from './route-guard';
import { restoreSession } from './session';

/** Applies the route guard to the current location before the screen renders. */
export function RouteGuard({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const token = useAppSelector(selectToken);
  const userInfo = useAppSelector(selectUserInfo);
  const decision = decideNavigation({ pathname: location.pathname, token, hasUserInfo: Boolean(userInfo) });
  const restoring = useRef<string | null>(null);
  // The token whose user info could not be loaded because the browser is offline: tried again when
  // the browser is back online.
  const [offlineFor, setOfflineFor] = useState<string | null>(null);
  const online = useOnline();

  useEffect(() => {
    if (decision.type !== 'loadUserInfo' || !token || restoring.current === token) return;
    if (offlineFor === token && !online) return;
    restoring.current = token;
    progress.begin();
    void dispatch(restoreSession(navigate))
      .then((outcome) => setOfflineFor(outcome === 'offline' ? token : null))
      .finally(() => {
        progress.end();
        restoring.current = null;
      });
  }, [decision.type, token, dispatch, navigate, online, offlineFor]);

  const messageId = decision.type === 'redirect' ? decision.messageId : undefined;
  // 'Please login first' is for a visitor who opens a page that needs a session (SPEC.md section 2).
  // When the session has just ended (a 401, whose answer's msg the request layer shows, SPEC.md
  // section 8; a logout, which says 'Logout success'; on a page load possibly before this guard
  // rendered), the shopper has been told already: the guard stays quiet on the location it saw the
  // session end on, the one it then redirects from, and a second message does not repeat the first.
  const justEnded = useAppSelector(selectSessionJustEnded);
  // Where the guard saw the session end, and how: kept after the store's flag is noted, as the guard
  // renders on that location again before the redirect has happened. Set while rendering (React's
  // way to keep state that follows a value), so the effects below already see it.
  const [endedAt, setEndedAt] = useState<{ key: string; by: NonNullable<typeof justEnded> } | null>(null);
  if (justEnded && (endedAt?.key !== location.key || endedAt.by !== justEnded)) {
    setEndedAt({ key: location.key, by: justEnded });
  }
  const endedHere = endedAt?.key === location.key ? endedAt.by : justEnded;
  useEffect(() => {
    if (justEnded) dispatch(sessionEndNoted());
  }, [justEnded, dispatch]);
  useEffect(() => {
    if (messageId && endedAt?.key !== location.key) toast.show(translate(messageId));
  }, [messageId, location.key, endedAt]);

  if (decision.type === 'redirect') {
    // Navigations are transitions and the session is not: just after logging in, /login may still be
    // the screen shown with a token. The shopper is then on the way back to where they came from.
    const back = loginReturnOf(location.state);
    if (decision.to === paths.root && back) return <Navigate to={back.to} replace state={back.state} />;
    // The screen's own history state goes along, so after the login it opens as it was. Not after a
    // logout: the screen it left was the shopper who logged out's, and the next login (perhaps
    // someone else's) opens / (SPEC.md section 2).
    const returnTo = decision.to === paths.login && endedHere !== 'logout' ? loginReturnFrom(location) : undefined;
    return <Navigate to={decision.to} replace state={returnTo} />;
  }
  if (decision.type === 'loadUserInfo') {
    if (!token || offlineFor !== token) return null;
    // Offline with a session whose user info is not loaded: public screens (home, a product) open
    // from the service worker's cache; the others say they need the network.
    if (isPublicPath(location.pathname)) return <>{children}</>;
    return <OfflineState />;
  }
  return <>{children}</>;
}

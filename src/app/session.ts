import { api } from '../api';
import { paths } from '../shared/config/paths';
import { isOnline } from '../shared/lib/use-online';
import type { AppDispatch, RootState } from '../store/make-store';
import { loggedOut, selectToken } from '../store/session.slice';

type Navigate = (to: string, options?: { replace?: boolean }) => void;

/**
 * Whether the shopper is leaving this page (a reload, a typed address): the browser then cuts the
 * calls in flight. Such a cut is not the user-info fetch failing (SPEC.md section 2), and logging
 * out for it would end the session on the server from a page that is going away, so the next page
 * would land on /login. A navigation that does not happen (a download, a cancelled leave) frees the
 * flag again after a moment; a page the browser keeps and shows again (back/forward cache) too.
 */
let leaving = false;
if (typeof window !== 'undefined') {
  window.addEventListener('beforeunload', () => {
    leaving = true;
    setTimeout(() => {
      leaving = false;
    }, 3000);
  });
  window.addEventListener('pageshow', () => {
    leaving = false;
  });
}

/**
 * SPEC.md section 2: a token without user info fetches it first (the guard then repeats the
 * navigation). If that fails, log out and go to /login; if logging out fails too, clear the token and go
 * to /. A 401 has already cleared the session in the request layer, which also sends the shopper to /login.
 * While the browser is offline (the installed app opened without a network) the session is kept and
 * 'offline' is answered: nothing says the token is bad, and logging out would throw away the
 * shopper's session and offline caches; the guard tries again when the network is back.
 */
export function restoreSession(navigate: Navigate) {
  return async (dispatch: AppDispatch, getState: () => RootState): Promise<'offline' | undefined> => {
    try {
      // userInfoLoaded is dispatched by the store's listener for every successful getUserInfo.
      await dispatch(api.endpoints.getUserInfo.initiate(undefined, { forceRefetch: true })).unwrap();
    } catch {
      if (!selectToken(getState()) || leaving) return undefined;
      if (!isOnline()) return 'offline';
      try {
        await dispatch(api.endpoints.logout.initiate({ lang: 'zh-cn' })).unwrap();
        dispatch(loggedOut());
        navigate(paths.login, { replace: true });
      } catch {
        dispatch(loggedOut());
        navigate(paths.root, { replace: true });
      }
    }
    return undefined;
  };
}

import { api } from '../api';
import { paths } from '../shared/config/paths';
import { isOnline } from '../shared/lib/use-online';
import type { AppDispatch, RootState } from '../store/make-store';
import { loggedOut, selectToken } from '../store/session.slice';

type Navigate = (to: string, options?: { replace?: boolean }) => void;

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
      if (!selectToken(getState())) return undefined;
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

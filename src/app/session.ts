import { api } from '../api';
import { paths } from '../shared/config/paths';
import type { AppDispatch, RootState } from '../store/make-store';
import { loggedOut, selectToken } from '../store/session.slice';

type Navigate = (to: string, options?: { replace?: boolean }) => void;

/**
 * SPEC.md section 2: a token without user info fetches it first (the guard then repeats the
 * navigation). If that fails, log out and go to /login; if logging out fails too, clear the token and go
 * to /. A 401 has already cleared the session in the request layer, which also sends the shopper to /login.
 */
export function restoreSession(navigate: Navigate) {
  return async (dispatch: AppDispatch, getState: () => RootState): Promise<void> => {
    try {
      // userInfoLoaded is dispatched by the store's listener for every successful getUserInfo.
      await dispatch(api.endpoints.getUserInfo.initiate(undefined, { forceRefetch: true })).unwrap();
    } catch {
      if (!selectToken(getState())) return;
      try {
        await dispatch(api.endpoints.logout.initiate({ lang: 'zh-cn' })).unwrap();
        dispatch(loggedOut());
        navigate(paths.login, { replace: true });
      } catch {
        dispatch(loggedOut());
        navigate(paths.root, { replace: true });
      }
    }
  };
}

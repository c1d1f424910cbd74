import { useEffect, useRef, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { translate } from '../shared/i18n/translator';
import { progress } from '../shared/lib/progress';
import { toast } from '../shared/ui/toast';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import { selectToken, selectUserInfo } from '../store/session.slice';
import { decideNavigation } from './route-guard';
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

  useEffect(() => {
    if (decision.type !== 'loadUserInfo' || !token || restoring.current === token) return;
    restoring.current = token;
    progress.begin();
    void dispatch(restoreSession(navigate)).finally(() => {
      progress.end();
      restoring.current = null;
    });
  }, [decision.type, token, dispatch, navigate]);

  const messageId = decision.type === 'redirect' ? decision.messageId : undefined;
  useEffect(() => {
    if (messageId) toast.show(translate(messageId));
  }, [messageId, location.key]);

  if (decision.type === 'redirect') {
    const from = decision.to === '/login' ? `${location.pathname}${location.search}` : undefined;
    return <Navigate to={decision.to} replace state={from ? { from } : undefined} />;
  }
  if (decision.type === 'loadUserInfo') return null;
  return <>{children}</>;
}

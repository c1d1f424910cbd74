import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../../../shared/config/paths';
import { toast } from '../../../shared/ui/toast';
import { useAppSelector } from '../../../store/hooks';
import { selectIsLoggedIn } from '../../../store/session.slice';

/**
 * For actions a visitor may see but not do (add to bag, buy now, like, follow) on public screens:
 * `requireLogin()` is true when logged in; otherwise it says 'Please login first' and opens /login,
 * which brings the shopper back here afterwards (the guard's `from` state).
 */
export function useRequireLogin() {
  const intl = useIntl();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const loggedIn = useAppSelector(selectIsLoggedIn);
  return useCallback(() => {
    if (loggedIn) return true;
    toast.show(intl.formatMessage({ id: 'guard.loginFirst' }));
    navigate(paths.login, { state: { from: `${pathname}${search}` } });
    return false;
  }, [loggedIn, intl, navigate, pathname, search]);
}

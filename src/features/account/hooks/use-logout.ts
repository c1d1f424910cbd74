import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { confirmDialog, warmConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { useNavigate } from 'react-router-dom';
import { useLogoutMutation } from '../../../api';
import { paths } from '../../../shared/config/paths';
import { toast } from '../../../shared/ui/toast';
import { useAppDispatch } from '../../../store/hooks';
import { loggedOut } from '../../../store/session.slice';

/**
 * Logging out after a confirmation, as the Me tab and the settings screen both offer it: tell the server
 * (SPEC.md section 7: logout?lang=zh-cn), forget the session whatever it answers, go to /login.
 */
export function useLogout(): { confirmLogout: () => Promise<void>; loggingOut: boolean } {
  // Logging out asks first: the dialog's code loads once the screen has drawn.
  useEffect(warmConfirmDialog, []);
  const intl = useIntl();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [logout, { isLoading: loggingOut }] = useLogoutMutation();

  const confirmLogout = async () => {
    const confirmed = await confirmDialog({
      title: intl.formatMessage({ id: 'me.logout.title' }),
      content: intl.formatMessage({ id: 'me.logout.confirm' }),
      confirmText: intl.formatMessage({ id: 'me.logout.action' }),
      cancelText: intl.formatMessage({ id: 'common.cancel' }),
    });
    if (!confirmed) return;
    try {
      await logout({ lang: 'zh-cn' }).unwrap();
    } catch {
      // Logged out here even when the server cannot be told: the token is forgotten either way.
    }
    dispatch(loggedOut());
    toast.success(intl.formatMessage({ id: 'me.logout.success' }));
    navigate(paths.login, { replace: true });
  };

  return { confirmLogout, loggingOut };
}

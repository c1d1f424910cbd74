import { FormattedMessage, useIntl } from 'react-intl';
import { useGetUserInfoQuery } from '../../../api';
import { paths } from '../../../shared/config/paths';
import { Page } from '../../../shared/ui/page';
import { useAppSelector } from '../../../store/hooks';
import { selectUserInfo } from '../../../store/session.slice';
import { MenuSection } from '../components/menu-section';

/** /passwords: the password hub, leading to the login password and the payment code (with its state). */
export default function PasswordsScreen() {
  const intl = useIntl();
  const stored = useAppSelector(selectUserInfo);
  // Fresh on every visit; the stored copy shows at once meanwhile.
  const { data } = useGetUserInfoQuery(undefined, { refetchOnMountOrArgChange: true });
  const havePay = (data?.data ?? stored)?.have_pay;
  return (
    <Page title={intl.formatMessage({ id: 'route.passwords' })} fallback={paths.me}>
      <p className="passwords-lead">
        <FormattedMessage id="account.passwords.lead" />
      </p>
      <MenuSection
        ariaLabel={intl.formatMessage({ id: 'route.passwords' })}
        entries={[
          { to: paths.changePassword, labelId: 'account.passwords.login' },
          {
            to: paths.changePayPwd,
            labelId: 'account.passwords.payCode',
            value:
              havePay === undefined ? undefined : (
                <FormattedMessage id={havePay === 1 ? 'account.passwords.set' : 'account.passwords.notSet'} />
              ),
            attention: havePay !== 1,
          },
        ]}
      />
    </Page>
  );
}

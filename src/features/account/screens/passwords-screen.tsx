import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import RightOutline from 'antd-mobile-icons/es/RightOutline';
import { useGetUserInfoQuery } from '../../../api';
import { paths } from '../../../shared/config/paths';
import { Page } from '../../../shared/ui/page';
import { useAppSelector } from '../../../store/hooks';
import { selectUserInfo } from '../../../store/session.slice';

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
      <section className="card" aria-label={intl.formatMessage({ id: 'route.passwords' })}>
        <ul className="menu">
          <li className="menu__item">
            <Link to={paths.changePassword}>
              <span className="menu__label">
                <FormattedMessage id="account.passwords.login" />
              </span>
              <RightOutline aria-hidden className="menu__chevron" />
            </Link>
          </li>
          <li className="menu__item">
            <Link to={paths.changePayPwd}>
              <span className="menu__label">
                <FormattedMessage id="account.passwords.payCode" />
              </span>
              {havePay !== undefined && (
                <span className={`menu__value${havePay === 1 ? '' : ' menu__value--attention'}`}>
                  <FormattedMessage id={havePay === 1 ? 'account.passwords.set' : 'account.passwords.notSet'} />
                </span>
              )}
              <RightOutline aria-hidden className="menu__chevron" />
            </Link>
          </li>
        </ul>
      </section>
    </Page>
  );
}

import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import RightOutline from 'antd-mobile-icons/es/RightOutline';
import { useGetUserInfoQuery } from '../../../api';
import { paths } from '../../../shared/config/paths';
import { Page } from '../../../shared/ui/page';
import { ErrorState, LoadingState } from '../../../shared/ui/states';
import { maskEmail, maskMobile } from '../components/contact-mask';

/**
 * /security: who the account is (mobile and email masked), whether a payment code is set (have_pay), and
 * the ways to change it and the login password.
 */
export default function SecurityScreen() {
  const intl = useIntl();
  // have_pay may have changed on another device: asked again on every visit.
  const { data, error, refetch } = useGetUserInfoQuery(undefined, { refetchOnMountOrArgChange: true });
  const user = data?.data;
  const title = intl.formatMessage({ id: 'route.security' });

  if (!user) {
    return (
      <Page title={title} fallback={paths.setting}>
        {error ? <ErrorState error={error} onRetry={() => void refetch()} /> : <LoadingState />}
      </Page>
    );
  }

  const payCodeSet = user.have_pay === 1;
  const notSet = <FormattedMessage id="account.security.notBound" />;
  const details = [
    { id: 'account', labelId: 'account.fields.account', value: user.username },
    { id: 'mobile', labelId: 'account.fields.mobile', value: maskMobile(user.quhao, user.mobile) || notSet },
    { id: 'email', labelId: 'account.fields.email', value: maskEmail(user.email) || notSet },
  ];

  return (
    <Page title={title} fallback={paths.setting}>
      <section className="card" aria-labelledby="security-account">
        <h2 id="security-account" className="card__title">
          <FormattedMessage id="account.security.accountTitle" />
        </h2>
        <dl className="security-details">
          {details.map((detail) => (
            <div className="security-details__row" key={detail.id}>
              <dt>
                <FormattedMessage id={detail.labelId} />
              </dt>
              <dd>{detail.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section className="card" aria-labelledby="security-passwords">
        <h2 id="security-passwords" className="card__title">
          <FormattedMessage id="route.passwords" />
        </h2>
        <ul className="menu">
          <li className="menu__item">
            <Link to={paths.changePassword}>
              <span className="menu__label">
                <FormattedMessage id="account.passwords.login" />
              </span>
              <span className="menu__value">
                <FormattedMessage id="account.security.change" />
              </span>
              <RightOutline aria-hidden className="menu__chevron" />
            </Link>
          </li>
          <li className="menu__item">
            <Link to={paths.changePayPwd}>
              <span className="menu__label">
                <FormattedMessage id="account.passwords.payCode" />
                <span className={`security-status${payCodeSet ? '' : ' security-status--attention'}`}>
                  <FormattedMessage id={payCodeSet ? 'account.passwords.set' : 'account.passwords.notSet'} />
                </span>
              </span>
              <span className="menu__value">
                <FormattedMessage id={payCodeSet ? 'account.security.change' : 'account.security.setUp'} />
              </span>
              <RightOutline aria-hidden className="menu__chevron" />
            </Link>
          </li>
        </ul>
        {!payCodeSet && (
          <p className="security-note">
            <FormattedMessage id="account.security.payCodeNeeded" />
          </p>
        )}
      </section>
    </Page>
  );
}

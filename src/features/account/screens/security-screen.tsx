import { FormattedMessage, useIntl } from 'react-intl';
import { useGetUserInfoQuery } from '../../../api';
import { paths } from '../../../shared/config/paths';
import { passkeysSupported } from '../../../shared/lib/passkey-support';
import { Page } from '../../../shared/ui/page';
import { ErrorState, LoadingState } from '../../../shared/ui/states';
import { maskEmail, maskMobile } from '../components/contact-mask';
import { MenuSection } from '../components/menu-section';
import { PasskeySection } from '../components/passkey-section';

/**
 * /security: who the account is (mobile and email masked), whether a payment code is set (have_pay), the
 * ways to change it and the login password, and the account's passkeys.
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
    {
      id: 'mobile',
      labelId: 'account.fields.mobile',
      value: maskMobile(user.quhao ?? '', user.mobile ?? '') || notSet,
    },
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

      <MenuSection
        titleId="route.passwords"
        headingId="security-passwords"
        entries={[
          {
            to: paths.changePassword,
            labelId: 'account.passwords.login',
            value: <FormattedMessage id="account.security.change" />,
          },
          {
            to: paths.changePayPwd,
            labelId: 'account.passwords.payCode',
            labelExtra: (
              <span className={`security-status${payCodeSet ? '' : ' security-status--attention'}`}>
                <FormattedMessage id={payCodeSet ? 'account.passwords.set' : 'account.passwords.notSet'} />
              </span>
            ),
            value: <FormattedMessage id={payCodeSet ? 'account.security.change' : 'account.security.setUp'} />,
          },
        ]}
      >
        {!payCodeSet && (
          <p className="security-note">
            <FormattedMessage id="account.security.payCodeNeeded" />
          </p>
        )}
      </MenuSection>

      {/* A backend without passkeys (an extension) leaves getUserInfo's count out, and a page where they
          cannot work (opened by an IP address, or over http elsewhere than localhost) cannot make or
          use one: nothing of them is shown. */}
      {user.passkeys !== undefined && passkeysSupported() && <PasskeySection user={user} />}
    </Page>
  );
}

import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import RightOutline from 'antd-mobile-icons/es/RightOutline';
import { useGetUserInfoQuery } from '../../../api';
import { paths } from '../../../shared/config/paths';
import { formatMoney } from '../../../shared/lib/money';
import { Page } from '../../../shared/ui/page';
import { useAppSelector } from '../../../store/hooks';
import { selectUserInfo } from '../../../store/session.slice';

const methods = [
  { to: paths.walletTopUp, labelId: 'route.walletTopUp', hintId: 'wallet.topUp.onChainHint' },
  { to: paths.cardTopUp, labelId: 'route.cardTopUp', hintId: 'wallet.topUp.manualHint' },
  { to: paths.topUpRecord, labelId: 'route.topUpRecord', hintId: 'wallet.topUp.recordsHint' },
];

/** /topUp: the balance and the ways to top up. */
export default function TopUpScreen() {
  const intl = useIntl();
  const stored = useAppSelector(selectUserInfo);
  const { data } = useGetUserInfoQuery(undefined, { refetchOnMountOrArgChange: true });
  const user = data?.data ?? stored;
  return (
    <Page title={intl.formatMessage({ id: 'route.topUp' })} fallback={paths.me}>
      <section className="wallet-balance" aria-labelledby="top-up-balance">
        {/* A name and its value (a big figure, not a heading). */}
        <dl className="wallet-balance__figure">
          <dt className="wallet-balance__label" id="top-up-balance">
            <FormattedMessage id="wallet.balance" />
          </dt>
          <dd className="wallet-balance__amount" aria-busy={!user}>
            {user ? formatMoney(user.money, intl.locale) : '—'}
          </dd>
        </dl>
        <p className="wallet-balance__note">
          <FormattedMessage id="wallet.topUp.review" />
        </p>
      </section>
      <section className="card" aria-labelledby="top-up-methods">
        <h2 className="card__title" id="top-up-methods">
          <FormattedMessage id="wallet.topUp.methods" />
        </h2>
        <ul className="menu">
          {methods.map((method) => (
            <li className="menu__item" key={method.to}>
              <Link to={method.to}>
                <span className="menu__label wallet-method">
                  <span className="wallet-method__name">
                    <FormattedMessage id={method.labelId} />
                  </span>
                  <span className="wallet-method__hint">
                    <FormattedMessage id={method.hintId} />
                  </span>
                </span>
                <RightOutline aria-hidden className="menu__chevron" />
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </Page>
  );
}

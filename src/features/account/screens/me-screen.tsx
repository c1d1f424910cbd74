import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import Avatar from 'antd-mobile/es/components/avatar';
import Badge from 'antd-mobile/es/components/badge';
import RightOutline from 'antd-mobile-icons/es/RightOutline';
import { useGetUserInfoQuery } from '../../../api';
import { paths } from '../../../shared/config/paths';
import { formatMoney } from '../../../shared/lib/money';
import { Page } from '../../../shared/ui/page';
import { LoadingState } from '../../../shared/ui/states';
import { useAppSelector } from '../../../store/hooks';
import { selectLanguage } from '../../../store/language.slice';
import { selectUserInfo } from '../../../store/session.slice';
import { MenuSection, type MenuEntry } from '../components/menu-section';
import { useLogout } from '../hooks/use-logout';

const menus: { titleId: string; entries: MenuEntry[] }[] = [
  {
    titleId: 'me.section.wallet',
    entries: [
      { to: paths.topUp, labelId: 'route.topUp' },
      { to: paths.withDraw, labelId: 'route.withDraw' },
      { to: paths.capitalRecord, labelId: 'route.capitalRecord' },
      { to: paths.topUpRecord, labelId: 'route.topUpRecord' },
      { to: paths.depositRecord, labelId: 'route.depositRecord' },
    ],
  },
  {
    titleId: 'me.section.shopping',
    entries: [
      { to: paths.order, labelId: 'route.order' },
      { to: paths.myFavourite, labelId: 'route.myFavourite' },
      { to: paths.heart, labelId: 'route.heart' },
      { to: paths.address, labelId: 'route.address' },
    ],
  },
  {
    titleId: 'me.section.account',
    entries: [
      { to: paths.profile, labelId: 'route.profile' },
      { to: paths.security, labelId: 'route.security' },
      { to: paths.passwords, labelId: 'route.passwords' },
      { to: paths.changePayPwd, labelId: 'route.changePayPwd' },
      { to: paths.notification, labelId: 'route.notification' },
      { to: paths.language, labelId: 'route.language' },
      { to: paths.setting, labelId: 'route.setting' },
    ],
  },
  {
    titleId: 'me.section.support',
    entries: [
      { to: paths.helpAndSupport, labelId: 'route.helpAndSupport' },
      { to: paths.service, labelId: 'route.service' },
      { to: paths.law, labelId: 'route.law' },
      { to: paths.platform, labelId: 'route.platform' },
    ],
  },
];

const counters = [
  { status: 0, labelId: 'orders.status.waitingPay', field: 'order_unpaid' },
  { status: 1, labelId: 'orders.status.waitingDeliver', field: 'order_undelivered' },
  { status: 2, labelId: 'orders.status.delivered', field: 'order_unreceived' },
  { status: -4, labelId: 'orders.status.afterSale', field: 'order_after_sale' },
] as const;

/** The Me tab (/filter): who I am, my balance, my orders at a glance, and every account screen. */
export default function MeScreen() {
  const intl = useIntl();
  const language = useAppSelector(selectLanguage);
  const stored = useAppSelector(selectUserInfo);
  // Fresh balance and counters on every visit; the store's copy shows at once meanwhile.
  const { data } = useGetUserInfoQuery(undefined, { refetchOnMountOrArgChange: true });
  const user = data?.data ?? stored;
  const { confirmLogout, loggingOut } = useLogout();

  if (!user) {
    return (
      <Page bare>
        <LoadingState />
      </Page>
    );
  }

  const languageValue = language.language_name;
  return (
    <Page bare className="me">
      <section className="me-header" aria-labelledby="me-name">
        <Link to={paths.profile} className="me-header__profile">
          <Avatar src={user.avatar} className="me-header__avatar" aria-hidden />
          <div className="me-header__who">
            <h1 id="me-name" className="me-header__name">
              {user.nickname || user.username}
            </h1>
            <p className="me-header__account">@{user.username}</p>
          </div>
          <RightOutline aria-hidden />
        </Link>
        <div className="me-balance">
          <div>
            <p className="me-balance__label">
              <FormattedMessage id="me.balance" />
            </p>
            <p className="me-balance__amount">{formatMoney(user.money, intl.locale)}</p>
          </div>
          <div className="me-balance__actions">
            <Link className="pill" to={paths.topUp}>
              <FormattedMessage id="me.topUp" />
            </Link>
            <Link className="pill pill--ghost" to={paths.withDraw}>
              <FormattedMessage id="me.withdraw" />
            </Link>
          </div>
        </div>
      </section>

      <section className="card" aria-labelledby="me-orders">
        <div className="card__head">
          <h2 id="me-orders" className="card__title">
            <FormattedMessage id="me.orders" />
          </h2>
          <Link className="card__more" to={paths.myPurchases('all')}>
            <FormattedMessage id="me.allOrders" />
          </Link>
        </div>
        <ul className="counters">
          {counters.map(({ status, labelId, field }) => {
            // A counter the backend does not send (an extension) is left out; the list is still there.
            const count = user[field];
            return (
              <li key={status}>
                {/* Named by what it shows, in its order ("0 Waiting pay", WCAG 2.5.3 Label in Name): the
                    space keeps the number and the label apart in the name; the badge is a dot, so the
                    number is not shown (and said) twice. */}
                <Link to={paths.myPurchases(status)} className="counter">
                  {count !== undefined && (
                    <>
                      <Badge content={count > 0 ? Badge.dot : null}>
                        <span className="counter__value">{count}</span>
                      </Badge>{' '}
                    </>
                  )}
                  <span className="counter__label">
                    <FormattedMessage id={labelId} />
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </section>

      {menus.map((menu) => (
        <MenuSection
          key={menu.titleId}
          titleId={menu.titleId}
          entries={menu.entries.map((entry) =>
            entry.to === paths.language ? { ...entry, value: languageValue } : entry,
          )}
        />
      ))}

      <div className="me-logout">
        <button
          type="button"
          className="button button--danger-outline"
          onClick={() => void confirmLogout()}
          disabled={loggingOut}
        >
          <FormattedMessage id="me.logout.action" />
        </button>
      </div>
    </Page>
  );
}

import { useIntl } from 'react-intl';
import { NavLink } from 'react-router-dom';
import AppOutline from 'antd-mobile-icons/es/AppOutline';
import CompassOutline from 'antd-mobile-icons/es/CompassOutline';
import ShopbagOutline from 'antd-mobile-icons/es/ShopbagOutline';
import UserOutline from 'antd-mobile-icons/es/UserOutline';
import { paths } from '../shared/config/paths';
import './tab-bar.css';

const tabs = [
  { to: paths.home, labelId: 'tabs.home', Icon: AppOutline },
  { to: paths.explore, labelId: 'tabs.explore', Icon: CompassOutline },
  { to: paths.bag, labelId: 'tabs.cart', Icon: ShopbagOutline },
  { to: paths.me, labelId: 'tabs.me', Icon: UserOutline },
] as const;

/** The bottom tab bar: real links, so they work with a keyboard and a screen reader. */
export function TabBar() {
  const intl = useIntl();
  return (
    <nav className="tab-bar" aria-label={intl.formatMessage({ id: 'tabs.label' })}>
      {tabs.map(({ to, labelId, Icon }) => (
        <NavLink
          key={to}
          to={to}
          className={({ isActive }) => `tab-bar__item${isActive ? ' tab-bar__item--active' : ''}`}
        >
          <Icon aria-hidden fontSize={24} />
          <span>{intl.formatMessage({ id: labelId })}</span>
        </NavLink>
      ))}
    </nav>
  );
}

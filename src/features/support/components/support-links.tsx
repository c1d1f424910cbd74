import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import FileOutline from 'antd-mobile-icons/es/FileOutline';
import MessageOutline from 'antd-mobile-icons/es/MessageOutline';
import RightOutline from 'antd-mobile-icons/es/RightOutline';
import ShopbagOutline from 'antd-mobile-icons/es/ShopbagOutline';
import { paths } from '../../../shared/config/paths';

const links = [
  { id: 'service', to: paths.service, labelId: 'support.links.service', Icon: MessageOutline },
  { id: 'law', to: paths.law, labelId: 'route.law', Icon: FileOutline },
  { id: 'platform', to: paths.platform, labelId: 'route.platform', Icon: ShopbagOutline },
] as const;

/** Where to go when the answer is not here: customer service, the legal page, the platform. */
export function SupportLinks({ current }: { current?: (typeof links)[number]['id'] | 'help' }) {
  return (
    <nav className="card support-links" aria-labelledby="support-links-title">
      <h2 className="card__title" id="support-links-title">
        <FormattedMessage id="support.links.title" />
      </h2>
      <ul className="menu">
        {links
          .filter((link) => link.id !== current)
          .map(({ id, to, labelId, Icon }) => (
            <li className="menu__item" key={id}>
              <Link to={to}>
                <span className="menu__icon">
                  <Icon aria-hidden fontSize={20} />
                </span>
                <span className="menu__label">
                  <FormattedMessage id={labelId} />
                </span>
                <RightOutline aria-hidden className="menu__chevron" />
              </Link>
            </li>
          ))}
      </ul>
    </nav>
  );
}

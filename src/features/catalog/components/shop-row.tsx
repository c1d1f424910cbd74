import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { ShopCard } from '../../../api';
import { paths } from '../../../shared/config/paths';
import { useToggleFollow } from './use-favourites';
import { useFormatRate } from './shop-summary';
import { Picture } from '../../../shared/ui/picture';

/** A followed shop as a row: avatar, name, followers and rate when sent (linking to the shop), and Unfollow. */
export function ShopRow({ shop }: { shop: ShopCard }) {
  const intl = useIntl();
  const formatRate = useFormatRate();
  const { toggle, busy } = useToggleFollow();
  return (
    <div className="shop-row">
      <Link className="shop-row__link" to={paths.shop(shop.mer_id)}>
        <Picture
          drawn={52}
          className="shop-row__avatar"
          src={shop.mer_avatar}
          alt=""
          width={52}
          height={52}
          loading="lazy"
        />
        <span className="shop-row__who">
          <span className="shop-row__name">{shop.mer_name}</span>
          <span className="shop-row__stats">
            {shop.fans !== undefined && (
              <span>
                <FormattedMessage id="catalog.shop.fans" values={{ count: shop.fans }} />
              </span>
            )}
            {shop.favorable_rate !== undefined && (
              <span>
                <FormattedMessage id="catalog.shop.rate" values={{ rate: formatRate(shop.favorable_rate) }} />
              </span>
            )}
          </span>
        </span>
      </Link>
      <button
        type="button"
        className="follow-button follow-button--on"
        disabled={busy}
        aria-busy={busy}
        aria-label={intl.formatMessage({ id: 'catalog.heart.unfollow' }, { name: shop.mer_name })}
        onClick={() => void toggle(shop.mer_id, 1)}
      >
        <FormattedMessage id="catalog.heart.unfollowShort" />
      </button>
    </div>
  );
}

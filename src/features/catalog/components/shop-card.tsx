import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import type { ShopCard as ShopCardData } from '../../../api';
import { paths } from '../../../shared/config/paths';
import { useFormatRate } from './shop-summary';
import { Picture } from '../../../shared/ui/picture';

/**
 * A shop as a card: avatar, name, followers, and units sold (or, when the backend does not send them,
 * the favorable rate); links to the shop. A figure the backend did not send is left out.
 */
export function ShopCard({ shop }: { shop: ShopCardData }) {
  const formatRate = useFormatRate();
  return (
    <Link className="shop-card" to={paths.shop(shop.mer_id)}>
      <Picture
        drawn={56}
        className="shop-card__avatar"
        src={shop.mer_avatar}
        alt=""
        width={56}
        height={56}
        loading="lazy"
        decoding="async"
      />
      <span className="shop-card__name">{shop.mer_name}</span>
      {shop.fans !== undefined && (
        <span className="shop-card__stat">
          <FormattedMessage id="catalog.shop.fans" values={{ count: shop.fans }} />
        </span>
      )}
      {shop.sales !== undefined ? (
        <span className="shop-card__stat">
          <FormattedMessage id="catalog.shop.sales" values={{ count: shop.sales }} />
        </span>
      ) : (
        shop.favorable_rate !== undefined && (
          <span className="shop-card__stat">
            <FormattedMessage id="catalog.shop.rate" values={{ rate: formatRate(shop.favorable_rate) }} />
          </span>
        )
      )}
    </Link>
  );
}

import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import type { ShopCard as ShopCardData } from '../../../api';
import { paths } from '../../../shared/config/paths';

/** A shop as a card: avatar, name, followers and units sold; links to the shop. */
export function ShopCard({ shop }: { shop: ShopCardData }) {
  return (
    <Link className="shop-card" to={paths.shop(shop.mer_id)}>
      <img
        className="shop-card__avatar"
        src={shop.mer_avatar}
        alt=""
        width={56}
        height={56}
        loading="lazy"
        decoding="async"
      />
      <span className="shop-card__name">{shop.mer_name}</span>
      <span className="shop-card__stat">
        <FormattedMessage id="catalog.shop.fans" values={{ count: shop.fans }} />
      </span>
      <span className="shop-card__stat">
        <FormattedMessage id="catalog.shop.sales" values={{ count: shop.sales }} />
      </span>
    </Link>
  );
}

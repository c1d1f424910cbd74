import { FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import RightOutline from 'antd-mobile-icons/es/RightOutline';
import type { ShopCard as ShopCardData } from '../../../api';
import { paths } from '../../../shared/config/paths';
import { formatMoney } from '../../../shared/lib/money-format';
import '../discovery.css';

/**
 * A shop as a full-width row for lists (shop search): avatar, name and the four figures of SPEC.md
 * section 3 (sales, fans, favorable rate, total sales); links to the shop. Home's compact scroller
 * card stays ShopCard.
 */
export function ShopStatsCard({ shop }: { shop: ShopCardData }) {
  const intl = useIntl();
  const figures = [
    { labelId: 'catalog.shop.statSales', value: <FormattedNumber value={shop.sales} /> },
    { labelId: 'catalog.shop.statFans', value: <FormattedNumber value={shop.fans} /> },
    {
      labelId: 'catalog.shop.statFavorable',
      // favorable_rate is a percentage for display (e.g. 98.27), not money.
      value: <FormattedNumber value={shop.favorable_rate / 100} style="percent" maximumFractionDigits={1} />,
    },
    { labelId: 'catalog.shop.statTotalSales', value: formatMoney(shop.total_sales, intl.locale) },
  ];
  return (
    <Link className="shop-stats-card" to={paths.shop(shop.mer_id)}>
      <span className="shop-stats-card__head">
        <img
          className="shop-stats-card__avatar"
          src={shop.mer_avatar}
          alt=""
          width={48}
          height={48}
          loading="lazy"
          decoding="async"
        />
        <span className="shop-stats-card__name">{shop.mer_name}</span>
        <RightOutline aria-hidden className="shop-stats-card__chevron" />
      </span>
      <span className="shop-stats-card__figures">
        {figures.map(({ labelId, value }) => (
          <span key={labelId} className="shop-stats-card__figure">
            <span className="shop-stats-card__value">{value}</span>
            <span className="shop-stats-card__label">
              <FormattedMessage id={labelId} />
            </span>
          </span>
        ))}
      </span>
    </Link>
  );
}

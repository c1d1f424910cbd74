import { FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import RightOutline from 'antd-mobile-icons/es/RightOutline';
import type { ShopCard as ShopCardData } from '../../../api';
import { paths } from '../../../shared/config/paths';
import { formatMoney } from '../../../../common/money-format';
import '../discovery.css';
import { Picture } from '../../../shared/ui/picture';

/**
 * A shop as a full-width row for lists (shop search): avatar, name and the four figures of SPEC.md
 * section 3 (sales, fans, favorable rate, total sales), those the backend sent; links to the shop.
 * Home's compact scroller card stays ShopCard.
 */
export function ShopStatsCard({ shop }: { shop: ShopCardData }) {
  const intl = useIntl();
  const { sales, fans, favorable_rate: rate, total_sales: totalSales } = shop;
  const figures = [
    sales !== undefined && { labelId: 'catalog.shop.statSales', value: <FormattedNumber value={sales} /> },
    fans !== undefined && { labelId: 'catalog.shop.statFans', value: <FormattedNumber value={fans} /> },
    rate !== undefined && {
      labelId: 'catalog.shop.statFavorable',
      // favorable_rate is a percentage for display (e.g. 98.27), not money.
      value: <FormattedNumber value={rate / 100} style="percent" maximumFractionDigits={1} />,
    },
    totalSales !== undefined && {
      labelId: 'catalog.shop.statTotalSales',
      value: formatMoney(totalSales, intl.locale),
    },
  ].filter((figure) => figure !== false);
  return (
    <Link className="shop-stats-card" to={paths.shop(shop.mer_id)}>
      <span className="shop-stats-card__head">
        <Picture
          drawn={48}
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

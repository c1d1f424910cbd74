import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import RightOutline from 'antd-mobile-icons/es/RightOutline';
import { useGetShopDetailQuery, type ShopCard } from '../../../api';
import { paths } from '../../../shared/config/paths';
import { formatMoney } from '../../../../common/money-format';
import { useToggleFollow } from './use-favourites';
import { Picture } from '../../../shared/ui/picture';

/** Products per page on the shop screen: three rows of the two-column grid. */
export const SHOP_PRODUCTS_PAGE = 6;

/**
 * The arguments of a shop's first page (all categories). The shop screen and the product page's shop
 * card ask with exactly these, so they share one cache entry (is_follow, fans).
 */
export function shopFirstPage(merId: number) {
  return { merId, page: 1, limit: SHOP_PRODUCTS_PAGE };
}

/** A favorable rate in percent (95.23) in the shopper's language ("95.23%"). */
export function useFormatRate() {
  const intl = useIntl();
  return (rate: number) => intl.formatNumber(rate / 100, { style: 'percent', maximumFractionDigits: 2 });
}

/** Follow / Following, for a shop; visitors are sent to log in first. */
export function FollowButton({ merId, following, className }: { merId: number; following: 0 | 1; className?: string }) {
  const { toggle, busy } = useToggleFollow();
  return (
    <button
      type="button"
      className={`follow-button${following ? ' follow-button--on' : ''} ${className ?? ''}`}
      onClick={() => void toggle(merId, following)}
      disabled={busy}
      aria-busy={busy}
    >
      <FormattedMessage id={following ? 'catalog.shop.following' : 'catalog.shop.follow'} />
    </button>
  );
}

/**
 * The shop on a product page: avatar, name, followers, favorable rate and total sales (those the
 * backend sent), Follow, and a link to the shop.
 */
export function ShopSummary({ shop }: { shop: ShopCard }) {
  const intl = useIntl();
  const formatRate = useFormatRate();
  const fresh = useGetShopDetailQuery(shopFirstPage(shop.mer_id));
  const detail = fresh.data?.code === 1 ? fresh.data.data : undefined;
  const fans = detail?.fans ?? shop.fans;
  const rate = shop.favorable_rate ?? detail?.favorable_rate;
  const totalSales = shop.total_sales ?? detail?.total_sales;
  return (
    <section className="detail-card shop-summary" aria-labelledby="shop-summary-name">
      <div className="shop-summary__head">
        <Picture
          drawn={48}
          className="shop-summary__avatar"
          src={shop.mer_avatar}
          alt=""
          width={48}
          height={48}
          loading="lazy"
        />
        <div className="shop-summary__who">
          <h2 className="shop-summary__name" id="shop-summary-name">
            {shop.mer_name}
          </h2>
          <p className="shop-summary__stats">
            {fans !== undefined && (
              <span>
                <FormattedMessage id="catalog.shop.fans" values={{ count: fans }} />
              </span>
            )}
            {rate !== undefined && (
              <span>
                <FormattedMessage id="catalog.shop.rate" values={{ rate: formatRate(rate) }} />
              </span>
            )}
            {totalSales !== undefined && (
              <span>
                <FormattedMessage
                  id="catalog.shop.turnover"
                  values={{ amount: formatMoney(totalSales, intl.locale) }}
                />
              </span>
            )}
          </p>
        </div>
        {detail && <FollowButton merId={shop.mer_id} following={detail.is_follow} />}
      </div>
      <Link className="shop-summary__visit" to={paths.shop(shop.mer_id)}>
        <FormattedMessage id="catalog.detail.visitShop" />
        <RightOutline aria-hidden />
      </Link>
    </section>
  );
}

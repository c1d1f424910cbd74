import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import AppstoreOutline from 'antd-mobile-icons/es/AppstoreOutline';
import HeartFill from 'antd-mobile-icons/es/HeartFill';
import HeartOutline from 'antd-mobile-icons/es/HeartOutline';
import type { ProductDetail } from '../../../api';
import { paths } from '../../../shared/config/paths';
import { useToggleLike } from './use-favourites';

/** The product page's footer: the shop, the favourite heart, add to bag and buy now. */
export function DetailActionBar({
  detail,
  soldOut,
  adding,
  onAdd,
  onBuy,
}: {
  detail: ProductDetail;
  soldOut: boolean;
  adding: boolean;
  onAdd: () => void;
  onBuy: () => void;
}) {
  const like = useToggleLike();
  const liked = like.likedOf(detail.product_id, detail.is_like) === 1;
  return (
    <div className="detail-actions">
      <Link className="detail-actions__icon" to={paths.shop(detail.mer_id)}>
        <AppstoreOutline aria-hidden fontSize={22} />
        <span>
          <FormattedMessage id="catalog.detail.shop" />
        </span>
      </Link>
      <button
        type="button"
        className={`detail-actions__icon${liked ? ' detail-actions__icon--on' : ''}`}
        aria-pressed={liked}
        onClick={() => void like.toggle(detail, liked ? 1 : 0)}
      >
        {liked ? <HeartFill aria-hidden fontSize={22} /> : <HeartOutline aria-hidden fontSize={22} />}
        <span>
          <FormattedMessage id="catalog.detail.like" />
        </span>
      </button>
      <button
        type="button"
        className="detail-actions__button detail-actions__button--bag"
        onClick={onAdd}
        disabled={soldOut || adding}
        aria-busy={adding}
      >
        <FormattedMessage id="catalog.detail.addToBag" />
      </button>
      <button
        type="button"
        className="detail-actions__button detail-actions__button--buy"
        onClick={onBuy}
        disabled={soldOut}
      >
        <FormattedMessage id="catalog.detail.buyNow" />
      </button>
    </div>
  );
}

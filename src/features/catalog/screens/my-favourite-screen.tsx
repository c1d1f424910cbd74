import { FormattedMessage, useIntl } from 'react-intl';
import HeartFill from 'antd-mobile-icons/es/HeartFill';
import {
  useListLikedProductsQuery,
  type ListLikedProductsApiArg,
  type ProductCard as ProductCardData,
} from '../../../api';
import { paths } from '../../../shared/config/paths';
import { Page } from '../../../shared/ui/page';
import { PullList } from '../../../shared/ui/pull-list';
import { EmptyStateLink } from '../../../shared/ui/states';
import { toast } from '../../../shared/ui/toast';
import { ProductCard } from '../components/product-card';
import { useToggleLike } from '../components/use-favourites';
import '../detail.css';

const NO_ARGS = {};

/** A liked product: its card, and a heart that takes it off the list. */
function LikedProduct({ product }: { product: ProductCardData }) {
  const intl = useIntl();
  const { toggle, busy } = useToggleLike();
  const unlike = async () => {
    const now = await toggle(product, 1);
    if (now === 0) toast.success(intl.formatMessage({ id: 'catalog.favourite.removed' }));
  };
  return (
    <div className="liked-product">
      <ProductCard product={product} />
      <button
        type="button"
        className="liked-product__remove"
        disabled={busy}
        aria-busy={busy}
        aria-label={intl.formatMessage({ id: 'catalog.favourite.remove' }, { title: product.title })}
        onClick={() => void unlike()}
      >
        <HeartFill aria-hidden fontSize={20} />
      </button>
    </div>
  );
}

/** /myFavourite: the liked products, most recently liked first, each with a heart to unlike it. */
export default function MyFavouriteScreen() {
  const intl = useIntl();
  return (
    <Page title={intl.formatMessage({ id: 'route.myFavourite' })} fallback={paths.me} className="favourites">
      <div className="detail-grid-list">
        <PullList<Omit<ListLikedProductsApiArg, 'page' | 'limit'>, ProductCardData>
          useListQuery={useListLikedProductsQuery}
          args={NO_ARGS}
          itemKey={(product) => product.key}
          renderItem={(product) => <LikedProduct product={product} />}
          label={intl.formatMessage({ id: 'route.myFavourite' })}
          empty={
            <EmptyStateLink
              title={<FormattedMessage id="catalog.favourite.empty" />}
              description={<FormattedMessage id="catalog.favourite.emptyText" />}
              to={paths.explore}
              action={<FormattedMessage id="catalog.favourite.browse" />}
              primary
            />
          }
        />
      </div>
    </Page>
  );
}

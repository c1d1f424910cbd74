import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate, useParams } from 'react-router-dom';
import MessageOutline from 'antd-mobile-icons/es/MessageOutline';
import {
  useGetShopDetailQuery,
  useListCategoriesQuery,
  type ApiError,
  type GetShopDetailApiArg,
  type ProductCard as ProductCardData,
  type ShopDetail,
  isRefusal,
} from '../../../api';
import { paths } from '../../../shared/config/paths';
import { formatMoney } from '../../../../common/money-format';
import { encodeQuery } from '../../../shared/lib/query-string';
import { Page } from '../../../shared/ui/page';
import { PullList } from '../../../shared/ui/pull-list';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/states';
import { useCategoryName } from '../components/category-chips';
import { NotFound } from '../components/not-found';
import { ProductCard } from '../components/product-card';
import { FollowButton, SHOP_PRODUCTS_PAGE, shopFirstPage, useFormatRate } from '../components/shop-summary';
import '../detail.css';
import { Picture } from '../../../shared/ui/picture';

type ShopProductsArgs = Omit<GetShopDetailApiArg, 'page' | 'limit'>;

/** A shop's products as a list page for PullList (they come inside getShopDetail's product_list). */
function useShopProductsQuery(args: GetShopDetailApiArg & { page: number; limit: number }) {
  const result = useGetShopDetailQuery(args);
  const page = result.data?.code === 1 ? result.data.data.product_list : undefined;
  return { ...result, data: page ? { data: page } : undefined };
}

function positiveId(value: string | undefined): number | undefined {
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : undefined;
}

function ShopHeader({ shop }: { shop: ShopDetail }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const formatRate = useFormatRate();
  const banner = shop.banner[0];
  // The figures the backend sent (a family backend's shop page may send followers only).
  const figures = [
    shop.fans !== undefined && { labelId: 'catalog.shop.fansLabel', value: intl.formatNumber(shop.fans) },
    shop.favorable_rate !== undefined && { labelId: 'catalog.shop.rateLabel', value: formatRate(shop.favorable_rate) },
    shop.total_sales !== undefined && {
      labelId: 'catalog.shop.totalSales',
      value: formatMoney(shop.total_sales, intl.locale),
    },
  ].filter((figure) => figure !== false);
  return (
    <section className="shop-header" aria-labelledby="shop-name">
      <div className="shop-header__banner">
        {banner && <Picture drawn="banner" src={banner} alt="" width={750} height={250} decoding="async" />}
      </div>
      <div className="shop-header__card">
        <div className="shop-header__main">
          <Picture drawn={64} className="shop-header__avatar" src={shop.mer_avatar} alt="" width={64} height={64} />
          <div className="shop-header__who">
            <h2 className="shop-header__name" id="shop-name">
              {shop.mer_name}
            </h2>
            {shop.sales !== undefined && (
              <p className="shop-header__sold">
                <FormattedMessage id="catalog.shop.sales" values={{ count: shop.sales }} />
              </p>
            )}
          </div>
          <FollowButton merId={shop.mer_id} following={shop.is_follow} />
        </div>
        {figures.length > 0 && (
          <dl className="shop-figures">
            {figures.map((figure) => (
              <div className="shop-figures__item" key={figure.labelId}>
                <dt>
                  <FormattedMessage id={figure.labelId} />
                </dt>
                <dd>{figure.value}</dd>
              </div>
            ))}
          </dl>
        )}
        <button
          type="button"
          className="button button--outline shop-header__service"
          onClick={() => navigate({ pathname: paths.services, search: `?${encodeQuery({ mer_id: shop.mer_id })}` })}
        >
          <MessageOutline aria-hidden fontSize={18} />
          <FormattedMessage id="catalog.shop.service" />
        </button>
      </div>
    </section>
  );
}

/** The category filter of a shop's products: All, then the ten categories (toggle chips). */
function CategoryFilter({
  selected,
  onSelect,
}: {
  selected: number | undefined;
  onSelect: (categoryId: number | undefined) => void;
}) {
  const intl = useIntl();
  const categories = useListCategoriesQuery();
  const nameOf = useCategoryName();
  const list = categories.data?.code === 1 ? categories.data.data : [];
  const chips: { id: number | undefined; name: string }[] = [
    { id: undefined, name: intl.formatMessage({ id: 'catalog.shop.allCategories' }) },
    ...list.map((category) => ({ id: category.category_id, name: nameOf(category) })),
  ];
  return (
    <div className="shop-filter" role="group" aria-label={intl.formatMessage({ id: 'catalog.home.categories' })}>
      {chips.map((chip) => (
        <button
          key={chip.id ?? 'all'}
          type="button"
          className={`chip${chip.id === selected ? ' chip--on' : ''}`}
          aria-pressed={chip.id === selected}
          onClick={() => onSelect(chip.id)}
        >
          {chip.name}
        </button>
      ))}
    </div>
  );
}

/** /shop/{id}: a shop's banner, card, stats, Follow, customer service and its products by category. */
export default function ShopScreen() {
  const intl = useIntl();
  const merId = positiveId(useParams().id);
  const [categoryId, setCategoryId] = useState<number>();
  const query = useGetShopDetailQuery(shopFirstPage(merId ?? 0), { skip: merId === undefined });
  const shop = query.data?.code === 1 ? query.data.data : undefined;
  const error = query.error as ApiError | undefined;

  let content;
  if (merId === undefined || (!shop && query.isError && isRefusal(error))) {
    content = <NotFound titleId="catalog.shop.notFound" textId="catalog.shop.notFoundText" />;
  } else if (!shop && query.isError) content = <ErrorState error={error} onRetry={() => void query.refetch()} />;
  else if (!shop) content = <LoadingState />;
  else {
    content = (
      <>
        <ShopHeader shop={shop} />
        <section className="shop-products" aria-labelledby="shop-products">
          <h2 className="detail-other__title" id="shop-products">
            <FormattedMessage id="catalog.shop.products" />
          </h2>
          <CategoryFilter selected={categoryId} onSelect={setCategoryId} />
          <div className="detail-grid-list">
            <PullList<ShopProductsArgs, ProductCardData>
              useListQuery={useShopProductsQuery}
              args={categoryId === undefined ? { merId: shop.mer_id } : { merId: shop.mer_id, categoryId }}
              limit={SHOP_PRODUCTS_PAGE}
              itemKey={(product) => product.key}
              renderItem={(product) => <ProductCard product={product} />}
              empty={<EmptyState title={<FormattedMessage id="catalog.shop.noProducts" />} />}
              label={intl.formatMessage({ id: 'catalog.shop.products' })}
            />
          </div>
        </section>
      </>
    );
  }

  return (
    <Page title={shop?.mer_name ?? intl.formatMessage({ id: 'route.shop' })} className="shop">
      {content}
    </Page>
  );
}

import { useDeferredValue, useRef, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import SearchOutline from 'antd-mobile-icons/es/SearchOutline';
import {
  useListBannersQuery,
  useListCategoriesQuery,
  useListCategoryProductsQuery,
  useListHotProductsQuery,
  useListHotShopsQuery,
  type ListCategoryProductsApiArg,
  type ProductCard as ProductCardData,
} from '../../../api';
import { paths } from '../../../shared/config/paths';
import { Page } from '../../../shared/ui/page';
import { PullList } from '../../../shared/ui/pull-list';
import { firstPictureFor } from '../../../shared/lib/first-picture';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/states';
import { BannerCarousel } from '../components/banner-carousel';
import { CategoryChips, useCategoryName } from '../components/category-chips';
import { ProductCard } from '../components/product-card';
import { ShopCard } from '../components/shop-card';
import { Picture } from '../../../shared/ui/picture';

const HOT_PRODUCTS = 10;
const HOT_SHOPS = 8;
const RECOMMENDED_PAGE = 8;

interface SectionQuery {
  isError: boolean;
  error?: unknown;
  refetch: () => unknown;
}

/** A titled block of the home screen. */
function Section({
  id,
  titleId,
  aside,
  reserve,
  children,
}: {
  id: string;
  titleId: string;
  aside?: ReactNode;
  /** A class that reserves the block's loaded height, so nothing below moves when it arrives. */
  reserve?: string;
  children: ReactNode;
}) {
  return (
    <section className="home-section" aria-labelledby={id}>
      <h2 className="home-section__title" id={id}>
        <FormattedMessage id={titleId} />
        {aside && <span className="home-section__aside">{aside}</span>}
      </h2>
      {reserve ? <div className={reserve}>{children}</div> : children}
    </section>
  );
}

/** What a block shows: its content, or loading / failed / empty. */
function blockState(query: SectionQuery, items: unknown[] | undefined, content: () => ReactNode) {
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (!items) return <LoadingState />;
  if (items.length === 0) return <EmptyState />;
  return content();
}

/** The Home tab (/home): banners, categories, hot products, hot shops and recommendations by category. */
export default function HomeScreen() {
  const intl = useIntl();
  const banners = useListBannersQuery();
  const framePicture = firstPictureFor(paths.home);
  const categories = useListCategoriesQuery();
  const hotProducts = useListHotProductsQuery({ page: 1, limit: HOT_PRODUCTS });
  const hotShops = useListHotShopsQuery({ page: 1, limit: HOT_SHOPS });
  const [chosen, setChosen] = useState<number>();

  // The answers are drawn in a deferred render: a store update renders at once and in one block
  // (useSyncExternalStore), while a deferred render yields to the browser every few milliseconds, so
  // a tap while the blocks fill in is answered (SPEC.md section 2's home: four blocks that answer
  // at about the same moment). Until then each block shows what it showed before.
  const bannerList = useDeferredValue(banners.data?.code === 1 ? banners.data.data : undefined);
  const categoryList = useDeferredValue(categories.data?.code === 1 ? categories.data.data : undefined);
  const productList = useDeferredValue(hotProducts.data?.code === 1 ? hotProducts.data.data.list : undefined);
  const shopList = useDeferredValue(hotShops.data?.code === 1 ? hotShops.data.data.list : undefined);
  const selected = chosen ?? categoryList?.[0]?.category_id;
  const selectedCategory = categoryList?.find((category) => category.category_id === selected);
  const nameOf = useCategoryName();
  const recommendations = useRef<HTMLDivElement>(null);

  const choose = (categoryId: number) => {
    setChosen(categoryId);
    // The recommendations are further down: bring them into view (not in test DOMs without layout).
    recommendations.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  };

  return (
    <Page bare className="home">
      <header className="home-header">
        <h1 className="home-header__name">
          <FormattedMessage id="app.name" />
        </h1>
        <Link className="home-header__search" to={paths.search}>
          <SearchOutline aria-hidden fontSize={18} />
          <span>
            <FormattedMessage id="catalog.home.search" />
          </span>
        </Link>
      </header>

      {banners.isError ? (
        <ErrorState error={banners.error} onRetry={() => void banners.refetch()} />
      ) : bannerList ? (
        bannerList.length > 0 && <BannerCarousel banners={bannerList} />
      ) : (
        // The first banner the server already drew in the app frame stays while the banners load.
        <div className="banner-carousel banner-carousel--placeholder" aria-hidden>
          {framePicture && <Picture drawn="banner" className="banner-carousel__image" src={framePicture} alt="" />}
        </div>
      )}

      <Section id="home-categories" titleId="catalog.home.categories" reserve="home-block--chips">
        {blockState(categories, categoryList, () => (
          <CategoryChips
            categories={categoryList ?? []}
            selected={selected}
            onSelect={choose}
            label={intl.formatMessage({ id: 'catalog.home.categories' })}
          />
        ))}
      </Section>

      <Section id="home-hot-products" titleId="catalog.home.hotProducts" reserve="home-block--products">
        {blockState(hotProducts, productList, () => (
          <ul className="home-scroller">
            {productList?.map((product) => (
              <li key={product.key}>
                <ProductCard product={product} className="product-card--compact" drawn={140} />
              </li>
            ))}
          </ul>
        ))}
      </Section>

      <Section id="home-hot-shops" titleId="catalog.home.hotShops" reserve="home-block--shops">
        {blockState(hotShops, shopList, () => (
          <ul className="home-scroller">
            {shopList?.map((shop) => (
              <li key={shop.mer_id}>
                <ShopCard shop={shop} />
              </li>
            ))}
          </ul>
        ))}
      </Section>

      <div ref={recommendations}>
        <Section
          id="home-recommended"
          titleId="catalog.home.recommended"
          aside={selectedCategory && nameOf(selectedCategory)}
        >
          {/* No categories (none, or none readable): nothing to recommend by, rather than loading forever. */}
          {categories.isError || categoryList?.length === 0 ? null : selected === undefined ? (
            <LoadingState />
          ) : (
            <div className="home-grid">
              <PullList<Omit<ListCategoryProductsApiArg, 'page' | 'limit'>, ProductCardData>
                useListQuery={useListCategoryProductsQuery}
                args={{ categoryId: selected }}
                limit={RECOMMENDED_PAGE}
                itemKey={(product) => product.key}
                renderItem={(product) => <ProductCard product={product} />}
                label={intl.formatMessage({ id: 'catalog.home.recommended' })}
              />
            </div>
          )}
        </Section>
      </div>
    </Page>
  );
}

import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import AppstoreOutline from 'antd-mobile-icons/es/AppstoreOutline';
import FireFill from 'antd-mobile-icons/es/FireFill';
import { useListHotProductsQuery, useListRecommendedProductsQuery, type ListHotProductsApiArg } from '../../../api';
import { paths } from '../../../shared/config/paths';
import { Page } from '../../../shared/ui/page';
import { NoResult } from '../components/no-result';
import { PRODUCT_PAGE, ProductGrid } from '../components/product-grid';
import { ProductCard } from '../components/product-card';
import { ResultCount } from '../components/result-count';
import { SearchBox } from '../components/search-box';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { normalizeSearch } from '../lib/recent-searches';
import '../discovery.css';

/** Search as you type waits for this pause in typing, so a word costs one request, not one per key. */
export const SEARCH_DELAY_MS = 300;
/** Recommendations shown when a search finds nothing. */
const RECOMMENDED = 6;

type HotArgs = Omit<ListHotProductsApiArg, 'page' | 'limit'>;

/** What the shop recommends, for a search that found nothing. */
function Recommendations() {
  const id = useId();
  const recommended = useListRecommendedProductsQuery({ page: 1, limit: RECOMMENDED });
  const list = recommended.data?.code === 1 ? recommended.data.data.list : [];
  if (list.length === 0) return null;
  return (
    <section className="discovery-section" aria-labelledby={id}>
      <div className="discovery-section__head">
        <h2 className="discovery-section__title" id={id}>
          <FormattedMessage id="catalog.explore.recommended" />
        </h2>
      </div>
      <ul className="product-grid__static">
        {list.map((product) => (
          <li key={product.key}>
            <ProductCard product={product} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The Explore tab (/explore, always kept alive): the hot products, filtered as the shopper types
 * (listHotProducts' title, after a pause), with load-more; when nothing matches, the no-result state
 * and the shop's recommendations. Shortcuts lead to the popular list and all products.
 */
export default function ExploreScreen() {
  const intl = useIntl();
  const headingId = useId();
  const [text, setText] = useState('');
  const [typed, flush] = useDebouncedValue(text, SEARCH_DELAY_MS);
  const title = normalizeSearch(typed);
  // No title key at all when empty: the same cache entry as /popular's list.
  const args: HotArgs = title ? { title } : {};
  const firstPage = useListHotProductsQuery({ ...args, page: 1, limit: PRODUCT_PAGE }, { skip: !title });
  const count = firstPage.currentData?.code === 1 ? firstPage.currentData.data.count : undefined;

  return (
    <Page title={intl.formatMessage({ id: 'route.explore' })} back={false} className="discovery">
      <div className="discovery-toolbar">
        <SearchBox
          label={intl.formatMessage({ id: 'catalog.explore.searchLabel' })}
          placeholder={intl.formatMessage({ id: 'catalog.explore.placeholder' })}
          value={text}
          onChange={setText}
          onSubmit={() => flush()}
          onClear={() => flush('')}
        />
      </div>

      {!title && (
        <nav className="discovery-shortcuts" aria-label={intl.formatMessage({ id: 'catalog.explore.shortcuts' })}>
          <Link className="discovery-shortcuts__link" to={paths.popular}>
            <FireFill aria-hidden className="discovery-section__hot" />
            <FormattedMessage id="route.popular" />
          </Link>
          <Link className="discovery-shortcuts__link" to={paths.products}>
            <AppstoreOutline aria-hidden />
            <FormattedMessage id="route.products" />
          </Link>
        </nav>
      )}

      <section className="discovery-section" aria-labelledby={headingId}>
        <div className="discovery-section__head">
          <h2 className="discovery-section__title" id={headingId}>
            {title ? (
              intl.formatMessage({ id: 'catalog.explore.results' }, { title })
            ) : (
              <FormattedMessage id="catalog.home.hotProducts" />
            )}
          </h2>
        </div>
        {title && <ResultCount count={count} />}
        <ProductGrid<HotArgs>
          useListQuery={useListHotProductsQuery}
          args={args}
          label={intl.formatMessage({ id: title ? 'catalog.search.results' : 'catalog.home.hotProducts' })}
          empty={
            <>
              <NoResult title={title} kind="products" />
              <Recommendations />
            </>
          }
        />
      </section>
    </Page>
  );
}

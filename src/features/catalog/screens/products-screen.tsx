import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { useListCategoriesQuery, useSearchProductsQuery, type SearchProductsApiArg } from '../../../api';
import { Page } from '../../../shared/ui/page';
import { ErrorState, LoadingState } from '../../../shared/ui/states';
import { CategoryChips } from '../components/category-chips';
import { ProductGrid } from '../components/product-grid';
import { readFilters, SearchFilters } from '../components/search-filters';
import { parseSort, PRESSED_SORT, sortArg, SortBar } from '../components/sort-bar';
import { useRestoredFocus, useUrlQuery } from '../hooks/use-url-query';
import '../discovery.css';

type ProductsArgs = Omit<SearchProductsApiArg, 'page' | 'limit'>;

const PRESSED_CATEGORY = '.category-chips [aria-pressed="true"]';

/** A category id from the URL: a positive integer, else none (all categories). */
function parseCategory(value: string | null): number | undefined {
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : undefined;
}

/**
 * /products: every product, by category (?category_id=, translated category chips with "All"),
 * sortable (?sort=) and filtered by price and stock (?min_price=&max_price=&in_stock=1), 10 at a time
 * with load-more.
 */
export default function ProductsScreen() {
  const intl = useIntl();
  const root = useRef<HTMLDivElement>(null);
  const { params, update } = useUrlQuery();
  const categoryId = parseCategory(params.get('category_id'));
  const sort = parseSort(params.get('sort'));
  const filters = readFilters(params);
  const categories = useListCategoriesQuery();
  const categoryList = categories.data?.code === 1 ? categories.data.data : undefined;
  useRestoredFocus(root);
  // The chosen category may be far along the row (a shared link, Back): bring it into view.
  useEffect(() => {
    root.current
      ?.querySelector<HTMLElement>(PRESSED_CATEGORY)
      ?.scrollIntoView?.({ block: 'nearest', inline: 'center' });
  }, [categoryId, categoryList]);

  const args: ProductsArgs = { categoryId, sort: sortArg(sort), ...filters.args };
  const label = intl.formatMessage({ id: 'catalog.home.categories' });

  return (
    <Page title={intl.formatMessage({ id: 'route.products' })} className="discovery">
      <div ref={root} className="discovery-body">
        <div className="discovery-toolbar discovery-toolbar--chips">
          {categories.isError ? (
            <ErrorState error={categories.error} onRetry={() => void categories.refetch()} />
          ) : categoryList ? (
            <CategoryChips
              categories={categoryList}
              selected={categoryId}
              onSelect={(id) => update({ category_id: id }, { restoreFocus: PRESSED_CATEGORY })}
              label={label}
              all={{
                label: intl.formatMessage({ id: 'catalog.products.all' }),
                onSelect: () => update({ category_id: undefined }, { restoreFocus: PRESSED_CATEGORY }),
              }}
            />
          ) : (
            <div className="discovery-chips-placeholder">
              <LoadingState />
            </div>
          )}
          <SortBar
            value={sort}
            relevance={false}
            // Best selling is the server's default order: no sort in the URL.
            onChange={(next) =>
              update({ sort: next === 'sales' ? undefined : sortArg(next) }, { restoreFocus: PRESSED_SORT })
            }
          />
        </div>
        <SearchFilters filters={filters} update={update} />
        <ProductGrid<ProductsArgs>
          useListQuery={useSearchProductsQuery}
          args={args}
          label={intl.formatMessage({ id: 'route.products' })}
        />
      </div>
    </Page>
  );
}

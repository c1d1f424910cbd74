import { useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useSearchProductsQuery, type SearchProductsApiArg } from '../../../api';
import { Page } from '../../../shared/ui/page';
import { DidYouMean } from '../components/did-you-mean';
import { NoResult } from '../components/no-result';
import { PRODUCT_PAGE, ProductGrid } from '../components/product-grid';
import { ResultCount } from '../components/result-count';
import { SearchField } from '../components/search-field';
import { SearchScope } from '../components/search-scope';
import { readFilters, SearchFilters } from '../components/search-filters';
import { SearchSuggestions } from '../components/search-suggestions';
import { parseSort, PRESSED_SORT, sortArg, SortBar, type ProductSort } from '../components/sort-bar';
import { useSearchCombobox } from '../hooks/use-search-combobox';
import { useRestoredFocus, useUrlQuery } from '../hooks/use-url-query';
import { normalizeSearch, rememberSearch } from '../lib/recent-searches';
import '../discovery.css';

type SearchArgs = Omit<SearchProductsApiArg, 'page' | 'limit'>;

/**
 * /search: product search. The search (title, sort and filters) lives in the URL, so Back and reload
 * show it again. The field is a combobox: suggestions as the shopper types, and before a search the
 * shopper's recent searches and the shop's top keywords. Results come 10 at a time with load-more,
 * sortable by relevance, sales, newest and price, filtered by price and stock; a search that finds
 * nothing offers the server's corrections ('did you mean').
 */
export default function SearchScreen() {
  const intl = useIntl();
  const root = useRef<HTMLDivElement>(null);
  const { params, update } = useUrlQuery();
  const title = normalizeSearch(params.get('title') ?? '');
  const sort = parseSort(params.get('sort'));
  const filters = readFilters(params);
  useRestoredFocus(root);

  // What is in the field: starts as the URL's search and follows it (Back, a keyword chip).
  const [text, setText] = useState(title);
  const [seenTitle, setSeenTitle] = useState(title);
  if (seenTitle !== title) {
    setSeenTitle(title);
    setText(title);
  }

  const search = (term: string) => {
    const next = normalizeSearch(term);
    setText(next);
    if (next) rememberSearch(next);
    update({ title: next, sort: next ? sortArg(sort) : undefined });
  };
  const changeSort = (next: ProductSort) => update({ sort: sortArg(next) }, { restoreFocus: PRESSED_SORT });
  // A product suggestion searches its title (the shopper sees its sizes and colours, and similar
  // products, with sort and filters) rather than opening one product; a shop suggestion opens the shop.
  const combobox = useSearchCombobox({ text, offerRecent: !title, initiallyOpen: !title, onSearch: search });

  const args: SearchArgs = { title, sort: sortArg(sort), ...filters.args };
  const firstPage = useSearchProductsQuery({ ...args, page: 1, limit: PRODUCT_PAGE }, { skip: !title });
  const found = firstPage.currentData?.code === 1 ? firstPage.currentData.data : undefined;
  const count = found?.total;

  return (
    <Page title={intl.formatMessage({ id: 'route.search' })} className="discovery">
      <div ref={root} className="discovery-body">
        {/* With results, only the sort bar stays on top: the field and the switch scroll away. */}
        <div className={`discovery-toolbar${title ? ' discovery-toolbar--static' : ''}`}>
          <SearchField
            combobox={combobox}
            labelId="catalog.search.label"
            placeholderId="catalog.search.placeholder"
            text={text}
            onText={setText}
            onSearch={search}
            focusOnMount={!title}
            listWhenEmpty={false}
          />
          <SearchScope current="products" text={text} />
        </div>
        {title ? (
          <>
            <div className="discovery-toolbar discovery-toolbar--sort">
              <SortBar value={sort} onChange={changeSort} />
            </div>
            <SearchFilters filters={filters} update={update} />
            <ResultCount count={count} />
            <ProductGrid<SearchArgs>
              useListQuery={useSearchProductsQuery}
              args={args}
              label={intl.formatMessage({ id: 'catalog.search.results' })}
              empty={
                <>
                  <NoResult title={title} kind="products" />
                  <DidYouMean corrections={found?.corrections ?? []} params={params} />
                </>
              }
            />
          </>
        ) : (
          normalizeSearch(text) === '' && <SearchSuggestions combobox={combobox} />
        )}
      </div>
    </Page>
  );
}

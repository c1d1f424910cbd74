import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { useSearchShopsQuery, type SearchShopsApiArg, type ShopCard } from '../../../api';
import { paths } from '../../../shared/config/paths';
import { Page } from '../../../shared/ui/page';
import { PullList } from '../../../shared/ui/pull-list';
import { NoResult } from '../components/no-result';
import { ResultCount } from '../components/result-count';
import { SearchField } from '../components/search-field';
import { SearchScope } from '../components/search-scope';
import { ShopStatsCard } from '../components/shop-stats-card';
import { useSearchCombobox } from '../hooks/use-search-combobox';
import { useUrlQuery } from '../hooks/use-url-query';
import { normalizeSearch, rememberSearch } from '../lib/recent-searches';
import '../discovery.css';

const SHOP_PAGE = 10;

type ShopArgs = Omit<SearchShopsApiArg, 'page' | 'limit'>;

/**
 * /searchs: shop search. The search text lives in the URL (?title=); with none, every shop, best
 * sellers first. Each shop shows its sales, fans, favorable rate and total sales. The field suggests
 * as the shopper types: a shop opens that shop, a product (or a recent search or keyword, offered
 * when the backend has no suggestions) searches products.
 */
export default function SearchShopsScreen() {
  const intl = useIntl();
  const headingId = useId();
  const { params, update } = useUrlQuery();
  const title = normalizeSearch(params.get('title') ?? '');

  const [text, setText] = useState(title);
  const [seenTitle, setSeenTitle] = useState(title);
  if (seenTitle !== title) {
    setSeenTitle(title);
    setText(title);
  }
  const search = (term: string) => {
    const next = normalizeSearch(term);
    setText(next);
    update({ title: next });
  };
  const navigate = useNavigate();
  const searchProducts = (term: string) => {
    rememberSearch(term);
    navigate({ pathname: paths.search, search: `?${new URLSearchParams({ title: term }).toString()}` });
  };
  const combobox = useSearchCombobox({
    text,
    offerRecent: false,
    initiallyOpen: false,
    onSearch: searchProducts,
  });

  const args: ShopArgs = title ? { title } : {};
  const firstPage = useSearchShopsQuery({ ...args, page: 1, limit: SHOP_PAGE }, { skip: !title });
  const count = firstPage.currentData?.code === 1 ? firstPage.currentData.data.total : undefined;

  return (
    <Page title={intl.formatMessage({ id: 'route.searchs' })} className="discovery">
      <div className="discovery-toolbar">
        <SearchField
          combobox={combobox}
          labelId="catalog.searchShops.label"
          placeholderId="catalog.searchShops.placeholder"
          text={text}
          onText={setText}
          onSearch={search}
          focusOnMount={!title}
          listWhenEmpty={true}
        />
        <SearchScope current="shops" text={text} />
      </div>
      <section className="discovery-section" aria-labelledby={headingId}>
        <div className="discovery-section__head">
          <h2 className="discovery-section__title" id={headingId}>
            {title ? (
              intl.formatMessage({ id: 'catalog.explore.results' }, { title })
            ) : (
              <FormattedMessage id="catalog.searchShops.all" />
            )}
          </h2>
        </div>
        {title && <ResultCount count={count} />}
        <div className="shop-list">
          <PullList<ShopArgs, ShopCard>
            useListQuery={useSearchShopsQuery}
            args={args}
            limit={SHOP_PAGE}
            label={intl.formatMessage({ id: title ? 'catalog.searchShops.results' : 'catalog.searchShops.all' })}
            itemKey={(shop) => shop.mer_id}
            renderItem={(shop) => <ShopStatsCard shop={shop} />}
            empty={<NoResult title={title} kind="shops" />}
          />
        </div>
      </section>
    </Page>
  );
}

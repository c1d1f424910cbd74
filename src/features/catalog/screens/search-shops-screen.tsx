import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchShopsQuery, type SearchShopsApiArg, type ShopCard } from '../../../api';
import { Page } from '../../../shared/ui/page';
import { PullList } from '../../../shared/ui/pull-list';
import { NoResult } from '../components/no-result';
import { ResultCount } from '../components/result-count';
import { SearchBox } from '../components/search-box';
import { SearchScope } from '../components/search-scope';
import { ShopStatsCard } from '../components/shop-stats-card';
import { useUrlQuery } from '../hooks/use-url-query';
import { normalizeSearch } from '../lib/recent-searches';
import '../discovery.css';

const SHOP_PAGE = 10;

type ShopArgs = Omit<SearchShopsApiArg, 'page' | 'limit'>;

/**
 * /searchs: shop search. The search text lives in the URL (?title=); with none, every shop, best
 * sellers first. Each shop shows its sales, fans, favorable rate and total sales.
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

  const args: ShopArgs = title ? { title } : {};
  const firstPage = useSearchShopsQuery({ ...args, page: 1, limit: SHOP_PAGE }, { skip: !title });
  const count = firstPage.currentData?.code === 1 ? firstPage.currentData.data.total : undefined;

  return (
    <Page title={intl.formatMessage({ id: 'route.searchs' })} className="discovery">
      <div className="discovery-toolbar">
        <SearchBox
          label={intl.formatMessage({ id: 'catalog.searchShops.label' })}
          placeholder={intl.formatMessage({ id: 'catalog.searchShops.placeholder' })}
          value={text}
          onChange={setText}
          onSubmit={search}
          onClear={() => search('')}
          submitButton
          focusOnMount={!title}
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

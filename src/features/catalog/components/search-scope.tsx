import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { paths } from '../../../shared/config/paths';
import { normalizeSearch } from '../lib/recent-searches';

/**
 * Search products or shops: two links that carry the text typed so far over to the other search.
 * They replace the history entry, so Back leaves the search instead of flipping between the two.
 */
export function SearchScope({ current, text }: { current: 'products' | 'shops'; text: string }) {
  const intl = useIntl();
  const title = normalizeSearch(text);
  const search = title ? `?${new URLSearchParams({ title }).toString()}` : '';
  const scopes = [
    { scope: 'products', to: paths.search, labelId: 'catalog.search.products' },
    { scope: 'shops', to: paths.searchs, labelId: 'catalog.search.shops' },
  ] as const;
  return (
    <nav className="search-scope" aria-label={intl.formatMessage({ id: 'catalog.search.scope' })}>
      {scopes.map(({ scope, to, labelId }) => (
        <Link
          key={scope}
          to={{ pathname: to, search }}
          replace
          className={`search-scope__tab${scope === current ? ' search-scope__tab--on' : ''}`}
          aria-current={scope === current ? 'page' : undefined}
        >
          <FormattedMessage id={labelId} />
        </Link>
      ))}
    </nav>
  );
}

import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { paths } from '../../../shared/config/paths';
import { rememberSearch } from '../lib/recent-searches';

/** Corrections offered at most (the server sends the closest first). */
const MAX_CORRECTIONS = 3;

/**
 * "Did you mean …?" under a search that found nothing, when the server knows corrected searches that
 * do find products: each a link to that search (same sort and filters), which also becomes a recent search.
 */
export function DidYouMean({ corrections, params }: { corrections: readonly string[]; params: URLSearchParams }) {
  const intl = useIntl();
  if (corrections.length === 0) return null;
  const searchFor = (correction: string) => {
    const next = new URLSearchParams(params);
    next.set('title', correction);
    return `?${next.toString()}`;
  };
  return (
    <nav className="did-you-mean" aria-label={intl.formatMessage({ id: 'catalog.search.corrections' })}>
      <ul>
        {corrections.slice(0, MAX_CORRECTIONS).map((correction) => (
          <li key={correction}>
            <FormattedMessage
              id="catalog.search.didYouMean"
              values={{
                correction,
                link: (text) => (
                  <Link
                    to={{ pathname: paths.search, search: searchFor(correction) }}
                    replace
                    onClick={() => rememberSearch(correction)}
                  >
                    {text}
                  </Link>
                ),
              }}
            />
          </li>
        ))}
      </ul>
    </nav>
  );
}

import { FormattedMessage } from 'react-intl';

/**
 * "12 results" for a search, announced politely as it changes (search as you type gives no other
 * sign to screen reader users). Nothing while the count is unknown.
 */
export function ResultCount({ count }: { count: number | undefined }) {
  return (
    <p className="result-count" role="status" aria-live="polite">
      {count !== undefined && <FormattedMessage id="catalog.search.resultCount" values={{ count }} />}
    </p>
  );
}

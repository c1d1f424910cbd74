import { FormattedMessage } from 'react-intl';
import { EmptyState } from '../../../shared/ui/states';

/** The translated "no result" state of a search, naming what was searched. */
export function NoResult({ title, kind }: { title: string; kind: 'products' | 'shops' }) {
  return (
    <div className="no-result">
      <EmptyState
        title={
          title ? (
            <FormattedMessage
              id={kind === 'products' ? 'catalog.search.noProducts' : 'catalog.search.noShops'}
              values={{ title }}
            />
          ) : (
            <FormattedMessage id="common.empty" />
          )
        }
        description={<FormattedMessage id="catalog.search.noResultHint" />}
      />
    </div>
  );
}

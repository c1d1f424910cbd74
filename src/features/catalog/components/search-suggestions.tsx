import { useId, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import ClockCircleOutline from 'antd-mobile-icons/es/ClockCircleOutline';
import DeleteOutline from 'antd-mobile-icons/es/DeleteOutline';
import FireFill from 'antd-mobile-icons/es/FireFill';
import { useListTopKeywordsQuery } from '../../../api';
import { toast } from '../../../shared/ui/toast';
import { useRecentSearches } from '../hooks/use-recent-searches';
import { clearRecentSearches } from '../lib/recent-searches';

/** One tappable search text. */
function TermChips({ terms, label, onPick }: { terms: string[]; label: string; onPick: (term: string) => void }) {
  return (
    <ul className="term-chips" aria-label={label}>
      {terms.map((term) => (
        <li key={term}>
          <button type="button" className="term-chips__chip" onClick={() => onPick(term)}>
            {term}
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * What the search screen shows before a search: the shopper's recent searches (this device only,
 * with Clear after a confirmation) and the shop's most searched words.
 */
export function SearchSuggestions({ onPick }: { onPick: (term: string) => void }) {
  const intl = useIntl();
  const recent = useRecentSearches();
  const keywords = useListTopKeywordsQuery();
  const topTerms = keywords.data?.code === 1 ? keywords.data.data.map((item) => item.keyword) : [];

  const confirmClear = async () => {
    // The dialog (and its animation library) loads on this rare tap, not with the Explore tab's chunk.
    const { confirmDialog } = await import('../../../shared/ui/confirm-dialog');
    const confirmed = await confirmDialog({
      title: intl.formatMessage({ id: 'catalog.search.clearRecentTitle' }),
      content: intl.formatMessage({ id: 'catalog.search.clearRecentConfirm' }),
      confirmText: intl.formatMessage({ id: 'catalog.search.clearRecentAction' }),
      cancelText: intl.formatMessage({ id: 'common.cancel' }),
    });
    if (!confirmed) return;
    clearRecentSearches();
    toast.show(intl.formatMessage({ id: 'catalog.search.recentCleared' }));
  };

  return (
    <div className="search-suggestions">
      {recent.length > 0 && (
        <SuggestionSection
          icon={<ClockCircleOutline aria-hidden />}
          title={intl.formatMessage({ id: 'catalog.search.recent' })}
          action={
            <button
              type="button"
              className="discovery-section__action"
              aria-label={intl.formatMessage({ id: 'catalog.search.clearRecentLabel' })}
              onClick={() => void confirmClear()}
            >
              <DeleteOutline aria-hidden />
              <FormattedMessage id="catalog.search.clearRecent" />
            </button>
          }
        >
          {(label) => <TermChips terms={recent} label={label} onPick={onPick} />}
        </SuggestionSection>
      )}
      {topTerms.length > 0 && (
        <SuggestionSection
          icon={<FireFill aria-hidden className="discovery-section__hot" />}
          title={intl.formatMessage({ id: 'catalog.search.top' })}
        >
          {(label) => <TermChips terms={topTerms} label={label} onPick={onPick} />}
        </SuggestionSection>
      )}
    </div>
  );
}

/** A titled group of search texts, with an optional action beside the title. */
function SuggestionSection({
  icon,
  title,
  action,
  children,
}: {
  icon: ReactNode;
  title: string;
  action?: ReactNode;
  children: (label: string) => ReactNode;
}) {
  const id = useId();
  return (
    <section className="discovery-section" aria-labelledby={id}>
      <div className="discovery-section__head">
        <h2 className="discovery-section__title" id={id}>
          {icon}
          {title}
        </h2>
        {action}
      </div>
      {children(title)}
    </section>
  );
}

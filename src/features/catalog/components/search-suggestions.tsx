import { useId, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import ClockCircleOutline from 'antd-mobile-icons/es/ClockCircleOutline';
import DeleteOutline from 'antd-mobile-icons/es/DeleteOutline';
import FireFill from 'antd-mobile-icons/es/FireFill';
import SearchOutline from 'antd-mobile-icons/es/SearchOutline';
import ShopbagOutline from 'antd-mobile-icons/es/ShopbagOutline';
import { confirmDialog } from '../../../shared/ui/confirm-dialog';
import { toast } from '../../../shared/ui/toast';
import type { SearchCombobox, SuggestionGroup, SuggestionOption } from '../hooks/use-search-combobox';
import { markPieces } from '../lib/marks';
import { clearRecentSearches } from '../lib/recent-searches';

/** The option's text with the matched parts in <mark> (React text, never HTML). */
function Marked({ option }: { option: SuggestionOption }) {
  return (
    <span className="suggestion__text">
      {markPieces(option.text, option.marks).map((piece, index) =>
        piece.marked ? <mark key={index}>{piece.text}</mark> : <span key={index}>{piece.text}</span>,
      )}
    </span>
  );
}

const ROW_ICONS = {
  product: SearchOutline,
  shop: ShopbagOutline,
  recent: ClockCircleOutline,
  top: FireFill,
} as const;

/**
 * One option: a chip among the recent searches and keywords of an empty field, a row under a typed
 * text (suggestions, or the recent searches and keywords offered when the backend has none).
 */
function Option({ option, combobox, chip }: { option: SuggestionOption; combobox: SearchCombobox; chip: boolean }) {
  const active = combobox.activeKey === option.key;
  const Icon = ROW_ICONS[option.kind];
  return (
    // The keyboard stays in the search field (aria-activedescendant, WAI-ARIA combobox): options take
    // no focus of their own, and a press must not take it from the field either.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- keys are handled by the combobox field
    <div
      role="option"
      id={combobox.optionId(option)}
      aria-selected={active}
      tabIndex={-1}
      className={`${chip ? 'term-chips__chip' : 'suggestion'}${active ? ' is-active' : ''}`}
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => combobox.pick(option)}
    >
      {!chip && <Icon aria-hidden className="suggestion__icon" />}
      <Marked option={option} />
      {option.kind === 'shop' && (
        <span className="suggestion__tag">
          <FormattedMessage id="catalog.suggest.shop" />
        </span>
      )}
    </div>
  );
}

const GROUP_TITLES = {
  recent: { id: 'catalog.search.recent', icon: <ClockCircleOutline aria-hidden /> },
  top: { id: 'catalog.search.top', icon: <FireFill aria-hidden className="discovery-section__hot" /> },
} as const;

function Group({ group, combobox }: { group: SuggestionGroup; combobox: SearchCombobox }) {
  const intl = useIntl();
  const id = useId();
  if (group.kind === 'typed') {
    return group.options.map((option) => <Option key={option.key} option={option} combobox={combobox} chip={false} />);
  }
  const title = GROUP_TITLES[group.kind];
  return (
    <div role="group" aria-labelledby={id} className="suggestion-group">
      <div role="presentation" className="discovery-section__head">
        <span className="discovery-section__title" id={id}>
          {title.icon}
          {intl.formatMessage({ id: title.id })}
        </span>
      </div>
      <div className="term-chips">
        {group.options.map((option) => (
          <Option key={option.key} option={option} combobox={combobox} chip />
        ))}
      </div>
    </div>
  );
}

/**
 * The combobox's list: suggestions for the typed text floating under the field, or (with an empty
 * field) the recent searches and the top keywords as the screen's body. Nothing when closed or empty.
 */
export function SuggestionListbox({ combobox, floating }: { combobox: SearchCombobox; floating: boolean }) {
  const intl = useIntl();
  if (!combobox.expanded) return null;
  return (
    <div
      id={combobox.listboxId}
      role="listbox"
      aria-label={intl.formatMessage({ id: 'catalog.suggest.label' })}
      className={floating ? 'suggestion-popup' : 'search-suggestions__list'}
    >
      {combobox.groups.map((group) => (
        <Group key={group.kind} group={group} combobox={combobox} />
      ))}
    </div>
  );
}

/**
 * What the product search shows before a search: the shopper's recent searches (this device only,
 * with Clear after a confirmation) and the shop's most searched words, as the combobox's options.
 */
export function SearchSuggestions({ combobox }: { combobox: SearchCombobox }) {
  const intl = useIntl();
  const hasRecent = combobox.groups.some((group) => group.kind === 'recent');

  const confirmClear = async () => {
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
      <SuggestionListbox combobox={combobox} floating={false} />
      {/* A listbox holds options only: the action sits beside the recent searches' title by CSS. */}
      {combobox.expanded && hasRecent && (
        <ClearRecent onClick={() => void confirmClear()}>
          <FormattedMessage id="catalog.search.clearRecent" />
        </ClearRecent>
      )}
    </div>
  );
}

function ClearRecent({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  const intl = useIntl();
  return (
    <button
      type="button"
      className="discovery-section__action search-suggestions__clear"
      aria-label={intl.formatMessage({ id: 'catalog.search.clearRecentLabel' })}
      onClick={onClick}
    >
      <DeleteOutline aria-hidden />
      {children}
    </button>
  );
}

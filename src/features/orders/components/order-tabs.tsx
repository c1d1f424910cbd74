import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { orderFilters, type OrderFilter } from '../lib/order-status';

export interface OrderTabsProps {
  value: OrderFilter;
  onChange: (value: OrderFilter) => void;
  /** Id of the tab panel the tabs control. */
  panelId: string;
}

/** The id of the tab of `filter` in the tab list `baseId` (for the panel's aria-labelledby). */
export const tabIdOf = (baseId: string, filter: OrderFilter) => `${baseId}-tab-${filter}`;

/**
 * The hub's status tabs (SPEC.md section 4's filters): a WAI-ARIA tab list that scrolls sideways, with
 * a roving tabindex; arrow keys, Home and End move and select (selection follows focus, as the panel
 * is one list). The selected tab scrolls into view, also when the hub opens at a status.
 */
export function OrderTabs({ value, onChange, panelId, baseId }: OrderTabsProps & { baseId: string }) {
  const intl = useIntl();
  const list = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const selected = list.current?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (selected && typeof selected.scrollIntoView === 'function') {
      selected.scrollIntoView({ block: 'nearest', inline: 'center', behavior: 'smooth' });
    }
  }, [value]);

  const move = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = orderFilters.findIndex((filter) => filter.value === value);
    const last = orderFilters.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % orderFilters.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + orderFilters.length) % orderFilters.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : -1;
    if (next < 0) return;
    event.preventDefault();
    const filter = orderFilters[next]!.value;
    onChange(filter);
    document.getElementById(tabIdOf(baseId, filter))?.focus();
  };

  return (
    <div className="order-tabs" role="tablist" aria-label={intl.formatMessage({ id: 'orders.tabs' })} ref={list}>
      {orderFilters.map((filter) => {
        const selected = filter.value === value;
        return (
          <button
            key={filter.value}
            id={tabIdOf(baseId, filter.value)}
            type="button"
            role="tab"
            className={`order-tabs__tab${selected ? ' order-tabs__tab--on' : ''}`}
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(filter.value)}
            onKeyDown={move}
          >
            <FormattedMessage id={filter.labelId} />
          </button>
        );
      })}
    </div>
  );
}

/** A stable id base for one OrderTabs and its panel. */
export function useTabsId(): string {
  return `order-tabs-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
}

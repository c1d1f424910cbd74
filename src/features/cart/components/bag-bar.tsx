import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatMoney } from '../../../../common/money-format';
import type { selectionState } from '../lib/bag';
import { Check } from './check';

/**
 * The bag's footer: select all, then the selected total and checkout, or in the edit mode the delete
 * of the selected lines.
 */
export function BagBar({
  allState,
  onSelectAll,
  editing,
  count,
  total,
  busy,
  onDelete,
  onCheckout,
}: {
  allState: ReturnType<typeof selectionState>;
  onSelectAll: (on: boolean) => void;
  editing: boolean;
  /** How many lines are selected. */
  count: number;
  /** The selected total (display only). */
  total: string;
  busy: boolean;
  onDelete: () => void;
  onCheckout: () => void;
}) {
  const intl = useIntl();
  const totalId = useId();
  return (
    <div className="bag-bar">
      <Check
        className="bag-bar__all"
        checked={allState === 'all'}
        indeterminate={allState === 'some'}
        onChange={onSelectAll}
        label={intl.formatMessage({ id: 'cart.select.all' })}
      >
        <FormattedMessage id="cart.select.allShort" />
      </Check>
      {editing ? (
        <button
          type="button"
          className="button button--danger-outline bag-bar__action"
          disabled={busy}
          onClick={onDelete}
        >
          <FormattedMessage id="cart.delete.selected" values={{ count }} />
        </button>
      ) : (
        <>
          <p className="bag-bar__total" id={totalId} aria-live="polite">
            <span className="bag-bar__total-label">
              <FormattedMessage id="cart.total" />
            </span>
            <strong className="bag-bar__total-amount">{formatMoney(total, intl.locale)}</strong>
          </p>
          <button
            type="button"
            className="button bag-bar__action"
            disabled={busy}
            aria-busy={busy}
            aria-describedby={totalId}
            onClick={onCheckout}
          >
            <FormattedMessage id="cart.checkout" values={{ count }} />
          </button>
        </>
      )}
    </div>
  );
}

import { useState } from 'react';
import { useIntl } from 'react-intl';
import AddOutline from 'antd-mobile-icons/es/AddOutline';
import MinusOutline from 'antd-mobile-icons/es/MinusOutline';

/** A typed quantity kept within 1..max (max at least 1); anything that is not a number becomes 1. */
export function clampQuantity(value: string | number, max: number): number {
  const number = Math.floor(Number(String(value).trim()));
  const ceiling = Math.max(1, max);
  if (!Number.isFinite(number) || number < 1) return 1;
  return Math.min(number, ceiling);
}

/**
 * Quantity from 1 to `max` (the stock): minus and plus buttons are disabled at the limits and a
 * typed value is clamped when the field is left (or Enter is pressed).
 */
export function QuantityStepper({
  value,
  max,
  onChange,
  disabled,
}: {
  value: number;
  max: number;
  onChange: (value: number) => void;
  disabled?: boolean;
}) {
  const intl = useIntl();
  // What the shopper is typing, until the field is left.
  const [draft, setDraft] = useState<string | null>(null);
  const commit = () => {
    if (draft === null) return;
    onChange(clampQuantity(draft, max));
    setDraft(null);
  };
  return (
    <div className="detail-stepper" role="group" aria-label={intl.formatMessage({ id: 'catalog.detail.quantity' })}>
      <button
        type="button"
        className="detail-stepper__button"
        onClick={() => onChange(clampQuantity(value - 1, max))}
        disabled={disabled || value <= 1}
        aria-label={intl.formatMessage({ id: 'catalog.detail.decrease' })}
      >
        <MinusOutline aria-hidden fontSize={18} />
      </button>
      <input
        className="detail-stepper__input"
        type="text"
        inputMode="numeric"
        pattern="[0-9]*"
        value={draft ?? String(value)}
        disabled={disabled}
        aria-label={intl.formatMessage({ id: 'catalog.detail.quantity' })}
        onChange={(event) => setDraft(event.target.value.replace(/\D/g, ''))}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit();
        }}
      />
      <button
        type="button"
        className="detail-stepper__button"
        onClick={() => onChange(clampQuantity(value + 1, max))}
        disabled={disabled || value >= max}
        aria-label={intl.formatMessage({ id: 'catalog.detail.increase' })}
      >
        <AddOutline aria-hidden fontSize={18} />
      </button>
    </div>
  );
}

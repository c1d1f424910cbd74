import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import AddOutline from 'antd-mobile-icons/es/AddOutline';
import MinusOutline from 'antd-mobile-icons/es/MinusOutline';
import { clampQuantity } from '../lib/bag';

export interface QuantityStepperProps {
  value: number;
  stock: number;
  /** What the quantity is of (the product title), for the controls' names. */
  title: string;
  onChange: (value: number) => void;
  disabled?: boolean;
}

/**
 * - / number / + for a bag line, limited to 1..stock. The number can be typed too; it is applied (and
 * clamped) when the field is left or Enter is pressed.
 */
export function QuantityStepper({ value, stock, title, onChange, disabled }: QuantityStepperProps) {
  const intl = useIntl();
  const [typing, setTyping] = useState<string | null>(null);
  const max = Math.max(1, stock);
  const apply = (next: number) => {
    const clamped = clampQuantity(next, stock);
    if (clamped !== value) onChange(clamped);
  };
  const commit = () => {
    if (typing === null) return;
    const typed = Number.parseInt(typing, 10);
    setTyping(null);
    if (Number.isFinite(typed)) apply(typed);
  };
  return (
    <div className="stepper">
      <div
        className="stepper__controls"
        role="group"
        aria-label={intl.formatMessage({ id: 'cart.quantity.group' }, { title })}
      >
        <button
          type="button"
          className="stepper__button"
          disabled={disabled || value <= 1}
          onClick={() => apply(value - 1)}
          aria-label={intl.formatMessage({ id: 'cart.quantity.decrease' }, { title })}
        >
          <MinusOutline aria-hidden />
        </button>
        <input
          className="stepper__input"
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="off"
          disabled={disabled}
          value={typing ?? String(value)}
          aria-label={intl.formatMessage({ id: 'cart.quantity.label' }, { title })}
          onFocus={(event) => {
            setTyping(String(value));
            event.currentTarget.select();
          }}
          onChange={(event) => setTyping(event.currentTarget.value.replace(/\D/g, '').slice(0, 5))}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === 'Enter') event.currentTarget.blur();
          }}
        />
        <button
          type="button"
          className="stepper__button"
          disabled={disabled || value >= max}
          onClick={() => apply(value + 1)}
          aria-label={intl.formatMessage({ id: 'cart.quantity.increase' }, { title })}
        >
          <AddOutline aria-hidden />
        </button>
      </div>
      {value >= max && stock > 0 && (
        <span className="stepper__limit">
          <FormattedMessage id="cart.quantity.max" values={{ stock }} />
        </span>
      )}
    </div>
  );
}

import { useState, type ReactNode } from 'react';
import AddOutline from 'antd-mobile-icons/es/AddOutline';
import MinusOutline from 'antd-mobile-icons/es/MinusOutline';
import { quantityCeiling } from '../../../common/quantity';
import './quantity-stepper.css';

/**
 * A quantity from 1 to `max` (the stock; never above MAX_LINE_QUANTITY, which also applies when the
 * stock is not known): a whole number; 1 when the value or the stock is unusable.
 */
export function clampQuantity(value: string | number, max: number | undefined): number {
  const ceiling = quantityCeiling(max);
  const number = Math.floor(Number(String(value).trim()));
  if (!Number.isFinite(number)) return 1;
  return Math.min(ceiling, Math.max(1, number));
}

export interface QuantityStepperProps {
  value: number;
  /** The stock: plus stops there, or at MAX_LINE_QUANTITY (also when the stock is not known). */
  max: number | undefined;
  onChange: (value: number) => void;
  disabled?: boolean;
  /** Accessible names (translated by the caller, which knows what the quantity is of). */
  labels: { group: string; input: string; decrease: string; increase: string };
  /** `large` for a product page, `compact` for a list line. */
  size?: 'large' | 'compact';
  /** A note under the controls (e.g. the stock limit once reached). */
  hint?: ReactNode;
}

/**
 * - / number / + limited to 1..max. The number can be typed too: it is applied, clamped, when the
 * field is left or Enter is pressed; onChange is called only for a different number.
 */
export function QuantityStepper({
  value,
  max,
  onChange,
  disabled,
  labels,
  size = 'compact',
  hint,
}: QuantityStepperProps) {
  // What the shopper is typing, until the field is left.
  const [typing, setTyping] = useState<string | null>(null);
  const apply = (next: string | number) => {
    const clamped = clampQuantity(next, max);
    if (clamped !== value) onChange(clamped);
  };
  const commit = () => {
    if (typing === null) return;
    setTyping(null);
    if (typing !== '') apply(typing);
  };
  return (
    <div className={`qty-stepper qty-stepper--${size}`}>
      <div className="qty-stepper__controls" role="group" aria-label={labels.group}>
        <button
          type="button"
          className="qty-stepper__button"
          disabled={disabled || value <= 1}
          onClick={() => apply(value - 1)}
          aria-label={labels.decrease}
        >
          <MinusOutline aria-hidden />
        </button>
        <input
          className="qty-stepper__input"
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="off"
          disabled={disabled}
          value={typing ?? String(value)}
          aria-label={labels.input}
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
          className="qty-stepper__button"
          disabled={disabled || value >= quantityCeiling(max)}
          onClick={() => apply(value + 1)}
          aria-label={labels.increase}
        >
          <AddOutline aria-hidden />
        </button>
      </div>
      {hint && <span className="qty-stepper__hint">{hint}</span>}
    </div>
  );
}

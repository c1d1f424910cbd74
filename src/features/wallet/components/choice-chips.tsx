import { useId, type ReactNode } from 'react';
import { useIntl } from 'react-intl';

export interface Choice<V extends string> {
  value: V;
  label: ReactNode;
}

export interface ChoiceChipsProps<V extends string> {
  /** The group's visible label, translated. */
  label: string;
  choices: readonly Choice<V>[];
  value: V | '';
  onChange: (value: V) => void;
  /** Translation id of an error to show under the chips. */
  error?: string;
  /** Hide the visible label (it still names the group). */
  hideLabel?: boolean;
  className?: string;
}

/**
 * Segmented buttons for one choice (a network, a withdrawal type, a list filter): a labelled group of
 * real buttons with aria-pressed, so screen readers hear which one is on and the keyboard reaches each.
 */
export function ChoiceChips<V extends string>({
  label,
  choices,
  value,
  onChange,
  error,
  hideLabel,
  className,
}: ChoiceChipsProps<V>) {
  const intl = useIntl();
  const id = useId();
  return (
    <div className={`chips-field ${className ?? ''}`}>
      <span id={`${id}-label`} className={hideLabel ? 'visually-hidden' : 'form-field__label'}>
        {label}
      </span>
      <div
        className="chips-field__chips"
        role="group"
        aria-labelledby={`${id}-label`}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        {choices.map((choice) => (
          <button
            key={choice.value}
            type="button"
            className={`chip${choice.value === value ? ' chip--on' : ''}`}
            aria-pressed={choice.value === value}
            onClick={() => onChange(choice.value)}
          >
            {choice.label}
          </button>
        ))}
      </div>
      {error && (
        <div className="form-field__error" id={`${id}-error`}>
          {intl.formatMessage({ id: error })}
        </div>
      )}
    </div>
  );
}

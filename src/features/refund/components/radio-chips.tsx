import { useId, type ReactNode } from 'react';
import { useIntl } from 'react-intl';

export interface RadioChipsProps<V extends string> {
  name: string;
  /** The group's visible label, translated. */
  legend: string;
  choices: readonly { value: V; label: ReactNode }[];
  value: V | '';
  onChange: (value: V) => void;
  onBlur?: () => void;
  /** Translation id of an error to show under the group. */
  error?: string;
}

/** A refused group's radios (the error is on the fieldset), for shared/ui/focus-first-error. */
export const REFUSED_RADIO_CHIPS = '.radio-chips--invalid input';

/**
 * One choice of a few, drawn as chips: native radio buttons in a fieldset, so the keyboard (arrow
 * keys) and screen readers work as with any radio group, and an error is tied to the group.
 */
export function RadioChips<V extends string>({
  name,
  legend,
  choices,
  value,
  onChange,
  onBlur,
  error,
}: RadioChipsProps<V>) {
  const intl = useIntl();
  const id = useId();
  return (
    <fieldset
      className={`radio-chips${error ? ' radio-chips--invalid' : ''}`}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend className="form-field__label">{legend}</legend>
      <div className="radio-chips__chips">
        {choices.map((choice) => (
          <label key={choice.value} className={`radio-chip${choice.value === value ? ' radio-chip--on' : ''}`}>
            <input
              type="radio"
              className="radio-chip__input"
              name={`${id}-${name}`}
              value={choice.value}
              checked={choice.value === value}
              onChange={() => onChange(choice.value)}
              onBlur={onBlur}
            />
            <span>{choice.label}</span>
          </label>
        ))}
      </div>
      {error && (
        <div className="form-field__error" id={`${id}-error`}>
          {intl.formatMessage({ id: error })}
        </div>
      )}
    </fieldset>
  );
}

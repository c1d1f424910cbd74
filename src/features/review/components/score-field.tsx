import { useId } from 'react';
import { useIntl } from 'react-intl';
import Rate from 'antd-mobile/es/components/rate';

export interface ScoreFieldProps {
  /** Translation id of the visible label. */
  labelId: string;
  value: number;
  onChange: (value: number) => void;
  /** Translation id of an error. */
  error?: string;
}

const MIN = 1;
const MAX = 5;
const STEP = 0.5;

/**
 * A 1-5 rating in halves (openapi Score). antd-mobile's Rate draws the stars and takes taps and drags,
 * but its stars are not focusable and say "checked" for every star up to the value, so it is hidden
 * from assistive technology; a native range input over the same value is what the keyboard and screen
 * readers use ("4.5 of 5 stars"), with the focus ring drawn around the stars.
 */
export function ScoreField({ labelId, value, onChange, error }: ScoreFieldProps) {
  const intl = useIntl();
  const id = useId();
  const spoken = intl.formatMessage({ id: 'review.score.value' }, { value, max: MAX });
  return (
    <div className={`score-field${error ? ' score-field--invalid' : ''}`}>
      <label className="score-field__label" htmlFor={id}>
        {intl.formatMessage({ id: labelId })}
      </label>
      <div className="score-field__control">
        <Rate
          aria-hidden
          allowHalf
          allowClear={false}
          count={MAX}
          value={value}
          onChange={(next) => onChange(Math.max(MIN, next))}
          className="score-field__stars"
        />
        <input
          id={id}
          className="visually-hidden"
          type="range"
          min={MIN}
          max={MAX}
          step={STEP}
          value={value}
          aria-valuetext={spoken}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => onChange(Number(event.target.value))}
        />
        <span className="score-field__value" aria-hidden>
          {intl.formatNumber(value, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}
        </span>
      </div>
      {error && (
        <div className="form-field__error" id={`${id}-error`}>
          {intl.formatMessage({ id: error })}
        </div>
      )}
    </div>
  );
}

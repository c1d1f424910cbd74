import { useId } from 'react';
import { useField } from 'formik';
import { FormattedMessage, useIntl } from 'react-intl';
import './text-area-field.css';

export interface TextAreaFieldProps {
  name: string;
  /** Translation id of the visible label. */
  labelId: string;
  maxLength: number;
  /** Translation id of a placeholder. */
  placeholderId?: string;
  rows?: number;
  /** Translation id of the character count, with {count} and {max}. */
  countId: string;
}

/**
 * A multi-line field wired to Formik, styled like shared/ui/form-field: label, a live character count,
 * and the translated error tied to the field (aria-invalid, aria-describedby). Its own CSS comes with
 * it, so it loads only with the lazy screens that use it.
 */
export function TextAreaField({ name, labelId, maxLength, placeholderId, rows = 4, countId }: TextAreaFieldProps) {
  const intl = useIntl();
  const id = useId();
  const [field, meta] = useField<string>(name);
  const showError = Boolean(meta.touched && meta.error);
  const length = (field.value ?? '').length;
  return (
    <div className={`form-field${showError ? ' form-field--invalid' : ''}`}>
      <label className="form-field__label" htmlFor={id}>
        {intl.formatMessage({ id: labelId })}
      </label>
      <div className="form-field__control text-area">
        <textarea
          className="form-field__input text-area__input"
          {...field}
          value={field.value ?? ''}
          id={id}
          rows={rows}
          maxLength={maxLength}
          placeholder={placeholderId ? intl.formatMessage({ id: placeholderId }) : undefined}
          aria-invalid={showError || undefined}
          aria-describedby={`${id}-count${showError ? ` ${id}-error` : ''}`}
        />
      </div>
      <div className="text-area__foot">
        {showError ? (
          <div className="form-field__error" id={`${id}-error`}>
            {intl.formatMessage({ id: meta.error as string })}
          </div>
        ) : (
          <span />
        )}
        <span className="form-field__hint" id={`${id}-count`}>
          <FormattedMessage id={countId} values={{ count: length, max: maxLength }} />
        </span>
      </div>
    </div>
  );
}

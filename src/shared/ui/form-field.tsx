import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { useField } from 'formik';
import { useIntl } from 'react-intl';

export interface FormFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange' | 'name' | 'id'
> {
  name: string;
  /** Translation id of the visible label. */
  label: string;
  /** Something beside the input (a calling-code button, a show-password toggle). */
  addon?: ReactNode;
  /** Content under the input when there is no error (a hint), read out as the field's description. */
  hint?: ReactNode;
  /** Values of the error message's placeholders (e.g. the minimum a 'The minimum is {min}' names). */
  errorValues?: Record<string, string>;
}

/**
 * A text field wired to Formik once. It renders a native input styled like antd-mobile's rather than
 * antd-mobile's Input, because that one drops aria-invalid and aria-describedby, and a screen reader
 * must hear why a field was refused. Label, translated error under the field, and the typed value is
 * kept whatever the server answers.
 */
export function FormField({ name, label, addon, hint, errorValues, className, ...inputProps }: FormFieldProps) {
  const intl = useIntl();
  const id = useId();
  const [field, meta] = useField<string>(name);
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const showError = Boolean(meta.touched && meta.error);
  const showHint = Boolean(hint) && !showError;
  return (
    <div className={`form-field${showError ? ' form-field--invalid' : ''} ${className ?? ''}`}>
      <label className="form-field__label" htmlFor={id}>
        {intl.formatMessage({ id: label })}
      </label>
      <div className="form-field__control">
        {addon}
        <input
          className="form-field__input"
          {...inputProps}
          {...field}
          value={field.value ?? ''}
          id={id}
          aria-invalid={showError || undefined}
          aria-describedby={showError ? errorId : showHint ? hintId : undefined}
        />
      </div>
      {showHint && (
        <div className="form-field__hint" id={hintId}>
          {hint}
        </div>
      )}
      {showError && (
        <div className="form-field__error" id={errorId}>
          {intl.formatMessage({ id: meta.error as string }, errorValues)}
        </div>
      )}
    </div>
  );
}

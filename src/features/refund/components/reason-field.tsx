import { FormattedMessage, useIntl } from 'react-intl';
import { REFUND_REASONS, type RefundValues } from '../schemas/refund.schema';

/** The refund reason: a native select of the contract's reason keys, translated. */
export function ReasonField({
  value,
  onChange,
  onBlur,
  error,
}: {
  value: RefundValues['reason'];
  onChange: (reason: RefundValues['reason']) => void;
  onBlur: () => void;
  error?: string;
}) {
  const intl = useIntl();
  return (
    <div className={`form-field${error ? ' form-field--invalid' : ''}`}>
      <label className="form-field__label" htmlFor="refund-reason">
        <FormattedMessage id="refund.reason" />
      </label>
      <div className="form-field__control">
        <select
          id="refund-reason"
          className="form-field__input refund-select"
          value={value}
          onChange={(event) => onChange(event.target.value as RefundValues['reason'])}
          onBlur={onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'refund-reason-error' : undefined}
        >
          <option value="">{intl.formatMessage({ id: 'refund.reason.choose' })}</option>
          {REFUND_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {intl.formatMessage({ id: `refund.reason.${reason}` })}
            </option>
          ))}
        </select>
      </div>
      {error && (
        <div className="form-field__error" id="refund-reason-error">
          {intl.formatMessage({ id: error })}
        </div>
      )}
    </div>
  );
}

import { FormattedMessage, useIntl } from 'react-intl';
import { callingCodeOf } from '../../../shared/lib/phone';
import { FormField } from '../../../shared/ui/form-field';
import { digitsOf } from '../hooks/use-password-reset';
import { VERIFICATION_CODE_LENGTH, type ForgotPasswordValues } from '../schemas/forgot-password.schema';

/**
 * A password reset's second step: where the code went (and the way back to change the number), the
 * code with 'send again' once the countdown allows it, the new password twice, and the submit.
 */
export function ResetStepFields({
  values,
  isSubmitting,
  secondsLeft,
  sending,
  onChangeNumber,
  onResend,
}: {
  values: ForgotPasswordValues;
  isSubmitting: boolean;
  secondsLeft: number;
  sending: boolean;
  onChangeNumber: () => void;
  onResend: () => void;
}) {
  const intl = useIntl();
  return (
    <>
      <div className="forgot-sent">
        <p className="forgot-sent__text">
          <FormattedMessage
            id="account.forgot.sentTo"
            values={{ mobile: `+${callingCodeOf(values.country)} ${digitsOf(values.mobile)}` }}
          />
        </p>
        <button type="button" className="text-button" onClick={onChangeNumber}>
          <FormattedMessage id="account.forgot.changeNumber" />
        </button>
      </div>
      <FormField
        name="code"
        label="account.forgot.code"
        inputMode="numeric"
        pattern="[0-9]*"
        autoComplete="one-time-code"
        maxLength={VERIFICATION_CODE_LENGTH}
      />
      <div className="forgot-resend">
        <button
          type="button"
          className="text-button"
          disabled={sending || secondsLeft > 0}
          aria-busy={sending}
          onClick={onResend}
        >
          {secondsLeft > 0 ? (
            <FormattedMessage id="account.forgot.resendIn" values={{ seconds: secondsLeft }} />
          ) : (
            <FormattedMessage id={sending ? 'account.forgot.sending' : 'account.forgot.resend'} />
          )}
        </button>
      </div>
      <FormField
        name="newpassword"
        label="account.fields.newPassword"
        type="password"
        autoComplete="new-password"
        hint={intl.formatMessage({ id: 'account.register.passwordHint' })}
      />
      <FormField name="confirm" label="account.fields.confirmNewPassword" type="password" autoComplete="new-password" />
      <button type="submit" className="button" disabled={isSubmitting} aria-busy={isSubmitting}>
        <FormattedMessage id={isSubmitting ? 'common.saving' : 'account.forgot.submit'} />
      </button>
    </>
  );
}

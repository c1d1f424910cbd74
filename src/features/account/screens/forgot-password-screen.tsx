import { Form, Formik } from 'formik';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { paths } from '../../../shared/config/paths';
import { defaultCountry } from '../../../shared/lib/phone';
import { MobileField } from '../../../shared/ui/mobile-field';
import { Page } from '../../../shared/ui/page';
import { useAppSelector } from '../../../store/hooks';
import { selectLocale } from '../../../store/language.slice';
import { ForgotSteps } from '../components/forgot-steps';
import { LanguageSwitch } from '../components/language-switch';
import { ResetStepFields } from '../components/reset-step-fields';
import { usePasswordReset } from '../hooks/use-password-reset';
import type { ForgotPasswordValues } from '../schemas/forgot-password.schema';

/**
 * /forgotPassword (public): the account's mobile number -> a verification code (sendVerificationCode,
 * with a resend countdown) -> the code and a new password twice -> resetPassword. A completed reset
 * clears the session (SPEC.md section 4) and opens /login.
 */
export default function ForgotPasswordScreen() {
  const intl = useIntl();
  const locale = useAppSelector(selectLocale);
  const reset = usePasswordReset();
  const { step, secondsLeft } = reset;

  const initialValues: ForgotPasswordValues = {
    country: defaultCountry(locale, typeof navigator === 'undefined' ? [] : navigator.languages),
    mobile: '',
    code: '',
    newpassword: '',
    confirm: '',
  };

  return (
    <Page title={intl.formatMessage({ id: 'route.forgotPassword' })} right={<LanguageSwitch />} fallback={paths.login}>
      <Formik<ForgotPasswordValues>
        initialValues={initialValues}
        validationSchema={reset.schema}
        onSubmit={reset.submit}
      >
        {({ isSubmitting, values }) => (
          <Form className="form" noValidate>
            <ForgotSteps step={step} />

            {step === 'mobile' ? (
              <>
                <p className="form-lead">
                  <FormattedMessage id="account.forgot.lead" />
                </p>
                <MobileField />
                <button
                  type="submit"
                  className="button"
                  disabled={isSubmitting || secondsLeft > 0}
                  aria-busy={isSubmitting}
                >
                  {secondsLeft > 0 ? (
                    <FormattedMessage id="account.forgot.resendIn" values={{ seconds: secondsLeft }} />
                  ) : (
                    <FormattedMessage id={isSubmitting ? 'account.forgot.sending' : 'account.forgot.sendCode'} />
                  )}
                </button>
              </>
            ) : (
              <ResetStepFields
                values={values}
                isSubmitting={isSubmitting}
                secondsLeft={secondsLeft}
                sending={reset.sending}
                onChangeNumber={reset.changeNumber}
                onResend={() => reset.resend(values)}
              />
            )}
            <div className="auth-links">
              <Link to={paths.login}>
                <FormattedMessage id="account.forgot.toLogin" />
              </Link>
            </div>
          </Form>
        )}
      </Formik>
    </Page>
  );
}

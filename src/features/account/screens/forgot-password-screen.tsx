import { Form, Formik } from 'formik';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router-dom';
import { useResetPasswordMutation, useSendVerificationCodeMutation } from '../../../api';
import { paths } from '../../../shared/config/paths';
import { callingCodeOf, defaultCountry } from '../../../shared/lib/phone';
import { MobileField } from '../../../shared/ui/mobile-field';
import { FormField } from '../../../shared/ui/form-field';
import { announce } from '../../../shared/ui/live-region';
import { Page } from '../../../shared/ui/page';
import { toast } from '../../../shared/ui/toast';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { selectLocale } from '../../../store/language.slice';
import { loggedOut } from '../../../store/session.slice';
import { LanguageSwitch } from '../components/language-switch';
import { useCountdown } from '../hooks/use-countdown';
import {
  forgotMobileSchema,
  forgotResetSchema,
  VERIFICATION_CODE_LENGTH,
  type ForgotPasswordValues,
} from '../schemas/forgot-password.schema';

/** How long the shopper waits before asking for another code. */
export const RESEND_SECONDS = 60;

type Step = 'mobile' | 'reset';

const digitsOf = (mobile: string) => mobile.replace(/[\s-]/g, '');

/**
 * /forgotPassword (public): the account's mobile number -> a verification code (sendVerificationCode,
 * with a resend countdown) -> the code and a new password twice -> resetPassword. A completed reset
 * clears the session (SPEC.md section 4) and opens /login.
 */
export default function ForgotPasswordScreen() {
  const intl = useIntl();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const locale = useAppSelector(selectLocale);
  const [sendCode, { isLoading: sending }] = useSendVerificationCodeMutation();
  const [resetPassword] = useResetPasswordMutation();
  const [step, setStep] = useState<Step>('mobile');
  const { secondsLeft, start } = useCountdown();

  // Polite news when the shopper may ask again (the button's own text counts down visibly).
  const counting = useRef(false);
  useEffect(() => {
    if (secondsLeft > 0) counting.current = true;
    else if (counting.current) {
      counting.current = false;
      announce(intl.formatMessage({ id: 'account.forgot.resendReady' }), 'status');
    }
  }, [secondsLeft, intl]);

  const send = async (values: ForgotPasswordValues): Promise<boolean> => {
    try {
      await sendCode({
        sendCodeRequest: { mobile: digitsOf(values.mobile), quhao: callingCodeOf(values.country) },
      }).unwrap();
      start(RESEND_SECONDS);
      toast.success(intl.formatMessage({ id: 'account.forgot.codeSent' }, { seconds: RESEND_SECONDS }));
      return true;
    } catch {
      // The server's message was shown (e.g. no account has this number); the number stays.
      return false;
    }
  };

  const submit = async (values: ForgotPasswordValues) => {
    if (step === 'mobile') {
      if (await send(values)) setStep('reset');
      return;
    }
    try {
      await resetPassword({
        resetPasswordRequest: {
          mobile: digitsOf(values.mobile),
          quhao: callingCodeOf(values.country),
          code: values.code.trim(),
          newpassword: values.newpassword,
        },
      }).unwrap();
      toast.success(intl.formatMessage({ id: 'common.changeSuccess' }));
      // SPEC.md section 4: a completed reset clears the token and user info (the server ended every session).
      dispatch(loggedOut());
      navigate(paths.login, { replace: true });
    } catch {
      // A wrong or expired code: the message was shown and everything typed stays.
    }
  };

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
        validationSchema={step === 'mobile' ? forgotMobileSchema : forgotResetSchema}
        onSubmit={submit}
      >
        {({ isSubmitting, values }) => (
          <Form className="form" noValidate>
            <ol className="steps" aria-label={intl.formatMessage({ id: 'account.forgot.steps' })}>
              {(['mobile', 'reset'] as const).map((name, index) => (
                <li
                  key={name}
                  className={`steps__item${step === name ? ' steps__item--current' : ''}`}
                  aria-current={step === name ? 'step' : undefined}
                >
                  <span className="steps__number" aria-hidden>
                    {index + 1}
                  </span>
                  <FormattedMessage id={name === 'mobile' ? 'account.forgot.stepMobile' : 'account.forgot.stepReset'} />
                </li>
              ))}
            </ol>

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
              <>
                <div className="forgot-sent">
                  <p className="forgot-sent__text">
                    <FormattedMessage
                      id="account.forgot.sentTo"
                      values={{ mobile: `+${callingCodeOf(values.country)} ${digitsOf(values.mobile)}` }}
                    />
                  </p>
                  <button type="button" className="text-button" onClick={() => setStep('mobile')}>
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
                    onClick={() => void send(values)}
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
                <FormField
                  name="confirm"
                  label="account.fields.confirmNewPassword"
                  type="password"
                  autoComplete="new-password"
                />
                <button type="submit" className="button" disabled={isSubmitting} aria-busy={isSubmitting}>
                  <FormattedMessage id={isSubmitting ? 'common.saving' : 'account.forgot.submit'} />
                </button>
              </>
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

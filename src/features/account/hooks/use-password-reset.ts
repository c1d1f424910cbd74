import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { useResetPasswordMutation, useSendVerificationCodeMutation } from '../../../api';
import { paths } from '../../../shared/config/paths';
import { callingCodeOf } from '../../../shared/lib/phone';
import { announce } from '../../../shared/ui/live-region';
import { toast } from '../../../shared/ui/toast';
import { useAppDispatch } from '../../../store/hooks';
import { loggedOut } from '../../../store/session.slice';
import { forgotMobileSchema, forgotResetSchema, type ForgotPasswordValues } from '../schemas/forgot-password.schema';
import { useCountdown } from './use-countdown';

/** How long the shopper waits before asking for another code. */
export const RESEND_SECONDS = 60;

export type ResetStep = 'mobile' | 'reset';

/** The number as the server reads it: digits only. */
export const digitsOf = (mobile: string) => mobile.replace(/[\s-]/g, '');

/**
 * /forgotPassword's flow: the account's mobile number -> a verification code (sendVerificationCode,
 * then a resend countdown, its end announced politely) -> the code and a new password -> resetPassword.
 * A completed reset clears the session (SPEC.md section 4) and opens /login. `schema` is the current
 * step's check; `submit` is the form's submit for either step.
 */
export function usePasswordReset() {
  const intl = useIntl();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [sendCode, { isLoading: sending }] = useSendVerificationCodeMutation();
  const [resetPassword] = useResetPasswordMutation();
  const [step, setStep] = useState<ResetStep>('mobile');
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

  /** Sends a code to the number; true when the server sent it. */
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

  return {
    step,
    schema: step === 'mobile' ? forgotMobileSchema : forgotResetSchema,
    /** Back to the number (the code sent stays valid). */
    changeNumber: () => setStep('mobile'),
    /** Seconds until another code may be asked for; 0 when it may. */
    secondsLeft,
    sending,
    /** The reset step's 'send again'. */
    resend: (values: ForgotPasswordValues) => void send(values),
    submit,
  };
}

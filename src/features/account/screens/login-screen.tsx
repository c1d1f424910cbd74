import { Formik, Form } from 'formik';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useLoginMutation } from '../../../api';
import { loginReturnOf, type LoginReturn } from '../../../shared/config/login-return';
import { paths } from '../../../shared/config/paths';
import { FormField } from '../../../shared/ui/form-field';
import { Page } from '../../../shared/ui/page';
import { toast } from '../../../shared/ui/toast';
import { useAppDispatch } from '../../../store/hooks';
import { loggedIn } from '../../../store/session.slice';
import { lazySchema } from '../../../shared/lib/lazy-schema';
import { LanguageSwitch } from '../components/language-switch';
import { passkeysSupported, rememberPasskeyGrant } from '../../../shared/lib/passkey-support';
import { useIdleImport } from '../../../shared/lib/use-idle-import';
import type { LoginValues } from '../schemas/login.schema';

/** Yup loads when the shopper first focuses the form, not with the page (shared/lib/lazy-schema.ts). */
const loginValidation = lazySchema<LoginValues>(() =>
  import(/* webpackChunkName: "login-schema" */ '../schemas/login.schema').then((module) => module.loginSchema),
);

const loadPasskeySignIn = () => import(/* webpackChunkName: "passkey-sign-in" */ '../components/passkey-sign-in');

export default function LoginScreen() {
  const intl = useIntl();
  const navigate = useNavigate();
  const location = useLocation();
  const dispatch = useAppDispatch();
  const [login] = useLoginMutation();
  const state = (location.state ?? {}) as LoginReturn;

  const submit = async (values: LoginValues) => {
    try {
      const result = await login({
        loginRequest: { account: values.account.trim(), password: values.password },
      }).unwrap();
      const token = result.data?.userinfo.token;
      if (!token) return;
      // The offer of a passkey right after this login may use it instead of the password again.
      rememberPasskeyGrant(
        result.data?.userinfo.username ?? values.account.trim(),
        result.data?.userinfo.passkey_grant,
      );
      signedIn(token, 'password');
    } catch {
      // The request layer has shown the server's message; what the shopper typed stays in the form.
    }
  };

  /** Back where the shopper came from (SPEC.md section 2), however they signed in. */
  const signedIn = (token: string, method: 'password' | 'passkey') => {
    dispatch(loggedIn({ token, method }));
    toast.success(intl.formatMessage({ id: 'account.login.success' }));
    const back = loginReturnOf(state);
    navigate(back?.to ?? paths.home, { replace: true, state: back?.state });
  };
  // Passkeys where they can work on this page (decided at once): their code loads once the screen is idle.
  const PasskeySignIn = useIdleImport(loadPasskeySignIn, passkeysSupported())?.default;

  return (
    <Page title={intl.formatMessage({ id: 'route.login' })} right={<LanguageSwitch />}>
      <div className="auth-hero">
        {/* The hero's title, as it looks (axe p-as-heading): under the screen's own, "Log in". */}
        <h2 className="auth-hero__brand">
          <FormattedMessage id="app.name" />
        </h2>
        <p className="auth-hero__lead">
          <FormattedMessage id="account.login.lead" />
        </p>
      </div>
      <Formik<LoginValues>
        initialValues={{ account: state.account ?? '', password: '' }}
        validate={loginValidation.validate}
        onSubmit={submit}
      >
        {({ isSubmitting }) => (
          <Form className="form" noValidate onFocus={loginValidation.preload}>
            {/* 'webauthn': the browser may offer the device's passkeys in this field's autofill. */}
            <FormField
              name="account"
              label="account.fields.account"
              autoComplete="username webauthn"
              autoCapitalize="none"
            />
            <FormField
              name="password"
              label="account.fields.password"
              type="password"
              autoComplete="current-password"
            />
            <button type="submit" className="button" disabled={isSubmitting} aria-busy={isSubmitting}>
              <FormattedMessage id={isSubmitting ? 'account.login.submitting' : 'account.login.submit'} />
            </button>
            <div className="auth-links">
              <Link to={paths.register}>
                <FormattedMessage id="account.login.toRegister" />
              </Link>
              <Link to={paths.forgotPassword}>
                <FormattedMessage id="account.login.forgot" />
              </Link>
            </div>
            {/* Last, where its arrival moves nothing (CLS 0): it comes a moment after the screen, with
                its code and then the backend's answer that it has passkeys, which no first render can
                know; space kept for it above the links would stay empty for a backend without them. */}
            {PasskeySignIn && (
              <PasskeySignIn disabled={isSubmitting} onSignedIn={(token) => signedIn(token, 'passkey')} />
            )}
          </Form>
        )}
      </Formik>
    </Page>
  );
}

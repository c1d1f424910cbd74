import { Form, Formik } from 'formik';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router-dom';
import { useRegisterMutation } from '../../../api';
import { paths } from '../../../shared/config/paths';
import { callingCodeOf, defaultCountry } from '../../../shared/lib/phone';
import { FormField } from '../../../shared/ui/form-field';
import { Page } from '../../../shared/ui/page';
import { toast } from '../../../shared/ui/toast';
import { useAppSelector } from '../../../store/hooks';
import { selectLocale } from '../../../store/language.slice';
import { MobileField } from '../../../shared/ui/mobile-field';
import { LanguageSwitch } from '../components/language-switch';
import { registerSchema, type RegisterValues } from '../schemas/register.schema';

export default function RegisterScreen() {
  const intl = useIntl();
  const navigate = useNavigate();
  const locale = useAppSelector(selectLocale);
  const [register] = useRegisterMutation();

  const submit = async (values: RegisterValues) => {
    try {
      await register({
        registerRequest: {
          username: values.username.trim(),
          nickname: values.nickname.trim(),
          email: values.email.trim(),
          quhao: callingCodeOf(values.country),
          mobile: values.mobile.replace(/[\s-]/g, ''),
          password: values.password,
          repPwd: values.repPwd,
        },
      }).unwrap();
      toast.success(intl.formatMessage({ id: 'account.register.success' }));
      navigate(paths.login, { replace: true, state: { account: values.username.trim() } });
    } catch {
      // The server's message was shown; everything typed stays.
    }
  };

  const initialValues: RegisterValues = {
    username: '',
    nickname: '',
    email: '',
    country: defaultCountry(locale, typeof navigator === 'undefined' ? [] : navigator.languages),
    mobile: '',
    password: '',
    repPwd: '',
  };

  return (
    <Page title={intl.formatMessage({ id: 'route.register' })} right={<LanguageSwitch />} fallback={paths.login}>
      <Formik<RegisterValues> initialValues={initialValues} validationSchema={registerSchema} onSubmit={submit}>
        {({ isSubmitting }) => (
          <Form className="form" noValidate>
            <FormField
              name="username"
              label="account.fields.account"
              autoComplete="username"
              autoCapitalize="none"
              hint={intl.formatMessage({ id: 'account.register.accountHint' })}
            />
            <FormField name="nickname" label="account.fields.nickname" autoComplete="nickname" />
            <FormField
              name="email"
              label="account.fields.email"
              type="email"
              autoComplete="email"
              inputMode="email"
              autoCapitalize="none"
            />
            <MobileField />
            <FormField
              name="password"
              label="account.fields.password"
              type="password"
              autoComplete="new-password"
              hint={intl.formatMessage({ id: 'account.register.passwordHint' })}
            />
            <FormField
              name="repPwd"
              label="account.fields.confirmPassword"
              type="password"
              autoComplete="new-password"
            />
            <button type="submit" className="button" disabled={isSubmitting} aria-busy={isSubmitting}>
              <FormattedMessage id={isSubmitting ? 'account.register.submitting' : 'account.register.submit'} />
            </button>
            <div className="auth-links">
              <Link to={paths.login}>
                <FormattedMessage id="account.register.toLogin" />
              </Link>
            </div>
          </Form>
        )}
      </Formik>
    </Page>
  );
}

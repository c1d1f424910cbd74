import { Form, Formik } from 'formik';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router-dom';
import { useResetPasswordMutation } from '../../../api';
import { paths } from '../../../shared/config/paths';
import { FormField } from '../../../shared/ui/form-field';
import { Page } from '../../../shared/ui/page';
import { toast } from '../../../shared/ui/toast';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { loggedOut, selectIsLoggedIn } from '../../../store/session.slice';
import { changePasswordSchema, type ChangePasswordValues } from '../schemas/change-password.schema';

const initialValues: ChangePasswordValues = { oldpassword: '', newpassword: '', confirm: '' };

/**
 * /changePassword: the current login password, a new one and its confirmation (SPEC.md section 5).
 * The route is public (SPEC.md section 2) but changing needs a session, so a visitor is pointed to
 * logging in or to the forgot-password flow. Success ends every session on the server: the shopper logs
 * in again with the new password.
 */
export default function ChangePasswordScreen() {
  const intl = useIntl();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const [resetPassword] = useResetPasswordMutation();
  const title = intl.formatMessage({ id: 'route.changePassword' });

  if (!loggedIn) {
    return (
      <Page title={title} fallback={paths.login}>
        <section className="card notice" aria-labelledby="change-password-visitor">
          <h2 id="change-password-visitor" className="card__title">
            <FormattedMessage id="account.changePassword.visitorTitle" />
          </h2>
          <p className="notice__text">
            <FormattedMessage id="account.changePassword.visitorText" />
          </p>
          <div className="notice__actions">
            <Link className="button" to={paths.login}>
              <FormattedMessage id="route.login" />
            </Link>
            <Link className="button button--ghost" to={paths.forgotPassword}>
              <FormattedMessage id="account.login.forgot" />
            </Link>
          </div>
        </section>
      </Page>
    );
  }

  const submit = async (values: ChangePasswordValues) => {
    try {
      await resetPassword({
        resetPasswordRequest: { oldpassword: values.oldpassword, newpassword: values.newpassword },
      }).unwrap();
      toast.success(intl.formatMessage({ id: 'common.changeSuccess' }));
      dispatch(loggedOut());
      navigate(paths.login, { replace: true });
    } catch {
      // The server's message was shown (e.g. a wrong current password); everything typed stays.
    }
  };

  return (
    <Page title={title} fallback={paths.passwords}>
      <Formik<ChangePasswordValues>
        initialValues={initialValues}
        validationSchema={changePasswordSchema}
        onSubmit={submit}
      >
        {({ isSubmitting }) => (
          <Form className="form" noValidate>
            <p className="form-lead">
              <FormattedMessage id="account.changePassword.lead" />
            </p>
            <FormField
              name="oldpassword"
              label="account.fields.currentPassword"
              type="password"
              autoComplete="current-password"
            />
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
              <FormattedMessage id={isSubmitting ? 'common.saving' : 'account.changePassword.submit'} />
            </button>
            <div className="auth-links">
              <Link to={paths.forgotPassword}>
                <FormattedMessage id="account.changePassword.forgot" />
              </Link>
            </div>
          </Form>
        )}
      </Formik>
    </Page>
  );
}

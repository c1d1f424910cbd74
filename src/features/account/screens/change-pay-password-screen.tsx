import { Form, Formik } from 'formik';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { useCanGoBack } from '../../../shared/lib/use-can-go-back';
import { useGetUserInfoQuery, useResetPayPasswordMutation, type ResetPayPasswordRequest } from '../../../api';
import { useRecheck } from '../../../api/recheck';
import { paths } from '../../../shared/config/paths';
import { FormField } from '../../../shared/ui/form-field';
import { Page } from '../../../shared/ui/page';
import { ErrorState, LoadingState } from '../../../shared/ui/states';
import { toast } from '../../../shared/ui/toast';
import { FormKeeper } from '../../../store/use-form-keeper';
import {
  changePayPasswordSchema,
  PAY_CODE_LENGTH,
  setPayPasswordSchema,
  type PayPasswordValues,
} from '../schemas/pay-password.schema';
import { useIntentKey } from '../../../shared/lib/use-intent-key';
import { useVerifiedAction } from '../../../shared/lib/use-verified-action';

const initialValues: PayPasswordValues = { oldpassword: '', newpassword: '', confirm: '', password: '' };
const SECRET_FIELDS = ['oldpassword', 'newpassword', 'confirm', 'password'] as const;

/** Digits on a phone's number pad, masked, never offered by a password manager or as an SMS code. */
const codeInput = {
  type: 'password',
  inputMode: 'numeric',
  pattern: '[0-9]*',
  autoComplete: 'off',
  maxLength: PAY_CODE_LENGTH,
} as const;

/**
 * /changePayPwd: sets the first payment code (have_pay 0: new code, confirmation and the login
 * password, so that a stolen session token alone cannot open withdrawals) or changes it (have_pay 1:
 * the current code too). SPEC.md section 5, DESIGN.md sections 3.1 and 4.
 */
export default function ChangePayPasswordScreen() {
  const intl = useIntl();
  const navigate = useNavigate();
  const canGoBack = useCanGoBack();
  // have_pay decides the form: asked again on every visit (it may have changed on another device).
  const { data, error, refetch } = useGetUserInfoQuery(undefined, { refetchOnMountOrArgChange: true });
  const [resetPayPassword] = useResetPayPasswordMutation();
  const intent = useIntentKey();
  const verified = useVerifiedAction();
  const recheck = useRecheck();
  const user = data?.data;
  const title = intl.formatMessage({ id: 'route.changePayPwd' });

  if (!user) {
    return (
      <Page title={title} fallback={paths.passwords}>
        {error ? <ErrorState error={error} onRetry={() => void refetch()} /> : <LoadingState />}
      </Page>
    );
  }

  const changing = user.have_pay === 1;

  const submit = async (values: PayPasswordValues) => {
    const request: ResetPayPasswordRequest = changing
      ? { oldpassword: values.oldpassword, newpassword: values.newpassword, is_verify: 1 }
      : { oldpassword: '', newpassword: values.newpassword, is_verify: 0, password: values.password };
    const done = await verified({
      // A retry after a lost answer gets the first answer, not 'Incorrect payment code' (contract).
      send: () =>
        resetPayPassword({ 'Idempotency-Key': intent.keyFor(request), resetPayPasswordRequest: request }).unwrap(),
      // After a lost or late answer: a first code shows as have_pay 1 on the account, read again. A
      // change shows nowhere (checking the new code would count a wrong attempt if it was not made),
      // so the screen says it could not check; sending it again cannot change it twice.
      recheck: async () => (changing ? 'unknown' : (await recheck.userInfo()).have_pay === 1),
      notDone: 'account.payCode.notSaved',
      unknown: changing ? 'account.payCode.changeUnknown' : 'account.payCode.setUnknown',
      intent,
    });
    // Not done: the server's message or the check's was shown; everything typed stays.
    if (!done) return;
    toast.success(intl.formatMessage({ id: changing ? 'common.changeSuccess' : 'common.settingSuccess' }));
    // The mutation invalidates 'account': getUserInfo refetches and have_pay reads 1 everywhere.
    if (canGoBack()) navigate(-1);
    else navigate(paths.passwords, { replace: true });
  };

  return (
    <Page title={title} fallback={paths.passwords}>
      <Formik<PayPasswordValues>
        key={changing ? 'change' : 'set'}
        initialValues={initialValues}
        validationSchema={changing ? changePayPasswordSchema : setPayPasswordSchema}
        onSubmit={submit}
      >
        {({ isSubmitting }) => (
          <Form className="form" noValidate>
            {/* Codes and the password survive a 401 in memory only, outside the store and storage. */}
            <FormKeeper<PayPasswordValues> formId="pay-code" secret={SECRET_FIELDS} />
            <section className="pay-code-intro" aria-labelledby="pay-code-heading">
              <h2 id="pay-code-heading" className="pay-code-intro__title">
                <FormattedMessage id={changing ? 'account.payCode.changeTitle' : 'account.payCode.setTitle'} />
              </h2>
              <p className="pay-code-intro__text">
                <FormattedMessage id={changing ? 'account.payCode.changeIntro' : 'account.payCode.setIntro'} />
              </p>
            </section>
            {changing && <FormField name="oldpassword" label="account.payCode.old" {...codeInput} />}
            <FormField
              name="newpassword"
              label="account.payCode.new"
              hint={intl.formatMessage({ id: 'account.payCode.hint' })}
              {...codeInput}
            />
            <FormField name="confirm" label="account.payCode.confirm" {...codeInput} />
            {!changing && (
              <FormField
                name="password"
                label="account.fields.loginPassword"
                type="password"
                autoComplete="current-password"
                hint={intl.formatMessage({ id: 'account.payCode.loginPasswordHint' })}
              />
            )}
            <button type="submit" className="button" disabled={isSubmitting} aria-busy={isSubmitting}>
              <FormattedMessage
                id={
                  isSubmitting
                    ? 'common.saving'
                    : changing
                      ? 'account.payCode.changeSubmit'
                      : 'account.payCode.setSubmit'
                }
              />
            </button>
          </Form>
        )}
      </Formik>
    </Page>
  );
}

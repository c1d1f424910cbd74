import { Form, Formik, type FormikProps } from 'formik';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { useCreateRechargeMutation, useListBlockchainsQuery, type CreateRechargeRequest } from '../../../api';
import { useNewRecordCheck } from '../../../api/recheck';
import { useImageUpload } from '../../../api/upload';
import { paths } from '../../../shared/config/paths';
import { toDecimal } from '../../../shared/lib/money';
import { useIntentKey } from '../../../shared/lib/use-intent-key';
import { useVerifiedAction } from '../../../shared/lib/use-verified-action';
import { FormField } from '../../../shared/ui/form-field';
import { ImageUpload } from '../../../shared/ui/image-upload';
import { Page } from '../../../shared/ui/page';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/states';
import { toast } from '../../../shared/ui/toast';
import { FormKeeper } from '../../../store/use-form-keeper';
import { ChoiceChips } from '../components/choice-chips';
import { DepositAddress } from '../components/deposit-address';
import { topUpSchema, type TopUpValues } from '../schemas/top-up.schema';

const initialValues: TopUpValues = { network: '', address: '', amount: '', image: '' };

/** /walletTopUp: top up on chain (DESIGN.md section 3.1, recharge): network, deposit address, amount, payment evidence. */
export default function WalletTopUpScreen() {
  const intl = useIntl();
  const navigate = useNavigate();
  const chains = useListBlockchainsQuery();
  const [createRecharge] = useCreateRechargeMutation();
  const upload = useImageUpload();
  const intent = useIntentKey();
  const verified = useVerifiedAction();
  const records = useNewRecordCheck('recharges');
  const networks = chains.data?.data ?? [];

  const submit = async (values: TopUpValues) => {
    const request: CreateRechargeRequest = {
      recharge_type: 1,
      network: values.network,
      blockchain: values.address,
      price: toDecimal(values.amount.trim()).toFixed(2),
      image: values.image,
    };
    const key = intent.keyFor(request);
    // The newest top-ups before this one's first attempt: after a lost answer, a new one shows it was filed.
    // The session ended (a 401): the app goes to /login and the form comes back after it.
    if (!(await records.before(key))) return;
    const done = await verified({
      send: () => createRecharge({ 'Idempotency-Key': key, createRechargeRequest: request }).unwrap(),
      recheck: () =>
        records.found((record) => record.network === request.network && toDecimal(record.price).eq(request.price)),
      notDone: 'wallet.chain.notSent',
      unknown: 'wallet.chain.sendUnknown',
      intent,
    });
    // Not done: the request layer or the check said why; everything typed stays for a retry.
    if (!done) return;
    toast.success(intl.formatMessage({ id: 'common.applicationSuccess' }));
    // The filled form leaves the history, so Back cannot submit the same top-up again.
    navigate(paths.topUpRecord, { replace: true });
  };

  const renderForm = ({
    values,
    errors,
    touched,
    isSubmitting,
    setFieldValue,
    setFieldTouched,
  }: FormikProps<TopUpValues>) => (
    <Form className="form" noValidate>
      {/* Network, amount and evidence survive a 401, in memory only (payment data). */}
      <FormKeeper formId="wallet-top-up" />
      <ChoiceChips
        label={intl.formatMessage({ id: 'wallet.chain.network' })}
        choices={networks.map((chain) => ({ value: chain.network, label: chain.network }))}
        value={values.network}
        onChange={(network) => {
          const chain = networks.find((item) => item.network === network);
          void setFieldValue('network', network, touched.network);
          void setFieldValue('address', chain?.blockchain ?? '', touched.address);
        }}
        error={touched.network ? errors.network : undefined}
      />
      {values.network && values.address ? (
        <DepositAddress network={values.network} address={values.address} />
      ) : (
        <p className="wallet-note">
          <FormattedMessage id="wallet.chain.chooseNetwork" />
        </p>
      )}
      {values.network && touched.address && errors.address && (
        <div className="form-field__error">{intl.formatMessage({ id: errors.address })}</div>
      )}
      <div className="wallet-warning" role="note" aria-labelledby="deposit-warnings">
        <h2 className="wallet-warning__title" id="deposit-warnings">
          <FormattedMessage id="wallet.chain.warnings" />
        </h2>
        <ul>
          <li>
            <FormattedMessage id="common.sameNetwork" />
          </li>
          <li>
            <FormattedMessage id="common.noDex" />
          </li>
          <li>
            <FormattedMessage id="wallet.topUp.review" />
          </li>
        </ul>
      </div>
      <FormField name="amount" label="wallet.chain.amount" inputMode="decimal" autoComplete="off" />
      <ImageUpload
        label={intl.formatMessage({ id: 'wallet.chain.evidence' })}
        value={values.image}
        onChange={(url) => void setFieldValue('image', url, true)}
        onBlur={() => void setFieldTouched('image', true, false)}
        upload={upload}
        error={touched.image ? errors.image : undefined}
      />
      <button type="submit" className="button" disabled={isSubmitting} aria-busy={isSubmitting}>
        <FormattedMessage id={isSubmitting ? 'wallet.chain.submitting' : 'wallet.chain.submit'} />
      </button>
    </Form>
  );

  return (
    <Page title={intl.formatMessage({ id: 'route.walletTopUp' })} fallback={paths.topUp}>
      {chains.isLoading ? (
        <LoadingState />
      ) : chains.isError ? (
        <ErrorState error={chains.error} onRetry={() => void chains.refetch()} />
      ) : networks.length === 0 ? (
        <EmptyState title={<FormattedMessage id="wallet.chain.noNetworks" />} />
      ) : (
        <Formik<TopUpValues> initialValues={initialValues} validationSchema={topUpSchema} onSubmit={submit}>
          {renderForm}
        </Formik>
      )}
    </Page>
  );
}

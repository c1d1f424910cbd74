import { useEffect, useState } from 'react';
import { Form, Formik, yupToFormErrors, type FormikErrors, type FormikProps } from 'formik';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { confirmDialog, warmConfirmDialog } from '../../../shared/ui/confirm-dialog';
import {
  useCreateExtractMutation,
  useGetExtractInfoQuery,
  useGetUserInfoQuery,
  useListBlockchainsQuery,
  useVerifyPayPasswordMutation,
  withdrawalNetwork,
  type ApiError,
  type BankCard,
  type CreateExtractRequest,
} from '../../../api';
import { useNewRecordCheck } from '../../../api/recheck';
import { paths } from '../../../shared/config/paths';
import {
  formatMoney,
  formatRate,
  isPositiveAmount,
  toDecimal,
  withdrawalFee,
  withdrawalNet,
} from '../../../shared/lib/money';
import { useIntentKey } from '../../../shared/lib/use-intent-key';
import { useVerifiedAction } from '../../../shared/lib/use-verified-action';
import { FormField } from '../../../shared/ui/form-field';
import { Page } from '../../../shared/ui/page';
import { PinSheet } from '../../../shared/ui/pin-sheet';
import { ErrorState, LoadingState } from '../../../shared/ui/states';
import { toast } from '../../../shared/ui/toast';
import { useAppSelector } from '../../../store/hooks';
import { FormKeeper } from '../../../store/use-form-keeper';
import { selectUserInfo } from '../../../store/session.slice';
import { ChoiceChips } from '../components/choice-chips';
import {
  normalizeBankCard,
  withdrawSchema,
  type WithdrawContext,
  type WithdrawType,
  type WithdrawValues,
} from '../schemas/withdraw.schema';

const initialValues: WithdrawValues = {
  type: 'bank',
  amount: '',
  bankCard: '',
  bankName: '',
  realName: '',
  network: '',
  address: '',
};

/** What the server is asked for, from valid form values. */
function toRequest(values: WithdrawValues): CreateExtractRequest {
  const price = toDecimal(values.amount.trim()).toFixed(2);
  return values.type === 'bank'
    ? {
        extract_type: 0,
        price,
        bank_card: normalizeBankCard(values.bankCard),
        bank_name: values.bankName.trim(),
        real_name: values.realName.trim(),
      }
    : { extract_type: 1, price, network: withdrawalNetwork(values.network), blockchain: values.address.trim() };
}

const lastDigits = (card: string) => normalizeBankCard(card).slice(-4);

/**
 * /withDraw (SPEC.md section 4; DESIGN.md section 3.4): bank card or on chain, the balance and the server's service-charge rate,
 * the fee and the actual arrival shown live, then the payment code (a fresh verify_pay per withdrawal)
 * and createExtract with an Idempotency-Key.
 */
export default function WithdrawScreen() {
  // A withdrawal is confirmed before the payment code: the dialog's code loads once the form has drawn.
  useEffect(warmConfirmDialog, []);
  const intl = useIntl();
  const navigate = useNavigate();
  const info = useGetExtractInfoQuery(undefined, { refetchOnMountOrArgChange: true });
  const chains = useListBlockchainsQuery();
  const stored = useAppSelector(selectUserInfo);
  const { data: userData } = useGetUserInfoQuery(undefined, { refetchOnMountOrArgChange: true });
  const user = userData?.data ?? stored;
  const [verifyPay] = useVerifyPayPasswordMutation();
  const [createExtract] = useCreateExtractMutation();
  const intent = useIntentKey();
  const verified = useVerifiedAction();
  const records = useNewRecordCheck('extracts');
  const [pending, setPending] = useState<CreateExtractRequest | null>(null);

  const balance = info.data?.data?.balance ?? '0.00';
  const rate = info.data?.data?.service_charge ?? '0';
  // The platform's smallest withdrawal (an extension of ours; without it the server alone refuses).
  const minimum = info.data?.data?.min_price;
  const cards = info.data?.data?.card_list ?? [];
  const networks = chains.data?.data ?? [];
  const money = (value: string) => formatMoney(value, intl.locale);

  const validate = (values: WithdrawValues): Promise<FormikErrors<WithdrawValues>> =>
    withdrawSchema
      .validate(values, { abortEarly: false, context: { balance, minimum } satisfies WithdrawContext })
      .then(
        () => ({}),
        (error: unknown) => yupToFormErrors<WithdrawValues>(error),
      );

  const askForCode = async (values: WithdrawValues) => {
    if (user && user.have_pay === 0) {
      // SPEC.md section 5: no payment code yet -> offer to set one.
      const go = await confirmDialog({
        title: intl.formatMessage({ id: 'wallet.withdraw.noPayCodeTitle' }),
        content: intl.formatMessage({ id: 'wallet.withdraw.noPayCodeBody' }),
        confirmText: intl.formatMessage({ id: 'wallet.withdraw.noPayCodeAction' }),
        cancelText: intl.formatMessage({ id: 'common.cancel' }),
      });
      if (go) navigate(paths.changePayPwd);
      return;
    }
    setPending(toRequest(values));
  };

  const confirmWithCode = async (code: string): Promise<string | undefined> => {
    if (!pending) return undefined;
    try {
      await verifyPay({ verifyPayRequest: { password_pay: code } }).unwrap();
    } catch (error) {
      // The wrong-code message under the cells; the sheet stays open for another try.
      return (error as ApiError).message;
    }
    const sent = pending;
    const key = intent.keyFor(sent);
    // The newest withdrawals before this one's first attempt: after a lost answer, a new one shows it was made.
    if (!(await records.before(key))) {
      // The session ended (a 401): the app goes to /login and the form comes back after it.
      setPending(null);
      return undefined;
    }
    const done = await verified({
      send: () => createExtract({ 'Idempotency-Key': key, createExtractRequest: sent }).unwrap(),
      recheck: () =>
        records.found(
          (record) =>
            (record.extract_type === undefined || record.extract_type === sent.extract_type) &&
            toDecimal(record.extract_price).eq(sent.price),
        ),
      notDone: 'wallet.withdraw.notSent',
      unknown: 'wallet.withdraw.sendUnknown',
      intent,
    });
    setPending(null);
    // Not done: the request layer (e.g. over balance) or the check said why. The form keeps what was
    // typed; the same values reuse the same key, so a retry cannot withdraw twice.
    if (!done) return undefined;
    toast.success(intl.formatMessage({ id: 'common.drawSuccess' }));
    // The filled form leaves the history, so Back cannot send the same withdrawal again.
    navigate(paths.depositRecord, { replace: true });
    return undefined;
  };

  const renderForm = ({
    values,
    errors,
    touched,
    isSubmitting,
    setFieldValue,
    setValues,
    setFieldTouched,
  }: FormikProps<WithdrawValues>) => {
    const amountReady = isPositiveAmount(values.amount);
    const fee = amountReady ? withdrawalFee(values.amount.trim(), rate) : '0.00';
    const net = amountReady ? withdrawalNet(values.amount.trim(), rate) : '0.00';
    const chosenCard = (card: BankCard) =>
      normalizeBankCard(values.bankCard) === normalizeBankCard(card.bank_card) &&
      values.bankName.trim() === card.bank_name &&
      values.realName.trim() === card.real_name;
    return (
      <Form className="form" noValidate>
        {/* Kept through a 401 in memory only: amounts and addresses never go to storage. */}
        <FormKeeper formId="withdraw" />
        <ChoiceChips<WithdrawType>
          label={intl.formatMessage({ id: 'wallet.withdraw.method' })}
          choices={[
            { value: 'bank', label: <FormattedMessage id="wallet.withdraw.bank" /> },
            { value: 'chain', label: <FormattedMessage id="wallet.withdraw.chain" /> },
          ]}
          value={values.type}
          onChange={(type) => void setFieldValue('type', type, false)}
        />

        <div className="withdraw-amount">
          <FormField
            name="amount"
            label="wallet.withdraw.amount"
            inputMode="decimal"
            autoComplete="off"
            errorValues={minimum === undefined ? undefined : { min: money(minimum) }}
          />
          <button
            type="button"
            className="button button--ghost withdraw-amount__all"
            onClick={() => {
              void setFieldValue('amount', toDecimal(balance).toFixed(2), true);
              void setFieldTouched('amount', true, false);
            }}
          >
            <FormattedMessage id="wallet.withdraw.drawAll" />
          </button>
        </div>

        <dl className="withdraw-preview" aria-live="polite">
          <div>
            <dt>
              <FormattedMessage id="wallet.withdraw.fee" />
            </dt>
            <dd>{money(fee)}</dd>
          </div>
          <div className="withdraw-preview__net">
            <dt>
              <FormattedMessage id="wallet.withdraw.arrival" />
            </dt>
            <dd>{money(net)}</dd>
          </div>
        </dl>

        {values.type === 'bank' ? (
          <>
            {cards.length > 0 && (
              <ChoiceChips
                label={intl.formatMessage({ id: 'wallet.withdraw.savedCards' })}
                choices={cards.map((card) => ({
                  value: normalizeBankCard(card.bank_card),
                  label: (
                    <FormattedMessage
                      id="wallet.withdraw.cardEnding"
                      values={{ bank: card.bank_name, last4: lastDigits(card.bank_card) }}
                    />
                  ),
                }))}
                value={cards.find(chosenCard) ? normalizeBankCard(values.bankCard) : ''}
                onChange={(number) => {
                  const card = cards.find((item) => normalizeBankCard(item.bank_card) === number);
                  if (!card) return;
                  void setValues(
                    { ...values, bankCard: card.bank_card, bankName: card.bank_name, realName: card.real_name },
                    true,
                  );
                }}
              />
            )}
            <FormField
              name="bankCard"
              label="wallet.withdraw.bankCard"
              inputMode="numeric"
              autoComplete="off"
              maxLength={23}
            />
            <FormField name="bankName" label="wallet.withdraw.bankName" autoComplete="off" maxLength={60} />
            <FormField name="realName" label="wallet.withdraw.realName" autoComplete="name" maxLength={60} />
          </>
        ) : (
          <>
            <ChoiceChips
              label={intl.formatMessage({ id: 'wallet.withdraw.network' })}
              choices={networks.map((chain) => ({ value: chain.network, label: chain.network }))}
              value={values.network}
              onChange={(network) => void setFieldValue('network', network, touched.network)}
              error={touched.network ? errors.network : undefined}
            />
            <FormField
              name="address"
              label="wallet.withdraw.address"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
            />
          </>
        )}

        <p className="wallet-note">
          <FormattedMessage id="wallet.withdraw.hold" />
        </p>
        <button type="submit" className="button" disabled={isSubmitting || pending !== null} aria-busy={isSubmitting}>
          <FormattedMessage id={isSubmitting ? 'wallet.withdraw.submitting' : 'wallet.withdraw.submit'} />
        </button>
      </Form>
    );
  };

  const content = info.isLoading ? (
    <LoadingState />
  ) : info.isError || !info.data?.data ? (
    <ErrorState error={info.error} onRetry={() => void info.refetch()} />
  ) : (
    <>
      <section className="wallet-balance" aria-labelledby="withdraw-balance">
        <p className="wallet-balance__label" id="withdraw-balance">
          <FormattedMessage id="wallet.withdraw.available" />
        </p>
        <p className="wallet-balance__amount">{money(balance)}</p>
        <p className="wallet-balance__note">
          <FormattedMessage id="wallet.withdraw.rate" values={{ rate: formatRate(rate, intl.locale) }} />
        </p>
        {minimum !== undefined && (
          <p className="wallet-balance__note">
            <FormattedMessage id="wallet.withdraw.minimum" values={{ min: money(minimum) }} />
          </p>
        )}
      </section>
      <Formik<WithdrawValues> initialValues={initialValues} validate={validate} onSubmit={askForCode}>
        {renderForm}
      </Formik>
    </>
  );

  return (
    <Page title={intl.formatMessage({ id: 'route.withDraw' })} fallback={paths.me}>
      {content}
      <PinSheet
        open={pending !== null}
        title={intl.formatMessage({ id: 'wallet.withdraw.pinTitle' })}
        description={
          pending ? (
            <FormattedMessage
              id="wallet.withdraw.pinDescription"
              values={{ amount: money(pending.price), net: money(withdrawalNet(pending.price, rate)) }}
            />
          ) : undefined
        }
        onComplete={confirmWithCode}
        onClose={() => setPending(null)}
        forgotLabel={intl.formatMessage({ id: 'wallet.withdraw.forgotCode' })}
        onForgot={() => {
          setPending(null);
          navigate(paths.changePayPwd);
        }}
      />
    </Page>
  );
}

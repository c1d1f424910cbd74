import { Formik } from 'formik';
import { FormattedMessage, useIntl } from 'react-intl';
import { paths } from '../../../shared/config/paths';
import { formatMoney, formatRate, withdrawalNet } from '../../../shared/lib/money';
import { Page } from '../../../shared/ui/page';
import { PinSheet } from '../../../shared/ui/pin-sheet';
import { ErrorState, LoadingState } from '../../../shared/ui/states';
import { WithdrawForm } from '../components/withdraw-form';
import { useWithdrawal } from '../hooks/use-withdrawal';
import type { WithdrawValues } from '../schemas/withdraw.schema';

const initialValues: WithdrawValues = {
  type: 'bank',
  amount: '',
  bankCard: '',
  bankName: '',
  realName: '',
  network: '',
  address: '',
};

/**
 * /withDraw (SPEC.md section 4; DESIGN.md section 3.4): bank card or on chain, the balance and the server's service-charge rate,
 * the fee and the actual arrival shown live, then the payment code (a fresh verify_pay per withdrawal),
 * or a passkey where this device has one, and createExtract with an Idempotency-Key.
 */
export default function WithdrawScreen() {
  const intl = useIntl();
  const withdrawal = useWithdrawal();
  const { info, balance, rate, minimum, pending } = withdrawal;
  const money = (value: string) => formatMoney(value, intl.locale);

  const content = info.isLoading ? (
    <LoadingState />
  ) : info.isError || !info.data?.data ? (
    <ErrorState error={info.error} onRetry={() => void info.refetch()} />
  ) : (
    <>
      <section className="wallet-balance" aria-labelledby="withdraw-balance">
        <dl className="wallet-balance__figure">
          <dt className="wallet-balance__label" id="withdraw-balance">
            <FormattedMessage id="wallet.withdraw.available" />
          </dt>
          <dd className="wallet-balance__amount">{money(balance)}</dd>
        </dl>
        <p className="wallet-balance__note">
          <FormattedMessage id="wallet.withdraw.rate" values={{ rate: formatRate(rate, intl.locale) }} />
        </p>
        {minimum !== undefined && (
          <p className="wallet-balance__note">
            <FormattedMessage id="wallet.withdraw.minimum" values={{ min: money(minimum) }} />
          </p>
        )}
      </section>
      <Formik<WithdrawValues> initialValues={initialValues} validate={withdrawal.validate} onSubmit={withdrawal.submit}>
        <WithdrawForm
          balance={balance}
          rate={rate}
          minimum={minimum}
          cards={withdrawal.cards}
          networks={withdrawal.networks}
          waiting={pending !== null}
          passkey={
            withdrawal.passkeyHere
              ? { busy: withdrawal.confirmingWithPasskey, choose: withdrawal.chooseMethod }
              : undefined
          }
        />
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
        onComplete={withdrawal.confirmWithCode}
        onClose={withdrawal.dismiss}
        forgotLabel={intl.formatMessage({ id: 'wallet.withdraw.forgotCode' })}
        onForgot={withdrawal.setPayCode}
      />
    </Page>
  );
}

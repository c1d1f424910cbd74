import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { paths } from '../../../shared/config/paths';
import { formatMoney } from '../../../../common/money-format';
import { Page } from '../../../shared/ui/page';
import { PasskeyMark } from '../../../shared/ui/passkey-mark';
import { PinSheet } from '../../../shared/ui/pin-sheet';
import { ErrorState, LoadingState } from '../../../shared/ui/states';
import { PaymentAmount, PaymentMethod, PaymentProblems } from '../components/payment-details';
import { PaymentClosed, PaymentExpired, PaymentMissing } from '../components/payment-states';
import { usePayment } from '../hooks/use-payment';
import { paymentKey, readPaymentTarget, type PaymentTarget } from '../lib/checkout-data';
import '../checkout.css';

/**
 * /payment (DESIGN.md section 4): `?out_trade_no=` (a new order, payNewOrder) or `?order_id=` (an unpaid
 * order, payOrder). Only that identifier is in the URL and everything else is read from the server
 * (DESIGN.md section 4), so a reload shows the same screen: the amount and whether anything is left to
 * pay from getPaymentInfo or getOrderDetail, the balance from getUserInfo. The 6-digit payment code is
 * checked (verify_pay) right before paying, as on the withdraw screen; no payment code yet offers to
 * set one. One payment per order whatever happens: the button is disabled while paying and every
 * attempt carries the same Idempotency-Key (paymentKey).
 *
 * An unpaid order must be paid before its deadline, or the server cancels it and its stock goes back
 * on sale (the contract's ExpiresIn): the time left counts down from the server's expires_in (so this
 * device's clock does not matter), silently (a screen reader is not told every second), and at 0 the
 * screen says once, politely, that the order expired, shows that instead of the pay button and reads
 * the order again.
 */
export default function PaymentScreen() {
  const intl = useIntl();
  const [params] = useSearchParams();
  const target = readPaymentTarget(params);
  const title = intl.formatMessage({ id: 'route.payment' });

  if (!target) {
    return (
      <Page title={title} fallback={paths.order}>
        <PaymentMissing />
      </Page>
    );
  }
  return <Payment key={paymentKey(target)} target={target} title={title} />;
}

function Payment({ target, title }: { target: PaymentTarget; title: string }) {
  const intl = useIntl();
  const payment = usePayment(target);
  const { view, detail, balance } = payment;
  const money = (value: string) => formatMoney(value, intl.locale);
  const amount = view.stage === 'open' ? view.amount : undefined;

  let content: React.ReactNode;
  if (view.stage === 'loading') content = <LoadingState />;
  else if (view.stage === 'missing') content = <PaymentMissing />;
  else if (view.stage === 'error') {
    content = <ErrorState error={payment.source.error} onRetry={() => void payment.source.refetch()} />;
  } else if (view.stage === 'expired') {
    content = <PaymentExpired title={intl.formatMessage({ id: 'payment.expired.title' })} />;
  } else if (view.stage === 'closed') content = <PaymentClosed payable={view.payable} />;
  else {
    content = (
      <>
        <PaymentAmount
          amount={view.amount}
          reference={
            detail ? { orderSn: detail.order_sn } : { tradeNo: target.kind === 'new' ? target.outTradeNo : '' }
          }
          secondsLeft={payment.secondsLeft}
          money={money}
        />
        <PaymentMethod balance={balance} money={money} />
        <PaymentProblems
          amount={view.amount}
          balance={balance}
          short={payment.short}
          failed={payment.failed}
          unconfirmed={payment.unconfirmed}
          noPayCode={payment.noPayCode}
          money={money}
        />
      </>
    );
  }

  const busy = payment.paying || payment.asking || payment.confirmingWithPasskey;
  const blocked = busy || payment.short || payment.noPayCode;
  const footer =
    amount === undefined || payment.user === null ? undefined : payment.passkeyHere ? (
      <div className="page__actions">
        <button
          type="button"
          className="button passkey-button"
          disabled={blocked}
          aria-busy={payment.paying || payment.confirmingWithPasskey}
          onClick={() => void payment.confirmWithPasskey()}
        >
          <PasskeyMark />
          <FormattedMessage
            id={
              payment.paying
                ? 'payment.paying'
                : payment.confirmingWithPasskey
                  ? 'passkey.confirming'
                  : 'payment.payWithPasskey'
            }
            values={{ amount: money(amount) }}
          />
        </button>
        {payment.payCodeUnset ? (
          <button type="button" className="button button--ghost" disabled={busy} onClick={payment.setPayCode}>
            <FormattedMessage id="payment.noCode.action" />
          </button>
        ) : (
          <button type="button" className="button button--ghost" disabled={blocked} onClick={payment.ask}>
            <FormattedMessage id="passkey.useCode" />
          </button>
        )}
      </div>
    ) : (
      <button type="button" className="button" disabled={blocked} aria-busy={payment.paying} onClick={payment.ask}>
        <FormattedMessage id={payment.paying ? 'payment.paying' : 'payment.pay'} values={{ amount: money(amount) }} />
      </button>
    );

  return (
    <Page title={title} fallback={paths.order} footer={footer}>
      {content}
      <PinSheet
        open={payment.asking}
        title={intl.formatMessage({ id: 'payment.pinTitle' })}
        description={
          amount === undefined ? undefined : (
            <FormattedMessage id="payment.pinDescription" values={{ amount: money(amount) }} />
          )
        }
        onComplete={payment.confirmWithCode}
        onClose={payment.dismiss}
        forgotLabel={intl.formatMessage({ id: 'payment.forgotCode' })}
        onForgot={payment.setPayCode}
      />
    </Page>
  );
}

import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { skipToken } from '@reduxjs/toolkit/query/react';
import {
  useGetOrderDetailQuery,
  useGetPaymentInfoQuery,
  useGetUserInfoQuery,
  usePayNewOrderMutation,
  usePayOrderMutation,
  useVerifyPayPasswordMutation,
  type ApiError,
} from '../../../api';
import { backDataKeys } from '../../../shared/config/back-data';
import { paths } from '../../../shared/config/paths';
import { toDecimal } from '../../../shared/lib/money';
import { formatMoney } from '../../../../common/money-format';
import { formatTimeLeft, useTimeLeft } from '../../../shared/lib/use-time-left';
import { isDefiniteRefusal } from '../../../shared/lib/use-intent-key';
import { announce } from '../../../shared/ui/live-region';
import { Page } from '../../../shared/ui/page';
import { PinSheet } from '../../../shared/ui/pin-sheet';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/states';
import { toast } from '../../../shared/ui/toast';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { backDataCleared, selectBackData, selectUserInfo } from '../../../store/session.slice';
import {
  orderPathAfter,
  paymentKey,
  readPayable,
  readPaymentTarget,
  readSubmittedOrder,
  type PaymentTarget,
} from '../lib/checkout-data';
import '../checkout.css';

/** Order status 0: waiting pay (DESIGN.md section 3.3). */
const WAITING_PAY = 0;
/** getPaymentInfo status 1: nothing left to pay and something was paid (openapi.yaml). */
const PAID = 1;

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

/** Nothing this screen can pay by itself: the unpaid orders list pays each order (payOrder). */
function PaymentMissing() {
  return (
    <div className="checkout-missing">
      <EmptyState
        title={<FormattedMessage id="payment.missing.title" />}
        description={<FormattedMessage id="payment.missing.description" />}
      />
      <Link to={paths.myPurchases(WAITING_PAY)} replace className="button checkout-missing__action">
        <FormattedMessage id="payment.missing.action" />
      </Link>
    </div>
  );
}

/**
 * The backend has no getPaymentInfo (an extension; a family backend answers 404): a payment number
 * alone, after a reload that lost checkout's hand-over, cannot be read back.
 */
function lacksPaymentInfo(error: unknown): boolean {
  const failure = error as ApiError | undefined;
  return failure?.status === 404;
}

function Payment({ target, title }: { target: PaymentTarget; title: string }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const stored = useAppSelector(selectUserInfo);
  const userQuery = useGetUserInfoQuery(undefined, { refetchOnMountOrArgChange: true });
  const user = userQuery.data?.data ?? stored;
  const order = useGetOrderDetailQuery(target.kind === 'order' ? { orderId: target.orderId } : skipToken, {
    refetchOnMountOrArgChange: true,
  });
  const info = useGetPaymentInfoQuery(target.kind === 'new' ? { outTradeNo: target.outTradeNo } : skipToken, {
    refetchOnMountOrArgChange: true,
  });
  const source = target.kind === 'order' ? order : info;
  const dispatch = useAppDispatch();
  const backData = useAppSelector(selectBackData);
  const submitted = target.kind === 'new' ? readSubmittedOrder(backData, target.outTradeNo) : null;
  const [verifyPay] = useVerifyPayPasswordMutation();
  const [payNewOrder] = usePayNewOrderMutation();
  const [payOrder] = usePayOrderMutation();
  const [asking, setAsking] = useState(false);
  const [paying, setPaying] = useState(false);
  const [failed, setFailed] = useState(false);
  const [unconfirmed, setUnconfirmed] = useState(false);
  const payingRef = useRef(false);
  const money = (value: string) => formatMoney(value, intl.locale);

  const detail = order.data?.code === 1 ? order.data.data : undefined;
  const trade = info.data?.code === 1 ? info.data.data : undefined;
  // getPaymentInfo is ours; without it (a family backend), what checkout's submitOrder answered.
  const payable = detail
    ? readPayable({ order: detail })
    : trade
      ? readPayable({ info: trade })
      : submitted && info.isError
        ? readPayable({ submitted })
        : undefined;
  const secondsLeft = useTimeLeft(payable?.expiresIn, source.fulfilledTimeStamp);
  const timedOut = secondsLeft === 0;
  const expired = payable?.expired === true || timedOut;
  // Nothing is offered for payment unless the server says something is left to pay, in time.
  const amount = payable?.open && !expired ? payable.amount : undefined;
  const balance = user?.money;
  const short = amount !== undefined && balance !== undefined && toDecimal(balance).lt(toDecimal(amount));
  const noPayCode = user?.have_pay === 0;

  const expiredText = intl.formatMessage({ id: 'payment.expired.title' });
  const refetchSource = source.refetch;
  const timedOutAt = useRef<number | undefined>(undefined);
  useEffect(() => {
    // Once per answer that ran out: announce it and let the server confirm (its answer then says expired).
    if (!timedOut || timedOutAt.current === source.fulfilledTimeStamp) return;
    timedOutAt.current = source.fulfilledTimeStamp;
    setAsking(false);
    announce(expiredText);
    void refetchSource();
  }, [timedOut, source.fulfilledTimeStamp, expiredText, refetchSource]);

  const payNow = async (): Promise<void> => {
    const key = paymentKey(target);
    if (target.kind === 'new') {
      // total_price as the family's client sends it: a family backend may check it (ours ignores it).
      await payNewOrder({
        'Idempotency-Key': key,
        payNewOrderRequest: { out_trade_no: target.outTradeNo, ...(payable && { total_price: payable.amount }) },
      }).unwrap();
    } else {
      await payOrder({ 'Idempotency-Key': key, orderIdRequest: { order_id: target.orderId } }).unwrap();
    }
  };

  /**
   * After a lost or late answer: whether the order, read again, is paid ('unknown' when it cannot be
   * read). The payment may have gone through with only its answer lost, so nothing is said before.
   */
  const paidAfterAll = async (): Promise<boolean | 'unknown'> => {
    try {
      if (target.kind === 'order') {
        const fresh = await order.refetch().unwrap();
        return fresh.code === 1 ? fresh.data.status > WAITING_PAY : 'unknown';
      }
      const fresh = await info.refetch().unwrap();
      return fresh.code === 1 ? fresh.data.status === PAID : 'unknown';
    } catch {
      return 'unknown';
    }
  };

  const paid = () => {
    toast.success(intl.formatMessage({ id: 'common.paySuccess' }));
    // Paid: this screen leaves the history, so Back cannot offer to pay again. One order paid opens
    // its detail; a payment number covering one order per shop goes to the orders at 'waiting deliver'.
    navigate(payable ? orderPathAfter(payable) : paths.order, { replace: true });
    dispatch(backDataCleared([backDataKeys.submittedOrder]));
  };

  const confirmWithCode = async (code: string): Promise<string | undefined> => {
    if (payingRef.current) return undefined;
    try {
      await verifyPay({ verifyPayRequest: { password_pay: code } }).unwrap();
    } catch (error) {
      // The wrong-code message under the cells; the sheet stays open for another try.
      return (error as ApiError).message;
    }
    payingRef.current = true;
    setPaying(true);
    setAsking(false);
    setUnconfirmed(false);
    try {
      await payNow();
      paid();
    } catch (error) {
      // The balance is read again so the top-up offer reflects it. The key stays: a retry cannot pay twice.
      void userQuery.refetch();
      if (isDefiniteRefusal(error)) {
        // The server's reason was toasted (insufficient balance, already paid, Pay Fail).
        setFailed(true);
        void source.refetch();
      } else {
        // No answer, a late one or a broken one: the order says what happened, before anything is said.
        const outcome = await paidAfterAll();
        if (outcome === true) {
          paid();
          return undefined;
        }
        setFailed(outcome === false);
        setUnconfirmed(outcome === 'unknown');
      }
      payingRef.current = false;
      setPaying(false);
    }
    return undefined;
  };

  let content: React.ReactNode;
  if (source.isLoading) content = <LoadingState />;
  else if (!payable && target.kind === 'new' && lacksPaymentInfo(info.error)) content = <PaymentMissing />;
  else if (!payable) {
    content = <ErrorState error={source.error} onRetry={() => void source.refetch()} />;
  } else if (expired) {
    content = (
      <div className="checkout-missing">
        <EmptyState title={expiredText} description={<FormattedMessage id="payment.expired.description" />} />
        <Link to={paths.order} replace className="button checkout-missing__action">
          <FormattedMessage id="payment.expired.action" />
        </Link>
      </div>
    );
  } else if (amount === undefined) {
    // Paid already (another tab, an earlier visit) or cancelled: nothing is left to pay.
    content = (
      <div className="checkout-missing">
        <EmptyState
          title={<FormattedMessage id="payment.notPayable.title" />}
          description={<FormattedMessage id="payment.notPayable.description" />}
        />
        <Link to={orderPathAfter(payable)} replace className="button checkout-missing__action">
          <FormattedMessage id={payable.orderIds.length === 1 ? 'payment.viewOrder' : 'payment.viewOrders'} />
        </Link>
      </div>
    );
  } else {
    content = (
      <>
        <section className="card payment-amount" aria-labelledby="payment-amount-label">
          <p className="payment-amount__label" id="payment-amount-label">
            <FormattedMessage id="payment.amount" />
          </p>
          <p className="payment-amount__value">{money(amount)}</p>
          <p className="payment-amount__ref">
            {detail ? (
              <FormattedMessage id="payment.orderSn" values={{ sn: detail.order_sn }} />
            ) : (
              <FormattedMessage id="payment.tradeNo" values={{ no: target.kind === 'new' ? target.outTradeNo : '' }} />
            )}
          </p>
          {secondsLeft !== undefined && (
            // A timer's text changes every second: never announced (aria-live off); expiry is, once.
            <p className="payment-amount__deadline" role="timer" aria-live="off">
              <FormattedMessage id="payment.timeLeft" values={{ time: formatTimeLeft(secondsLeft) }} />
            </p>
          )}
        </section>
        <section className="card payment-method" aria-labelledby="payment-method-title">
          <h2 className="card__title" id="payment-method-title">
            <FormattedMessage id="payment.method" />
          </h2>
          <div className="payment-method__row">
            <span className="payment-method__name">
              <FormattedMessage id="payment.wallet" />
            </span>
            <span className="payment-method__balance">
              {balance === undefined ? (
                '…'
              ) : (
                <FormattedMessage id="payment.balance" values={{ balance: money(balance) }} />
              )}
            </span>
          </div>
        </section>
        {(short || failed) && (
          <section className="card payment-problem" role="alert">
            <h2 className="payment-problem__title">
              <FormattedMessage id={short ? 'payment.short.title' : 'common.payFail'} />
            </h2>
            <p className="payment-problem__text">
              {short ? (
                <FormattedMessage
                  id="payment.short.description"
                  values={{ balance: money(balance ?? '0'), amount: money(amount) }}
                />
              ) : (
                <FormattedMessage id="payment.failed.description" />
              )}
            </p>
            {short && (
              <Link to={paths.topUp} className="button payment-problem__action">
                <FormattedMessage id="payment.topUp" />
              </Link>
            )}
          </section>
        )}
        {unconfirmed && !short && (
          <section className="card payment-problem" role="alert">
            <h2 className="payment-problem__title">
              <FormattedMessage id="payment.unconfirmed.title" />
            </h2>
            <p className="payment-problem__text">
              <FormattedMessage id="payment.unconfirmed.description" />
            </p>
          </section>
        )}
        {noPayCode && (
          <section className="card payment-problem" aria-labelledby="payment-no-code">
            <h2 className="payment-problem__title" id="payment-no-code">
              <FormattedMessage id="payment.noCode.title" />
            </h2>
            <p className="payment-problem__text">
              <FormattedMessage id="payment.noCode.description" />
            </p>
            <Link to={paths.changePayPwd} className="button button--outline payment-problem__action">
              <FormattedMessage id="payment.noCode.action" />
            </Link>
          </section>
        )}
      </>
    );
  }

  const ready = amount !== undefined && user !== null;
  const footer = ready ? (
    <button
      type="button"
      className="button"
      disabled={paying || asking || short || noPayCode}
      aria-busy={paying}
      onClick={() => {
        if (!payingRef.current) setAsking(true);
      }}
    >
      <FormattedMessage id={paying ? 'payment.paying' : 'payment.pay'} values={{ amount: money(amount) }} />
    </button>
  ) : undefined;

  return (
    <Page title={title} fallback={paths.order} footer={footer}>
      {content}
      <PinSheet
        open={asking}
        title={intl.formatMessage({ id: 'payment.pinTitle' })}
        description={
          amount === undefined ? undefined : (
            <FormattedMessage id="payment.pinDescription" values={{ amount: money(amount) }} />
          )
        }
        onComplete={confirmWithCode}
        onClose={() => setAsking(false)}
        forgotLabel={intl.formatMessage({ id: 'payment.forgotCode' })}
        onForgot={() => {
          setAsking(false);
          navigate(paths.changePayPwd);
        }}
      />
    </Page>
  );
}

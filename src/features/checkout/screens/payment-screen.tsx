import { useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { skipToken } from '@reduxjs/toolkit/query/react';
import {
  useGetOrderDetailQuery,
  useGetUserInfoQuery,
  usePayNewOrderMutation,
  usePayOrderMutation,
  useVerifyPayPasswordMutation,
  type ApiError,
} from '../../../api';
import { paths } from '../../../shared/config/paths';
import { toDecimal } from '../../../shared/lib/money';
import { formatMoney } from '../../../shared/lib/money-format';
import { Page } from '../../../shared/ui/page';
import { PinSheet } from '../../../shared/ui/pin-sheet';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/states';
import { toast } from '../../../shared/ui/toast';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { backDataCleared, selectBackData, selectUserInfo } from '../../../store/session.slice';
import {
  SUBMITTED_ORDER_KEY,
  paymentKey,
  readPaymentTarget,
  readSubmittedOrder,
  type PaymentTarget,
} from '../lib/checkout-data';
import '../checkout.css';

/** Order status 0: waiting pay (DESIGN.md section 3.3). */
const WAITING_PAY = 0;
/** Order status 1: paid, waiting to be shipped. */
const WAITING_DELIVER = 1;

/**
 * /payment (issue 6, item 3): `?out_trade_no=` (a new order, payNewOrder) or `?order_id=` (an unpaid
 * order, payOrder). The amount and the balance come from the server; the 6-digit payment code is
 * checked (verify_pay) right before paying, as on the withdraw screen; no payment code yet offers to
 * set one. One payment per order whatever happens: the button is disabled while paying and every
 * attempt carries the same Idempotency-Key (paymentKey).
 */
export default function PaymentScreen() {
  const intl = useIntl();
  const [params] = useSearchParams();
  const target = readPaymentTarget(params);
  const title = intl.formatMessage({ id: 'route.payment' });

  if (!target) {
    return (
      <Page title={title} fallback={paths.order}>
        <div className="checkout-missing">
          <EmptyState
            title={<FormattedMessage id="payment.missing.title" />}
            description={<FormattedMessage id="payment.missing.description" />}
          />
          <Link to={paths.myPurchases(WAITING_PAY)} replace className="button checkout-missing__action">
            <FormattedMessage id="payment.missing.action" />
          </Link>
        </div>
      </Page>
    );
  }
  return <Payment key={paymentKey(target)} target={target} title={title} />;
}

function Payment({ target, title }: { target: PaymentTarget; title: string }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const backData = useAppSelector(selectBackData);
  const stored = useAppSelector(selectUserInfo);
  const userQuery = useGetUserInfoQuery(undefined, { refetchOnMountOrArgChange: true });
  const user = userQuery.data?.data ?? stored;
  const order = useGetOrderDetailQuery(target.kind === 'order' ? { orderId: target.orderId } : skipToken, {
    refetchOnMountOrArgChange: true,
  });
  const [verifyPay] = useVerifyPayPasswordMutation();
  const [payNewOrder] = usePayNewOrderMutation();
  const [payOrder] = usePayOrderMutation();
  const [asking, setAsking] = useState(false);
  const [paying, setPaying] = useState(false);
  const [failed, setFailed] = useState(false);
  const payingRef = useRef(false);
  const money = (value: string) => formatMoney(value, intl.locale);

  const detail = order.data?.code === 1 ? order.data.data : undefined;
  const submitted = target.kind === 'new' ? readSubmittedOrder(backData, target.outTradeNo) : null;
  const amount = target.kind === 'order' ? detail?.total_price : submitted?.total_price;
  const balance = user?.money;
  const short = amount !== undefined && balance !== undefined && toDecimal(balance).lt(toDecimal(amount));
  const noPayCode = user?.have_pay === 0;

  const payNow = async (): Promise<void> => {
    const key = paymentKey(target);
    if (target.kind === 'new') {
      await payNewOrder({ 'Idempotency-Key': key, payNewOrderRequest: { out_trade_no: target.outTradeNo } }).unwrap();
    } else {
      await payOrder({ 'Idempotency-Key': key, orderIdRequest: { order_id: target.orderId } }).unwrap();
    }
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
    try {
      await payNow();
      toast.success(intl.formatMessage({ id: 'common.paySuccess' }));
      dispatch(backDataCleared([SUBMITTED_ORDER_KEY]));
      // Paid: this screen leaves the history, so Back cannot offer to pay again. A payment number may
      // cover one order per shop and the contract does not say which (no order ids), so a new order
      // goes to the orders hub at 'waiting deliver', where the paid orders now are.
      navigate(target.kind === 'order' ? paths.orderInfo(target.orderId) : paths.myPurchases(WAITING_DELIVER), {
        replace: true,
      });
    } catch {
      // The server's reason was toasted (insufficient balance, already paid, Pay Fail); the balance is
      // read again so the top-up offer reflects it. The key stays: a retry cannot pay twice.
      setFailed(true);
      void userQuery.refetch();
      if (target.kind === 'order') void order.refetch();
      payingRef.current = false;
      setPaying(false);
    }
    return undefined;
  };

  let content: React.ReactNode;
  if (target.kind === 'order' && order.isLoading) content = <LoadingState />;
  else if (target.kind === 'order' && !detail) {
    content = <ErrorState error={order.error} onRetry={() => void order.refetch()} />;
  } else if (detail && detail.status !== WAITING_PAY) {
    content = (
      <div className="checkout-missing">
        <EmptyState
          title={<FormattedMessage id="payment.notPayable.title" />}
          description={<FormattedMessage id="payment.notPayable.description" />}
        />
        <Link to={paths.orderInfo(detail.order_id)} replace className="button checkout-missing__action">
          <FormattedMessage id="payment.viewOrder" />
        </Link>
      </div>
    );
  } else if (amount === undefined) {
    // A new order after a reload: see readSubmittedOrder (contract gap).
    content = (
      <div className="checkout-missing">
        <EmptyState
          title={<FormattedMessage id="payment.unknownAmount.title" />}
          description={<FormattedMessage id="payment.unknownAmount.description" />}
        />
        <Link to={paths.myPurchases(WAITING_PAY)} replace className="button checkout-missing__action">
          <FormattedMessage id="payment.missing.action" />
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

  const ready = amount !== undefined && (!detail || detail.status === WAITING_PAY) && user !== null;
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

import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { skipToken } from '@reduxjs/toolkit/query/react';
import {
  useGetOrderDetailQuery,
  useGetPaymentInfoQuery,
  useGetUserInfoQuery,
  usePayNewOrderMutation,
  usePayOrderMutation,
  useVerifyPayPasswordMutation,
  type ApiError,
  type UserInfo,
} from '../../../api';
import { canPayWithPasskey, usePasskeyConfirmation } from '../../../api/passkeys';
import { backDataKeys } from '../../../shared/config/back-data';
import { paths } from '../../../shared/config/paths';
import { toDecimal } from '../../../shared/lib/money';
import { payProblemMessageId } from '../../../shared/lib/passkey';
import { useTimeLeft } from '../../../shared/lib/use-time-left';
import { isDefiniteRefusal } from '../../../shared/lib/use-intent-key';
import { announce } from '../../../shared/ui/live-region';
import { toast } from '../../../shared/ui/toast';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { backDataCleared, selectBackData, selectUserInfo } from '../../../store/session.slice';
import {
  orderPathAfter,
  paymentKey,
  readPayable,
  readSubmittedOrder,
  WAITING_PAY,
  type Payable,
  type PaymentTarget,
} from '../lib/checkout-data';

/** getPaymentInfo status 1: nothing left to pay and something was paid (openapi.yaml). */
const PAID = 1;

/**
 * What /payment shows: still reading; a payment number the backend cannot read back ('missing'); a
 * read that failed; an order that ran out of time ('expired'); nothing left to pay ('closed', paid
 * already or cancelled); or the amount to pay ('open').
 */
export type PaymentView =
  | { stage: 'loading' }
  | { stage: 'missing' }
  | { stage: 'error' }
  | { stage: 'expired' }
  | { stage: 'closed'; payable: Payable }
  | { stage: 'open'; payable: Payable; amount: string };

/**
 * The backend has no getPaymentInfo (an extension; a family backend answers 404): a payment number
 * alone, after a reload that lost checkout's hand-over, cannot be read back.
 */
function lacksPaymentInfo(error: unknown): boolean {
  const failure = error as ApiError | undefined;
  return failure?.status === 404;
}

/**
 * What /payment reads from the server: what is left to pay (getOrderDetail or getPaymentInfo; for a
 * family backend without the latter, checkout's hand-over), the balance (getUserInfo) and the time
 * left, and how the screen shows it (PaymentView).
 */
function usePaymentReads(target: PaymentTarget) {
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
  const backData = useAppSelector(selectBackData);
  const submitted = target.kind === 'new' ? readSubmittedOrder(backData, target.outTradeNo) : null;

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

  let view: PaymentView;
  if (source.isLoading) view = { stage: 'loading' };
  else if (!payable) view = { stage: target.kind === 'new' && lacksPaymentInfo(info.error) ? 'missing' : 'error' };
  else if (expired) view = { stage: 'expired' };
  // Paid already (another tab, an earlier visit) or cancelled: nothing is left to pay.
  else if (amount === undefined) view = { stage: 'closed', payable };
  else view = { stage: 'open', payable, amount };

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

  return {
    view,
    payable,
    detail,
    source,
    secondsLeft,
    timedOut,
    user,
    refetchUser: userQuery.refetch,
    balance,
    short: amount !== undefined && balance !== undefined && toDecimal(balance).lt(toDecimal(amount)),
    noPayCode: user?.have_pay === 0,
    paidAfterAll,
  };
}

/**
 * At the deadline, once per answer that ran out: the code sheet closes (`closeSheet`), the expiry is
 * announced and the server asked again (its answer then says expired).
 */
function useExpiryAnnouncement(
  timedOut: boolean,
  source: { fulfilledTimeStamp?: number; refetch: () => unknown },
  closeSheet: () => void,
) {
  const intl = useIntl();
  const expiredText = intl.formatMessage({ id: 'payment.expired.title' });
  const refetchSource = source.refetch;
  const timedOutAt = useRef<number | undefined>(undefined);
  const close = useRef(closeSheet);
  useEffect(() => {
    close.current = closeSheet;
  });
  useEffect(() => {
    if (!timedOut || timedOutAt.current === source.fulfilledTimeStamp) return;
    timedOutAt.current = source.fulfilledTimeStamp;
    close.current();
    announce(expiredText);
    void refetchSource();
  }, [timedOut, source.fulfilledTimeStamp, expiredText, refetchSource]);
}

/**
 * 'Pay with passkey', where this device has one: the passkey confirms exactly this payment (the
 * server's challenge names the order or payment number and its amount), then `pay` pays it as after
 * the code. Cancelled or refused, nothing is paid (the code stays offered); another amount than the
 * one shown reads what is left to pay again (`refetch`).
 */
function usePasskeyPayment(
  target: PaymentTarget,
  user: UserInfo | null | undefined,
  amount: string | undefined,
  { busy, pay, refetch }: { busy: () => boolean; pay: () => Promise<void>; refetch: () => unknown },
) {
  const intl = useIntl();
  const passkey = usePasskeyConfirmation(user);
  const confirmWithPasskey = async (): Promise<void> => {
    if (busy() || passkey.confirming || amount === undefined) return;
    const request =
      target.kind === 'new'
        ? { action: 'pay_new' as const, out_trade_no: target.outTradeNo }
        : { action: 'pay_order' as const, order_id: target.orderId };
    const confirmation = await passkey.confirm(request, amount);
    if (!confirmation.ok) {
      const messageId = payProblemMessageId(confirmation.problem);
      if (messageId) toast.fail(intl.formatMessage({ id: messageId }));
      if (confirmation.problem === 'amount') void refetch();
      return;
    }
    await pay();
  };
  return { here: canPayWithPasskey(user), confirming: passkey.confirming, confirmWithPasskey };
}

/**
 * /payment's flow (DESIGN.md section 4): what usePaymentReads found, then, for the 6-digit code,
 * verify_pay (or, where this device has one, a passkey confirming exactly this payment) and the payment with paymentKey as its Idempotency-Key, so whatever happens an order is
 * paid once. A lost or late answer reads the order again before anything is said. At the deadline the
 * sheet closes, the expiry is announced once and the order read again (the contract's ExpiresIn).
 */
export function usePayment(target: PaymentTarget) {
  const intl = useIntl();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const reads = usePaymentReads(target);
  const { payable, source, timedOut } = reads;
  const [verifyPay] = useVerifyPayPasswordMutation();
  const [payNewOrder] = usePayNewOrderMutation();
  const [payOrder] = usePayOrderMutation();
  const [asking, setAsking] = useState(false);
  const [paying, setPaying] = useState(false);
  const [failed, setFailed] = useState(false);
  const [unconfirmed, setUnconfirmed] = useState(false);
  const payingRef = useRef(false);

  useExpiryAnnouncement(timedOut, source, () => setAsking(false));

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

  const paid = () => {
    toast.success(intl.formatMessage({ id: 'common.paySuccess' }));
    // Paid: this screen leaves the history, so Back cannot offer to pay again. One order paid opens
    // its detail; a payment number covering one order per shop goes to the orders at 'waiting deliver'.
    navigate(payable ? orderPathAfter(payable) : paths.order, { replace: true });
    dispatch(backDataCleared([backDataKeys.submittedOrder]));
  };

  /** The code sheet's onComplete: the wrong-code message, or undefined once the payment was tried. */
  const confirmWithCode = async (code: string): Promise<string | undefined> => {
    if (payingRef.current) return undefined;
    try {
      await verifyPay({ verifyPayRequest: { password_pay: code } }).unwrap();
    } catch (error) {
      // The wrong-code message under the cells; the sheet stays open for another try.
      return (error as ApiError).message;
    }
    await payConfirmed();
    return undefined;
  };

  /** Pays once confirmed (code or passkey), and says what happened: a lost answer reads the order again. */
  const payConfirmed = async (): Promise<void> => {
    payingRef.current = true;
    setPaying(true);
    setAsking(false);
    setUnconfirmed(false);
    try {
      await payNow();
      paid();
    } catch (error) {
      // The balance is read again so the top-up offer reflects it. The key stays: a retry cannot pay twice.
      void reads.refetchUser();
      if (isDefiniteRefusal(error)) {
        // The server's reason was toasted (insufficient balance, already paid, Pay Fail).
        setFailed(true);
        void source.refetch();
      } else {
        // No answer, a late one or a broken one: the order says what happened, before anything is said.
        const outcome = await reads.paidAfterAll();
        if (outcome === true) {
          paid();
          return;
        }
        setFailed(outcome === false);
        setUnconfirmed(outcome === 'unknown');
      }
      payingRef.current = false;
      setPaying(false);
    }
  };

  const passkey = usePasskeyPayment(target, reads.user, reads.view.stage === 'open' ? reads.view.amount : undefined, {
    busy: () => payingRef.current,
    pay: payConfirmed,
    refetch: source.refetch,
  });
  const passkeyHere = passkey.here;

  return {
    /** What the screen shows: PaymentView. */
    view: reads.view,
    /** The order's detail when an existing order is paid (its number is shown). */
    detail: reads.detail,
    /** The read behind the view: its error and its retry. */
    source,
    /** The seconds left to pay; undefined without a deadline. */
    secondsLeft: reads.secondsLeft,
    /** The shopper's data (null before it is read): the pay button waits for it. */
    user: reads.user,
    balance: reads.balance,
    /** The balance is below the amount: a top-up is offered instead of paying. */
    short: reads.short,
    /**
     * No payment code yet (have_pay 0, SPEC.md section 5) and no passkey here to confirm with:
     * setting a code is offered instead of paying.
     */
    noPayCode: reads.noPayCode && !passkeyHere,
    /** This device can confirm with a passkey (the payment code stays the other way). */
    passkeyHere,
    /** No payment code set yet (have_pay 0), whatever else can confirm: the code's way is to set one. */
    payCodeUnset: reads.noPayCode,
    /** A passkey confirmation is under way. */
    confirmingWithPasskey: passkey.confirming,
    confirmWithPasskey: passkey.confirmWithPasskey,
    /** The code sheet is open. */
    asking,
    paying,
    /** The server refused the payment or, read again, showed it not made. */
    failed,
    /** The payment's outcome could not be read back. */
    unconfirmed,
    /** Opens the code sheet, unless a payment is under way. */
    ask: () => {
      if (!payingRef.current) setAsking(true);
    },
    dismiss: () => setAsking(false),
    confirmWithCode,
    /** 'Forgot the code': the sheet closes and the payment-code screen opens. */
    setPayCode: () => {
      setAsking(false);
      navigate(paths.changePayPwd);
    },
  };
}

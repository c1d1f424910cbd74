import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import { paths } from '../../../shared/config/paths';
import { formatTimeLeft } from '../../../shared/lib/use-time-left';
import { useTimeLeftAnnouncements } from '../../../shared/ui/use-time-left-announcements';

type Money = (value: string) => string;

/** The amount to pay, what it pays (an order's or a payment's number) and the time left to pay. */
export function PaymentAmount({
  amount,
  reference,
  secondsLeft,
  money,
}: {
  amount: string;
  /** The order's number when an existing order is paid, else the payment number. */
  reference: { orderSn: string } | { tradeNo: string };
  secondsLeft: number | undefined;
  money: Money;
}) {
  useTimeLeftAnnouncements(secondsLeft);
  return (
    <section className="card payment-amount" aria-labelledby="payment-amount-label">
      {/* A name and its value (a big figure, not a heading). */}
      <dl className="payment-amount__figure">
        <dt className="payment-amount__label" id="payment-amount-label">
          <FormattedMessage id="payment.amount" />
        </dt>
        <dd className="payment-amount__value">{money(amount)}</dd>
      </dl>
      <p className="payment-amount__ref">
        {'orderSn' in reference ? (
          <FormattedMessage id="payment.orderSn" values={{ sn: reference.orderSn }} />
        ) : (
          <FormattedMessage id="payment.tradeNo" values={{ no: reference.tradeNo }} />
        )}
      </p>
      {secondsLeft !== undefined && (
        // A timer's text changes every second: never announced (aria-live off); 5 and 1 minutes left are,
        // once each (useTimeLeftAnnouncements), and so is expiry.
        <p className="payment-amount__deadline" role="timer" aria-live="off">
          <FormattedMessage id="payment.timeLeft" values={{ time: formatTimeLeft(secondsLeft) }} />
        </p>
      )}
    </section>
  );
}

/** The wallet, the one payment method, with its balance ('…' until it is read). */
export function PaymentMethod({ balance, money }: { balance: string | undefined; money: Money }) {
  return (
    <section className="card payment-method" aria-labelledby="payment-method-title">
      <h2 className="card__title" id="payment-method-title">
        <FormattedMessage id="payment.method" />
      </h2>
      <div className="payment-method__row">
        <span className="payment-method__name">
          <FormattedMessage id="payment.wallet" />
        </span>
        <span className="payment-method__balance">
          {balance === undefined ? '…' : <FormattedMessage id="payment.balance" values={{ balance: money(balance) }} />}
        </span>
      </div>
    </section>
  );
}

/**
 * What stands in the way of paying: too little balance (with the top-up), a refused payment, an
 * outcome that could not be read back, no payment code yet (SPEC.md section 5: offer to set one).
 */
export function PaymentProblems({
  amount,
  balance,
  short,
  failed,
  unconfirmed,
  noPayCode,
  money,
}: {
  amount: string;
  balance: string | undefined;
  short: boolean;
  failed: boolean;
  unconfirmed: boolean;
  noPayCode: boolean;
  money: Money;
}) {
  return (
    <>
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

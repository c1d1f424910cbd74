import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import { paths } from '../../../shared/config/paths';
import { EmptyState } from '../../../shared/ui/states';
import { orderPathAfter, WAITING_PAY, type Payable } from '../lib/checkout-data';

/** Nothing this screen can pay by itself: the unpaid orders list pays each order (payOrder). */
export function PaymentMissing() {
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

/** Not paid in time: the server cancelled the order (the contract's ExpiresIn). */
export function PaymentExpired({ title }: { title: string }) {
  return (
    <div className="checkout-missing">
      <EmptyState title={title} description={<FormattedMessage id="payment.expired.description" />} />
      <Link to={paths.order} replace className="button checkout-missing__action">
        <FormattedMessage id="payment.expired.action" />
      </Link>
    </div>
  );
}

/** Paid already (another tab, an earlier visit) or cancelled: the way to the order or orders. */
export function PaymentClosed({ payable }: { payable: Payable }) {
  return (
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
}

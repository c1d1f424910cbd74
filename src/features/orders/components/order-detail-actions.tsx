import { FormattedMessage } from 'react-intl';
import { useLocation, useNavigate } from 'react-router-dom';
import type { OrderDetail } from '../../../api';
import { paths } from '../../../shared/config/paths';
import { useOrderActions } from '../hooks/use-order-actions';
import type { FromState } from '../lib/navigation';
import type { OrderAbilities } from '../lib/order-status';

/** True when the order has an action for the footer. */
export function hasActions(can: OrderAbilities): boolean {
  return can.cancel || can.delete || can.refund || can.confirmReceived || can.pay;
}

/**
 * The order detail's footer: the actions of its status (DESIGN.md section 3.3). A deleted order leaves
 * for the list it was opened from, else for the hub in its place; a refund opens its form over this.
 */
export function OrderDetailActions({ order, can }: { order: OrderDetail; can: OrderAbilities }) {
  const navigate = useNavigate();
  const location = useLocation();
  const { busyId, run, pay } = useOrderActions();
  const busy = busyId !== null;

  const remove = async () => {
    if (!(await run('delete', order.order_id, order.order_sn))) return;
    // Back to the list the shopper came from (it refreshes), else to the hub in place of this page.
    if ((location.state as FromState | null)?.from === 'orders') navigate(-1);
    else navigate(paths.order, { replace: true });
  };
  const refund = () =>
    navigate(
      paths.refundFor(
        order.order_id,
        order.order_sn,
        order.products.map((line) => line.order_product_id),
        order.total_price,
      ),
      { state: { from: 'order' } satisfies FromState },
    );

  return (
    <div className="order-actions">
      {can.cancel && (
        <button
          type="button"
          className="order-action"
          disabled={busy}
          onClick={() => void run('cancel', order.order_id, order.order_sn)}
        >
          <FormattedMessage id="orders.cancel.short" />
        </button>
      )}
      {can.delete && (
        <button type="button" className="order-action" disabled={busy} onClick={() => void remove()}>
          <FormattedMessage id="orders.delete.short" />
        </button>
      )}
      {can.refund && (
        <button type="button" className="order-action" disabled={busy} onClick={refund}>
          <FormattedMessage id="orders.refund.short" />
        </button>
      )}
      {can.confirmReceived && (
        <button
          type="button"
          className="order-action order-action--primary"
          disabled={busy}
          onClick={() => void run('received', order.order_id, order.order_sn)}
        >
          <FormattedMessage id="orders.received.short" />
        </button>
      )}
      {can.pay && (
        <button
          type="button"
          className="order-action order-action--primary"
          disabled={busy}
          onClick={() => pay(order.order_id)}
        >
          <FormattedMessage id="orders.pay.short" />
        </button>
      )}
    </div>
  );
}

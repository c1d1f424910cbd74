import { FormattedMessage } from 'react-intl';
import type { OrderStatus, RefundStatus } from '../../../api';
import { orderLabel } from '../lib/order-status';

/** The order's status label, or its refund label while refund_status > 0 (DESIGN.md section 3.3). */
export function OrderBadge({ status, refundStatus }: { status: OrderStatus; refundStatus: RefundStatus }) {
  const label = orderLabel(status, refundStatus);
  return (
    <span className={`badge badge--${label.tone}`}>
      <FormattedMessage id={label.id} />
    </span>
  );
}

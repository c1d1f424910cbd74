import { FormattedMessage, useIntl } from 'react-intl';
import type { OrderRefund as OrderRefundData } from '../../../api';
import { formatDateTime } from '../../../shared/lib/dates';
import { formatMoney } from '../../../../common/money-format';
import { OrderSection } from './order-section';

const refundStates: Record<OrderRefundData['status'], { id: string; tone: string }> = {
  0: { id: 'orders.refundInfo.waiting', tone: 'pending' },
  1: { id: 'orders.refundInfo.passed', tone: 'ok' },
  2: { id: 'orders.refundInfo.refused', tone: 'bad' },
};

/** The latest refund request and the operator's decision (a refusal with its reason). */
export function OrderRefund({ refund }: { refund: OrderRefundData }) {
  const intl = useIntl();
  const state = refundStates[refund.status];
  return (
    <OrderSection titleId="orders.refundInfo.title" id="order-refund">
      <div className="order-refund">
        <p className="order-refund__row">
          <span>
            <FormattedMessage
              id="orders.refundInfo.amount"
              values={{ amount: <strong>{formatMoney(refund.amount, intl.locale)}</strong> }}
            />
          </span>
          <span className={`badge badge--${state.tone}`}>
            <FormattedMessage id={state.id} />
          </span>
        </p>
        {refund.status === 2 && refund.admin_msg && (
          <p className="order-refund__reason">
            <FormattedMessage id="orders.refundInfo.reason" values={{ reason: refund.admin_msg }} />
          </p>
        )}
        {refund.createtime && (
          <p className="order-refund__date">
            <FormattedMessage
              id="orders.refundInfo.applied"
              values={{ date: formatDateTime(refund.createtime, intl.locale) }}
            />
          </p>
        )}
      </div>
    </OrderSection>
  );
}

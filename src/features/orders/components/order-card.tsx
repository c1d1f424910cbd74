import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { OrderListItem } from '../../../api';
import { paths } from '../../../shared/config/paths';
import { formatMoney } from '../../../shared/lib/money-format';
import type { OrderAction } from '../hooks/use-order-actions';
import type { FromState } from '../lib/navigation';
import { orderAbilities } from '../lib/order-status';
import { OrderBadge } from './order-badge';

/** Lines shown with their title; the rest are counted ("+2 more"). */
const SHOWN_LINES = 3;
const fromList: FromState = { from: 'orders' };

export interface OrderCardProps {
  order: OrderListItem;
  busy: boolean;
  onAction: (action: OrderAction, order: OrderListItem) => void;
  onPay: (order: OrderListItem) => void;
}

/**
 * One order in a list: its number and label (the refund label while a refund is open), its products,
 * item count and total; the body opens the detail, and the quick actions of its status sit below.
 */
export function OrderCard({ order, busy, onAction, onPay }: OrderCardProps) {
  const intl = useIntl();
  const id = useId();
  const can = orderAbilities(order.status, order.refund_status);
  const more = order.product.length - SHOWN_LINES;
  const named = (messageId: string) => intl.formatMessage({ id: messageId }, { sn: order.order_sn });
  const actions = [
    can.cancel && (
      <button
        key="cancel"
        type="button"
        className="order-action"
        disabled={busy}
        aria-label={named('orders.cancel.label')}
        onClick={() => onAction('cancel', order)}
      >
        <FormattedMessage id="orders.cancel.short" />
      </button>
    ),
    can.pay && (
      <button
        key="pay"
        type="button"
        className="order-action order-action--primary"
        disabled={busy}
        aria-label={named('orders.pay.label')}
        onClick={() => onPay(order)}
      >
        <FormattedMessage id="orders.pay.short" />
      </button>
    ),
    can.confirmReceived && (
      <button
        key="received"
        type="button"
        className="order-action order-action--primary"
        disabled={busy}
        aria-label={named('orders.received.label')}
        onClick={() => onAction('received', order)}
      >
        <FormattedMessage id="orders.received.short" />
      </button>
    ),
    order.status === 3 && (
      <Link
        key="review"
        className="order-action order-action--primary"
        to={paths.orderInfo(order.order_id)}
        state={fromList}
        aria-label={named('orders.review.label')}
      >
        <FormattedMessage id="orders.review.short" />
      </Link>
    ),
    can.delete && (
      <button
        key="delete"
        type="button"
        className="order-action"
        disabled={busy}
        aria-label={named('orders.delete.label')}
        onClick={() => onAction('delete', order)}
      >
        <FormattedMessage id="orders.delete.short" />
      </button>
    ),
  ].filter(Boolean);

  return (
    <article className="order-card" aria-labelledby={`${id}-sn`}>
      <Link
        className="order-card__main"
        to={paths.orderInfo(order.order_id)}
        state={fromList}
        aria-describedby={`${id}-label`}
      >
        <span className="order-card__head">
          <span className="order-card__sn" id={`${id}-sn`}>
            <FormattedMessage id="orders.sn" values={{ sn: order.order_sn }} />
          </span>
          <span id={`${id}-label`}>
            <OrderBadge status={order.status} refundStatus={order.refund_status} />
          </span>
        </span>
        <span className="order-card__lines">
          {order.product.slice(0, SHOWN_LINES).map((product, index) => (
            <span className="order-item order-item--compact" key={`${index}:${product.title}`}>
              <img className="order-item__image" src={product.image} alt="" width={56} height={56} loading="lazy" />
              <span className="order-item__title">{product.title}</span>
            </span>
          ))}
          {more > 0 && (
            <span className="order-card__more">
              <FormattedMessage id="orders.moreLines" values={{ count: more }} />
            </span>
          )}
        </span>
        <span className="order-card__total">
          <FormattedMessage
            id="orders.itemsTotal"
            values={{
              count: order.total_num,
              total: <strong>{formatMoney(order.total_price, intl.locale)}</strong>,
            }}
          />
        </span>
      </Link>
      {actions.length > 0 && <div className="order-card__actions">{actions}</div>}
    </article>
  );
}

import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { OrderListItem } from '../../../api';
import { paths } from '../../../shared/config/paths';
import { formatMoney } from '../../../../common/money-format';
import type { OrderAction } from '../hooks/use-order-actions';
import type { FromState } from '../lib/navigation';
import { orderAbilities } from '../lib/order-status';
import { OrderBadge } from './order-badge';
import { Picture } from '../../../shared/ui/picture';

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
  // The card's quick actions, in order. Review is offered at 'received' only (a completed order has
  // been reviewed); it opens the detail, where each product has its own review link.
  const buttons: { key: string; show: boolean; primary: boolean; run?: () => void }[] = [
    { key: 'cancel', show: can.cancel, primary: false, run: () => onAction('cancel', order) },
    { key: 'pay', show: can.pay, primary: true, run: () => onPay(order) },
    { key: 'received', show: can.confirmReceived, primary: true, run: () => onAction('received', order) },
    { key: 'review', show: order.status === 3, primary: true },
    { key: 'delete', show: can.delete, primary: false, run: () => onAction('delete', order) },
  ];
  const actions = buttons
    .filter((button) => button.show)
    .map(({ key, primary, run }) => {
      const className = `order-action${primary ? ' order-action--primary' : ''}`;
      const label = named(`orders.${key}.label`);
      const text = <FormattedMessage id={`orders.${key}.short`} />;
      return run === undefined ? (
        <Link key={key} className={className} to={paths.orderInfo(order.order_id)} state={fromList} aria-label={label}>
          {text}
        </Link>
      ) : (
        <button key={key} type="button" className={className} disabled={busy} aria-label={label} onClick={run}>
          {text}
        </button>
      );
    });

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
              <Picture
                drawn={56}
                className="order-item__image"
                src={product.image}
                alt=""
                width={56}
                height={56}
                loading="lazy"
              />
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

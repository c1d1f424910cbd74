import { FormattedMessage, useIntl } from 'react-intl';
import type { OrderDetail } from '../../../api';
import { formatDateTime } from '../../../shared/lib/dates';
import { OrderSection } from './order-section';

/** Whether the order has shipped: it has a tracking number or logistics events. */
export function hasShipped(order: OrderDetail): boolean {
  return order.delivery.length > 0 || order.delivery_id !== undefined;
}

/** The parcel's tracking number and its events, newest first; before shipping, a note that it has not. */
export function OrderLogistics({ order }: { order: OrderDetail }) {
  const intl = useIntl();
  return (
    <OrderSection titleId="orders.detail.logistics" id="order-logistics">
      {order.delivery_id !== undefined && (
        <p className="order-waybill">
          <FormattedMessage id="orders.detail.trackingNo" values={{ no: order.delivery_id }} />
        </p>
      )}
      {!hasShipped(order) && (
        <p className="order-empty-note">
          <FormattedMessage id="orders.detail.noLogistics" />
        </p>
      )}
      {order.delivery.length > 0 && (
        // Newest first (the mapping orders them); an event's number is said when it is another parcel's.
        <ol className="order-timeline">
          {order.delivery.map((event, index) => (
            <li key={`${event.updatetime ?? ''}:${index}`} className="order-timeline__event">
              <p className="order-timeline__mark">{event.mark}</p>
              <p className="order-timeline__meta">
                {event.updatetime && (
                  <time dateTime={event.updatetime}>{formatDateTime(event.updatetime, intl.locale)}</time>
                )}
                {event.delivery_no && event.delivery_no !== order.delivery_id && (
                  <span>
                    <FormattedMessage id="orders.detail.trackingNo" values={{ no: event.delivery_no }} />
                  </span>
                )}
              </p>
            </li>
          ))}
        </ol>
      )}
    </OrderSection>
  );
}

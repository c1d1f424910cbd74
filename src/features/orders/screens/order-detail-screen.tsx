import { useCallback } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import EnvironmentOutline from 'antd-mobile-icons/es/EnvironmentOutline';
import { useGetOrderDetailQuery, type OrderDetail, isRefusal } from '../../../api';
import { paths } from '../../../shared/config/paths';
import { formatDateTime } from '../../../shared/lib/dates';
import { idFrom } from '../../../shared/lib/query-string';
import { Page } from '../../../shared/ui/page';
import { EmptyStateLink, ErrorState, LoadingState } from '../../../shared/ui/states';
import { OrderBadge } from '../components/order-badge';
import { hasActions, OrderDetailActions } from '../components/order-detail-actions';
import { OrderItems } from '../components/order-items';
import { hasShipped, OrderLogistics } from '../components/order-logistics';
import { OrderRefund } from '../components/order-refund';
import { OrderSection } from '../components/order-section';
import { PayDeadline } from '../components/pay-deadline';
import { orderAbilities } from '../lib/order-status';
import '../orders.css';

function NotFound() {
  return (
    <EmptyStateLink
      title={<FormattedMessage id="orders.notFound.title" />}
      description={<FormattedMessage id="orders.notFound.description" />}
      to={paths.order}
      action={<FormattedMessage id="orders.notFound.action" />}
      replace
    />
  );
}

function Detail({
  order,
  receivedAt,
  onTimeout,
}: {
  order: OrderDetail;
  receivedAt: number | undefined;
  onTimeout: () => void;
}) {
  const intl = useIntl();
  const can = orderAbilities(order.status, order.refund_status);
  // Once shipped, the parcel's progress is what the shopper looks for first; before, a note at the end.
  const shipped = hasShipped(order);
  return (
    <>
      <section className="order-status" aria-labelledby="order-status-title">
        <h2 className="visually-hidden" id="order-status-title">
          <FormattedMessage id="orders.detail.status" />
        </h2>
        <OrderBadge status={order.status} refundStatus={order.refund_status} />
        <p className="order-status__sn">
          <FormattedMessage id="orders.sn" values={{ sn: order.order_sn }} />
        </p>
        {order.createtime && (
          <p className="order-status__date">
            <FormattedMessage
              id="orders.detail.placed"
              values={{ date: formatDateTime(order.createtime, intl.locale) }}
            />
          </p>
        )}
        <PayDeadline order={order} receivedAt={receivedAt} onTimeout={onTimeout} />
        {can.refundSubmitted && (
          <p className="order-status__note" role="note">
            <FormattedMessage id="common.refundExists" />
          </p>
        )}
      </section>

      {shipped && <OrderLogistics order={order} />}

      <OrderSection titleId="orders.detail.address" id="order-address">
        <div className="order-address">
          <EnvironmentOutline aria-hidden className="order-address__icon" />
          <div>
            <p className="order-address__who">
              <span>{order.real_name}</span>
              <span className="order-address__phone">{order.user_phone}</span>
            </p>
            <p className="order-address__where">{order.user_address}</p>
          </div>
        </div>
      </OrderSection>

      <OrderItems order={order} reviewable={can.review} />

      {order.refund && <OrderRefund refund={order.refund} />}

      {/* A closed order that never shipped has no parcel to track: no 'not shipped yet' note. */}
      {!shipped && order.status !== -1 && <OrderLogistics order={order} />}
    </>
  );
}

/**
 * /orderInfo/{id}: an order's status, address, lines with per-product reviews, freight and total,
 * logistics (newest first), and the actions of its status (DESIGN.md section 3.3). An unknown or
 * someone else's order shows a translated not-found state.
 */
export default function OrderDetailScreen() {
  const intl = useIntl();
  const params = useParams();
  const orderId = idFrom(params.id);
  const query = useGetOrderDetailQuery({ orderId: orderId ?? 0 }, { skip: orderId === null });
  const order = query.data?.data;
  const notFound = orderId === null || (query.isError && isRefusal(query.error));
  const can = order && !query.isError ? orderAbilities(order.status, order.refund_status) : null;
  const refetch = query.refetch;
  const readAgain = useCallback(() => void refetch(), [refetch]);

  return (
    <Page
      title={intl.formatMessage({ id: 'route.orderInfo' })}
      fallback={paths.order}
      className="order-detail"
      footer={order && can && hasActions(can) ? <OrderDetailActions order={order} can={can} /> : undefined}
    >
      {notFound ? (
        <NotFound />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : !order ? (
        <LoadingState />
      ) : (
        <Detail order={order} receivedAt={query.fulfilledTimeStamp} onTimeout={readAgain} />
      )}
    </Page>
  );
}

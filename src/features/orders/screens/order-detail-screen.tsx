import { useCallback, useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import EnvironmentOutline from 'antd-mobile-icons/es/EnvironmentOutline';
import { useGetOrderDetailQuery, type OrderDetail, type OrderRefund, isRefusal } from '../../../api';
import { paths } from '../../../shared/config/paths';
import { formatDateTime } from '../../../shared/lib/dates';
import { formatMoney, toCents } from '../../../../common/money-format';
import { encodeQuery, idFrom } from '../../../shared/lib/query-string';
import { formatTimeLeft, useTimeLeft } from '../../../shared/lib/use-time-left';
import { Page } from '../../../shared/ui/page';
import { EmptyStateLink, ErrorState, LoadingState } from '../../../shared/ui/states';
import { OrderBadge } from '../components/order-badge';
import { useOrderActions } from '../hooks/use-order-actions';
import type { FromState } from '../lib/navigation';
import { orderAbilities, type OrderAbilities } from '../lib/order-status';
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

function Section({ titleId, children, id }: { titleId: string; children: React.ReactNode; id: string }) {
  return (
    <section className="card order-section" aria-labelledby={id}>
      <h2 className="card__title" id={id}>
        <FormattedMessage id={titleId} />
      </h2>
      <div className="order-section__body">{children}</div>
    </section>
  );
}

const refundStates: Record<OrderRefund['status'], { id: string; tone: string }> = {
  0: { id: 'orders.refundInfo.waiting', tone: 'pending' },
  1: { id: 'orders.refundInfo.passed', tone: 'ok' },
  2: { id: 'orders.refundInfo.refused', tone: 'bad' },
};

/** The latest refund request and the operator's decision (a refusal with its reason). */
function RefundSection({ refund }: { refund: OrderRefund }) {
  const intl = useIntl();
  const state = refundStates[refund.status];
  return (
    <Section titleId="orders.refundInfo.title" id="order-refund">
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
    </Section>
  );
}

/**
 * An unpaid order's time left to pay (the contract's ExpiresIn), counted down silently (aria-live off);
 * at 0 the order is read again, and the server's answer then says it expired. An expired order says so.
 */
function PayDeadline({
  order,
  receivedAt,
  onTimeout,
}: {
  order: OrderDetail;
  receivedAt: number | undefined;
  onTimeout: () => void;
}) {
  const secondsLeft = useTimeLeft(order.status === 0 ? order.expires_in : undefined, receivedAt);
  const timedOut = secondsLeft === 0;
  useEffect(() => {
    if (timedOut) onTimeout();
  }, [timedOut, onTimeout]);
  if (order.expired) {
    return (
      <p className="order-status__note" role="note">
        <FormattedMessage id="orders.detail.expired" />
      </p>
    );
  }
  if (secondsLeft === undefined || timedOut) return null;
  return (
    <p className="order-status__deadline" role="timer" aria-live="off">
      <FormattedMessage id="orders.detail.timeLeft" values={{ time: formatTimeLeft(secondsLeft) }} />
    </p>
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
  const money = (value: string) => formatMoney(value, intl.locale);
  const back: FromState = { from: 'order' };
  // Once shipped, the parcel's progress is what the shopper looks for first; before, a note at the end.
  const shipped = order.delivery.length > 0 || order.delivery_id !== undefined;
  const logistics = (
    <Section titleId="orders.detail.logistics" id="order-logistics">
      {order.delivery_id !== undefined && (
        <p className="order-waybill">
          <FormattedMessage id="orders.detail.trackingNo" values={{ no: order.delivery_id }} />
        </p>
      )}
      {!shipped && (
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
    </Section>
  );
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

      {shipped && logistics}

      <Section titleId="orders.detail.address" id="order-address">
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
      </Section>

      <Section titleId="orders.detail.products" id="order-products">
        <ul className="order-items">
          {order.products.map((line) => (
            <li key={line.order_product_id} className="order-item">
              <img className="order-item__image" src={line.image} alt="" width={72} height={72} loading="lazy" />
              <div className="order-item__body">
                <p className="order-item__title">{line.title}</p>
                {line.spec && <p className="order-item__spec">{line.spec.split('|').join(' · ')}</p>}
                <p className="order-item__figures">
                  <FormattedMessage
                    id="orders.detail.lineFigures"
                    values={{ count: line.product_num, price: money(line.product_price) }}
                  />
                  <strong className="order-item__total">{money(line.total_price)}</strong>
                </p>
                {can.review &&
                  (line.is_reply === 1 ? (
                    <span className="badge badge--ok order-item__reviewed">
                      <FormattedMessage id="orders.review.done" />
                    </span>
                  ) : (
                    <Link
                      className="order-action order-action--primary order-item__review"
                      to={`${paths.comment}?${encodeQuery({ order_id: order.order_id, product_id: line.product_id })}`}
                      state={back}
                      aria-label={intl.formatMessage({ id: 'orders.review.productLabel' }, { title: line.title })}
                    >
                      <FormattedMessage id="orders.review.short" />
                    </Link>
                  ))}
              </div>
            </li>
          ))}
        </ul>
        <dl className="order-sums">
          {order.freight !== undefined && (
            <div>
              <dt>
                <FormattedMessage id="orders.detail.freight" />
              </dt>
              <dd>{money(order.freight)}</dd>
            </div>
          )}
          {order.discount !== undefined && (toCents(order.discount) ?? 0n) > 0n && (
            <div>
              <dt>
                <FormattedMessage id="orders.detail.discount" />
              </dt>
              <dd>-{money(order.discount)}</dd>
            </div>
          )}
          <div className="order-sums__total">
            <dt>
              <FormattedMessage id="orders.detail.total" />
            </dt>
            <dd>{money(order.total_price)}</dd>
          </div>
        </dl>
      </Section>

      {order.refund && <RefundSection refund={order.refund} />}

      {/* A closed order that never shipped has no parcel to track: no 'not shipped yet' note. */}
      {!shipped && order.status !== -1 && logistics}
    </>
  );
}

/** True when the order has an action for the footer. */
function hasActions(can: OrderAbilities): boolean {
  return can.cancel || can.delete || can.refund || can.confirmReceived || can.pay;
}

function Actions({ order, can }: { order: OrderDetail; can: OrderAbilities }) {
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
      footer={order && can && hasActions(can) ? <Actions order={order} can={can} /> : undefined}
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

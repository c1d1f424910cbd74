import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { OrderDetail } from '../../../api';
import { paths } from '../../../shared/config/paths';
import { formatMoney, toCents } from '../../../../common/money-format';
import { encodeQuery } from '../../../shared/lib/query-string';
import type { FromState } from '../lib/navigation';
import { OrderSection } from './order-section';
import { Picture } from '../../../shared/ui/picture';

/**
 * The order's lines, each with its review link (or 'reviewed') once the order may be reviewed
 * (DESIGN.md section 3.3), then freight, discount and total.
 */
export function OrderItems({ order, reviewable }: { order: OrderDetail; reviewable: boolean }) {
  const intl = useIntl();
  const money = (value: string) => formatMoney(value, intl.locale);
  const back: FromState = { from: 'order' };
  return (
    <OrderSection titleId="orders.detail.products" id="order-products">
      <ul className="order-items">
        {order.products.map((line) => (
          <li key={line.order_product_id} className="order-item">
            <Picture
              drawn={72}
              className="order-item__image"
              src={line.image}
              alt=""
              width={72}
              height={72}
              loading="lazy"
            />
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
              {reviewable &&
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
    </OrderSection>
  );
}

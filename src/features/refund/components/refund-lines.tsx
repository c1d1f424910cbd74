import { FormattedMessage } from 'react-intl';
import type { OrderLine } from '../../../api';
import { Picture } from '../../../shared/ui/picture';

/** The order (its number) and the lines the refund is about. */
export function RefundLines({ orderSn, lines }: { orderSn: string; lines: readonly OrderLine[] }) {
  return (
    <section className="refund-order" aria-labelledby="refund-order-title">
      <h2 className="refund-order__title" id="refund-order-title">
        <FormattedMessage id="refund.order" values={{ sn: orderSn }} />
      </h2>
      <ul className="refund-lines">
        {lines.map((line) => (
          <li key={line.order_product_id} className="refund-line">
            <Picture
              drawn={48}
              className="refund-line__image"
              src={line.image}
              alt=""
              width={48}
              height={48}
              loading="lazy"
            />
            <span className="refund-line__title">{line.title}</span>
            <span className="refund-line__qty">
              <FormattedMessage id="refund.quantity" values={{ count: line.product_num }} />
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

import { FormattedMessage, useIntl } from 'react-intl';
import type { ProductDetail } from '../../../api';
import { formatMoney, toCents } from '../../../../common/money-format';

/** The price (and the market price it is below), the title, the stock (when the backend sends it) and the sales. */
export function ProductSummary({ detail, soldOut }: { detail: ProductDetail; soldOut: boolean }) {
  const intl = useIntl();
  const { goods } = detail;
  const stock = goods.stock;
  const market = toCents(goods.market_price);
  const price = toCents(goods.sales_price);
  const discounted = market !== null && price !== null && market > price;
  return (
    <section className="detail-card detail-summary" aria-labelledby="detail-title">
      <p className="detail-summary__prices">
        <span className="detail-summary__price">{formatMoney(goods.sales_price, intl.locale)}</span>
        {discounted && (
          <s className="detail-summary__market">
            <span className="visually-hidden">
              <FormattedMessage
                id="catalog.product.marketPrice"
                values={{ price: formatMoney(goods.market_price, intl.locale) }}
              />
            </span>
            <span aria-hidden>{formatMoney(goods.market_price, intl.locale)}</span>
          </s>
        )}
      </p>
      <h2 className="detail-summary__title" id="detail-title">
        {goods.title}
      </h2>
      <p className="detail-summary__facts">
        {stock !== undefined && (
          <span className={soldOut ? 'detail-summary__sold-out' : undefined}>
            {soldOut ? (
              <FormattedMessage id="catalog.detail.soldOut" />
            ) : (
              <FormattedMessage id="catalog.detail.stock" values={{ count: stock }} />
            )}
          </span>
        )}
        {detail.sales !== undefined && (
          <span>
            <FormattedMessage id="catalog.product.sales" values={{ count: detail.sales }} />
          </span>
        )}
      </p>
    </section>
  );
}

import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { ProductCard as ProductCardData } from '../../../api';
import { paths } from '../../../shared/config/paths';
import { formatMoney, toCents } from '../../../../common/money-format';
import { Picture, type PictureSlot } from '../../../shared/ui/picture';

/**
 * A product as a card: square image (space reserved, lazy), title on two lines, price, the former price
 * struck through when higher, and the units sold when the backend sent them. The whole card links to
 * the product detail.
 */
export function ProductCard({
  product,
  className,
  drawn = 'card',
}: {
  product: ProductCardData;
  className?: string;
  /** Its picture's width as drawn: the grid's half column, or a fixed width (the home row's 140 px cards). */
  drawn?: PictureSlot | number;
}) {
  const intl = useIntl();
  const market = toCents(product.market_price);
  const price = toCents(product.sales_price);
  const discounted = market !== null && price !== null && market > price;
  return (
    <Link className={`product-card ${className ?? ''}`} to={paths.detail(product.product_id, product.mer_id)}>
      <Picture
        drawn={drawn}
        className="product-card__image"
        src={product.image}
        alt=""
        width={600}
        height={600}
        loading="lazy"
        decoding="async"
      />
      <span className="product-card__body">
        <span className="product-card__title">{product.title}</span>
        <span className="product-card__prices">
          <span className="product-card__price">{formatMoney(product.sales_price, intl.locale)}</span>
          {discounted && (
            <s className="product-card__market">
              <span className="visually-hidden">
                <FormattedMessage
                  id="catalog.product.marketPrice"
                  values={{ price: formatMoney(product.market_price, intl.locale) }}
                />
              </span>
              <span aria-hidden>{formatMoney(product.market_price, intl.locale)}</span>
            </s>
          )}
        </span>
        {product.sales !== undefined && (
          <span className="product-card__sales">
            <FormattedMessage id="catalog.product.sales" values={{ count: product.sales }} />
          </span>
        )}
      </span>
    </Link>
  );
}

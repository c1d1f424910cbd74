import { FormattedMessage, useIntl } from 'react-intl';
import type { PreviewLine } from '../../../api';
import { formatMoney } from '../../../../common/money-format';
import { Picture } from '../../../shared/ui/picture';

/** The lines being bought, as the server priced them: picture, title, spec, quantity, unit price, subtotal. */
export function OrderLines({ lines }: { lines: readonly PreviewLine[] }) {
  const intl = useIntl();
  const money = (value: string) => formatMoney(value, intl.locale);
  return (
    <ul className="order-lines">
      {lines.map((line, index) => (
        <li key={line.cart_id ?? `${line.product_id}-${index}`} className="order-line">
          <Picture
            drawn={72}
            className="order-line__image"
            src={line.image}
            alt=""
            width={72}
            height={72}
            loading="lazy"
          />
          <div className="order-line__info">
            <p className="order-line__title">{line.title}</p>
            {line.spec && <p className="order-line__spec">{line.spec.split('|').join(' · ')}</p>}
            <p className="order-line__figures">
              <span>
                <FormattedMessage
                  id="checkout.line.priceTimes"
                  values={{ price: money(line.price), number: line.number }}
                />
              </span>
              <span className="order-line__subtotal">
                <span className="visually-hidden">
                  <FormattedMessage id="checkout.line.subtotal" />
                </span>
                {money(line.total_price)}
              </span>
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}

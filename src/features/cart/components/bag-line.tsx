import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { CartLine } from '../../../api';
import { paths } from '../../../shared/config/paths';
import { formatMoney } from '../../../../common/money-format';
import { Check } from './check';
import { QuantityStepper } from '../../../shared/ui/quantity-stepper';
import { SwipeRow } from '../../../shared/ui/swipe-row';
import { Picture } from '../../../shared/ui/picture';

export interface BagLineProps {
  line: CartLine;
  /** The quantity shown (the shopper's unsent change, else the server's). */
  quantity: number;
  selected: boolean;
  /** False for a sold-out line outside the edit mode. */
  selectable: boolean;
  onSelect: (selected: boolean) => void;
  onQuantity: (value: number) => void;
  /** Asks to delete the line (the screen confirms). */
  onDelete: () => void;
}

/**
 * One bag line: checkbox, picture and title (links to the product), spec, unit price, quantity
 * stepper. Swiping left reveals Delete; the bag's edit mode is the way without swiping.
 */
export function BagLine({ line, quantity, selected, selectable, onSelect, onQuantity, onDelete }: BagLineProps) {
  const intl = useIntl();
  const { goods } = line;
  const soldOut = goods.stock !== undefined && goods.stock <= 0;
  // The product page needs both ids; a backend that does not send them gets a line without links.
  const detail =
    line.product_id !== undefined && line.mer_id !== undefined ? paths.detail(line.product_id, line.mer_id) : undefined;
  const image = <Picture drawn={88} src={goods.image} alt="" width={88} height={88} loading="lazy" decoding="async" />;
  return (
    <li className="bag-line">
      <SwipeRow
        actions={[
          {
            key: 'delete',
            text: <FormattedMessage id="cart.delete.swipe" />,
            label: intl.formatMessage({ id: 'cart.delete.line' }, { title: goods.title }),
            onClick: onDelete,
          },
        ]}
      >
        <div className="bag-line__body">
          <Check
            className="bag-line__check"
            checked={selected}
            disabled={!selectable}
            onChange={onSelect}
            label={intl.formatMessage({ id: 'cart.select.line' }, { title: goods.title })}
          />
          {detail ? (
            <Link to={detail} className="bag-line__image" tabIndex={-1} aria-hidden>
              {image}
            </Link>
          ) : (
            <span className="bag-line__image" aria-hidden>
              {image}
            </span>
          )}
          <div className="bag-line__info">
            {detail ? (
              <Link to={detail} className="bag-line__title">
                {goods.title}
              </Link>
            ) : (
              <p className="bag-line__title">{goods.title}</p>
            )}
            {line.spec && <p className="bag-line__spec">{line.spec.split('|').join(' · ')}</p>}
            {soldOut && (
              <p className="bag-line__sold-out">
                <FormattedMessage id="cart.soldOut" />
              </p>
            )}
            <div className="bag-line__foot">
              <span className="bag-line__price">{formatMoney(goods.sales_price, intl.locale)}</span>
              {!soldOut && (
                <QuantityStepper
                  value={quantity}
                  max={goods.stock}
                  onChange={onQuantity}
                  labels={{
                    group: intl.formatMessage({ id: 'cart.quantity.group' }, { title: goods.title }),
                    input: intl.formatMessage({ id: 'cart.quantity.label' }, { title: goods.title }),
                    decrease: intl.formatMessage({ id: 'cart.quantity.decrease' }, { title: goods.title }),
                    increase: intl.formatMessage({ id: 'cart.quantity.increase' }, { title: goods.title }),
                  }}
                  hint={
                    goods.stock !== undefined &&
                    quantity >= goods.stock && (
                      <FormattedMessage id="cart.quantity.max" values={{ stock: goods.stock }} />
                    )
                  }
                />
              )}
            </div>
          </div>
        </div>
      </SwipeRow>
    </li>
  );
}

import { useId, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import RightOutline from 'antd-mobile-icons/es/RightOutline';
import { paths } from '../../../shared/config/paths';
import { Check } from './check';
import { Picture } from '../../../shared/ui/picture';

export interface BagShopProps {
  /** The shop, when the bag's lines say it (getCart's mer_id). */
  merId: number | undefined;
  /** The shop's name and avatar, as the bag's lines carry them (getCart), when they do. */
  name: string | undefined;
  avatar: string | undefined;
  state: 'none' | 'some' | 'all';
  /** No line of the shop can be selected (all sold out). */
  disabled: boolean;
  onSelect: (on: boolean) => void;
  /** The shop's lines (<BagLine>s). */
  children: ReactNode;
}

/**
 * The lines of one shop under its name (a link to the shop) and a select-all-of-this-shop checkbox.
 * Lines that do not say their shop (a backend without mer_id and mer_name) are one plain group: the
 * bag's own select-all covers them.
 */
export function BagShop({ merId, name, avatar, state, disabled, onSelect, children }: BagShopProps) {
  const intl = useIntl();
  const headingId = useId();
  if (merId === undefined || !name) {
    return (
      <section className="card bag-shop" aria-label={intl.formatMessage({ id: 'cart.lines' })}>
        <ul className="bag-shop__lines">{children}</ul>
      </section>
    );
  }
  return (
    <section className="card bag-shop" aria-labelledby={headingId}>
      <header className="bag-shop__head">
        <Check
          checked={state === 'all'}
          indeterminate={state === 'some'}
          disabled={disabled}
          onChange={onSelect}
          label={intl.formatMessage({ id: 'cart.select.shop' }, { shop: name })}
        />
        <h2 className="bag-shop__name" id={headingId}>
          <Link to={paths.shop(merId)}>
            {avatar && (
              <Picture
                drawn={24}
                className="bag-shop__avatar"
                src={avatar}
                alt=""
                width={24}
                height={24}
                loading="lazy"
              />
            )}
            <span>{name}</span>
            <RightOutline aria-hidden fontSize={12} />
          </Link>
        </h2>
      </header>
      <ul className="bag-shop__lines">{children}</ul>
    </section>
  );
}

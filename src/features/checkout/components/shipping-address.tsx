import { FormattedMessage } from 'react-intl';
import EnvironmentOutline from 'antd-mobile-icons/es/EnvironmentOutline';
import RightOutline from 'antd-mobile-icons/es/RightOutline';
import type { ShippingAddress as ShippingAddressData } from '../../../api';
import { AddressTag } from '../../../shared/ui/address-tag';

export interface ShippingAddressProps {
  address: ShippingAddressData | null;
  /** Opens the address list in choose mode. */
  onChange: () => void;
  /** Opens the address form in choose mode (no address yet). */
  onAdd: () => void;
}

/** The order's shipping address, a button to pick another, or a button to add the first one. */
export function ShippingAddress({ address, onChange, onAdd }: ShippingAddressProps) {
  if (!address) {
    return (
      <section className="card checkout-address checkout-address--missing" aria-labelledby="checkout-address-title">
        <h2 className="card__title" id="checkout-address-title">
          <FormattedMessage id="checkout.address.title" />
        </h2>
        <p className="checkout-address__none">
          <FormattedMessage id="checkout.address.none" />
        </p>
        <button type="button" className="button button--outline checkout-address__add" onClick={onAdd}>
          <FormattedMessage id="checkout.address.add" />
        </button>
      </section>
    );
  }
  const phone = address.mobile && (address.quhao ? `+${address.quhao} ${address.mobile}` : address.mobile);
  return (
    <section className="card checkout-address" aria-labelledby="checkout-address-title">
      <h2 className="visually-hidden" id="checkout-address-title">
        <FormattedMessage id="checkout.address.title" />
      </h2>
      {/* Named by what it shows, in its order (WCAG 2.5.3 Label in Name), with where it is before it and
          what it does after it, for the name only; the spaces keep the parts apart in the name. */}
      <button type="button" className="checkout-address__main" onClick={onChange}>
        <EnvironmentOutline aria-hidden fontSize={22} className="checkout-address__icon" />
        <span className="checkout-address__text">
          <FormattedMessage
            id="checkout.address.change"
            values={{
              hidden: (chunks: React.ReactNode[]) => <span className="visually-hidden">{chunks}</span>,
              address: (
                <>
                  <span className="checkout-address__who">
                    <span className="checkout-address__name">{address.name}</span>
                    {phone && (
                      <>
                        {' '}
                        <span className="checkout-address__phone">{phone}</span>
                      </>
                    )}
                    {address.is_default === 1 && (
                      <>
                        {' '}
                        <span className="checkout-address__badge">
                          <FormattedMessage id="checkout.address.default" />
                        </span>
                      </>
                    )}
                    {address.tag.trim() && (
                      <>
                        {' '}
                        <span className="checkout-address__badge checkout-address__badge--tag">
                          <AddressTag tag={address.tag} />
                        </span>
                      </>
                    )}
                  </span>{' '}
                  <span className="checkout-address__line">{address.country}</span>
                  {address.detail && (
                    <>
                      {' '}
                      <span className="checkout-address__line">{address.detail}</span>
                    </>
                  )}
                </>
              ),
            }}
          />
        </span>
        <RightOutline aria-hidden className="checkout-address__chevron" />
      </button>
    </section>
  );
}

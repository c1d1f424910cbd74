import { useId, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Address } from '../../../api';
import { AddressTag } from '../../../shared/ui/address-tag';
import { localizeArea } from '../lib/area';

export interface AddressCardProps {
  address: Address;
  /** Choose mode: the card's body is a button that picks this address. */
  onChoose?: (address: Address) => void;
  /** The card's actions (set default, edit, delete). */
  actions?: ReactNode;
}

/** One shipping address: addressee, phone, area, detail, tag and whether it is the default. */
export function AddressCard({ address, onChoose, actions }: AddressCardProps) {
  const intl = useIntl();
  const id = useId();
  const isDefault = address.is_default === 1;
  const phone = address.quhao ? `+${address.quhao} ${address.mobile}` : address.mobile;
  // The spaces keep the parts apart in the choose button's name, which is what the card shows.
  const body = (
    <>
      <span className="address-card__head">
        <span className="address-card__name" id={`${id}-name`}>
          {address.name}
        </span>{' '}
        <span className="address-card__phone">{phone}</span>
      </span>{' '}
      <span className="address-card__badges">
        {isDefault && (
          <span className="address-card__badge address-card__badge--default">
            <FormattedMessage id="address.default" />
          </span>
        )}
        {isDefault && address.tag && ' '}
        {address.tag && (
          <span className="address-card__badge">
            <AddressTag tag={address.tag} />
          </span>
        )}
      </span>{' '}
      <span className="address-card__area">{localizeArea(address.country, intl.locale)}</span>{' '}
      <span className="address-card__detail">{address.detail}</span>
    </>
  );
  return (
    <article className={`address-card${isDefault ? ' address-card--default' : ''}`} aria-labelledby={`${id}-name`}>
      {onChoose ? (
        // Named by what it shows (WCAG 2.5.3 Label in Name), after what it does, for the name only.
        <button
          type="button"
          className="address-card__main address-card__main--choose"
          onClick={() => onChoose(address)}
        >
          <FormattedMessage
            id="address.choose.this"
            values={{
              hidden: (chunks: React.ReactNode[]) => <span className="visually-hidden">{chunks}</span>,
              address: body,
            }}
          />
        </button>
      ) : (
        <div className="address-card__main">{body}</div>
      )}
      {actions && <div className="address-card__actions">{actions}</div>}
    </article>
  );
}

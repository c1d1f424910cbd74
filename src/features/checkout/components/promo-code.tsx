import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';

/**
 * The promo code card (useCheckout's promo): the field, and Apply, or Remove while the code typed is the
 * one in force. One optional field with its own button: a plain form, no Formik state to keep in step.
 */
export function PromoCode({
  promo,
  text,
  onText,
  applying,
  onApply,
  onRemove,
}: {
  /** The code in force ('' when none). */
  promo: string;
  text: string;
  onText: (text: string) => void;
  applying: boolean;
  onApply: () => void;
  onRemove: () => void;
}) {
  const intl = useIntl();
  const promoId = useId();
  return (
    <section className="card checkout-promo" aria-labelledby={`${promoId}-title`}>
      <h2 className="card__title" id={`${promoId}-title`}>
        <FormattedMessage id="checkout.promo.title" />
      </h2>
      <form
        className="checkout-promo__form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onApply();
        }}
      >
        <label className="visually-hidden" htmlFor={promoId}>
          <FormattedMessage id="checkout.promo.label" />
        </label>
        <input
          id={promoId}
          className="checkout-promo__input"
          value={text}
          onChange={(event) => onText(event.currentTarget.value)}
          placeholder={intl.formatMessage({ id: 'checkout.promo.placeholder' })}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={32}
        />
        {promo && promo === text.trim() ? (
          <button type="button" className="button button--outline checkout-promo__button" onClick={onRemove}>
            <FormattedMessage id="checkout.promo.remove" />
          </button>
        ) : (
          <button
            type="submit"
            className="button button--outline checkout-promo__button"
            disabled={applying || !text.trim()}
            aria-busy={applying}
          >
            <FormattedMessage id="checkout.promo.apply" />
          </button>
        )}
      </form>
    </section>
  );
}

import { FormattedMessage, useIntl } from 'react-intl';
import type { OrderPreview } from '../../../api';
import { formatMoney, toCents } from '../../../../common/money-format';

/** The server's sums: goods, freight, the promo's discount when there is one, and the total. */
export function CheckoutSummary({ preview, promo }: { preview: OrderPreview; promo: string }) {
  const intl = useIntl();
  const money = (value: string) => formatMoney(value, intl.locale);
  return (
    <section className="card checkout-summary" aria-labelledby="checkout-summary-title">
      <h2 className="visually-hidden" id="checkout-summary-title">
        <FormattedMessage id="checkout.summary.title" />
      </h2>
      <dl className="checkout-summary__list" aria-live="polite">
        <div>
          <dt>
            <FormattedMessage id="checkout.summary.goods" />
          </dt>
          <dd>{money(preview.goods_price)}</dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="checkout.summary.freight" />
          </dt>
          <dd>{money(preview.delivery)}</dd>
        </div>
        {(toCents(preview.discount) ?? 0n) > 0n && (
          <div>
            <dt>
              <FormattedMessage id="checkout.summary.discount" values={{ code: promo }} />
            </dt>
            <dd className="checkout-summary__discount">-{money(preview.discount ?? '0.00')}</dd>
          </div>
        )}
        <div className="checkout-summary__total">
          <dt>
            <FormattedMessage id="checkout.summary.total" />
          </dt>
          <dd>{money(preview.total_price)}</dd>
        </div>
      </dl>
    </section>
  );
}

/** The footer: the total and the place-order button. */
export function CheckoutBar({
  total,
  submitting,
  disabled,
  onSubmit,
}: {
  total: string;
  submitting: boolean;
  disabled: boolean;
  onSubmit: () => void;
}) {
  const intl = useIntl();
  return (
    <div className="checkout-bar">
      <p className="checkout-bar__total">
        <span className="checkout-bar__label">
          <FormattedMessage id="checkout.summary.total" />
        </span>
        <strong className="checkout-bar__amount">{formatMoney(total, intl.locale)}</strong>
      </p>
      <button
        type="button"
        className="button checkout-bar__submit"
        disabled={disabled}
        aria-busy={submitting}
        onClick={onSubmit}
      >
        <FormattedMessage id={submitting ? 'checkout.submitting' : 'checkout.submit'} />
      </button>
    </div>
  );
}

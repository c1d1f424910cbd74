import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../shared/config/paths';
import { Page } from '../../../shared/ui/page';
import { LoadingState } from '../../../shared/ui/states';
import { CheckoutMissing, PreviewFailed } from '../components/checkout-states';
import { CheckoutBar, CheckoutSummary } from '../components/checkout-summary';
import { OrderLines } from '../components/order-lines';
import { PromoCode } from '../components/promo-code';
import { ShippingAddress } from '../components/shipping-address';
import { useCheckout } from '../hooks/use-checkout';
import { linesByShop } from '../lib/checkout-data';
import '../checkout.css';

/** How the address screens are opened to pick one (features/address/hooks/use-choose-mode.ts). */
const CHOOSE = { choose: true };

/**
 * /checkout (DESIGN.md section 4): the selection from backData (bag lines or buy now; nothing in the URL),
 * priced by the server (previewOrder: lines, freight, promo discount, total), the shipping address
 * (the default, one picked in the address list's choose mode, or a first one added), then submitOrder
 * once with an Idempotency-Key, and /payment with only the payment number in the URL.
 */
export default function CheckoutScreen() {
  const intl = useIntl();
  const navigate = useNavigate();
  const checkout = useCheckout();
  const { preview, data, promo } = checkout;
  const title = intl.formatMessage({ id: 'route.checkout' });

  if (!checkout.selection) {
    return (
      <Page title={title} fallback={paths.bag}>
        <CheckoutMissing />
      </Page>
    );
  }

  let content: React.ReactNode;
  if (preview.isLoading || (preview.isFetching && !data)) content = <LoadingState />;
  else if (!data) {
    content = (
      <PreviewFailed
        error={preview.error}
        onRetry={() => void preview.refetch()}
        onPickAnother={checkout.chosen ? () => navigate(paths.address, { state: CHOOSE }) : undefined}
      />
    );
  } else {
    content = (
      <>
        <ShippingAddress
          address={checkout.address}
          onChange={() => navigate(paths.address, { state: CHOOSE })}
          onAdd={() => navigate(paths.addressForm(), { state: CHOOSE })}
        />
        <section className="card checkout-items" aria-labelledby="checkout-items-title">
          <h2 className="card__title" id="checkout-items-title">
            <FormattedMessage id="checkout.items.title" values={{ count: data.total_num }} />
          </h2>
          {/* Per shop: each shop's lines become one order, with its own freight. */}
          {linesByShop(data.product).map((shop) => (
            <div key={shop.merId} className="checkout-shop">
              {shop.name && <h3 className="checkout-shop__name">{shop.name}</h3>}
              <OrderLines lines={shop.lines} />
            </div>
          ))}
        </section>
        <PromoCode
          promo={promo.promo}
          text={promo.text}
          onText={promo.setText}
          applying={promo.applying}
          onApply={() => void promo.apply()}
          onRemove={promo.remove}
        />
        <CheckoutSummary preview={data} promo={promo.promo} />
      </>
    );
  }

  const footer = data ? (
    <CheckoutBar
      total={data.total_price}
      submitting={checkout.submitting}
      disabled={checkout.submitting || preview.isFetching}
      onSubmit={() => void checkout.submit()}
    />
  ) : undefined;

  return (
    <Page title={title} fallback={paths.bag} footer={footer}>
      {content}
    </Page>
  );
}

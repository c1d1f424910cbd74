import { useId, useMemo, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router-dom';
import { skipToken } from '@reduxjs/toolkit/query/react';
import {
  useLazyPreviewOrderQuery,
  usePreviewOrderQuery,
  useSubmitOrderMutation,
  type ShippingAddress as ShippingAddressData,
} from '../../../api';
import { backDataKeys, type SubmittedOrderHandOver } from '../../../shared/config/back-data';
import { paths } from '../../../shared/config/paths';
import { formatMoney, toCents } from '../../../../common/money-format';
import { useIntentKey } from '../../../shared/lib/use-intent-key';
import { Page } from '../../../shared/ui/page';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/states';
import { toast } from '../../../shared/ui/toast';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { backDataCleared, backDataMerged, selectBackData } from '../../../store/session.slice';
import { useFormKeeper } from '../../../store/use-form-keeper';
import { OrderLines } from '../components/order-lines';
import { ShippingAddress } from '../components/shipping-address';
import {
  linesByShop,
  paymentSearch,
  previewRequest,
  readChosenAddress,
  readSelection,
  submitRequest,
} from '../lib/checkout-data';
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
  const dispatch = useAppDispatch();
  const backData = useAppSelector(selectBackData);
  const selection = useMemo(() => readSelection(backData), [backData]);
  const chosen = useMemo(() => readChosenAddress(backData), [backData]);
  const [promo, setPromo] = useState('');
  const [promoText, setPromoText] = useState('');
  const [applying, setApplying] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const submittingRef = useRef(false);
  const promoId = useId();
  const intent = useIntentKey();
  const [submitOrder] = useSubmitOrderMutation();
  const [tryPreview] = useLazyPreviewOrderQuery();
  // A 401 keeps the selection in backData (make-store.ts); the applied promo code is kept here.
  const { restored } = useFormKeeper('checkout', { promo });
  const [promoRestored, setPromoRestored] = useState(false);
  if (restored?.promo && !promoRestored) {
    // Adjusted during render (React's pattern for state that follows a value): no extra pass.
    setPromoRestored(true);
    setPromo(restored.promo);
    setPromoText(restored.promo);
  }

  const request = useMemo(
    () => (selection ? previewRequest(selection, chosen?.address_id, promo || undefined) : null),
    [selection, chosen, promo],
  );
  const preview = usePreviewOrderQuery(request ? { previewOrderRequest: request } : skipToken, {
    refetchOnMountOrArgChange: true,
  });
  const data = preview.data?.code === 1 ? preview.data.data : undefined;
  const address: ShippingAddressData | null = data ? (data.address ?? null) : chosen;
  const money = (value: string) => formatMoney(value, intl.locale);

  const applyPromo = async () => {
    const code = promoText.trim();
    if (!selection || !code) return;
    setApplying(true);
    try {
      // Checked first, so an unknown code (refused and toasted) leaves the current prices shown.
      await tryPreview({ previewOrderRequest: previewRequest(selection, chosen?.address_id, code) }).unwrap();
      setPromo(code);
      toast.success(intl.formatMessage({ id: 'checkout.promo.applied' }));
    } catch {
      // The request layer showed the server's message; the typed code stays.
    } finally {
      setApplying(false);
    }
  };

  const submit = async () => {
    if (!selection || !data || submittingRef.current) return;
    if (!address) {
      toast.show(intl.formatMessage({ id: 'checkout.address.required' }));
      return;
    }
    const body = submitRequest(selection, address.address_id, promo || undefined, data.chu_id);
    submittingRef.current = true;
    setSubmitting(true);
    try {
      const result = await submitOrder({ 'Idempotency-Key': intent.keyFor(body), submitOrderRequest: body }).unwrap();
      intent.settled();
      if (result.code !== 1) throw new Error('not an order');
      const order = result.data;
      const handOver: SubmittedOrderHandOver = {
        out_trade_no: order.out_trade_no,
        total_price: order.total_price,
        ...(order.order_ids && { order_ids: order.order_ids }),
      };
      dispatch(backDataMerged({ [backDataKeys.submittedOrder]: handOver }));
      toast.success(intl.formatMessage({ id: 'common.createOrderSuccess' }));
      // The order exists: this screen leaves the history (Back cannot submit it again) and the
      // selection is used up.
      navigate(
        { pathname: paths.payment, search: paymentSearch({ kind: 'new', outTradeNo: order.out_trade_no }) },
        {
          replace: true,
        },
      );
      // /payment reads the amount back from the server (getPaymentInfo), so a reload works there too.
      dispatch(backDataCleared([backDataKeys.cartIds, backDataKeys.buyNow, backDataKeys.chosenAddress]));
    } catch (error) {
      // Toasted by the request layer (e.g. not enough stock). After a timeout the same order keeps its
      // key, so submitting again cannot create a second one.
      intent.settled(error);
      submittingRef.current = false;
      setSubmitting(false);
    }
  };

  const title = intl.formatMessage({ id: 'route.checkout' });

  if (!selection) {
    return (
      <Page title={title} fallback={paths.bag}>
        <div className="checkout-missing">
          <EmptyState
            title={<FormattedMessage id="checkout.missing.title" />}
            description={<FormattedMessage id="checkout.missing.description" />}
          />
          <Link to={paths.bag} replace className="button checkout-missing__action">
            <FormattedMessage id="checkout.missing.action" />
          </Link>
        </div>
      </Page>
    );
  }

  let content: React.ReactNode;
  if (preview.isLoading || (preview.isFetching && !data)) content = <LoadingState />;
  else if (!data) {
    content = (
      <div className="checkout-missing">
        <ErrorState error={preview.error} onRetry={() => void preview.refetch()} />
        {chosen && (
          // The picked address may have been deleted since ('Address not found'): pick another.
          <button
            type="button"
            className="button button--outline checkout-missing__action"
            onClick={() => navigate(paths.address, { state: CHOOSE })}
          >
            <FormattedMessage id="checkout.address.pickAnother" />
          </button>
        )}
        <Link to={paths.bag} replace className="button button--outline checkout-missing__action">
          <FormattedMessage id="checkout.missing.action" />
        </Link>
      </div>
    );
  } else {
    content = (
      <>
        <ShippingAddress
          address={address}
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
        <section className="card checkout-promo" aria-labelledby={`${promoId}-title`}>
          <h2 className="card__title" id={`${promoId}-title`}>
            <FormattedMessage id="checkout.promo.title" />
          </h2>
          {/* One optional field with its own button: a plain form, no Formik state to keep in step. */}
          <form
            className="checkout-promo__form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void applyPromo();
            }}
          >
            <label className="visually-hidden" htmlFor={promoId}>
              <FormattedMessage id="checkout.promo.label" />
            </label>
            <input
              id={promoId}
              className="checkout-promo__input"
              value={promoText}
              onChange={(event) => setPromoText(event.currentTarget.value)}
              placeholder={intl.formatMessage({ id: 'checkout.promo.placeholder' })}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={32}
            />
            {promo && promo === promoText.trim() ? (
              <button
                type="button"
                className="button button--outline checkout-promo__button"
                onClick={() => {
                  setPromo('');
                  setPromoText('');
                }}
              >
                <FormattedMessage id="checkout.promo.remove" />
              </button>
            ) : (
              <button
                type="submit"
                className="button button--outline checkout-promo__button"
                disabled={applying || !promoText.trim()}
                aria-busy={applying}
              >
                <FormattedMessage id="checkout.promo.apply" />
              </button>
            )}
          </form>
        </section>
        <section className="card checkout-summary" aria-labelledby="checkout-summary-title">
          <h2 className="visually-hidden" id="checkout-summary-title">
            <FormattedMessage id="checkout.summary.title" />
          </h2>
          <dl className="checkout-summary__list" aria-live="polite">
            <div>
              <dt>
                <FormattedMessage id="checkout.summary.goods" />
              </dt>
              <dd>{money(data.goods_price)}</dd>
            </div>
            <div>
              <dt>
                <FormattedMessage id="checkout.summary.freight" />
              </dt>
              <dd>{money(data.delivery)}</dd>
            </div>
            {(toCents(data.discount) ?? 0n) > 0n && (
              <div>
                <dt>
                  <FormattedMessage id="checkout.summary.discount" values={{ code: promo }} />
                </dt>
                <dd className="checkout-summary__discount">-{money(data.discount ?? '0.00')}</dd>
              </div>
            )}
            <div className="checkout-summary__total">
              <dt>
                <FormattedMessage id="checkout.summary.total" />
              </dt>
              <dd>{money(data.total_price)}</dd>
            </div>
          </dl>
        </section>
      </>
    );
  }

  const footer = data ? (
    <div className="checkout-bar">
      <p className="checkout-bar__total">
        <span className="checkout-bar__label">
          <FormattedMessage id="checkout.summary.total" />
        </span>
        <strong className="checkout-bar__amount">{money(data.total_price)}</strong>
      </p>
      <button
        type="button"
        className="button checkout-bar__submit"
        disabled={submitting || preview.isFetching}
        aria-busy={submitting}
        onClick={() => void submit()}
      >
        <FormattedMessage id={submitting ? 'checkout.submitting' : 'checkout.submit'} />
      </button>
    </div>
  ) : undefined;

  return (
    <Page title={title} fallback={paths.bag} footer={footer}>
      {content}
    </Page>
  );
}

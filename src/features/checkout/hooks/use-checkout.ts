import { useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { skipToken } from '@reduxjs/toolkit/query/react';
import {
  useLazyPreviewOrderQuery,
  usePreviewOrderQuery,
  useSubmitOrderMutation,
  type OrderPreview,
  type ShippingAddress,
} from '../../../api';
import { backDataKeys, type SubmittedOrderHandOver } from '../../../shared/config/back-data';
import { paths } from '../../../shared/config/paths';
import { useIntentKey } from '../../../shared/lib/use-intent-key';
import { toast } from '../../../shared/ui/toast';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { backDataCleared, backDataMerged, selectBackData } from '../../../store/session.slice';
import { useFormKeeper } from '../../../store/use-form-keeper';
import {
  paymentSearch,
  previewRequest,
  readChosenAddress,
  readSelection,
  submitRequest,
  type CheckoutSelection,
} from '../lib/checkout-data';

/**
 * The promo code: `text` as typed, `promo` once the server accepted it (the preview is priced with
 * it). An unknown code is refused (and toasted) by a preview of its own first, so the prices shown
 * stay those of the code in force. A 401 keeps the applied code (useFormKeeper, memory only).
 */
function usePromoCode(selection: CheckoutSelection | null, addressId: number | undefined) {
  const intl = useIntl();
  const [promo, setPromo] = useState('');
  const [text, setText] = useState('');
  const [applying, setApplying] = useState(false);
  const [tryPreview] = useLazyPreviewOrderQuery();
  // A 401 keeps the selection in backData (make-store.ts); the applied promo code is kept here.
  const { restored } = useFormKeeper('checkout', { promo });
  const [promoRestored, setPromoRestored] = useState(false);
  if (restored?.promo && !promoRestored) {
    // Adjusted during render (React's pattern for state that follows a value): no extra pass.
    setPromoRestored(true);
    setPromo(restored.promo);
    setText(restored.promo);
  }

  const apply = async () => {
    const code = text.trim();
    if (!selection || !code) return;
    setApplying(true);
    try {
      // Checked first, so an unknown code (refused and toasted) leaves the current prices shown.
      await tryPreview({ previewOrderRequest: previewRequest(selection, addressId, code) }).unwrap();
      setPromo(code);
      toast.success(intl.formatMessage({ id: 'checkout.promo.applied' }));
    } catch {
      // The request layer showed the server's message; the typed code stays.
    } finally {
      setApplying(false);
    }
  };

  const remove = () => {
    setPromo('');
    setText('');
  };

  return { promo, text, setText, applying, apply, remove };
}

/**
 * Places the order once (an Idempotency-Key per selection, address and code: a retry after a lost
 * answer creates no second order), hands submitOrder's answer to /payment in backData and opens it
 * with only the payment number in the URL (DESIGN.md section 4).
 */
function usePlaceOrder(selection: CheckoutSelection | null) {
  const intl = useIntl();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [submitting, setSubmitting] = useState(false);
  const submittingRef = useRef(false);
  const intent = useIntentKey();
  const [submitOrder] = useSubmitOrderMutation();

  return {
    submitting,
    submit: async (preview: OrderPreview | undefined, address: ShippingAddress | null, promo: string) => {
      if (!selection || !preview || submittingRef.current) return;
      if (!address) {
        toast.show(intl.formatMessage({ id: 'checkout.address.required' }));
        return;
      }
      const body = submitRequest(selection, address.address_id, promo || undefined, preview.chu_id);
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
    },
  };
}

/**
 * /checkout's flow (DESIGN.md section 4): the selection from backData (bag lines or buy now), priced by
 * the server (previewOrder: lines, freight, promo discount, total) for the shipping address (the
 * default, or the one picked in the address list's choose mode), the promo code, and placing the order.
 */
export function useCheckout() {
  const backData = useAppSelector(selectBackData);
  const selection = useMemo(() => readSelection(backData), [backData]);
  const chosen = useMemo(() => readChosenAddress(backData), [backData]);
  const promoCode = usePromoCode(selection, chosen?.address_id);
  const { promo } = promoCode;
  const placing = usePlaceOrder(selection);

  const request = useMemo(
    () => (selection ? previewRequest(selection, chosen?.address_id, promo || undefined) : null),
    [selection, chosen, promo],
  );
  const preview = usePreviewOrderQuery(request ? { previewOrderRequest: request } : skipToken, {
    refetchOnMountOrArgChange: true,
  });
  const data = preview.data?.code === 1 ? preview.data.data : undefined;
  const address: ShippingAddress | null = data ? (data.address ?? null) : chosen;

  return {
    /** What is checked out, or null when nothing is (nothing in the URL: DESIGN.md section 4). */
    selection,
    /** An address picked in the choose mode (it may have been deleted since). */
    chosen,
    /** previewOrder: loading, fetching, its error and retry. */
    preview,
    /** The priced order, once the server priced it. */
    data,
    /** Where it ships: the preview's address, else the one picked. */
    address,
    promo: promoCode,
    submitting: placing.submitting,
    /** Places the order; without an address it asks for one and sends nothing. */
    submit: () => placing.submit(data, address, promo),
  };
}

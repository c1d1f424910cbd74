import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { api, useAddToCartMutation, type ProductDetail } from '../../../api';
import { backDataKeys, type BuyNowSelection } from '../../../shared/config/back-data';
import { paths } from '../../../shared/config/paths';
import { isUnknownOutcome, useIntentKey } from '../../../shared/lib/use-intent-key';
import { clampQuantity } from '../../../shared/ui/quantity-stepper';
import { toast } from '../../../shared/ui/toast';
import { useAppDispatch } from '../../../store/hooks';
import { backDataMerged } from '../../../store/session.slice';
import { defaultSpec, specText } from '../components/spec-chooser';
import { useRequireLogin } from '../components/use-require-login';

/**
 * What the product page buys: the chosen spec (each group's first value to begin with) and the
 * quantity, capped by the stock when the backend sends it; then add to bag (once per intent, an
 * Idempotency-Key; after a lost answer the bag is read to say what is true) or buy now (the selection
 * handed to /checkout in backData, nothing in the URL: DESIGN.md section 4). Both ask a visitor to log in.
 */
export function useProductPurchase(detail: ProductDetail) {
  const intl = useIntl();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const requireLogin = useRequireLogin();
  const { goods } = detail;
  const [chosen, setChosen] = useState(() => defaultSpec(goods.specList));
  const [quantity, setQuantity] = useState(1);
  const [addToCart, adding] = useAddToCartMutation();
  const intent = useIntentKey();

  // A backend may not send the stock: then nothing here caps the quantity (the server refuses more).
  const stock = goods.stock;
  const soldOut = stock !== undefined && stock < 1;
  const number = clampQuantity(quantity, stock);

  /**
   * After a lost or late answer: what the bag holds of this product now, read from the server, so the
   * shopper is told what is true (it may have been added, only the answer was lost).
   */
  const tellWhatTheBagHolds = async (spec: string) => {
    // Subscribed while it reads: without a subscriber RTK Query may answer from an entry it has
    // already dropped (no data), which would say 'could not be checked' of a bag it did read.
    const reading = dispatch(api.endpoints.getCart.initiate(undefined, { forceRefetch: true }));
    try {
      const bag = await reading.unwrap();
      const line = bag.data?.carts.find((item) => item.product_id === detail.product_id && item.spec === spec);
      if (line) toast.show(intl.formatMessage({ id: 'catalog.detail.addUnconfirmed' }, { count: line.cart_num }));
      else toast.fail(intl.formatMessage({ id: 'catalog.detail.notAdded' }));
    } catch {
      toast.fail(intl.formatMessage({ id: 'catalog.detail.addUnknown' }));
    } finally {
      reading.unsubscribe();
    }
  };

  const addToBag = async () => {
    if (!requireLogin()) return;
    const request = {
      mer_id: detail.mer_id,
      product_id: detail.product_id,
      num: number,
      spec: specText(chosen),
      id: detail.id,
    };
    try {
      // One key per intended add (contract, addToCart): a retry after a lost answer adds nothing more.
      await addToCart({ 'Idempotency-Key': intent.keyFor(request), addToCartRequest: request }).unwrap();
      intent.settled();
      toast.success(intl.formatMessage({ id: 'catalog.detail.added' }));
    } catch (error) {
      // A refusal was shown by the request layer (e.g. not enough stock); the choice stays. After a
      // lost answer the key stays too, so tapping again cannot add twice.
      intent.settled(error);
      if (isUnknownOutcome(error)) await tellWhatTheBagHolds(request.spec);
    }
  };

  const buyNow = () => {
    if (!requireLogin()) return;
    const selection: BuyNowSelection = {
      product_id: detail.product_id,
      mer_id: detail.mer_id,
      spec: specText(chosen),
      number,
      id: detail.id,
    };
    dispatch(backDataMerged({ [backDataKeys.buyNow]: selection }));
    navigate(paths.checkout);
  };

  return {
    /** The chosen value of each spec group. */
    chosen,
    choose: setChosen,
    /** The quantity, within the stock. */
    number,
    setQuantity,
    /** undefined when the backend does not send it. */
    stock,
    soldOut,
    adding: adding.isLoading,
    addToBag,
    buyNow,
  };
}

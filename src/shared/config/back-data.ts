/**
 * The session's backData keys that carry a hand-over from one screen to the next (SPEC.md section
 * 3), never in the URL (DESIGN.md section 4). Several features write and read them, so they live
 * here, once:
 * - `cartIds: number[]`: the bag's selected lines, read by checkout.
 * - `buyNow: BuyNowSelection`: one product from its page, read by checkout.
 * - `chosenAddress: Address`: picked in the address list's choose mode, read by checkout.
 * - `submittedOrder: SubmittedOrderHandOver`: what submitOrder answered, read by /payment when the
 *   backend has no getPaymentInfo to read it back (an extension of ours).
 * backData is not persisted: after a reload the hand-over is gone and checkout says so.
 */
export const backDataKeys = {
  cartIds: 'cartIds',
  buyNow: 'buyNow',
  chosenAddress: 'chosenAddress',
  submittedOrder: 'submittedOrder',
} as const;

/** submitOrder's answer, handed from checkout to /payment. */
export interface SubmittedOrderHandOver {
  out_trade_no: string;
  /** The amount to pay, as the server computed it. */
  total_price: string;
  /** The orders created, when the backend says them. */
  order_ids?: number[];
}

/** What "Buy now" on a product page hands to checkout (previewOrder / submitOrder take these fields). */
export interface BuyNowSelection {
  /** Catalogue product id. */
  product_id: number;
  /** Shop id. */
  mer_id: number;
  /** The chosen values in specList order, joined with '|' ('' when the product has no specs). */
  spec: string;
  /** Quantity, 1..stock. */
  number: number;
  /** The shop's listing id (ProductDetail.id), when the backend sent one. */
  id?: number;
}

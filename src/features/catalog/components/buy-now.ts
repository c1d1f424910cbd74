/**
 * The session backData key checkout reads a buy-now selection from (no order data travels in the
 * URL, DESIGN.md section 4). Checkout passes it to previewOrder / submitOrder as product_id, mer_id,
 * spec, number and id.
 */
export const BUY_NOW_KEY = 'buyNow';

/** What "Buy now" on a product page puts into backData[BUY_NOW_KEY]. */
export interface BuyNowSelection {
  /** Catalogue product id. */
  product_id: number;
  /** Shop id. */
  mer_id: number;
  /** The chosen values in specList order, joined with '|' ('' when the product has no specs). */
  spec: string;
  /** Quantity, 1..stock. */
  number: number;
  /** The shop's listing id (ProductDetail.id). */
  id: number;
}

import type { Address, PreviewOrderRequest, SubmitOrderRequest, SubmittedOrder } from '../../../api';

/**
 * What the screens before checkout hand over in the session's backData (SPEC.md section 3), never in
 * the URL (DESIGN.md section 4):
 * - `cartIds: number[]`: the bag's selected lines (features/cart; the bag clears `buyNow`).
 * - `buyNow: { product_id, mer_id, spec, number, id }`: one product from its page (features/catalog).
 * - `chosenAddress: Address`: written by the address list in choose mode (features/address).
 * - `submittedOrder: { out_trade_no, total_price }`: written here after submitOrder, read by /payment
 *   (the contract has no way to read an out_trade_no's amount back; see readPaymentAmount).
 * backData is not persisted: after a reload the selection is gone and checkout says so.
 */
export const CART_IDS_KEY = 'cartIds';
export const BUY_NOW_KEY = 'buyNow';
export const CHOSEN_ADDRESS_KEY = 'chosenAddress';
export const SUBMITTED_ORDER_KEY = 'submittedOrder';

export interface BuyNow {
  product_id: number;
  mer_id: number;
  /** Chosen spec values joined with '|' ('' when none). */
  spec: string;
  number: number;
  /** The shop's listing id. */
  id: number;
}

export type CheckoutSelection = { kind: 'bag'; cartIds: number[] } | { kind: 'buyNow'; item: BuyNow };

const isId = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value > 0;

function readBuyNow(value: unknown): BuyNow | null {
  if (!value || typeof value !== 'object') return null;
  const item = value as Partial<Record<keyof BuyNow, unknown>>;
  if (!isId(item.product_id) || !isId(item.mer_id) || !isId(item.number) || !isId(item.id)) return null;
  return {
    product_id: item.product_id,
    mer_id: item.mer_id,
    spec: typeof item.spec === 'string' ? item.spec : '',
    number: item.number,
    id: item.id,
  };
}

/**
 * The checkout's selection from backData, or null when there is none. Buy now wins over bag lines: the
 * bag clears `buyNow` when it starts a checkout, so a `buyNow` still present is the newer intent.
 */
export function readSelection(backData: Readonly<Record<string, unknown>>): CheckoutSelection | null {
  const item = readBuyNow(backData[BUY_NOW_KEY]);
  if (item) return { kind: 'buyNow', item };
  const ids = backData[CART_IDS_KEY];
  if (Array.isArray(ids) && ids.length > 0 && ids.every(isId)) return { kind: 'bag', cartIds: [...ids] };
  return null;
}

/** The address picked in the address list's choose mode, if any. */
export function readChosenAddress(backData: Readonly<Record<string, unknown>>): Address | null {
  const value = backData[CHOSEN_ADDRESS_KEY] as Partial<Address> | undefined;
  return value && isId(value.address_id) ? (value as Address) : null;
}

/** previewOrder's body: lines, the address to price freight for, the promo code. */
export function previewRequest(
  selection: CheckoutSelection,
  addressId?: number,
  promoCode?: string,
): PreviewOrderRequest {
  const lines: PreviewOrderRequest =
    selection.kind === 'bag' ? { cart_id: selection.cartIds.join(',') } : { ...selection.item };
  return {
    ...lines,
    ...(addressId !== undefined && { address_id: addressId }),
    ...(promoCode && { promo_code: promoCode }),
  };
}

/** submitOrder's body. */
export function submitRequest(selection: CheckoutSelection, addressId: number, promoCode?: string): SubmitOrderRequest {
  const lines = selection.kind === 'bag' ? { cart_ids: selection.cartIds.join(',') } : { ...selection.item };
  return { address_id: addressId, ...lines, ...(promoCode && { promo_code: promoCode }) };
}

/** What /payment pays: a new order by its payment number, or an existing unpaid order. */
export type PaymentTarget = { kind: 'new'; outTradeNo: string } | { kind: 'order'; orderId: number };

/** /payment's query string: only an identifier travels in the URL (DESIGN.md section 4). */
export function paymentSearch(target: PaymentTarget): string {
  return target.kind === 'new'
    ? `?out_trade_no=${encodeURIComponent(target.outTradeNo)}`
    : `?order_id=${target.orderId}`;
}

export function readPaymentTarget(params: URLSearchParams): PaymentTarget | null {
  const outTradeNo = params.get('out_trade_no')?.trim();
  if (outTradeNo) return { kind: 'new', outTradeNo };
  const orderId = Number(params.get('order_id'));
  return isId(orderId) ? { kind: 'order', orderId } : null;
}

/**
 * The amount of a new order, from what submitOrder answered (kept in backData by checkout).
 *
 * CONTRACT GAP (issue 6): the contract offers no way to read an out_trade_no's amount or orders back
 * (getOrderDetail takes an order_id; submitOrder returns none), so after a reload /payment cannot show
 * the amount and sends the shopper to the unpaid orders instead. This fallback goes once the contract
 * has such a lookup.
 */
export function readSubmittedOrder(
  backData: Readonly<Record<string, unknown>>,
  outTradeNo: string,
): SubmittedOrder | null {
  const value = backData[SUBMITTED_ORDER_KEY] as Partial<SubmittedOrder> | undefined;
  return value?.out_trade_no === outTradeNo && typeof value.total_price === 'string' ? (value as SubmittedOrder) : null;
}

/**
 * The payment's Idempotency-Key. One per payment intent, and paying an order is one intent whatever
 * happens (double taps, retries after a timeout, a second tab): the key is derived from what is paid,
 * so every attempt to pay it carries the same key and the server answers a repeat with the first
 * success. Refusals are not remembered by the server (DESIGN.md 3.4), so paying again after a refusal
 * (a wrong code, too little balance then a top-up) still works with the same key.
 */
export function paymentKey(target: PaymentTarget): string {
  return target.kind === 'new' ? `merPay:${target.outTradeNo}` : `pay:order:${target.orderId}`;
}

import type {
  Address,
  OrderDetail,
  PaymentInfo,
  PreviewLine,
  PreviewOrderRequest,
  SubmitOrderRequest,
} from '../../../api';
import { backDataKeys, type BuyNowSelection, type SubmittedOrderHandOver } from '../../../shared/config/back-data';
import { paths } from '../../../shared/config/paths';

type BuyNow = BuyNowSelection;

export type CheckoutSelection = { kind: 'bag'; cartIds: number[] } | { kind: 'buyNow'; item: BuyNow };

const isId = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value > 0;

function readBuyNow(value: unknown): BuyNow | null {
  if (!value || typeof value !== 'object') return null;
  const item = value as Partial<Record<keyof BuyNow, unknown>>;
  if (!isId(item.product_id) || !isId(item.mer_id) || !isId(item.number)) return null;
  if (item.id !== undefined && !isId(item.id)) return null;
  return {
    product_id: item.product_id,
    mer_id: item.mer_id,
    spec: typeof item.spec === 'string' ? item.spec : '',
    number: item.number,
    ...(item.id !== undefined && { id: item.id }),
  };
}

/**
 * The checkout's selection from backData, or null when there is none. Buy now wins over bag lines: the
 * bag clears `buyNow` when it starts a checkout, so a `buyNow` still present is the newer intent.
 */
export function readSelection(backData: Readonly<Record<string, unknown>>): CheckoutSelection | null {
  const item = readBuyNow(backData[backDataKeys.buyNow]);
  if (item) return { kind: 'buyNow', item };
  const ids = backData[backDataKeys.cartIds];
  if (Array.isArray(ids) && ids.length > 0 && ids.every(isId)) return { kind: 'bag', cartIds: [...ids] };
  return null;
}

/** The address picked in the address list's choose mode, if any. */
export function readChosenAddress(backData: Readonly<Record<string, unknown>>): Address | null {
  const value = backData[backDataKeys.chosenAddress] as Partial<Address> | undefined;
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

/**
 * submitOrder's body; `chuId` is previewOrder's chu_id, which a family backend expects back (BACKEND-FAMILY.md,
 * merSubmit).
 */
export function submitRequest(
  selection: CheckoutSelection,
  addressId: number,
  promoCode?: string,
  chuId?: number | string,
): SubmitOrderRequest {
  const lines = selection.kind === 'bag' ? { cart_ids: selection.cartIds.join(',') } : { ...selection.item };
  return {
    address_id: addressId,
    ...lines,
    ...(chuId !== undefined && { chu_id: chuId }),
    ...(promoCode && { promo_code: promoCode }),
  };
}

/** The hand-over of submitOrder's answer for this payment number, if checkout left one. */
export function readSubmittedOrder(
  backData: Readonly<Record<string, unknown>>,
  outTradeNo: string,
): SubmittedOrderHandOver | null {
  const value = backData[backDataKeys.submittedOrder] as Partial<SubmittedOrderHandOver> | undefined;
  if (!value || value.out_trade_no !== outTradeNo || typeof value.total_price !== 'string') return null;
  return {
    out_trade_no: value.out_trade_no,
    total_price: value.total_price,
    ...(Array.isArray(value.order_ids) && value.order_ids.every(isId) && { order_ids: value.order_ids }),
  };
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

/** Order status 0: waiting pay (DESIGN.md section 3.3); also getPaymentInfo's 'something left to pay'. */
export const WAITING_PAY = 0;
/** Order status 1: paid, waiting to be shipped. */
const WAITING_DELIVER = 1;

/** What /payment shows and pays, as the server has it now (so a reload shows the same). */
export interface Payable {
  /** The amount to pay while `open`; what was paid or ordered otherwise. */
  amount: string;
  /** Something is left to pay. */
  open: boolean;
  /** The orders a payment pays now (open), or all the orders (not open). */
  orderIds: number[];
  /** While open, the seconds left to pay when the server answered (an extension; undefined without it). */
  expiresIn?: number;
  /** Not open because it was not paid in time: the server cancelled it (an extension). */
  expired: boolean;
}

/**
 * The payment's data from the server: getOrderDetail for an order, getPaymentInfo for a payment number.
 * getPaymentInfo's total_price is, while its status is 0, exactly what payNewOrder debits: the orders of
 * the number still unpaid (another order of it may have been cancelled or paid alone).
 */
export function readPayable(
  source: { order: OrderDetail } | { info: PaymentInfo } | { submitted: SubmittedOrderHandOver },
): Payable {
  if ('order' in source) {
    const { order } = source;
    const open = order.status === WAITING_PAY;
    return {
      amount: order.total_price,
      open,
      orderIds: [order.order_id],
      ...(open && order.expires_in !== undefined && { expiresIn: order.expires_in }),
      expired: !open && order.expired,
    };
  }
  if ('submitted' in source) {
    // Only checkout's hand-over, for a backend without getPaymentInfo: just submitted, so unpaid.
    const { submitted } = source;
    return { amount: submitted.total_price, open: true, orderIds: submitted.order_ids ?? [], expired: false };
  }
  const { info } = source;
  const open = info.status === WAITING_PAY;
  const orders = open ? info.orders.filter((order) => order.status === WAITING_PAY) : info.orders;
  return {
    amount: info.total_price,
    open,
    orderIds: orders.map((order) => order.order_id),
    ...(open && typeof info.expires_in === 'number' && { expiresIn: info.expires_in }),
    expired: !open && info.expired === 1,
  };
}

/**
 * Where a payment leads: the order's detail when it concerned one order (an existing order, or a new
 * payment number covering one order), else the orders hub at 'waiting deliver', where the paid orders
 * now are. For a payment that is not open, the same with the whole hub for several orders.
 */
export function orderPathAfter(payable: Payable): string {
  const [only] = payable.orderIds;
  if (only !== undefined && payable.orderIds.length === 1) return paths.orderInfo(only);
  return payable.open ? paths.myPurchases(WAITING_DELIVER) : paths.order;
}

/** One shop's lines of a checkout: they become one order (with its own freight). */
export interface ShopLines {
  merId: number;
  /** The shop's name, when the backend sends it with the lines. */
  name: string | undefined;
  lines: PreviewLine[];
}

/** previewOrder's lines per shop, each shop where its first line is. */
export function linesByShop(lines: readonly PreviewLine[]): ShopLines[] {
  const shops = new Map<number, ShopLines>();
  for (const line of lines) {
    const shop = shops.get(line.mer_id);
    if (shop) {
      shop.lines.push(line);
      shop.name ??= line.mer_name;
    } else {
      shops.set(line.mer_id, { merId: line.mer_id, name: line.mer_name, lines: [line] });
    }
  }
  return [...shops.values()];
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

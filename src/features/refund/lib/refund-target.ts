import Decimal from 'decimal.js';
import type { OrderDetail, OrderLine } from '../../../api';
import { AMOUNT_PATTERN, toDecimal } from '../../../shared/lib/money';
import { idFrom } from '../../../shared/lib/query-string';

/** The ids of a comma list from the URL ("301,302"), unreadable parts left out. */
export function idsFrom(param: string | null | undefined): number[] {
  return (param ?? '')
    .split(',')
    .map((part) => idFrom(part.trim()))
    .filter((id): id is number => id !== null);
}

export interface RefundTarget {
  /** The order lines the refund is about: those of the URL that belong to the order, else all. */
  lines: OrderLine[];
  /** The most the shopper may ask for, 2 decimals: what was paid, and no more than the URL's amount. */
  maxAmount: string;
}

/**
 * What the refund form works with (SPEC.md section 2: /refund/{id}/{sn}/{product_ids}/{amount}). The
 * URL only suggests: the order detail from the server is the authority on lines and on what was paid
 * (its total_price, DESIGN.md section 3.4), so a changed URL can lower the ceiling but never raise it.
 */
export function refundTarget(order: OrderDetail, productIdsParam?: string, amountParam?: string): RefundTarget {
  const wanted = new Set(idsFrom(productIdsParam));
  const chosen = order.products.filter((line) => wanted.has(line.order_product_id));
  const paid = toDecimal(order.total_price);
  const fromUrl = (amountParam ?? '').trim();
  const ceiling =
    AMOUNT_PATTERN.test(fromUrl) && toDecimal(fromUrl).gt(0) ? Decimal.min(paid, toDecimal(fromUrl)) : paid;
  return { lines: chosen.length > 0 ? chosen : order.products, maxAmount: ceiling.toFixed(2) };
}

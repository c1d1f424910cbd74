import { AMOUNT_PATTERN, toDecimal } from '../../../shared/lib/money';

/** Whole-dollar digits a price filter takes: far above any price in the shop, and exact as a number. */
const MAX_DOLLAR_DIGITS = 7;

/**
 * A price as searchProducts' min_price / max_price take it: an amount as the contract accepts it
 * (shared/lib/money AMOUNT_PATTERN: at most 2 decimals, no sign, no exponent) of at most 7 digits
 * before the point. Checked on the text, so '1e3' or '-5' never reach the request.
 */
export function isPrice(text: string): boolean {
  return AMOUNT_PATTERN.test(text) && (text.split('.')[0] ?? '').length <= MAX_DOLLAR_DIGITS;
}

/** A price typed or read from the URL, trimmed; undefined when empty or not a price. */
export function priceText(text: string | null | undefined): string | undefined {
  const trimmed = (text ?? '').trim();
  return isPrice(trimmed) ? trimmed : undefined;
}

/** Whether the lowest price is above the highest (compared as decimals, never as floats). */
export function isAbove(low: string, high: string): boolean {
  return toDecimal(low).gt(toDecimal(high));
}

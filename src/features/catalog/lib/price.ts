/**
 * A price as searchProducts' min_price / max_price take it: dollars with at most 2 decimals, no sign,
 * no exponent (checked on the text, so '1e3' or '-5' never reach the request). 7 digits is far above
 * any price in the shop and keeps the number exact.
 */
export const PRICE_PATTERN = /^\d{1,7}(\.\d{1,2})?$/;

/** A price typed or read from the URL, as a number; undefined when empty or not a price. */
export function priceValue(text: string | null | undefined): number | undefined {
  const trimmed = (text ?? '').trim();
  return PRICE_PATTERN.test(trimmed) ? Number(trimmed) : undefined;
}

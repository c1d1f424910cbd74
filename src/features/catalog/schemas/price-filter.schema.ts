import { object, string } from 'yup';

/**
 * A price as searchProducts' min_price / max_price take it: dollars with at most 2 decimals, no sign,
 * no exponent (checked on the text, so '1e3' or '-5' never reach the request). 7 digits is far above
 * any price in the shop and keeps the number exact.
 */
export const PRICE_PATTERN = /^\d{1,7}(\.\d{1,2})?$/;

export interface PriceFilterValues {
  /** The lowest price, as typed ('' = no lower bound). */
  min: string;
  /** The highest price, as typed ('' = no upper bound). */
  max: string;
}

/** A price typed or read from the URL, as a number; undefined when empty or not a price. */
export function priceValue(text: string | null | undefined): number | undefined {
  const trimmed = (text ?? '').trim();
  return PRICE_PATTERN.test(trimmed) ? Number(trimmed) : undefined;
}

const price = () =>
  string().trim().matches(PRICE_PATTERN, { message: 'catalog.filter.priceFormat', excludeEmptyString: true });

/**
 * The price range of the search filters: both bounds optional, each a price, the lowest not above the
 * highest. Messages are translation ids; what was typed stays in the fields.
 */
export const priceFilterSchema = object({
  min: price(),
  max: price().test('range', 'catalog.filter.priceRange', function range(max) {
    const low = priceValue((this.parent as PriceFilterValues).min);
    const high = priceValue(max);
    return low === undefined || high === undefined || low <= high;
  }),
});

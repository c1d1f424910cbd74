import { object, string } from 'yup';
import { isAbove, isPrice, priceText } from '../lib/price';

export interface PriceFilterValues {
  /** The lowest price, as typed ('' = no lower bound). */
  min: string;
  /** The highest price, as typed ('' = no upper bound). */
  max: string;
}

const price = () =>
  string()
    .trim()
    .test('price', 'catalog.filter.priceFormat', (text) => !text || isPrice(text));

/**
 * The price range of the search filters: both bounds optional, each a price (lib/price.ts), the lowest
 * not above the highest. Messages are translation ids; what was typed stays in the fields.
 */
export const priceFilterSchema = object({
  min: price(),
  max: price().test('range', 'catalog.filter.priceRange', function range(max) {
    const low = priceText((this.parent as PriceFilterValues).min);
    const high = priceText(max);
    return low === undefined || high === undefined || !isAbove(low, high);
  }),
});

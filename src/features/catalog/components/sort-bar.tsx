import { FormattedMessage, useIntl } from 'react-intl';
import DownOutline from 'antd-mobile-icons/es/DownOutline';
import UpOutline from 'antd-mobile-icons/es/UpOutline';
import type { SearchProductsApiArg } from '../../../api';

/** The orders searchProducts knows ('default' is relevance, then best sellers). */
export type ProductSort = NonNullable<SearchProductsApiArg['sort']>;

const SORTS: readonly ProductSort[] = ['default', 'sales', 'price_asc', 'price_desc', 'new'];

/** A sort read from the URL; anything else is the default order. */
export function parseSort(value: string | null): ProductSort {
  return SORTS.find((sort) => sort === value) ?? 'default';
}

/** The sort as the API takes it: the default order is simply left out. */
export function sortArg(sort: ProductSort): ProductSort | undefined {
  return sort === 'default' ? undefined : sort;
}

/** The selector of the pressed sort button (to focus it again after the URL changed). */
export const PRESSED_SORT = '.sort-bar [aria-pressed="true"]';

/**
 * The sort choices of a product list: best match, best selling, newest, and price, which turns from
 * low-to-high to high-to-low when pressed again (the arrow and the button's name say which).
 */
export function SortBar({
  value: chosen,
  onChange,
  relevance = true,
}: {
  value: ProductSort;
  onChange: (sort: ProductSort) => void;
  /** Offer "best match" (a text search). Without a text the default order is best selling. */
  relevance?: boolean;
}) {
  const intl = useIntl();
  const value = !relevance && chosen === 'default' ? 'sales' : chosen;
  const plain: { sort: ProductSort; labelId: string }[] = [
    ...(relevance ? [{ sort: 'default' as const, labelId: 'catalog.sort.default' }] : []),
    { sort: 'sales', labelId: 'catalog.sort.sales' },
    { sort: 'new', labelId: 'catalog.sort.new' },
  ];
  const byPrice = value === 'price_asc' || value === 'price_desc';
  return (
    <div className="sort-bar" role="group" aria-label={intl.formatMessage({ id: 'catalog.sort.label' })}>
      {plain.map(({ sort, labelId }) => (
        <button
          key={sort}
          type="button"
          className={`sort-bar__option${value === sort ? ' sort-bar__option--on' : ''}`}
          aria-pressed={value === sort}
          onClick={() => onChange(sort)}
        >
          <FormattedMessage id={labelId} />
        </button>
      ))}
      <button
        type="button"
        className={`sort-bar__option${byPrice ? ' sort-bar__option--on' : ''}`}
        aria-pressed={byPrice}
        // The visible "Price" and its arrow, in words.
        aria-label={
          byPrice
            ? intl.formatMessage({ id: value === 'price_asc' ? 'catalog.sort.priceAsc' : 'catalog.sort.priceDesc' })
            : undefined
        }
        onClick={() => onChange(value === 'price_asc' ? 'price_desc' : 'price_asc')}
      >
        <FormattedMessage id="catalog.sort.price" />
        {value === 'price_asc' && <UpOutline aria-hidden fontSize={12} />}
        {value === 'price_desc' && <DownOutline aria-hidden fontSize={12} />}
      </button>
    </div>
  );
}

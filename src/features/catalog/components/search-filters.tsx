import { lazy, Suspense, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import DownOutline from 'antd-mobile-icons/es/DownOutline';
import UpOutline from 'antd-mobile-icons/es/UpOutline';
import type { SearchProductsApiArg } from '../../../api';
import { formatMoney } from '../../../../common/money-format';
import { LoadingState } from '../../../shared/ui/states';
import { isAbove, priceText } from '../lib/price';
import type { PriceFilterValues } from '../schemas/price-filter.schema';

// The price form (Formik and Yup) loads when the shopper opens the filters, not with the search
// screens: most searches never open them.
const PriceFilterForm = lazy(() => import(/* webpackChunkName: "price-filter" */ './price-filter-form'));

/** The URL's names of the filters (the operation's own parameter names, so a link reads plainly). */
export const FILTER_PARAMS = { min: 'min_price', max: 'max_price', inStock: 'in_stock' } as const;

export type FilterArgs = Pick<SearchProductsApiArg, 'minPrice' | 'maxPrice' | 'inStock'>;

export interface SearchFilterState {
  /** The price bounds as the URL holds them ('' when absent or not a price). */
  min: string;
  max: string;
  inStock: boolean;
  /** What searchProducts is asked with (keys left out when unset, so the cache entry stays the same). */
  args: FilterArgs;
  /** How many filters are on (the toggle shows it). */
  count: number;
}

/**
 * The filters a URL holds (?min_price=&max_price=&in_stock=1). Anything that is not a price is
 * ignored, and a range the wrong way round (a hand-edited link) is left out rather than refused.
 */
export function readFilters(params: URLSearchParams): SearchFilterState {
  let min = priceText(params.get(FILTER_PARAMS.min));
  let max = priceText(params.get(FILTER_PARAMS.max));
  if (min !== undefined && max !== undefined && isAbove(min, max)) {
    min = undefined;
    max = undefined;
  }
  const inStock = params.get(FILTER_PARAMS.inStock) === '1';
  // The operation takes the bounds as numbers: converted here, at the request, from checked text.
  const args: FilterArgs = {};
  if (min !== undefined) args.minPrice = Number(min);
  if (max !== undefined) args.maxPrice = Number(max);
  if (inStock) args.inStock = 1;
  return {
    min: min ?? '',
    max: max ?? '',
    inStock,
    args,
    count: (min !== undefined || max !== undefined ? 1 : 0) + (inStock ? 1 : 0),
  };
}

/** The selector of the filters' toggle (to focus it again after the URL changed). */
export const FILTER_TOGGLE = '.search-filters__toggle';
const IN_STOCK_SWITCH = '.search-filters__switch input';

type UrlChanges = Record<string, string | undefined>;

/**
 * The filters beside category and sort: a price range (typed, applied with Apply, refused with a
 * translated message that keeps what was typed) and 'In stock only', applied at once. Both live in
 * the URL, so Back, reload and a shared link show the same results. 'In stock only' is a native
 * checkbox with role=switch: antd-mobile's Switch cannot be reached or pressed from a keyboard
 * without patching (see features/account's notification switch).
 */
export function SearchFilters({
  filters,
  update,
}: {
  filters: SearchFilterState;
  update: (changes: UrlChanges, options?: { restoreFocus?: string }) => void;
}) {
  const intl = useIntl();
  const id = useId();
  const [open, setOpen] = useState(false);
  // The range in force, shown on the toggle: what filters the list without opening the panel.
  const money = (value: string) => formatMoney(value, intl.locale);
  const range =
    filters.min && filters.max
      ? intl.formatMessage({ id: 'catalog.filter.between' }, { min: money(filters.min), max: money(filters.max) })
      : filters.min
        ? intl.formatMessage({ id: 'catalog.filter.from' }, { min: money(filters.min) })
        : filters.max
          ? intl.formatMessage({ id: 'catalog.filter.upTo' }, { max: money(filters.max) })
          : undefined;
  const initialValues: PriceFilterValues = { min: filters.min, max: filters.max };

  const apply = (values: PriceFilterValues) => {
    setOpen(false);
    update(
      { [FILTER_PARAMS.min]: values.min.trim() || undefined, [FILTER_PARAMS.max]: values.max.trim() || undefined },
      { restoreFocus: FILTER_TOGGLE },
    );
  };

  return (
    <div className="search-filters">
      <div className="search-filters__bar">
        <button
          type="button"
          className={`search-filters__toggle${filters.count ? ' search-filters__toggle--on' : ''}`}
          aria-expanded={open}
          aria-controls={`${id}-panel`}
          onClick={() => setOpen((shown) => !shown)}
        >
          <FormattedMessage id="catalog.filter.toggle" values={{ count: filters.count }} />
          {range && (
            <>
              {' '}
              <span className="search-filters__range-value">· {range}</span>
            </>
          )}
          {open ? <UpOutline aria-hidden fontSize={12} /> : <DownOutline aria-hidden fontSize={12} />}
        </button>
        <label className="search-filters__switch">
          <input
            type="checkbox"
            role="switch"
            checked={filters.inStock}
            onChange={(event) =>
              update(
                { [FILTER_PARAMS.inStock]: event.target.checked ? '1' : undefined },
                { restoreFocus: IN_STOCK_SWITCH },
              )
            }
          />
          <span className="search-filters__track" aria-hidden />
          <FormattedMessage id="catalog.filter.inStock" />
        </label>
      </div>
      <div id={`${id}-panel`} hidden={!open}>
        {open && (
          <Suspense fallback={<LoadingState />}>
            <PriceFilterForm initialValues={initialValues} onApply={apply} />
          </Suspense>
        )}
      </div>
    </div>
  );
}

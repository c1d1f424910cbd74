import Decimal from 'decimal.js';

/** Money arrives as decimal strings with 2 decimals (DESIGN.md section 3); never do money in floats. */
export function toDecimal(value: string | number | null | undefined): Decimal {
  try {
    return new Decimal(value === null || value === undefined || value === '' ? 0 : value);
  } catch {
    return new Decimal(0);
  }
}

/** Formats an amount in dollars (SPEC.md section 1) for the shopper's language, e.g. "$1,000.00". */
export function formatMoney(value: string | number | null | undefined, locale = 'en'): string {
  const exact = toDecimal(value).toFixed(2);
  // Intl formats decimal strings exactly (no float rounding), as Intl.NumberFormat v3 specifies.
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }).format(exact as unknown as number);
}

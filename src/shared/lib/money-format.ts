const DECIMAL_TEXT = /^-?\d+(\.\d+)?$/;

/**
 * Formats an amount in dollars (SPEC.md section 1) for the shopper's language, e.g. "$1,000.00".
 * Intl.NumberFormat formats decimal strings exactly (Intl.NumberFormat v3: no float rounding, half away
 * from zero), so this needs no decimal library: it lives apart from money.ts to keep decimal.js out of
 * the screens that only show prices (the home page's first load).
 */
export function formatMoney(value: string | number | null | undefined, locale = 'en'): string {
  const text = value === null || value === undefined ? '' : String(value).trim();
  const exact = DECIMAL_TEXT.test(text) ? text : '0';
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(exact as unknown as number);
}

/** An amount in whole cents, exactly (extra decimals are cut), or null when it is not a decimal text. */
export function toCents(value: string | number | null | undefined): bigint | null {
  const text = value === null || value === undefined ? '' : String(value).trim();
  if (!DECIMAL_TEXT.test(text)) return null;
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
  const cents = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
  return negative ? -cents : cents;
}

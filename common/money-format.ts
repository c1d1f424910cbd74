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

/** Cents as a 2-decimal text, e.g. 1250n -> "12.50", -5n -> "-0.05". */
export function fromCents(cents: bigint): string {
  const negative = cents < 0n;
  const size = negative ? -cents : cents;
  return `${negative ? '-' : ''}${size / 100n}.${String(size % 100n).padStart(2, '0')}`;
}

const MONEY_TEXT = /^[-+]?\d+(\.\d+)?$/;

/**
 * An amount as the SPA keeps it (openapi Money): a 2-decimal text such as "12.50", from the decimal
 * text or the number a backend sent; undefined for anything else (missing, empty, "abc"). Exact: a
 * number is read through its shortest decimal text and rounded half away from zero on the digits,
 * never in binary floating point (and without decimal.js, which the first load does without).
 */
export function toMoneyText(value: unknown): string | undefined {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return undefined;
    text = String(value);
    // Exponent forms: below a millionth is 0.00; 1e21 and above is no price.
    if (/e/i.test(text)) return Math.abs(value) < 1 ? '0.00' : undefined;
  } else if (typeof value === 'string') {
    text = value.trim();
  } else {
    return undefined;
  }
  if (!MONEY_TEXT.test(text)) return undefined;
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = text.replace(/^[-+]/, '').split('.');
  let cents = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
  if ((fraction[2] ?? '0') >= '5') cents += 1n;
  return fromCents(negative ? -cents : cents);
}

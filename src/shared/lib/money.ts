import Decimal from 'decimal.js';

/** Money arrives as decimal strings with 2 decimals (DESIGN.md section 3); never do money in floats. */
export function toDecimal(value: string | number | null | undefined): Decimal {
  try {
    return new Decimal(value === null || value === undefined || value === '' ? 0 : value);
  } catch {
    return new Decimal(0);
  }
}

export { formatMoney } from '../../../common/money-format';

/**
 * An amount as the contract accepts it (openapi AmountInput): digits with at most 2 decimals, no sign,
 * no exponent. Checked on the text, so "1e3" or "0x10" never reach Decimal.
 */
export const AMOUNT_PATTERN = /^\d+(\.\d{1,2})?$/;

/** True for a well-formed amount (AMOUNT_PATTERN) above zero. */
export function isPositiveAmount(value: string | null | undefined): boolean {
  const text = (value ?? '').trim();
  return AMOUNT_PATTERN.test(text) && toDecimal(text).gt(0);
}

/**
 * The withdrawal service charge: rate x amount, rounded half up to the cent (DESIGN.md section 3.4),
 * and at least 0.01 when the rate is not 0, as the reference server does it (server/src/shared/money.ts
 * withdrawalFeeCents: half up on exact cents).
 * An unreadable amount or rate counts as 0. Returns a 2-decimal string, e.g. "1.00".
 */
export function withdrawalFee(amount: string | number | null | undefined, rate: string | number | null | undefined) {
  const fee = toDecimal(amount).times(toDecimal(rate)).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  if (fee.isNegative()) return '0.00';
  // As the server charges it: a rate that is not 0 never gives a zero fee (at least 0.01).
  if (fee.isZero() && toDecimal(amount).gt(0) && toDecimal(rate).gt(0)) return '0.01';
  return fee.toFixed(2);
}

/** What actually arrives after the service charge: amount - withdrawalFee(amount, rate), 2 decimals. */
export function withdrawalNet(amount: string | number | null | undefined, rate: string | number | null | undefined) {
  return toDecimal(amount).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).minus(withdrawalFee(amount, rate)).toFixed(2);
}

/**
 * A signed amount for ledgers: "+$10.00", "-$5.00", with the sign always shown (colour is never the
 * only signal, and a zero entry reads "+$0.00").
 */
export function formatSignedMoney(value: string | number | null | undefined, locale = 'en'): string {
  const exact = toDecimal(value).toFixed(2);
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', signDisplay: 'always' }).format(
    exact as unknown as number,
  );
}

/** A service-charge rate (a fraction, "0.03") as a percentage for the shopper's language, e.g. "3%". */
export function formatRate(rate: string | number | null | undefined, locale = 'en'): string {
  const exact = toDecimal(rate).toString();
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 4 }).format(
    exact as unknown as number,
  );
}

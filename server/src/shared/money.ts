/**
 * Money is held as integer cents everywhere on the server; these helpers are the only place it
 * is converted to and from the decimal strings of the API ("1000.00").
 */

/** 100000 -> "1000.00", -5 -> "-0.05". */
export function formatCents(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not an integer amount of cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100);
  const frac = abs % 100;
  return `${sign}${whole}.${frac.toString().padStart(2, '0')}`;
}

/**
 * Parses a decimal amount ("12", "12.5", "12.50", 12.5) into cents without binary floating
 * point arithmetic. Returns null when it is not a plain non-negative amount with at most 2 decimals.
 */
export function parseMoney(value: unknown): number | null {
  const text =
    typeof value === 'number'
      ? Number.isFinite(value)
        ? String(value)
        : ''
      : typeof value === 'string'
        ? value.trim()
        : '';
  const m = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) return null;
  const whole = Number(m[1]);
  const frac = Number((m[2] ?? '').padEnd(2, '0'));
  return whole * 100 + frac;
}

/**
 * Applies a rate in basis points (300 = 3 %) to a non-negative amount, rounding half up to the
 * cent, in integer arithmetic (BigInt, so even huge amounts stay exact): 1050 cents x 300 bp =
 * 31.5 -> 32 cents.
 */
export function applyBasisPoints(cents: number, bp: number): number {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`not a non-negative amount of cents: ${cents}`);
  if (!Number.isInteger(bp) || bp < 0 || bp > 10000) throw new RangeError(`not a rate in basis points: ${bp}`);
  return Number((BigInt(cents) * BigInt(bp) + 5000n) / 10000n);
}

/**
 * A withdrawal's fee: the rate applied half up to the cent, but never 0.00 when the rate is not 0
 * (else small withdrawals would carry no fee at all: 0.16 x 3 % = 0.0048 -> 0.00).
 */
export function withdrawalFeeCents(cents: number, bp: number): number {
  const fee = applyBasisPoints(cents, bp);
  return bp > 0 && cents > 0 ? Math.max(1, fee) : fee;
}

/** A rate in basis points as the API's decimal fraction: 300 -> "0.03", 250 -> "0.025", 0 -> "0.00". */
export function formatBasisPoints(bp: number): string {
  if (!Number.isInteger(bp) || bp < 0) throw new RangeError(`not a rate in basis points: ${bp}`);
  const whole = Math.floor(bp / 10000);
  const frac = (bp % 10000).toString().padStart(4, '0').replace(/0+$/, '').padEnd(2, '0');
  return `${whole}.${frac}`;
}

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

/** Applies a rate in basis points (300 = 3 %) to an amount, rounding half up to the cent. */
export function applyBasisPoints(cents: number, bp: number): number {
  return Math.floor((cents * bp + 5000) / 10000);
}

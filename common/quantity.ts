/**
 * The most one line may hold: the contract takes 1..999 for addToCart's num, setCartQuantity's num and
 * previewOrder's number (openapi/openapi.yaml). It caps the stepper also when the stock is not known (a
 * backend may leave it out) or is larger; the server still refuses more than it has.
 * No imports: the reference server draws /bag's frame with the same ceiling (server/src/web/bag-frame.ts).
 */
export const MAX_LINE_QUANTITY = 999;

/** The most the stepper offers for a stock (undefined when not known); 1 when the stock is unusable. */
export function quantityCeiling(max: number | undefined): number {
  const limit = Math.min(max ?? MAX_LINE_QUANTITY, MAX_LINE_QUANTITY);
  return Number.isFinite(limit) ? Math.max(1, Math.floor(limit)) : 1;
}

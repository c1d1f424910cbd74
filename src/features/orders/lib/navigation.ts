/** Where an order screen was opened from, so it can go Back there instead of stacking a new copy. */
export interface FromState {
  from?: 'orders' | 'order';
}

/** A positive integer id from the URL, or null. */
export function orderIdFrom(param: string | null | undefined): number | null {
  if (!param || !/^\d{1,15}$/.test(param)) return null;
  const id = Number(param);
  return id >= 1 ? id : null;
}

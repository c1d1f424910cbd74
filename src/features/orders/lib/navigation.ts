/** Where an order screen was opened from, so it can go Back there instead of stacking a new copy. */
export interface FromState {
  from?: 'orders' | 'order';
}

import type { ComponentType, LazyExoticComponent } from 'react';

/** One entry of the route table. */
export interface AppRoute {
  /** react-router pattern, e.g. '/orderInfo/:id?'. */
  path: string;
  /** Translation id of the page title (SPEC.md section 2: set before the route resolves). */
  titleId: string;
  Screen: LazyExoticComponent<ComponentType> | ComponentType;
  /** false for screens that must never be kept alive (product detail). Default true. */
  keepAlive?: boolean;
  /**
   * The screen shows live money or takes a payment (wallet, checkout): offline it shows the 'You are
   * offline' state instead of what it last knew. Its answers are never cached by the service worker.
   */
  needsNetwork?: boolean;
}

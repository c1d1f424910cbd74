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
}

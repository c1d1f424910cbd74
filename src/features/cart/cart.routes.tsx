import { lazy } from 'react';
import type { AppRoute } from '../../shared/config/route';

export const cartRoutes: AppRoute[] = [
  { path: '/bag', titleId: 'route.bag', Screen: lazy(() => import('./screens/bag-screen')) },
];

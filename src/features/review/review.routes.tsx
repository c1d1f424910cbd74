import { lazy } from 'react';
import type { AppRoute } from '../../shared/config/route';

export const reviewRoutes: AppRoute[] = [
  { path: '/comment', titleId: 'route.comment', Screen: lazy(() => import('./screens/review-screen')) },
];

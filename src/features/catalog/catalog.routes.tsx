import { lazy } from 'react';
import type { AppRoute } from '../../shared/config/route';

export const catalogRoutes: AppRoute[] = [
  { path: '/home', titleId: 'route.home', Screen: lazy(() => import('./screens/home-screen')) },
];

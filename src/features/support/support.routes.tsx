import { lazy } from 'react';
import type { AppRoute } from '../../shared/config/route';

export const supportRoutes: AppRoute[] = [
  {
    path: '/helpAndSupport',
    titleId: 'route.helpAndSupport',
    Screen: lazy(() => import('./screens/help-and-support-screen')),
  },
  { path: '/law', titleId: 'route.law', Screen: lazy(() => import('./screens/law-screen')) },
  { path: '/platform', titleId: 'route.platform', Screen: lazy(() => import('./screens/platform-screen')) },
  { path: '/service', titleId: 'route.service', Screen: lazy(() => import('./screens/service-screen')) },
  { path: '/services', titleId: 'route.services', Screen: lazy(() => import('./screens/services-screen')) },
];

import { lazy } from 'react';
import type { AppRoute } from '../../shared/config/route';

export const addressRoutes: AppRoute[] = [
  { path: '/address', titleId: 'route.address', Screen: lazy(() => import('./screens/address-screen')) },
  {
    path: '/addressForm/:id?',
    titleId: 'route.addressForm',
    Screen: lazy(() => import('./screens/address-form-screen')),
  },
];

import { lazy } from 'react';
import type { AppRoute } from '../../shared/config/route';

export const checkoutRoutes: AppRoute[] = [
  {
    path: '/checkout',
    titleId: 'route.checkout',
    Screen: lazy(() => import('./screens/checkout-screen')),
    needsNetwork: true,
  },
  {
    path: '/payment',
    titleId: 'route.payment',
    Screen: lazy(() => import('./screens/payment-screen')),
    needsNetwork: true,
  },
];

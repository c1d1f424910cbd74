import { lazyScreen, type AppRoute } from '../../shared/config/route';

export const checkoutRoutes: AppRoute[] = [
  {
    path: '/checkout',
    titleId: 'route.checkout',
    Screen: lazyScreen(() => import('./screens/checkout-screen')),
    needsNetwork: true,
  },
  {
    path: '/payment',
    titleId: 'route.payment',
    Screen: lazyScreen(() => import('./screens/payment-screen')),
    needsNetwork: true,
  },
];

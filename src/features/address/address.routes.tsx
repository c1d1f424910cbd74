import { lazyScreen, type AppRoute } from '../../shared/config/route';

export const addressRoutes: AppRoute[] = [
  { path: '/address', titleId: 'route.address', Screen: lazyScreen(() => import('./screens/address-screen')) },
  {
    path: '/addressForm/:id?',
    titleId: 'route.addressForm',
    Screen: lazyScreen(() => import('./screens/address-form-screen')),
  },
];

import { lazyScreen, type AppRoute } from '../../shared/config/route';

export const cartRoutes: AppRoute[] = [
  { path: '/bag', titleId: 'route.bag', Screen: lazyScreen(() => import('./screens/bag-screen')) },
];

import { lazyScreen, type AppRoute } from '../../shared/config/route';

export const refundRoutes: AppRoute[] = [
  {
    path: '/refund/:id?/:sn?/:product_ids?/:amount?',
    titleId: 'route.refund',
    Screen: lazyScreen(() => import('./screens/refund-screen')),
  },
];

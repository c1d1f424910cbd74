import { lazyScreen, type AppRoute } from '../../shared/config/route';

export const reviewRoutes: AppRoute[] = [
  { path: '/comment', titleId: 'route.comment', Screen: lazyScreen(() => import('./screens/review-screen')) },
];

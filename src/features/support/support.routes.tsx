import { lazyScreen, type AppRoute } from '../../shared/config/route';

export const supportRoutes: AppRoute[] = [
  {
    path: '/helpAndSupport',
    titleId: 'route.helpAndSupport',
    Screen: lazyScreen(() => import('./screens/help-and-support-screen')),
  },
  { path: '/law', titleId: 'route.law', Screen: lazyScreen(() => import('./screens/law-screen')) },
  { path: '/platform', titleId: 'route.platform', Screen: lazyScreen(() => import('./screens/platform-screen')) },
  { path: '/service', titleId: 'route.service', Screen: lazyScreen(() => import('./screens/service-screen')) },
  { path: '/services', titleId: 'route.services', Screen: lazyScreen(() => import('./screens/services-screen')) },
];

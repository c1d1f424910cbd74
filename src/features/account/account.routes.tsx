import { lazyScreen, type AppRoute } from '../../shared/config/route';

export const accountRoutes: AppRoute[] = [
  {
    path: '/login',
    titleId: 'route.login',
    Screen: lazyScreen(() => import('./screens/login-screen'), { needs: 'signin' }),
  },
  { path: '/register', titleId: 'route.register', Screen: lazyScreen(() => import('./screens/register-screen')) },
  { path: '/language', titleId: 'route.language', Screen: lazyScreen(() => import('./screens/language-screen')) },
  {
    path: '/changePayPwd',
    titleId: 'route.changePayPwd',
    Screen: lazyScreen(() => import('./screens/change-pay-password-screen')),
  },
  { path: '/passwords', titleId: 'route.passwords', Screen: lazyScreen(() => import('./screens/passwords-screen')) },
  { path: '/profile', titleId: 'route.profile', Screen: lazyScreen(() => import('./screens/profile-screen')) },
  { path: '/setting', titleId: 'route.setting', Screen: lazyScreen(() => import('./screens/setting-screen')) },
  { path: '/security', titleId: 'route.security', Screen: lazyScreen(() => import('./screens/security-screen')) },
  {
    path: '/notification',
    titleId: 'route.notification',
    Screen: lazyScreen(() => import('./screens/notification-screen')),
  },
  {
    path: '/forgotPassword',
    titleId: 'route.forgotPassword',
    Screen: lazyScreen(() => import('./screens/forgot-password-screen')),
  },
  {
    path: '/changePassword',
    titleId: 'route.changePassword',
    Screen: lazyScreen(() => import('./screens/change-password-screen')),
  },
  { path: '/filter', titleId: 'route.me', Screen: lazyScreen(() => import('./screens/me-screen')) },
];

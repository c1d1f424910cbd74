import { lazy } from 'react';
import type { AppRoute } from '../../shared/config/route';

export const accountRoutes: AppRoute[] = [
  { path: '/login', titleId: 'route.login', Screen: lazy(() => import('./screens/login-screen')) },
  { path: '/register', titleId: 'route.register', Screen: lazy(() => import('./screens/register-screen')) },
  { path: '/language', titleId: 'route.language', Screen: lazy(() => import('./screens/language-screen')) },
  {
    path: '/changePayPwd',
    titleId: 'route.changePayPwd',
    Screen: lazy(() => import('./screens/change-pay-password-screen')),
  },
  { path: '/passwords', titleId: 'route.passwords', Screen: lazy(() => import('./screens/passwords-screen')) },
  { path: '/profile', titleId: 'route.profile', Screen: lazy(() => import('./screens/profile-screen')) },
  { path: '/setting', titleId: 'route.setting', Screen: lazy(() => import('./screens/setting-screen')) },
  { path: '/security', titleId: 'route.security', Screen: lazy(() => import('./screens/security-screen')) },
  {
    path: '/notification',
    titleId: 'route.notification',
    Screen: lazy(() => import('./screens/notification-screen')),
  },
  {
    path: '/forgotPassword',
    titleId: 'route.forgotPassword',
    Screen: lazy(() => import('./screens/forgot-password-screen')),
  },
  {
    path: '/changePassword',
    titleId: 'route.changePassword',
    Screen: lazy(() => import('./screens/change-password-screen')),
  },
  { path: '/filter', titleId: 'route.me', Screen: lazy(() => import('./screens/me-screen')) },
];

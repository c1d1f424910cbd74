import { lazy } from 'react';
import type { AppRoute } from '../../shared/config/route';

export const walletRoutes: AppRoute[] = [
  { path: '/topUp', titleId: 'route.topUp', Screen: lazy(() => import('./screens/top-up-screen')) },
  { path: '/walletTopUp', titleId: 'route.walletTopUp', Screen: lazy(() => import('./screens/wallet-top-up-screen')) },
  { path: '/cardTopUp', titleId: 'route.cardTopUp', Screen: lazy(() => import('./screens/card-top-up-screen')) },
  { path: '/withDraw', titleId: 'route.withDraw', Screen: lazy(() => import('./screens/withdraw-screen')) },
  { path: '/topUpRecord', titleId: 'route.topUpRecord', Screen: lazy(() => import('./screens/top-up-record-screen')) },
  {
    path: '/depositRecord',
    titleId: 'route.depositRecord',
    Screen: lazy(() => import('./screens/deposit-record-screen')),
  },
  {
    path: '/capitalRecord',
    titleId: 'route.capitalRecord',
    Screen: lazy(() => import('./screens/capital-record-screen')),
  },
];

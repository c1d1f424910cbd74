import { lazy } from 'react';
import type { AppRoute } from '../../shared/config/route';

export const walletRoutes: AppRoute[] = [
  { path: '/topUp', titleId: 'route.topUp', Screen: lazy(() => import('./screens/top-up-screen')), needsNetwork: true },
  {
    path: '/walletTopUp',
    titleId: 'route.walletTopUp',
    Screen: lazy(() => import('./screens/wallet-top-up-screen')),
    needsNetwork: true,
  },
  {
    path: '/cardTopUp',
    titleId: 'route.cardTopUp',
    Screen: lazy(() => import('./screens/card-top-up-screen')),
    needsNetwork: true,
  },
  {
    path: '/withDraw',
    titleId: 'route.withDraw',
    Screen: lazy(() => import('./screens/withdraw-screen')),
    needsNetwork: true,
  },
  {
    path: '/topUpRecord',
    titleId: 'route.topUpRecord',
    Screen: lazy(() => import('./screens/top-up-record-screen')),
    needsNetwork: true,
  },
  {
    path: '/depositRecord',
    titleId: 'route.depositRecord',
    Screen: lazy(() => import('./screens/deposit-record-screen')),
    needsNetwork: true,
  },
  {
    path: '/capitalRecord',
    titleId: 'route.capitalRecord',
    Screen: lazy(() => import('./screens/capital-record-screen')),
    needsNetwork: true,
  },
];

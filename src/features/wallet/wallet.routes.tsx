import { lazyScreen, type AppRoute } from '../../shared/config/route';

export const walletRoutes: AppRoute[] = [
  {
    path: '/topUp',
    titleId: 'route.topUp',
    Screen: lazyScreen(() => import('./screens/top-up-screen')),
    needsNetwork: true,
  },
  {
    path: '/walletTopUp',
    titleId: 'route.walletTopUp',
    Screen: lazyScreen(() => import('./screens/wallet-top-up-screen')),
    needsNetwork: true,
  },
  {
    path: '/cardTopUp',
    titleId: 'route.cardTopUp',
    Screen: lazyScreen(() => import('./screens/card-top-up-screen')),
    needsNetwork: true,
  },
  {
    path: '/withDraw',
    titleId: 'route.withDraw',
    Screen: lazyScreen(() => import('./screens/withdraw-screen')),
    needsNetwork: true,
  },
  {
    path: '/topUpRecord',
    titleId: 'route.topUpRecord',
    Screen: lazyScreen(() => import('./screens/top-up-record-screen')),
    needsNetwork: true,
  },
  {
    path: '/depositRecord',
    titleId: 'route.depositRecord',
    Screen: lazyScreen(() => import('./screens/deposit-record-screen')),
    needsNetwork: true,
  },
  {
    path: '/capitalRecord',
    titleId: 'route.capitalRecord',
    Screen: lazyScreen(() => import('./screens/capital-record-screen')),
    needsNetwork: true,
  },
];

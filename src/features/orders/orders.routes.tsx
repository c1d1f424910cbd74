import { lazyScreen, type AppRoute } from '../../shared/config/route';

const OrdersScreen = lazyScreen(() => import('./screens/orders-screen'));

export const ordersRoutes: AppRoute[] = [
  { path: '/order', titleId: 'route.order', Screen: OrdersScreen },
  { path: '/myPurchases/:status?', titleId: 'route.myPurchases', Screen: OrdersScreen },
  {
    path: '/orderInfo/:id?',
    titleId: 'route.orderInfo',
    Screen: lazyScreen(() => import('./screens/order-detail-screen')),
  },
];

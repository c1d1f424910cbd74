import { accountRoutes } from '../features/account/account.routes';
import { cartRoutes } from '../features/cart/cart.routes';
import { catalogRoutes } from '../features/catalog/catalog.routes';
import { checkoutRoutes } from '../features/checkout/checkout.routes';
import { addressRoutes } from '../features/address/address.routes';
import { ordersRoutes } from '../features/orders/orders.routes';
import { refundRoutes } from '../features/refund/refund.routes';
import { reviewRoutes } from '../features/review/review.routes';
import { supportRoutes } from '../features/support/support.routes';
import { walletRoutes } from '../features/wallet/wallet.routes';
import type { AppRoute } from '../shared/config/route';
import { comingSoon } from '../shared/ui/coming-soon';

/** Routes of SPEC.md section 2 whose screens land with later issues: a translated 'coming soon' page. */
const upcoming: [path: string, titleId: string, keepAlive?: boolean][] = [
  ['/home', 'route.home'],
  ['/explore', 'route.explore'],
  ['/bag', 'route.bag'],
  ['/order', 'route.order'],
  ['/orderInfo/:id?', 'route.orderInfo'],
  ['/myPurchases/:status?', 'route.myPurchases'],
  ['/comment', 'route.comment'],
  ['/refund/:id?/:sn?/:product_ids?/:amount?', 'route.refund'],
  ['/checkout', 'route.checkout'],
  ['/payment', 'route.payment'],
  ['/notification', 'route.notification'],
  ['/profile', 'route.profile'],
  ['/setting', 'route.setting'],
  ['/security', 'route.security'],
  ['/forgotPassword', 'route.forgotPassword'],
  ['/changePassword', 'route.changePassword'],
  ['/changePayPwd', 'route.changePayPwd'],
  ['/passwords', 'route.passwords'],
  ['/helpAndSupport', 'route.helpAndSupport'],
  ['/law', 'route.law'],
  ['/platform', 'route.platform'],
  ['/withDraw', 'route.withDraw'],
  ['/depositRecord', 'route.depositRecord'],
  ['/topUp', 'route.topUp'],
  ['/walletTopUp', 'route.walletTopUp'],
  ['/cardTopUp', 'route.cardTopUp'],
  ['/topUpRecord', 'route.topUpRecord'],
  ['/capitalRecord', 'route.capitalRecord'],
  ['/myFavourite', 'route.myFavourite'],
  ['/heart', 'route.heart'],
  ['/search', 'route.search'],
  ['/searchs', 'route.searchs'],
  ['/popular', 'route.popular'],
  ['/detail/:product?/:mer?', 'route.detail', false],
  ['/shop/:id?', 'route.shop'],
  ['/products', 'route.products'],
  ['/address', 'route.address'],
  ['/addressForm/:id?', 'route.addressForm'],
  ['/service', 'route.service'],
  ['/services', 'route.services'],
];

/** Orders hub and lists, order detail, refund and review (issue 6). */
const orderRoutes: AppRoute[] = [...ordersRoutes, ...refundRoutes, ...reviewRoutes];

/** Bag, checkout and payment (issue 6). */
const moneyPathRoutes: AppRoute[] = [...cartRoutes, ...checkoutRoutes];

const built = new Set(
  [
    ...accountRoutes,
    ...walletRoutes,
    ...addressRoutes,
    ...supportRoutes,
    ...catalogRoutes,
    ...orderRoutes,
    ...moneyPathRoutes,
  ].map((route) => route.path),
);

/** The route table: every route of SPEC.md section 2. */
export const routes: readonly AppRoute[] = [
  ...accountRoutes,
  ...walletRoutes,
  ...addressRoutes,
  ...supportRoutes,
  ...catalogRoutes,
  ...orderRoutes,
  ...moneyPathRoutes,
  ...upcoming
    .filter(([path]) => !built.has(path))
    .map(([path, titleId, keepAlive]) => ({ path, titleId, Screen: comingSoon(titleId), keepAlive })),
];

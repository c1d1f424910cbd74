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

/** Orders hub and lists, order detail, refund and review (SPEC.md section 2; DESIGN.md section 3.3). */
const orderRoutes: AppRoute[] = [...ordersRoutes, ...refundRoutes, ...reviewRoutes];

/** Bag, checkout and payment (DESIGN.md section 4: checkout is a real flow). */
const moneyPathRoutes: AppRoute[] = [...cartRoutes, ...checkoutRoutes];

/** The route table: every route of SPEC.md section 2. */
export const routes: readonly AppRoute[] = [
  ...accountRoutes,
  ...walletRoutes,
  ...addressRoutes,
  ...supportRoutes,
  ...catalogRoutes,
  ...orderRoutes,
  ...moneyPathRoutes,
];

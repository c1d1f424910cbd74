/**
 * What the handlers of checkout, payment, orders, refunds and reviews are given (app/api.ts builds it,
 * orders.routes.ts passes it to each). It lives here, not in the routes file, so that imports run one
 * way: routes -> handlers -> deps.
 */
import type { Db } from '../../platform/db';
import type { OrderExpiry } from './order-expiry';

export interface OrdersDeps {
  db: Db;
  /** Deadlines of unpaid orders and how many one shopper may hold. */
  expiry: OrderExpiry;
}

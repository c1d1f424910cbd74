/**
 * What the support handlers are given (app/api.ts builds it, support.routes.ts passes it to each). It
 * lives here, not in the routes file, so that imports run one way: routes -> handlers -> deps.
 */
import type { Db } from '../../platform/db';

export interface SupportDeps {
  db: Db;
}

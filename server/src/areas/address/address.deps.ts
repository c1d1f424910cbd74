/**
 * What the address book's handlers are given (app/api.ts builds it, address.routes.ts passes it to
 * each). It lives here, not in the routes file, so that imports run one way: routes -> handlers -> deps.
 */
import type { CountryCode } from 'libphonenumber-js';
import type { Db } from '../../platform/db';

export interface AddressDeps {
  db: Db;
  /** Region of a mobile sent without a calling code (DEFAULT_REGION). */
  defaultRegion: CountryCode;
}

/**
 * What the account's handlers are given (app/api.ts builds it, account.routes.ts passes it to each).
 * It lives here, not in the routes file, so that imports run one way: routes -> handlers -> deps.
 */
import type { AttemptGuards } from '../../platform/auth/attempt-limits';
import type { Db } from '../../platform/db';
import type { PasskeySettings } from '../../shared/passkeys';

export interface AccountDeps {
  db: Db;
  /** Failed-login, reset-code and send limits. */
  guards: AttemptGuards;
  /** Where send_code writes the code (the demo has no SMS gateway). */
  log: (line: string) => void;
  /** The relying party and the clock of passkey challenges. */
  passkeys: PasskeySettings;
}

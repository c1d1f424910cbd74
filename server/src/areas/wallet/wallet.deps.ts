/**
 * What the wallet's handlers are given (app/api.ts builds it, wallet.routes.ts passes it to each). It
 * lives here, not in the routes file, so that imports run one way: routes -> handlers -> deps.
 */
import type { AttemptGuards } from '../../platform/auth/attempt-limits';
import type { Db } from '../../platform/db';
import type { PasskeySettings } from '../../shared/passkeys';

export interface WalletDeps {
  db: Db;
  /** Limits on login-password checks (setting a first payment code asks for it). */
  guards: AttemptGuards;
  /** The relying party and the clock of passkey challenges (confirming a payment with a passkey). */
  passkeys: PasskeySettings;
}

/**
 * The payment code: checking it (with a lockout against guessing) and the one-use authorization a
 * successful verify_pay (or a passkey, for one named payment) grants to its session for the
 * money-moving operations: createExtract, payNewOrder and payOrder.
 */
import type { Db } from '../platform/db';
import { nowSeconds } from '../platform/db';
import { verifySecret } from '../platform/auth/secrets';

/** An authorization from verify_pay is valid this long, for one operation of the same session. */
export const PAY_AUTH_TTL_SECONDS = 5 * 60;
/** This many wrong codes within LOCK_WINDOW_SECONDS lock further attempts for LOCK_SECONDS. */
export const MAX_WRONG_CODES = 5;
export const LOCK_WINDOW_SECONDS = 15 * 60;
export const LOCK_SECONDS = 15 * 60;

export type CodeCheck =
  | { result: 'ok' }
  | { result: 'wrong' }
  /** No payment code set (have_pay 0). */
  | { result: 'unset' }
  /** Too many wrong codes: no check was made. `minutes` until the next attempt is allowed. */
  | { result: 'locked'; minutes: number };

interface GuardRow {
  failures: number;
  window_start: number;
  locked_until: number | null;
}

const lockedFor = (until: number, now: number) => ({
  result: 'locked' as const,
  minutes: Math.max(1, Math.ceil((until - now) / 60)),
});

/**
 * Checks a payment code against the user's stored hash. Shared by verify_pay and resetPay (the old
 * code), so neither can be used to guess past the limit. The attempt is counted BEFORE the slow
 * scrypt comparison (synchronously, so parallel guesses are counted too) and forgiven on success.
 */
export async function checkPaymentCode(db: Db, userId: number, code: string): Promise<CodeCheck> {
  const user = db
    .prepare<[number], { pay_password_hash: string | null }>('SELECT pay_password_hash FROM users WHERE id = ?')
    .get(userId);
  if (!user?.pay_password_hash) return { result: 'unset' };

  const getGuard = db.prepare<[number], GuardRow>(
    'SELECT failures, window_start, locked_until FROM pay_code_guards WHERE user_id = ?',
  );
  const saveGuard = db.prepare(
    `INSERT INTO pay_code_guards (user_id, failures, window_start, locked_until) VALUES (?, ?, ?, ?)
     ON CONFLICT(user_id) DO UPDATE SET failures = excluded.failures, window_start = excluded.window_start,
       locked_until = excluded.locked_until`,
  );

  // Reserve the attempt.
  const reserved = db.transaction((): CodeCheck | null => {
    const now = nowSeconds();
    let g = getGuard.get(userId);
    if (g?.locked_until && g.locked_until > now) return lockedFor(g.locked_until, now);
    if (!g || g.locked_until || g.window_start <= now - LOCK_WINDOW_SECONDS) {
      g = { failures: 0, window_start: now, locked_until: null };
    }
    // Attempts still being checked count too: a burst of parallel guesses stops at the limit.
    if (g.failures >= MAX_WRONG_CODES) {
      saveGuard.run(userId, 0, now, now + LOCK_SECONDS);
      return lockedFor(now + LOCK_SECONDS, now);
    }
    saveGuard.run(userId, g.failures + 1, g.window_start, null);
    return null;
  })();
  if (reserved) return reserved;

  const ok = await verifySecret(code, user.pay_password_hash);
  if (ok) {
    db.prepare('DELETE FROM pay_code_guards WHERE user_id = ?').run(userId);
    return { result: 'ok' };
  }
  // The attempt stays counted; the one that reaches the limit starts the lock.
  return db.transaction((): CodeCheck => {
    const now = nowSeconds();
    const g = getGuard.get(userId);
    if (g?.locked_until && g.locked_until > now) return lockedFor(g.locked_until, now);
    if (g && g.failures >= MAX_WRONG_CODES) {
      saveGuard.run(userId, 0, now, now + LOCK_SECONDS);
      return lockedFor(now + LOCK_SECONDS, now);
    }
    return { result: 'wrong' };
  })();
}

/**
 * One money operation as an authorization can name it: the payment of a payment number's unpaid
 * orders ('trade:<out_trade_no>'), of one order ('order:<id>'), or a withdrawal to one destination
 * ('extract:<type>:<destination>'), and the cents it takes. A passkey confirms exactly one of these
 * (DESIGN: the challenge names the payment and its amount); the payment code confirms any one.
 */
export interface PayTarget {
  action: string;
  cents: number;
}

/**
 * Records a successful confirmation: one authorization for this session, valid 5 minutes. verify_pay
 * (the payment code) gives one for any operation; a passkey one for its `target` operation only.
 */
export function grantPayAuthorization(
  db: Db,
  userId: number,
  sessionId: number,
  passkey?: { target: PayTarget; passkeyId: number },
): void {
  const now = nowSeconds();
  db.prepare('DELETE FROM pay_verifications WHERE user_id = ? AND (expires_at <= ? OR used_at IS NOT NULL)').run(
    userId,
    now - 24 * 60 * 60,
  );
  db.prepare(
    `INSERT INTO pay_verifications (session_id, user_id, created_at, expires_at, action, amount_cents, passkey_id)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    sessionId,
    userId,
    now,
    now + PAY_AUTH_TTL_SECONDS,
    passkey?.target.action ?? null,
    passkey?.target.cents ?? null,
    passkey?.passkeyId ?? null,
  );
}

/**
 * Why an operation found no authorization to use: none live for the session ('none'), only ones a
 * passkey gave for another operation ('other') or for this one at another amount ('amount').
 */
export type PayAuthorizationUse = 'ok' | 'none' | 'other' | 'amount';

/**
 * Uses up one live authorization of this session for `target`: one given for exactly this operation
 * and amount first, else a payment code's. Call it inside the transaction of the money change: if
 * that transaction rolls back (e.g. over balance), the authorization is not used up.
 */
export function consumePayAuthorization(
  db: Db,
  userId: number,
  sessionId: number,
  target: PayTarget,
): PayAuthorizationUse {
  if (!db.inTransaction) throw new Error('consumePayAuthorization must run inside a transaction');
  const now = nowSeconds();
  const live = db
    .prepare<[number, number, number], { id: number; action: string | null; amount_cents: number | null }>(
      `SELECT id, action, amount_cents FROM pay_verifications
       WHERE session_id = ? AND user_id = ? AND used_at IS NULL AND expires_at > ?
       ORDER BY action IS NULL, id`,
    )
    .all(sessionId, userId, now);
  const usable = live.find((a) => a.action === null || (a.action === target.action && a.amount_cents === target.cents));
  if (!usable) {
    if (!live.length) return 'none';
    return live.some((a) => a.action === target.action) ? 'amount' : 'other';
  }
  db.prepare('UPDATE pay_verifications SET used_at = ? WHERE id = ?').run(now, usable.id);
  return 'ok';
}

/** The refusal of a money operation that found no authorization to use (consumePayAuthorization). */
export const PAY_AUTHORIZATION_REFUSALS = {
  none: 'Please verify the payment code first',
  other: 'This confirmation was for another payment. Please confirm again',
  amount: 'The amount has changed. Please confirm again',
} as const;

/** After the payment code changes, authorizations granted with the old one are void. */
export function revokePayAuthorizations(db: Db, userId: number): void {
  db.prepare('UPDATE pay_verifications SET used_at = ? WHERE user_id = ? AND used_at IS NULL').run(
    nowSeconds(),
    userId,
  );
}

/**
 * Passkeys of the account (an extension; openapi.yaml listPasskeys): listPasskeys,
 * beginPasskeyRegistration and finishPasskeyRegistration (adding one), deletePasskey, and signing in
 * with one (beginPasskeyLogin, finishPasskeyLogin). The ceremonies' checks are shared/passkeys.ts.
 */
import type { Request, RequestHandler } from 'express';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { addressOf, refusedMinutes } from '../../platform/auth/attempt-limits';
import { holdsPasskeyGrant } from '../../platform/auth/sessions';
import { nowSeconds } from '../../platform/db';
import { loginPasswordOf, requireLoginPassword } from '../../platform/auth/step-up';
import { displayTime, ok, positiveInt, refused, requireAuth, str } from '../../platform/http';
import type { MessageKey } from '../../platform/i18n';
import {
  addPasskey,
  assertionOptions,
  checkAssertion,
  countChallenge,
  MAX_PASSKEYS,
  MAX_PASSKEY_NAME,
  passkeysOf,
  registrationOptions,
  takeChallenge,
  type AssertionFailure,
  type PasskeyRow,
} from '../../shared/passkeys';
import type { AccountDeps } from './account.deps';
import { signIn } from './session.handlers';

/** A passkey as listPasskeys and finishPasskeyRegistration answer it. */
const passkeyView = (row: PasskeyRow) => ({
  id: row.id,
  name: row.name,
  credential_id: row.credential_id,
  createtime: displayTime(row.created_at),
  lastusetime: row.last_used_at === null ? null : displayTime(row.last_used_at),
  backed_up: row.backed_up,
});

/** The device's answer in a request body (`response`), as the contract's validator let it through. */
function deviceAnswerOf<T>(body: unknown): T {
  const response = (body as { response?: unknown } | undefined)?.response;
  if (!response || typeof response !== 'object') throw refused('The passkey could not be verified');
  return response as T;
}

export function listPasskeys({ db }: AccountDeps): RequestHandler {
  return (req, res) => {
    const auth = requireAuth(req);
    const list = passkeysOf(db, auth.userId).map(passkeyView);
    ok(req, res, { count: list.length, list });
  };
}

export function beginPasskeyRegistration({ db, guards, passkeys }: AccountDeps): RequestHandler {
  return async (req, res) => {
    const auth = requireAuth(req);
    // A passkey is a way into the account (and to the wallet): a stolen token alone must not add
    // one. The login password, or the grant a login with it handed its client a moment ago (the
    // offer after a login), which the token alone does not carry.
    const grant = str(req.body, 'grant');
    let authorizedBy: 'password' | 'grant';
    if (loginPasswordOf(req.body) || !grant) {
      await requireLoginPassword(db, guards, req, auth.userId, req.body);
      authorizedBy = 'password';
    } else if (holdsPasskeyGrant(db, auth.sessionId, grant)) authorizedBy = 'grant';
    else throw refused('Please enter your login password');
    if (passkeysOf(db, auth.userId).length >= MAX_PASSKEYS) {
      throw refused('You can keep at most 10 passkeys. Remove one first');
    }
    await countChallenge(guards, req);
    ok(req, res, await registrationOptions(db, passkeys, auth.userId, auth.sessionId, authorizedBy));
  };
}

export function finishPasskeyRegistration({ db, passkeys }: AccountDeps): RequestHandler {
  return async (req, res) => {
    const auth = requireAuth(req);
    const name = str(req.body, 'name').trim().replace(/\s+/g, ' ');
    if (!name) throw refused('Please name the passkey');
    if ([...name].length > MAX_PASSKEY_NAME) throw refused('The name can have at most 40 characters');
    const id = await addPasskey(db, passkeys, auth, deviceAnswerOf<RegistrationResponseJSON>(req.body), name);
    const row = db.prepare<[number], PasskeyRow>('SELECT * FROM passkeys WHERE id = ?').get(id);
    ok(req, res, row && passkeyView(row), 'Passkey added');
  };
}

export function deletePasskey({ db, guards }: AccountDeps): RequestHandler {
  return async (req, res) => {
    const auth = requireAuth(req);
    const id = positiveInt(req.body, 'id');
    await requireLoginPassword(db, guards, req, auth.userId, req.body);
    const removed = db.transaction(() => {
      if (db.prepare('DELETE FROM passkeys WHERE id = ? AND user_id = ?').run(id ?? 0, auth.userId).changes !== 1) {
        return false;
      }
      // What it opened ends with it: the other sessions it signed in (not this one, whose shopper has
      // just typed the password) and the payments it confirmed but that were not made yet.
      db.prepare('DELETE FROM sessions WHERE passkey_id = ? AND id <> ?').run(id, auth.sessionId);
      db.prepare('UPDATE sessions SET passkey_id = NULL WHERE passkey_id = ?').run(id);
      db.prepare('UPDATE pay_verifications SET used_at = ? WHERE passkey_id = ? AND used_at IS NULL').run(
        nowSeconds(),
        id,
      );
      return true;
    })();
    if (!removed) throw refused('Passkey not found');
    ok(req, res, null, 'Delete Success');
  };
}

export function beginPasskeyLogin({ db, guards, passkeys }: AccountDeps): RequestHandler {
  return async (req, res) => {
    await countChallenge(guards, req);
    ok(req, res, await assertionOptions(db, passkeys, { purpose: 'login' }));
  };
}

/** What a shopper signing in is told for each way a passkey is refused. */
const SIGN_IN_REFUSALS: Record<AssertionFailure, MessageKey> = {
  removed: 'This passkey was removed from your account. Sign in with your password',
  unverified: 'The passkey could not be verified',
  counter: 'This passkey was refused: its signature counter went back, so it may have been copied',
};

const LOCKED: MessageKey = 'Too many failed sign-ins. Try again in {n} minutes';

/**
 * Signing in with a passkey, throttled like a login: a client address or an account locked by
 * failed logins is refused, and every failed passkey counts as a failed login of the address and,
 * when the passkey is known, of its account (the one that reaches the limit locks it).
 */
export function finishPasskeyLogin({ db, guards, passkeys }: AccountDeps): RequestHandler {
  const fail = async (req: Request, reason: AssertionFailure, passkey: PasskeyRow | undefined): Promise<never> => {
    await guards.loginAddress.take(addressOf(req));
    if (passkey) {
      const key = `id:${passkey.user_id}`;
      const counted = await guards.loginAccount.take(key);
      if (counted.count >= guards.limits.loginLockFailures) {
        throw refusedMinutes(req, LOCKED, await guards.loginAccount.lock(key, guards.limits.loginLockSeconds));
      }
    }
    throw refused(SIGN_IN_REFUSALS[reason]);
  };
  return async (req, res) => {
    const address = addressOf(req);
    const addressWait = await guards.loginAddress.waitFor(address);
    if (addressWait !== null) throw refusedMinutes(req, LOCKED, addressWait);
    const response = deviceAnswerOf<AuthenticationResponseJSON>(req.body);
    const challenge = takeChallenge(db, passkeys, response, { purpose: 'login' });
    const result = await checkAssertion(db, passkeys, response, challenge);
    if (!result.ok) return fail(req, result.reason, result.passkey);
    const userId = result.passkey.user_id;
    const accountWait = await guards.loginAccount.waitFor(`id:${userId}`);
    if (accountWait !== null) throw refusedMinutes(req, LOCKED, accountWait);
    const user = db
      .prepare<[number], { id: number; username: string; nickname: string; avatar: string }>(
        'SELECT id, username, nickname, avatar FROM users WHERE id = ? AND status = 1',
      )
      .get(userId);
    // A disabled account signs in no more with a passkey than with its password.
    if (!user) return fail(req, 'unverified', result.passkey);
    signIn(db, req, res, user, { passkeyId: result.passkey.id });
  };
}

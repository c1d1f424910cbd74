/**
 * Passkeys (WebAuthn) with SimpleWebAuthn's server package: the account's credentials, the
 * single-use challenges every ceremony starts with, and the checks of what a device answers. The
 * account area signs in and adds passkeys with them; the wallet confirms payments with them.
 *
 * - The relying party ID is the shop's configured public host (PUBLIC_URL's, else localhost), so a
 *   passkey keeps working whichever allowed address the page was opened at within that site.
 * - Every challenge is stored here, bound to its purpose (and, for adding a passkey and paying, to
 *   the session; for paying, to the payment and its amount), used once, valid 5 minutes.
 * - User verification is required (the device's fingerprint, face or PIN), attestation is 'none'
 *   (this shop does not restrict which authenticators shoppers use), and the signature counter and
 *   the backup flags are kept and checked on every use.
 */
import { randomBytes } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import type { Request } from 'express';
import { addressOf, refusedMinutes, type AttemptGuards } from '../platform/auth/attempt-limits';
import { spendPasskeyGrant } from '../platform/auth/sessions';
import { nowSeconds, type Db } from '../platform/db';
import { refused } from '../platform/http';
import type { PayTarget } from './paycode';

/** A challenge is answered within this long (WebAuthn's timeout too). */
export const PASSKEY_CHALLENGE_SECONDS = 5 * 60;
/** Passkeys one account may keep. */
export const MAX_PASSKEYS = 10;
/** The longest name of a passkey (what the shopper calls the device). */
export const MAX_PASSKEY_NAME = 40;

export interface PasskeySettings {
  /** The relying party ID: the shop's public host name. */
  rpId: string;
  /** The current time in Unix seconds for challenges (the server's clock; tests move it). */
  now: () => number;
}

/** The relying party ID of a configured public origin (PUBLIC_URL): its host name; localhost without one. */
export function rpIdOf(publicOrigin: string | undefined): string {
  return publicOrigin ? new URL(publicOrigin).hostname : 'localhost';
}

/**
 * Whether a page at `origin` may use passkeys of `rpId`: its host is the RP ID or under it, over
 * HTTPS, or over HTTP where browsers treat the origin as secure (localhost, *.localhost, loopback
 * addresses), as WebAuthn itself requires.
 */
export function originMatches(origin: string, rpId: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.origin !== origin) return false;
  const host = url.hostname;
  if (host !== rpId && !host.endsWith(`.${rpId}`)) return false;
  if (url.protocol === 'https:') return true;
  return (
    url.protocol === 'http:' &&
    (host === 'localhost' || host.endsWith('.localhost') || host === '127.0.0.1' || host === '[::1]')
  );
}

export interface PasskeyRow {
  id: number;
  user_id: number;
  credential_id: string;
  public_key: Buffer;
  counter: number;
  transports: string;
  device_type: 'singleDevice' | 'multiDevice';
  backed_up: number;
  name: string;
  created_at: number;
  last_used_at: number | null;
}

export const passkeysOf = (db: Db, userId: number) =>
  db.prepare<[number], PasskeyRow>('SELECT * FROM passkeys WHERE user_id = ? ORDER BY id DESC').all(userId);

const transportsOf = (row: PasskeyRow) =>
  (row.transports ? row.transports.split(',') : []) as AuthenticatorTransportFuture[];

/** The account's passkeys as WebAuthn's credential descriptors (excludeCredentials, allowCredentials). */
const descriptorsOf = (db: Db, userId: number) =>
  passkeysOf(db, userId).map((row) => ({ id: row.credential_id, transports: transportsOf(row) }));

// ---- Challenges ----------------------------------------------------------------------------------

type Purpose = 'register' | 'login' | 'pay';

export interface ChallengeRow {
  id: number;
  challenge: string;
  purpose: Purpose;
  user_id: number | null;
  session_id: number | null;
  action: string | null;
  amount_cents: number | null;
  expires_at: number;
}

interface ChallengeOwner {
  purpose: Purpose;
  userId?: number;
  sessionId?: number;
  /**
   * A payment's: the operation it confirms and its amount. An addition's: what allowed it
   * ('password', or 'grant': the login's grant, used up when the passkey is added).
   */
  target?: PayTarget;
  authorizedBy?: 'password' | 'grant';
}

/** Counts a passkey challenge asked for by this client address; refuses past the limit. */
export async function countChallenge(guards: AttemptGuards, req: Request): Promise<void> {
  const taken = await guards.passkeyChallenges.take(addressOf(req));
  if (taken.wait !== null) throw refusedMinutes(req, 'Too many requests. Try again in {n} minutes', taken.wait);
}

/**
 * Sign-in challenges kept at most (anyone may ask for one): past this, the oldest unanswered go, so
 * a flood from many addresses costs the server a bounded table, at worst an 'expired' answer.
 */
export const MAX_LOGIN_CHALLENGES = 10_000;

function storeChallenge(db: Db, s: PasskeySettings, challenge: string, owner: ChallengeOwner): void {
  const now = s.now();
  // An hour after it expired a challenge is gone (until then its answer hears 'expired').
  db.prepare('DELETE FROM passkey_challenges WHERE expires_at <= ?').run(now - 60 * 60);
  if (owner.purpose === 'login') {
    db.prepare(
      `DELETE FROM passkey_challenges WHERE purpose = 'login' AND id <= (
         SELECT id FROM passkey_challenges WHERE purpose = 'login' ORDER BY id DESC LIMIT 1 OFFSET ?)`,
    ).run(MAX_LOGIN_CHALLENGES - 1);
  }
  db.prepare(
    `INSERT INTO passkey_challenges (challenge, purpose, user_id, session_id, action, amount_cents, created_at, expires_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    challenge,
    owner.purpose,
    owner.userId ?? null,
    owner.sessionId ?? null,
    owner.target?.action ?? owner.authorizedBy ?? null,
    owner.target?.cents ?? null,
    now,
    now + PASSKEY_CHALLENGE_SECONDS,
  );
}

/** The challenge and origin a device's answer names (its clientDataJSON), or undefined when unreadable. */
function clientDataOf(response: { response?: { clientDataJSON?: unknown } }) {
  const encoded = response.response?.clientDataJSON;
  if (typeof encoded !== 'string' || !isoBase64URL.isBase64URL(encoded)) return undefined;
  try {
    const data = JSON.parse(isoBase64URL.toUTF8String(encoded)) as { challenge?: unknown; origin?: unknown };
    return typeof data.challenge === 'string' && typeof data.origin === 'string'
      ? { challenge: data.challenge, origin: data.origin }
      : undefined;
  } catch {
    return undefined;
  }
}

const NOT_VALID = 'This passkey request was already used or is not valid. Please try again';

/**
 * Uses up (deletes) the challenge a device's answer names, before its signature is checked, so the
 * same answer sent twice (or at once, twice) is refused: one of this purpose, not expired, and, when
 * `sessionId` is given, of that session. Returns it and the page's origin (checked against the RP
 * ID by the caller's verification).
 */
export function takeChallenge(
  db: Db,
  s: PasskeySettings,
  response: { response?: { clientDataJSON?: unknown } },
  expect: { purpose: Purpose; sessionId?: number },
): { row: ChallengeRow; origin: string } {
  const client = clientDataOf(response);
  if (!client) throw refused('The passkey could not be verified');
  const row = db
    .prepare<[string], ChallengeRow>('SELECT * FROM passkey_challenges WHERE challenge = ?')
    .get(client.challenge);
  if (!row || row.purpose !== expect.purpose) throw refused(NOT_VALID);
  if (expect.sessionId !== undefined && row.session_id !== expect.sessionId) throw refused(NOT_VALID);
  if (row.expires_at <= s.now()) throw refused('This passkey request has expired. Please try again');
  const taken = db.prepare('DELETE FROM passkey_challenges WHERE id = ?').run(row.id).changes;
  if (taken !== 1) throw refused(NOT_VALID);
  return { row, origin: client.origin };
}

// ---- Adding a passkey ----------------------------------------------------------------------------

interface AccountRow {
  id: number;
  username: string;
  nickname: string;
  webauthn_user_id: string | null;
}

/** The account's WebAuthn user handle, made (random, 32 bytes) the first time it is needed. */
function userHandleOf(db: Db, user: AccountRow): string {
  if (user.webauthn_user_id) return user.webauthn_user_id;
  const handle = isoBase64URL.fromBuffer(randomBytes(32));
  db.prepare('UPDATE users SET webauthn_user_id = ? WHERE id = ? AND webauthn_user_id IS NULL').run(handle, user.id);
  return (
    db.prepare<[number], { webauthn_user_id: string }>('SELECT webauthn_user_id FROM users WHERE id = ?').get(user.id)
      ?.webauthn_user_id ?? handle
  );
}

const shopName = (db: Db) =>
  db.prepare<[], { name: string }>('SELECT name FROM platform WHERE id = 1').get()?.name || 'Shop';

/** navigator.credentials.create()'s options for this session's account; the challenge is stored. */
export async function registrationOptions(
  db: Db,
  s: PasskeySettings,
  userId: number,
  sessionId: number,
  authorizedBy: 'password' | 'grant',
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const user = db
    .prepare<[number], AccountRow>('SELECT id, username, nickname, webauthn_user_id FROM users WHERE id = ?')
    .get(userId);
  if (!user) throw refused('Please login first');
  const options = await generateRegistrationOptions({
    rpName: shopName(db),
    rpID: s.rpId,
    userName: user.username,
    userDisplayName: user.nickname || user.username,
    userID: isoBase64URL.toBuffer(userHandleOf(db, user)),
    timeout: PASSKEY_CHALLENGE_SECONDS * 1000,
    attestationType: 'none',
    excludeCredentials: descriptorsOf(db, userId),
    authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
    // ES256 (every platform authenticator), EdDSA, RS256 (Windows Hello).
    supportedAlgorithmIDs: [-7, -8, -257],
    // No authenticatorAttachment: the phone's own lock, a security key or a phone nearby all do.
    // Asking for 'platform' made Firefox on Linux (which has no platform authenticator of its own)
    // refuse at once, before the shopper was asked anything.
  });
  storeChallenge(db, s, options.challenge, { purpose: 'register', userId, sessionId, authorizedBy });
  return options;
}

/**
 * Checks a device's new credential against this session's registration challenge and keeps it as
 * the account's passkey named `name`. Returns its id. Refusals are code 0 with their message.
 */
export async function addPasskey(
  db: Db,
  s: PasskeySettings,
  auth: { userId: number; sessionId: number },
  response: RegistrationResponseJSON,
  name: string,
): Promise<number> {
  const { row, origin } = takeChallenge(db, s, response, { purpose: 'register', sessionId: auth.sessionId });
  if (!originMatches(origin, s.rpId)) throw refused('The passkey could not be verified');
  let info;
  try {
    const verification = await verifyRegistrationResponse({
      response,
      expectedChallenge: row.challenge,
      expectedOrigin: origin,
      expectedRPID: s.rpId,
      requireUserVerification: true,
    });
    if (!verification.verified) throw new Error('not verified');
    info = verification.registrationInfo;
  } catch {
    throw refused('The passkey could not be verified');
  }
  const { credential, credentialDeviceType, credentialBackedUp } = info;
  return db.transaction(() => {
    if (db.prepare('SELECT 1 FROM passkeys WHERE credential_id = ?').get(credential.id)) {
      throw refused('This passkey is already on your account');
    }
    if (passkeysOf(db, auth.userId).length >= MAX_PASSKEYS) {
      throw refused('You can keep at most 10 passkeys. Remove one first');
    }
    // Allowed by the login's grant: it is used up now (one passkey per login), or, gone meanwhile
    // (expired, used by another addition), the addition is refused.
    if (row.action === 'grant' && !spendPasskeyGrant(db, auth.sessionId)) {
      throw refused('This passkey request has expired. Please try again');
    }
    return Number(
      db
        .prepare(
          `INSERT INTO passkeys (user_id, credential_id, public_key, counter, transports, device_type, backed_up, name, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          auth.userId,
          credential.id,
          Buffer.from(credential.publicKey),
          credential.counter,
          (credential.transports ?? []).join(','),
          credentialDeviceType,
          credentialBackedUp ? 1 : 0,
          name,
          nowSeconds(),
        ).lastInsertRowid,
    );
  })();
}

// ---- Using a passkey -----------------------------------------------------------------------------

/** navigator.credentials.get()'s options: any passkey of the shop (sign-in), or the account's (`userId`). */
export async function assertionOptions(
  db: Db,
  s: PasskeySettings,
  owner: ChallengeOwner,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const options = await generateAuthenticationOptions({
    rpID: s.rpId,
    userVerification: 'required',
    timeout: PASSKEY_CHALLENGE_SECONDS * 1000,
    allowCredentials: owner.purpose === 'pay' && owner.userId ? descriptorsOf(db, owner.userId) : [],
  });
  storeChallenge(db, s, options.challenge, owner);
  return options;
}

/**
 * Why a device's answer was refused: the passkey is not on any account ('removed'), the answer is
 * not a valid signature by it for this site with the user verified ('unverified'), or its signature
 * counter did not move forward ('counter': the credential may have been copied).
 */
export type AssertionFailure = 'removed' | 'unverified' | 'counter';

export type AssertionResult =
  { ok: true; passkey: PasskeyRow } | { ok: false; reason: AssertionFailure; passkey?: PasskeyRow };

/**
 * Checks a device's answer to `challenge` (already taken with takeChallenge): the passkey it names,
 * the origin, the RP ID, user verification, the signature, the user handle, and a signature counter
 * that moved forward (0 every time is an authenticator without a counter, and passes). A passkey
 * that passes has its counter, backup state and last use saved.
 */
export async function checkAssertion(
  db: Db,
  s: PasskeySettings,
  response: AuthenticationResponseJSON,
  challenge: { row: ChallengeRow; origin: string },
): Promise<AssertionResult> {
  const passkey = db
    .prepare<[string], PasskeyRow>('SELECT * FROM passkeys WHERE credential_id = ?')
    .get(String(response.id));
  if (!passkey) return { ok: false, reason: 'removed' };
  if (!originMatches(challenge.origin, s.rpId)) return { ok: false, reason: 'unverified', passkey };
  const handle = response.response.userHandle;
  if (handle) {
    const owner = db
      .prepare<[number], { webauthn_user_id: string | null }>('SELECT webauthn_user_id FROM users WHERE id = ?')
      .get(passkey.user_id);
    if (owner?.webauthn_user_id !== handle) return { ok: false, reason: 'unverified', passkey };
  }
  let newCounter: number;
  let backedUp: boolean;
  let deviceType: string;
  try {
    const verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge.row.challenge,
      expectedOrigin: challenge.origin,
      expectedRPID: s.rpId,
      requireUserVerification: true,
      // The counter is compared below, once the signature is known to be the passkey's: a forged
      // answer is 'unverified', only a genuine one whose counter went back is 'counter'.
      credential: {
        id: passkey.credential_id,
        publicKey: new Uint8Array(passkey.public_key),
        counter: 0,
        transports: transportsOf(passkey),
      },
    });
    if (!verification.verified) return { ok: false, reason: 'unverified', passkey };
    ({ newCounter, credentialBackedUp: backedUp, credentialDeviceType: deviceType } = verification.authenticationInfo);
  } catch {
    return { ok: false, reason: 'unverified', passkey };
  }
  // Forward from what is stored now, in one statement: of two answers with the same counter (a
  // copied credential used twice at once), only one passes.
  const moved = db
    .prepare(
      `UPDATE passkeys SET counter = ?, backed_up = ?, device_type = ?, last_used_at = ?
       WHERE id = ? AND (counter < ? OR (counter = 0 AND ? = 0))`,
    )
    .run(newCounter, backedUp ? 1 : 0, deviceType, nowSeconds(), passkey.id, newCounter, newCounter).changes;
  if (moved !== 1) return { ok: false, reason: 'counter', passkey };
  return { ok: true, passkey };
}

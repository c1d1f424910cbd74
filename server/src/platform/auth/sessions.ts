import type { NextFunction, Request, Response } from 'express';
import { nowSeconds, type Db } from '../db';
import { newToken, sha256Hex } from './secrets';

/** Session lifetime: 3 days, the lifetime of the SPA's token cookie (SPEC.md section 9). */
export const SESSION_TTL_SECONDS = 3 * 24 * 60 * 60;

/** How long a login's grant to add a passkey without the password again lasts (the offer after a login). */
export const PASSKEY_GRANT_SECONDS = 10 * 60;

/**
 * Opens a session and returns its token. `passkeyGrant`: a login with the password also hands its
 * client a one-time grant to add a passkey (only its hash is kept); `passkeyId`: the passkey that
 * signed in (its removal ends the session).
 */
export function createSession(
  db: Db,
  userId: number,
  opened: { passkeyGrant?: string; passkeyId?: number } = {},
): string {
  const { token, tokenHash } = newToken();
  const now = nowSeconds();
  const grant = opened.passkeyGrant;
  db.prepare(
    `INSERT INTO sessions (user_id, token_hash, created_at, expires_at, last_seen_at, passkey_grant_hash,
       passkey_grant_until, passkey_id)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    userId,
    tokenHash,
    now,
    now + SESSION_TTL_SECONDS,
    now,
    grant ? sha256Hex(grant) : null,
    grant ? now + PASSKEY_GRANT_SECONDS : null,
    opened.passkeyId ?? null,
  );
  return token;
}

/** Whether `grant` is this session's live grant to add a passkey (not used up here). */
export function holdsPasskeyGrant(db: Db, sessionId: number, grant: string): boolean {
  return Boolean(
    db
      .prepare('SELECT 1 FROM sessions WHERE id = ? AND passkey_grant_hash = ? AND passkey_grant_until > ?')
      .get(sessionId, sha256Hex(grant), nowSeconds()),
  );
}

/** Uses up this session's grant to add a passkey; false when it has none live (used, expired). */
export function spendPasskeyGrant(db: Db, sessionId: number): boolean {
  return (
    db
      .prepare(
        `UPDATE sessions SET passkey_grant_hash = NULL, passkey_grant_until = NULL
         WHERE id = ? AND passkey_grant_hash IS NOT NULL AND passkey_grant_until > ?`,
      )
      .run(sessionId, nowSeconds()).changes === 1
  );
}

export function deleteSession(db: Db, sessionId: number): void {
  db.prepare('DELETE FROM sessions WHERE id = ?').run(sessionId);
}

/** A live session's ids, looked up by its token (only its hash is stored). */
export interface SessionOfToken {
  userId: number;
  sessionId: number;
}

/** Finds the live session a token names; undefined for anything else (malformed, unknown, expired). */
export function sessionFinder(db: Db): (token: string | undefined) => SessionOfToken | undefined {
  const find = db.prepare<[string, number], { id: number; user_id: number }>(
    'SELECT id, user_id FROM sessions WHERE token_hash = ? AND expires_at > ?',
  );
  return (token) => {
    if (!token || !/^[0-9a-f]{64}$/i.test(token)) return undefined;
    const row = find.get(sha256Hex(token.toLowerCase()), nowSeconds());
    return row ? { userId: row.user_id, sessionId: row.id } : undefined;
  };
}

/**
 * Resolves the `token` header into req.auth when it names a live session. It never refuses a
 * request itself: protected operations refuse (401) when req.auth is missing.
 */
export function authMiddleware(db: Db) {
  const sessionOf = sessionFinder(db);
  const touch = db.prepare('UPDATE sessions SET last_seen_at = ? WHERE id = ?');
  return (req: Request, _res: Response, next: NextFunction): void => {
    const session = sessionOf(req.get('token'));
    if (session) {
      req.auth = session;
      touch.run(nowSeconds(), session.sessionId);
    }
    next();
  };
}

/** Removes expired sessions; called at start-up and then hourly. */
export function purgeExpiredSessions(db: Db): number {
  return db.prepare('DELETE FROM sessions WHERE expires_at <= ?').run(nowSeconds()).changes;
}

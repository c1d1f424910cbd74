/**
 * Replay protection for the operations that move money (createRecharge, createExtract,
 * submitOrder, payNewOrder, payOrder) and for every other change a shopper makes once per tap
 * (addToCart, saveAddress, deleteAddress, resetPayPassword, applyRefund, reviewOrderProduct,
 * cancelOrder, confirmOrderReceived, deleteOrder: `keyless: 'act'`).
 *
 * With an Idempotency-Key (the SPA's extension): the first SUCCESSFUL response of (user, operation,
 * key) is stored in the same transaction as the change it reports, so "acted" and "remembered"
 * commit together or not at all. A retry with the same key and the same body gets that response
 * again (same status and body, plus the header `Idempotent-Replayed: true`) and acts no more; the
 * same key with a different body is refused. Keys are kept IDEMPOTENCY_TTL_SECONDS.
 *
 * Without a key (the backend family's client sends none, BACKEND-FAMILY.md, Conventions): an
 * identical request (same user, operation and body fingerprint) within IMPLICIT_WINDOW_SECONDS is
 * answered with the first response and never acted on twice, also when both arrive at once: the
 * lookup, the action and the record are one immediate transaction, exactly as with a key. After the
 * window the same request acts again (a shopper may really top up the same amount twice).
 *
 * The other operations (`keyless: 'act'`) act on every keyless request, exactly as the family's
 * backends do (BACKEND-FAMILY.md): a shopper may add the same product to the bag twice on purpose, and
 * the family's client has no way to say it is retrying. Their keyed requests replay as above.
 *
 * Either way a refused request (code 0) changed nothing and is not remembered: the client may fix
 * the cause (verify the payment code, lower the amount) and send it again.
 */
import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import type { Db } from './db';
import { nowSeconds } from './db';
import { refused, type Envelope } from './http';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** Keys are remembered this long (the contract promises at least 24 hours). */
export const IDEMPOTENCY_TTL_SECONDS = 7 * 24 * 60 * 60;
/** Without a key, an identical request this soon after a success is a repeat (openapi.yaml, Idempotency). */
export const IMPLICIT_WINDOW_SECONDS = 10;
/**
 * The stored key of a keyless request: this prefix and the body fingerprint. A client's key can
 * never start with it (an HTTP header value cannot hold a line break), so the two never collide.
 */
const IMPLICIT_PREFIX = 'implicit\n';

export interface OperationResult {
  status: number;
  body: Envelope<unknown>;
}

/** The key of a request, or null when it sent none (optional in the contract). */
export function idempotencyKey(req: Request): string | null {
  const key = req.get(IDEMPOTENCY_HEADER)?.trim();
  return key ? key : null;
}

/** JSON with object keys sorted, so the same body always gives the same fingerprint. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export function requestFingerprint(body: unknown): string {
  return createHash('sha256').update(stableJson(body)).digest('hex');
}

export interface IdempotentRun {
  userId: number;
  /** The operationId, e.g. 'createExtract'. */
  operation: string;
  key: string | null;
  /** The request body (fingerprinted). */
  body: unknown;
  /**
   * What a request without a key gets: 'window' (the money operations) answers an identical request
   * within IMPLICIT_WINDOW_SECONDS with the first response; 'act' acts on each one, as the family does.
   */
  keyless?: 'window' | 'act';
}

type Stored = { request_hash: string; http_status: number; response_json: string; created_at: number };

function storedOf(db: Db, run: IdempotentRun, key: string): Stored | undefined {
  return db
    .prepare<[number, string, string], Stored>(
      `SELECT request_hash, http_status, response_json, created_at FROM idempotency_keys
       WHERE user_id = ? AND operation = ? AND idem_key = ?`,
    )
    .get(run.userId, run.operation, key);
}

function replayOf(stored: Stored, fingerprint: string): OperationResult & { replayed: boolean } {
  if (stored.request_hash !== fingerprint)
    throw refused('This Idempotency-Key was already used for a different request');
  return {
    status: stored.http_status,
    body: JSON.parse(stored.response_json) as Envelope<unknown>,
    replayed: true,
  };
}

/**
 * The stored first answer of a keyed request, or undefined (also for every keyless request). For an
 * operation that must do slow asynchronous work (a password hash) before its transaction: a retry
 * is answered before that work, which a retry must not repeat (it would check a code the first
 * request already changed). runIdempotent checks again inside its transaction, so two requests that
 * both pass here still act once.
 */
export function findReplay(db: Db, run: IdempotentRun): (OperationResult & { replayed: boolean }) | undefined {
  if (run.key === null) return undefined;
  const stored = storedOf(db, run, run.key);
  return stored ? replayOf(stored, requestFingerprint(run.body)) : undefined;
}

/**
 * Runs `action` in ONE immediate transaction (the write lock is taken at the start, so another
 * process writing the same file waits instead of failing) together with the idempotency record.
 * `action` performs the change and returns the response; it throws an ApiError to refuse, which
 * rolls everything back. Returns the response to send and whether it is a replay.
 */
export function runIdempotent(
  db: Db,
  run: IdempotentRun,
  action: () => OperationResult,
): OperationResult & { replayed: boolean } {
  const fingerprint = requestFingerprint(run.body);
  if (run.key === null && run.keyless === 'act') {
    return db.transaction(() => ({ ...action(), replayed: false })).immediate();
  }
  const key = run.key ?? IMPLICIT_PREFIX + fingerprint;
  const tx = db.transaction((): OperationResult & { replayed: boolean } => {
    const now = nowSeconds();
    const stored = storedOf(db, run, key);
    const expired = run.key === null && stored !== undefined && stored.created_at <= now - IMPLICIT_WINDOW_SECONDS;
    if (stored && !expired) return replayOf(stored, fingerprint);
    const result = action();
    if (result.body.code === 1) {
      // An expired keyless record of the same request gives way to this one.
      if (expired) {
        db.prepare('DELETE FROM idempotency_keys WHERE user_id = ? AND operation = ? AND idem_key = ?').run(
          run.userId,
          run.operation,
          key,
        );
      }
      db.prepare(
        `INSERT INTO idempotency_keys (user_id, operation, idem_key, request_hash, http_status, response_json, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      ).run(run.userId, run.operation, key, fingerprint, result.status, JSON.stringify(result.body), now);
    }
    return { ...result, replayed: false };
  });
  return tx.immediate();
}

/** Sends what runIdempotent returned. */
export function sendResult(res: Response, result: OperationResult & { replayed: boolean }): void {
  if (result.replayed) res.set('Idempotent-Replayed', 'true');
  res.status(result.status).json(result.body);
}

/**
 * Forgets keys older than the TTL and keyless records past their window; called at start-up and
 * hourly.
 */
export function purgeIdempotencyKeys(db: Db, now = nowSeconds()): number {
  const keyed = db
    .prepare('DELETE FROM idempotency_keys WHERE created_at <= ?')
    .run(now - IDEMPOTENCY_TTL_SECONDS).changes;
  const implicit = db
    .prepare('DELETE FROM idempotency_keys WHERE substr(idem_key, 1, ?) = ? AND created_at <= ?')
    .run(IMPLICIT_PREFIX.length, IMPLICIT_PREFIX, now - IMPLICIT_WINDOW_SECONDS).changes;
  return keyed + implicit;
}

/**
 * The shopper's one-tap changes (addToCart, saveAddress, cancelOrder, ...): with an Idempotency-Key
 * the first success is replayed to a retry, without one every request acts, as with the family's
 * backends. `body` is what identifies the request (the query of a GET that changes state).
 */
export function sendOnce(
  db: Db,
  req: Request,
  res: Response,
  run: { userId: number; operation: string; body?: unknown },
  action: () => OperationResult,
): void {
  const result = runIdempotent(
    db,
    {
      userId: run.userId,
      operation: run.operation,
      key: idempotencyKey(req),
      body: run.body ?? req.body,
      keyless: 'act',
    },
    action,
  );
  sendResult(res, result);
}

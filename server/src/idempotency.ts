/**
 * Idempotency-Key support for operations that move money (createRecharge, createExtract; later
 * submitOrder, payNewOrder, payOrder).
 *
 * The first SUCCESSFUL response of (user, operation, key) is stored in the same transaction as the
 * change it reports, so "acted" and "remembered" commit together or not at all. A retry with the
 * same key and the same body gets that response again (same status and body, plus the header
 * `Idempotent-Replayed: true`) and acts no more; the same key with a different body is refused.
 * A refused request (code 0) changed nothing and is not remembered: the client may fix the cause
 * (verify the payment code, lower the amount) and retry with the same key.
 */
import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import type { Db } from './db';
import { nowSeconds } from './db';
import { refused, type Envelope } from './http';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** Keys are remembered this long (the contract promises at least 24 hours). */
export const IDEMPOTENCY_TTL_SECONDS = 7 * 24 * 60 * 60;

export interface OperationResult {
  status: number;
  body: Envelope<unknown>;
}

/** The key of a request, or null when it sent none (the contract requires one; tolerate absence). */
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
  const tx = db.transaction((): OperationResult & { replayed: boolean } => {
    if (run.key) {
      const stored = db
        .prepare<[number, string, string], { request_hash: string; http_status: number; response_json: string }>(
          `SELECT request_hash, http_status, response_json FROM idempotency_keys
           WHERE user_id = ? AND operation = ? AND idem_key = ?`,
        )
        .get(run.userId, run.operation, run.key);
      if (stored) {
        if (stored.request_hash !== fingerprint)
          throw refused('This Idempotency-Key was already used for a different request');
        return {
          status: stored.http_status,
          body: JSON.parse(stored.response_json) as Envelope<unknown>,
          replayed: true,
        };
      }
    }
    const result = action();
    if (run.key && result.body.code === 1) {
      db.prepare(
        `INSERT INTO idempotency_keys (user_id, operation, idem_key, request_hash, http_status, response_json, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      ).run(run.userId, run.operation, run.key, fingerprint, result.status, JSON.stringify(result.body), nowSeconds());
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

/** Forgets keys older than the TTL; called at start-up and hourly. */
export function purgeIdempotencyKeys(db: Db, now = nowSeconds()): number {
  return db.prepare('DELETE FROM idempotency_keys WHERE created_at <= ?').run(now - IDEMPOTENCY_TTL_SECONDS).changes;
}

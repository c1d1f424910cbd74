/** What the server does on its own, without a request: hourly purges and the unpaid-order sweep. */
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { OrderExpiry } from '../areas/orders/order-expiry';
import { DEFAULT_ORDER_SWEEP_MS } from '../areas/orders/order-expiry';
import { purgeExpiredSessions } from '../platform/auth/sessions';
import type { Db } from '../platform/db';
import { purgeIdempotencyKeys } from '../platform/idempotency';
import { defaultUploadsDir, removeOrphanUploads } from '../shared/uploads';

/**
 * Where uploads go: the given directory, else `uploads` next to the database file; for ':memory:'
 * a fresh temporary directory (`temporary`: removed by close()).
 */
export function uploadsDirOf(databaseFile: string, uploadsDir?: string): { dir: string; temporary: boolean } {
  const temporary = !uploadsDir && databaseFile === ':memory:';
  const dir = uploadsDir
    ? path.resolve(uploadsDir)
    : temporary
      ? mkdtempSync(path.join(tmpdir(), 'shop-uploads-'))
      : defaultUploadsDir(databaseFile);
  mkdirSync(dir, { recursive: true });
  return { dir, temporary };
}

/** Expired sessions, old idempotency keys and orphan uploads go at start-up and then hourly. */
export function startPurges(db: Db, uploadsDir: string): NodeJS.Timeout {
  const purge = () => {
    purgeExpiredSessions(db);
    purgeIdempotencyKeys(db);
    // Uploads no record uses, a day after their upload (DESIGN.md 3.4: uploads are limited).
    removeOrphanUploads(db, uploadsDir);
  };
  purge();
  const timer = setInterval(purge, 60 * 60 * 1000);
  timer.unref();
  return timer;
}

/** Expired unpaid orders give their stock back even when nobody sends a request. */
export function startOrderSweep(
  db: Db,
  expiry: OrderExpiry,
  reportError: (line: string) => void,
  everyMs = DEFAULT_ORDER_SWEEP_MS,
): NodeJS.Timeout {
  const timer = setInterval(() => {
    if (!db.open) return;
    try {
      expiry.expireDue();
    } catch (error) {
      reportError(`ERROR order expiry sweep: ${error instanceof Error ? error.message : String(error)}`);
    }
  }, everyMs);
  timer.unref();
  return timer;
}

/**
 * What the server does on its own, without a request: where its files go, hourly purges and the
 * unpaid-order sweep.
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { OrderExpiry } from '../areas/orders/order-expiry';
import { DEFAULT_ORDER_SWEEP_MS } from '../areas/orders/order-expiry';
import { purgeExpiredSessions } from '../platform/auth/sessions';
import type { Db } from '../platform/db';
import { purgeIdempotencyKeys } from '../platform/idempotency';
import { pruneVariants } from '../platform/images';
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

/**
 * Where picture variants are cached (platform/images/variants.ts): the given directory, else
 * `variants` next to the database file; for ':memory:' a fresh temporary directory (removed by
 * close()), never a folder beside a given uploads directory, which may be anywhere.
 */
export function variantsDirOf(databaseFile: string, variantsDir?: string): { dir: string; temporary: boolean } {
  const temporary = !variantsDir && databaseFile === ':memory:';
  const dir = variantsDir
    ? path.resolve(variantsDir)
    : temporary
      ? mkdtempSync(path.join(tmpdir(), 'shop-variants-'))
      : path.join(path.dirname(path.resolve(databaseFile)), 'variants');
  mkdirSync(dir, { recursive: true });
  return { dir, temporary };
}

/** The catalogue's photographs (served under /media/catalog/): `catalog` next to the database file; none for ':memory:'. */
export function catalogDirOf(databaseFile: string, catalogDir?: string): string | undefined {
  if (catalogDir) return path.resolve(catalogDir);
  return databaseFile === ':memory:' ? undefined : path.join(path.dirname(path.resolve(databaseFile)), 'catalog');
}

/**
 * Expired sessions, old idempotency keys, orphan uploads and stale picture variants go at start-up
 * and then hourly.
 */
export function startPurges(
  db: Db,
  uploadsDir: string,
  variants?: { dir: string; sources: Record<string, string | undefined> },
): NodeJS.Timeout {
  const purge = () => {
    purgeExpiredSessions(db);
    purgeIdempotencyKeys(db);
    // Uploads no record uses, a day after their upload (DESIGN.md 3.4: uploads are limited).
    removeOrphanUploads(db, uploadsDir);
    // Variants of pictures removed above, or written anew, take no more room.
    if (variants) pruneVariants(variants.dir, variants.sources);
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

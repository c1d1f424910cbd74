/**
 * The first start's seeding, handed to the server by main.ts (the composition root), so that app/
 * never imports tools/: the demo data in a new database, and with SEED_PHOTOS=1 its photographs.
 */
import { catalogDirOf } from '../../app/housekeeping';
import { openDatabase, type Db } from '../../platform/db';
import { isSeeded, seed } from '.';
import { photographCatalog } from './photos';

/** The demo data, in a database that has none yet (createServer's `seed`); a seeded one is left as it is. */
export function seedIfEmpty(db: Db): void {
  if (!isSeeded(db)) seed(db);
}

/**
 * SEED_PHOTOS=1 at a first start: the demo data, then its photographs (tools/seed/photos.ts) in the
 * catalogue folder beside the database, before the server opens it, so that the shop is served
 * photographed from its first request (the e2e and bench servers start so). A database already
 * seeded is left as it is. Answers what it made, or null when there was nothing to do.
 */
export async function seedPhotographedDemo(
  databaseFile: string,
  catalogDir?: string,
): Promise<{ pictures: number; bytes: number; ms: number } | null> {
  const folder = catalogDirOf(databaseFile, catalogDir);
  if (!folder) throw new Error('A database in memory has no catalogue folder to photograph into.');
  const db = openDatabase(databaseFile);
  try {
    if (isSeeded(db)) return null;
    seed(db);
    const { sizes, ms } = await photographCatalog(db, folder);
    return { pictures: sizes.size, bytes: [...sizes.values()].reduce((a, b) => a + b, 0), ms };
  } finally {
    db.close();
  }
}

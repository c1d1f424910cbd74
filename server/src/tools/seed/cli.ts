/**
 * `npm run seed -- [--products N] [--shops M] [--photos] [--db FILE] [--force]`: writes a seeded
 * database (default DATA_DIR/shop.sqlite, the file `npm run server` opens). Without options it is the
 * small demo shop; with --products / --shops, the demo plus generated shops and products up to those
 * totals (large.ts), the same database every run. With --photos its products and home banners are
 * photographs (photos.ts, about a tenth of a second each on one core) in the catalogue folder beside
 * the database, instead of the drawings. An existing database is kept unless --force (then it is
 * replaced).
 */
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { catalogDirOf } from '../../app/housekeeping';
import { openDatabase } from '../../platform/db';
import { isSeeded, seed } from '.';
import { seedLarge } from './large';
import { photographCatalog } from './photos';

const { values } = parseArgs({
  options: {
    products: { type: 'string' },
    shops: { type: 'string' },
    db: { type: 'string' },
    photos: { type: 'boolean', default: false },
    force: { type: 'boolean', default: false },
  },
});

const count = (name: string, text: string | undefined, max: number): number => {
  if (text === undefined) return 0;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0 || n > max) {
    console.error(`--${name} must be a whole number from 0 to ${max}, got '${text}'`);
    process.exit(2);
  }
  return n;
};
const products = count('products', values.products, 1_000_000);
const shops = count('shops', values.shops, 100_000);
const file = path.resolve(values.db ?? path.join(process.env.DATA_DIR ?? './data', 'shop.sqlite'));

if (existsSync(file)) {
  if (!values.force) {
    console.error(`${file} exists; pass --force to replace it`);
    process.exit(1);
  }
  for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true });
}
mkdirSync(path.dirname(file), { recursive: true });

async function main(): Promise<void> {
  const started = Date.now();
  const db = openDatabase(file);
  if (!isSeeded(db)) seed(db);
  if (products || shops) seedLarge(db, { products, shops });
  let photographed = '';
  if (values.photos) {
    const { sizes, ms } = await photographCatalog(db, catalogDirOf(file) ?? path.join(path.dirname(file), 'catalog'));
    const bytes = [...sizes.values()];
    photographed = `; ${sizes.size} photographs of ${Math.round(Math.min(...bytes) / 1000)}-${Math.round(Math.max(...bytes) / 1000)} KB in ${(ms / 1000).toFixed(1)} s`;
  }
  const n = (table: string) => db.prepare<[], { n: number }>(`SELECT COUNT(*) AS n FROM ${table}`).get()?.n ?? 0;
  const summary = `${n('products')} products, ${n('shops')} shops${photographed}`;
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  console.log(`Seeded ${file}: ${summary} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

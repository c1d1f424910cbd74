/**
 * `npm run seed -- [--products N] [--shops M] [--db FILE] [--force]`: writes a seeded database
 * (default DATA_DIR/shop.sqlite, the file `npm run server` opens). Without options it is the small
 * demo shop; with --products / --shops, the demo plus generated shops and products up to those
 * totals (large.ts), the same database every run. An existing database is kept unless --force
 * (then it is replaced).
 */
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../../platform/db';
import { isSeeded, seed } from '.';
import { seedLarge } from './large';

const { values } = parseArgs({
  options: {
    products: { type: 'string' },
    shops: { type: 'string' },
    db: { type: 'string' },
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

const started = Date.now();
const db = openDatabase(file);
if (!isSeeded(db)) seed(db);
if (products || shops) seedLarge(db, { products, shops });
const n = (table: string) => db.prepare<[], { n: number }>(`SELECT COUNT(*) AS n FROM ${table}`).get()?.n ?? 0;
const summary = `${n('products')} products, ${n('shops')} shops`;
db.pragma('wal_checkpoint(TRUNCATE)');
db.close();
console.log(`Seeded ${file}: ${summary} in ${((Date.now() - started) / 1000).toFixed(1)} s`);

/** @jest-environment node */
/**
 * `npm run seed -- --products N --shops M`: the demo plus generated shops and products up to those
 * totals, the same database every run, titles in the five languages that search finds.
 */
import { createHash } from 'node:crypto';
import { openDatabase, type Db } from '../../server/src/platform/db';
import { seed } from '../../server/src/tools/seed';
import { seedLarge } from '../../server/src/tools/seed/large';

function seeded(products: number, shops: number): Db {
  const db = openDatabase(':memory:');
  seed(db);
  seedLarge(db, { products, shops });
  return db;
}

const digest = (db: Db) =>
  createHash('sha256')
    .update(JSON.stringify(db.prepare('SELECT * FROM products ORDER BY id').all()))
    .update(JSON.stringify(db.prepare('SELECT * FROM shops ORDER BY id').all()))
    .update(JSON.stringify(db.prepare('SELECT * FROM product_images ORDER BY id').all()))
    .digest('hex');

describe('the large seed', () => {
  it('has the totals asked for, the demo first, and is the same every run', () => {
    const a = seeded(600, 40);
    const b = seeded(600, 40);
    const demo = openDatabase(':memory:');
    seed(demo);
    const count = (db: Db, table: string) =>
      db.prepare<[], { n: number }>(`SELECT COUNT(*) AS n FROM ${table}`).get()!.n;
    expect([count(a, 'products'), count(a, 'shops')]).toEqual([600, 40]);
    expect(digest(a)).toBe(digest(b));
    // the demo's rows are unchanged
    const first = (db: Db) => db.prepare('SELECT * FROM products WHERE id <= 70 ORDER BY id').all();
    expect(first(a)).toEqual(first(demo));
    // every product has its three pictures, drawn like the demo's
    expect(count(a, 'product_images')).toBe(600 * 3);
    for (const db of [a, b, demo]) db.close();
  });

  it('titles in the five languages, found by search; some products sold out', () => {
    const db = seeded(2000, 60);
    const titles = db.prepare<[], { title: string }>('SELECT title FROM products WHERE id > 70').all();
    for (const script of [
      /\p{Script=Han}/u,
      /\p{Script=Katakana}/u,
      /\p{Script=Hangul}/u,
      /\p{Script=Thai}/u,
      /^[A-Za-z]/,
    ]) {
      expect([String(script), titles.filter((t) => script.test(t.title)).length > 20]).toEqual([String(script), true]);
    }
    const soldOut = db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM products WHERE stock = 0').get()!.n;
    expect(soldOut).toBeGreaterThan(50);
    const indexed = db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM product_fts').get()!.n;
    expect(indexed).toBe(2000);
    db.close();
  });
});

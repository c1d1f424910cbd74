/**
 * What the searches read besides the products: prepared statements by SQL text, the trigrams that
 * start with a short text, and the index's words and the shops' names, kept until the catalogue
 * changes. catalog_generation changes with every change of products, shops or categories (triggers
 * of migration 11, whichever connection made it): what is kept is read again after one.
 */
import type { Statement } from 'better-sqlite3';
import type { Db } from '../../../platform/db';
import type { TrigramsStartingWith } from './query-plan';
import { fold, NO_SPACE } from './tokens';

export interface ShopName {
  id: number;
  name: string;
  sales: number;
  /** Its words folded, and its text lower-cased (computed once per change of the shops). */
  words: string[];
  lower: string;
}

export interface SearchIndex {
  /** A statement for the SQL, prepared once (the shapes are few: how many tokens, which filters). */
  prepared(sql: string): Statement<unknown[], unknown>;
  startingWith: TrigramsStartingWith;
  /** Changes whenever the catalogue does. */
  changeKey(): string;
  /** The word index's words of letters (fts5vocab) and how many products hold each. */
  vocabulary(): { term: string; doc: number }[];
  shops(): ShopName[];
}

export function searchIndex(db: Db): SearchIndex {
  const cache = new Map<string, Statement<unknown[], unknown>>();
  const prepared = (sql: string) => {
    let s = cache.get(sql);
    if (!s) {
      s = db.prepare<unknown[], unknown>(sql);
      if (cache.size > 500) cache.clear();
      cache.set(sql, s);
    }
    return s;
  };

  const trigramRange = db.prepare<[string, string], { term: string }>(
    'SELECT term FROM product_tri_vocab WHERE term >= ? AND term < ? LIMIT 2000',
  );
  const startingWith: TrigramsStartingWith = (text) =>
    trigramRange.all(text.toLowerCase(), `${text.toLowerCase()}\u{10FFFF}`).map((r) => r.term);

  const generation = db.prepare<[], { n: number }>('SELECT n FROM catalog_generation WHERE id = 1');
  const changeKey = () => String(generation.get()?.n ?? 0);

  let vocab: { key: string; terms: { term: string; doc: number }[] } | null = null;
  const vocabulary = () => {
    const key = changeKey();
    if (!vocab || vocab.key !== key) {
      const terms = db
        .prepare<[], { term: string; doc: number }>(
          // Words of letters only: numbers and codes ('512gb') are not corrected.
          'SELECT term, doc FROM product_fts_vocab WHERE length(term) >= 2',
        )
        .all()
        .filter((t) => /^\p{L}+$/u.test(t.term) && !NO_SPACE.test(t.term));
      vocab = { key, terms };
    }
    return vocab.terms;
  };

  const shopsAll = db.prepare<[], { id: number; name: string; sales: number }>(
    'SELECT s.id, s.name, COALESCE((SELECT SUM(x.sales) FROM products x WHERE x.shop_id = s.id AND x.status = 1), 0) AS sales FROM shops s',
  );
  let shopCache: { key: string; rows: ShopName[] } | null = null;
  const shops = () => {
    const key = changeKey();
    if (!shopCache || shopCache.key !== key) {
      const rows = shopsAll.all().map((s) => ({
        ...s,
        words: [...s.name.normalize('NFC').matchAll(/[\p{L}\p{N}\p{M}]+/gu)].map((m) => fold(m[0])),
        lower: s.name.toLowerCase(),
      }));
      shopCache = { key, rows };
    }
    return shopCache.rows;
  };

  return { prepared, startingWith, changeKey, vocabulary, shops };
}

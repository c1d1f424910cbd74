/**
 * Product search, suggestions and corrections over the full-text indexes of migration 11
 * (DESIGN.md 3.2: searchProducts, suggestSearch; the contract's descriptions say what matches).
 * tokens.ts splits the shopper's text, query-plan.ts builds the SQL, corrections.ts and
 * suggestions.ts answer what a search alone does not; the answers are kept while the catalogue is
 * unchanged.
 */
import type { Db } from '../../../platform/db';
import { BEST_SELLERS, PRODUCT_COLS, type ProductRow } from '../cards';
import { corrections } from './corrections';
import { addFilters, plan, type Plan, type SearchFilters } from './query-plan';
import { searchIndex, type SearchIndex } from './search-index';
import { suggest, type Suggestion } from './suggestions';
import { tokenize } from './tokens';

export const SORTS: Record<string, string> = {
  sales: BEST_SELLERS,
  price_asc: 'p.price_cents ASC, p.id ASC',
  price_desc: 'p.price_cents DESC, p.id ASC',
  new: 'p.created_at DESC, p.id DESC',
};

/** Answers kept (search and suggest together); a few MB at most. */
const ANSWERS_KEPT = 1000;

export interface SearchResult {
  total: number;
  rows: ProductRow[];
  corrections?: string[];
}

function searchProducts(
  index: SearchIndex,
  text: string,
  filters: SearchFilters,
  sort: string,
  limit: number,
  offset: number,
): SearchResult {
  const tokens = tokenize(text);
  let p: Plan | null;
  if (!text) p = { from: 'products p', where: [], params: [], score: null };
  else p = plan(tokens, index.startingWith, false);
  if (!p) return { total: 0, rows: [] };
  addFilters(p, filters);
  const where = p.where.join(' AND ');
  const total = (index.prepared(`SELECT COUNT(*) AS n FROM ${p.from} WHERE ${where}`).get(...p.params) as { n: number })
    .n;
  // Relevance is computed only when it orders the list (the default sort of a search text).
  const score = SORTS[sort] ? null : p.score;
  const order = SORTS[sort] ?? (score ? `score ASC, ${BEST_SELLERS}` : BEST_SELLERS);
  const rows = total
    ? (index
        .prepared(
          `SELECT ${PRODUCT_COLS}${score ? `, ${score} AS score` : ''} FROM ${p.from} WHERE ${where} ORDER BY ${order} LIMIT ? OFFSET ?`,
        )
        .all(...p.params, limit, offset) as ProductRow[])
    : [];
  const result: SearchResult = { total, rows };
  if (!total && tokens.length) {
    const found = corrections(index, tokens, filters);
    if (found.length) result.corrections = found;
  }
  return result;
}

/**
 * Recent answers, kept while the catalogue is unchanged: shoppers repeat the same searches (the
 * top keywords) and type the same prefixes, so most of them are answered without a query.
 */
function answerCache(changeKey: () => string) {
  const answers = new Map<string, { generation: string; value: unknown }>();
  return function remembered<T>(key: string, compute: () => T): T {
    const now = changeKey();
    const hit = answers.get(key);
    if (hit && hit.generation === now) {
      // Most recently used last (a Map keeps insertion order): the oldest is dropped first.
      answers.delete(key);
      answers.set(key, hit);
      return hit.value as T;
    }
    const value = compute();
    answers.delete(key);
    answers.set(key, { generation: now, value });
    if (answers.size > ANSWERS_KEPT) answers.delete(answers.keys().next().value!);
    return value;
  };
}

export interface Search {
  search(text: string, filters: SearchFilters, sort: string, limit: number, offset: number): SearchResult;
  suggest(text: string, limit: number): Suggestion[];
}

export function createSearch(db: Db): Search {
  const index = searchIndex(db);
  const remembered = answerCache(index.changeKey);
  return {
    search: (text, filters, sort, limit, offset) =>
      remembered(JSON.stringify(['s', text, filters, sort, limit, offset]), () =>
        searchProducts(index, text, filters, sort, limit, offset),
      ),
    suggest: (text, limit) => remembered(JSON.stringify(['g', text, limit]), () => suggest(index, text, limit)),
  };
}

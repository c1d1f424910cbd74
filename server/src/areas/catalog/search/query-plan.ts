/**
 * The SQL of a search over the full-text indexes of migration 11: FTS5 queries built only from
 * tokens (tokens.ts), each one a quoted string.
 *
 * - A word token must match a word of the word index (product_fts), in any column; the last token
 *   typed also matches as a prefix. English plurals: a token also matches its singular or plural
 *   form ('shirts' <-> 'shirt').
 * - A part token must occur as a substring: through the trigram index (product_tri) from 3
 *   characters; a 1-2 character token (a Chinese word is often 2 characters) is looked for in the
 *   title, shop name and category names.
 */
import { charCount, wordForms, type Token } from './tokens';

/** A token as an FTS5 string: always quoted, so it is text whatever it contains. */
const quote = (s: string) => `"${s.replace(/"/g, '""')}"`;

/** FTS5 expression for the word tokens: all must match; the last one typed also as a prefix. */
function wordQuery(words: readonly string[], lastIsPrefix: boolean): string {
  return words
    .map((w, i) => {
      const forms = wordForms(w).map(quote);
      if (lastIsPrefix && i === words.length - 1) forms[0] = `${quote(w)}*`;
      return `(${forms.join(' OR ')})`;
    })
    .join(' AND ');
}

/** Column filter: the expression must match within these columns. */
const within = (columns: string, expr: string) => `{${columns}} : (${expr})`;

export interface SearchFilters {
  categoryId?: number | null;
  minCents?: number | null;
  maxCents?: number | null;
  inStock?: boolean;
}

/** FROM, WHERE, their parameters and the relevance score of a product query. */
export interface Plan {
  from: string;
  where: string[];
  params: unknown[];
  /** SQL for relevance (lower is better), or null when there is none. */
  score: string | null;
}

/** The trigrams of the index that start with a 1-2 character text (see migration 11). */
export type TrigramsStartingWith = (text: string) => string[];

/**
 * FTS5 expression for part tokens on the trigram index: each must occur. A token of 3+ characters
 * is a phrase of its trigrams; a shorter one is any of the indexed trigrams starting with it (every
 * value ends with two spaces, so each occurrence starts one), or null when none does.
 */
function partQuery(parts: readonly string[], startingWith: TrigramsStartingWith): string | null {
  const exprs: string[] = [];
  for (const part of parts) {
    if (charCount(part) >= 3) exprs.push(quote(part));
    else {
      const trigrams = startingWith(part);
      if (!trigrams.length) return null;
      exprs.push(`(${trigrams.map(quote).join(' OR ')})`);
    }
  }
  return exprs.join(' AND ');
}

/** A plan that finds nothing (a part no product contains). */
const NOTHING: Plan = { from: 'products p', where: ['0'], params: [], score: null };

/**
 * The query finding the products that match every token, or null when the text has no token (only
 * punctuation): such a text matches nothing. `titleOnly`: suggestions match the title alone;
 * `lastAsPrefix`: the last word typed matches as a prefix (not for corrections: whole words).
 */
export function plan(
  tokens: readonly Token[],
  startingWith: TrigramsStartingWith,
  titleOnly: boolean,
  lastAsPrefix = true,
): Plan | null {
  if (!tokens.length) return null;
  const words = tokens.filter((t) => t.kind === 'word').map((t) => t.text);
  const parts = tokens.filter((t) => t.kind === 'part').map((t) => t.text);
  const lastIsWord = lastAsPrefix && tokens[tokens.length - 1]!.kind === 'word';
  const partExpr = parts.length ? partQuery(parts, startingWith) : null;
  if (parts.length && partExpr === null) return { ...NOTHING, where: [...NOTHING.where] };
  const column = (expr: string) => (titleOnly ? within('title', expr) : expr);
  // Title weighs most, then shop name, category, description.
  if (words.length) {
    const p: Plan = {
      from: 'product_fts JOIN products p ON p.id = product_fts.rowid',
      where: ['product_fts MATCH ?'],
      params: [column(wordQuery(words, lastIsWord))],
      score: 'bm25(product_fts, 10.0, 4.0, 2.0, 1.0)',
    };
    if (partExpr) {
      p.where.push('p.id IN (SELECT rowid FROM product_tri WHERE product_tri MATCH ?)');
      p.params.push(column(partExpr));
    }
    return p;
  }
  return {
    from: 'product_tri JOIN products p ON p.id = product_tri.rowid',
    where: ['product_tri MATCH ?'],
    params: [column(partExpr!)],
    score: 'bm25(product_tri, 10.0, 4.0, 2.0, 1.0)',
  };
}

export function addFilters(p: Plan, f: SearchFilters): void {
  p.where.unshift('p.status = 1');
  if (f.categoryId) {
    p.where.push('p.category_id = ?');
    p.params.push(f.categoryId);
  }
  if (f.minCents != null) {
    p.where.push('p.price_cents >= ?');
    p.params.push(f.minCents);
  }
  if (f.maxCents != null) {
    p.where.push('p.price_cents <= ?');
    p.params.push(f.maxCents);
  }
  if (f.inStock) p.where.push('p.stock > 0');
}

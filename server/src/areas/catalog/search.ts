/**
 * Product search, suggestions and corrections over the full-text indexes of migration 11
 * (DESIGN.md 3.2: searchProducts, suggestSearch; the contract's descriptions say what matches).
 *
 * The shopper's text is split into tokens here; FTS5 queries are built only from those tokens, each
 * one a quoted string (letters, digits and marks only, so nothing in it can be an operator): quotes,
 * `*`, `-`, `^`, `:`, NEAR, AND/OR/NOT typed by a shopper are text, never FTS syntax.
 *
 * - A word token (Latin, Cyrillic, ... scripts with spaces between words) must match a word of the
 *   word index (product_fts), in any column; the last token typed also matches as a prefix. English
 *   plurals: a token also matches its singular or plural form ('shirts' <-> 'shirt').
 * - A part token (Chinese, Japanese, Korean, Thai: no spaces between words) must occur as a
 *   substring: through the trigram index (product_tri) from 3 characters; a 1-2 character token
 *   (a Chinese word is often 2 characters) is looked for in the title, shop name and category names.
 */
import { distance } from 'fastest-levenshtein';
import type { Statement } from 'better-sqlite3';
import type { Db } from '../../platform/db';

/** Scripts written without spaces between words: matched as substrings. */
const NO_SPACE = /[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Hangul}\p{scx=Thai}\p{scx=Lao}\p{scx=Khmer}]/u;
const TOKEN_CHAR = /[\p{L}\p{N}\p{M}]/u;

export interface Token {
  /** As typed (NFC), lower-cased for words. */
  text: string;
  kind: 'word' | 'part';
}

/** Characters in a token (code points), for the trigram threshold. */
const charCount = (s: string) => [...s].length;

/** Lower case, diacritics removed (é -> e), as the word index folds them. */
export function fold(s: string): string {
  return s
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .toLowerCase();
}

/**
 * The tokens of a search text: runs of letters, digits and marks; a run is cut where it changes
 * between a script with spaces and one without ('iphone手机' -> 'iphone', '手机').
 */
export function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  let current = '';
  let kind: Token['kind'] = 'word';
  const flush = () => {
    if (current) tokens.push({ text: kind === 'word' ? current.toLowerCase() : current, kind });
    current = '';
  };
  for (const ch of input.normalize('NFC')) {
    if (!TOKEN_CHAR.test(ch)) {
      flush();
      continue;
    }
    // A combining mark stays with the character before it.
    const chKind: Token['kind'] = NO_SPACE.test(ch) ? 'part' : /\p{M}/u.test(ch) && current ? kind : 'word';
    if (current && chKind !== kind) flush();
    kind = chKind;
    current += ch;
  }
  flush();
  return tokens;
}

/** A token as an FTS5 string: always quoted, so it is text whatever it contains. */
const quote = (s: string) => `"${s.replace(/"/g, '""')}"`;

/** The singular and plural forms of an English word that should find each other. */
export function wordForms(word: string): string[] {
  const forms = new Set([word]);
  if (/^[a-z]{3,}$/.test(word)) {
    if (word.endsWith('ies') && word.length > 4) forms.add(`${word.slice(0, -3)}y`);
    else if (/(s|x|z|ch|sh)es$/.test(word)) forms.add(word.slice(0, -2));
    if (word.endsWith('s') && !word.endsWith('ss')) forms.add(word.slice(0, -1));
    if (!word.endsWith('s')) {
      if (/[^aeiou]y$/.test(word)) forms.add(`${word.slice(0, -1)}ies`);
      else if (/(x|z|ch|sh)$/.test(word)) forms.add(`${word}es`);
      else forms.add(`${word}s`);
    }
  }
  return [...forms];
}

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
interface Plan {
  from: string;
  where: string[];
  params: unknown[];
  /** SQL for relevance (lower is better), or null when there is none. */
  score: string | null;
}

/** The trigrams of the index that start with a 1-2 character text (see migration 11). */
type TrigramsStartingWith = (text: string) => string[];

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
function plan(
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

function addFilters(p: Plan, f: SearchFilters): void {
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

export const PRODUCT_COLS = 'p.id, p.shop_id, p.title, p.image, p.price_cents, p.market_price_cents, p.sales, p.clicks';

export interface ProductRow {
  id: number;
  shop_id: number;
  title: string;
  image: string;
  price_cents: number;
  market_price_cents: number;
  sales: number;
  clicks: number;
}

/** Best sellers first; ties by id so paging is stable. */
export const BEST_SELLERS = 'p.sales DESC, p.id ASC';

export const SORTS: Record<string, string> = {
  sales: BEST_SELLERS,
  price_asc: 'p.price_cents ASC, p.id ASC',
  price_desc: 'p.price_cents DESC, p.id ASC',
  new: 'p.created_at DESC, p.id DESC',
};

/** Most suggestions; corrections offered. */
export const MAX_SUGGESTIONS = 8;
const MAX_CORRECTIONS = 3;
/** Answers kept (search and suggest together); a few MB at most. */
const ANSWERS_KEPT = 1000;

export interface Mark {
  start: number;
  length: number;
}

export interface Suggestion {
  text: string;
  kind: 'product' | 'shop';
  product_id?: number;
  mer_id?: number;
  marks: Mark[];
}

/**
 * The parts of `text` the tokens matched, as UTF-16 offsets: a word token marks the start of each
 * word it begins (or the whole word it is a form of: 'shirts' marks 'Shirt'); a part token marks
 * where it occurs. Sorted, overlaps merged.
 */
export function marksOf(text: string, tokens: readonly Token[]): Mark[] {
  const marks: Mark[] = [];
  const wordRe = /[\p{L}\p{N}\p{M}]+/gu;
  const textWords: { start: number; word: string; folded: string }[] = [];
  for (const m of text.matchAll(wordRe)) textWords.push({ start: m.index, word: m[0], folded: fold(m[0]) });
  tokens.forEach((token, i) => {
    if (token.kind === 'part') {
      const hay = text.toLowerCase();
      const needle = token.text.toLowerCase();
      if (hay.length !== text.length || !needle) return;
      for (let at = hay.indexOf(needle); at >= 0; at = hay.indexOf(needle, at + needle.length)) {
        marks.push({ start: at, length: needle.length });
      }
      return;
    }
    const t = fold(token.text);
    const forms = wordForms(t);
    const isLast = i === tokens.length - 1;
    for (const w of textWords) {
      if (forms.includes(w.folded) || wordForms(w.folded).includes(t)) {
        marks.push({ start: w.start, length: w.word.length });
      } else if (isLast && w.folded.startsWith(t)) {
        // A prefix: its length in the word as written (the whole word when folding changed lengths).
        marks.push({ start: w.start, length: w.folded.length === w.word.length ? t.length : w.word.length });
      }
    }
  });
  marks.sort((a, b) => a.start - b.start || b.length - a.length);
  const merged: Mark[] = [];
  for (const m of marks) {
    const last = merged[merged.length - 1];
    if (last && m.start <= last.start + last.length) {
      last.length = Math.max(last.length, m.start + m.length - last.start);
    } else merged.push({ ...m });
  }
  return merged;
}

interface ShopName {
  id: number;
  name: string;
  sales: number;
  /** Its words folded, and its text lower-cased (computed once per change of the shops). */
  words: string[];
  lower: string;
}

/** Whether a shop name matches every token (words as word prefixes or forms, parts as substrings). */
function nameMatches(shop: ShopName, tokens: readonly Token[]): boolean {
  return tokens.every((token, i) => {
    if (token.kind === 'part') return shop.lower.includes(token.text.toLowerCase());
    const t = fold(token.text);
    const forms = wordForms(t);
    const isLast = i === tokens.length - 1;
    return shop.words.some((w) => forms.includes(w) || wordForms(w).includes(t) || (isLast && w.startsWith(t)));
  });
}

export interface SearchResult {
  total: number;
  rows: ProductRow[];
  corrections?: string[];
}

export function createSearch(db: Db) {
  // Statements by SQL text: the shapes are few (how many tokens of each kind, which filters).
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

  /** Whether the tokens alone (the last one as a prefix) find a product. */
  const finds = (tokens: readonly Token[]): boolean => {
    const p = plan(tokens, startingWith, false);
    if (!p) return false;
    addFilters(p, {});
    return Boolean(prepared(`SELECT 1 FROM ${p.from} WHERE ${p.where.join(' AND ')} LIMIT 1`).get(...p.params));
  };

  function search(text: string, filters: SearchFilters, sort: string, limit: number, offset: number): SearchResult {
    const tokens = tokenize(text);
    let p: Plan | null;
    if (!text) p = { from: 'products p', where: [], params: [], score: null };
    else p = plan(tokens, startingWith, false);
    if (!p) return { total: 0, rows: [] };
    addFilters(p, filters);
    const where = p.where.join(' AND ');
    const total = (prepared(`SELECT COUNT(*) AS n FROM ${p.from} WHERE ${where}`).get(...p.params) as { n: number }).n;
    // Relevance is computed only when it orders the list (the default sort of a search text).
    const score = SORTS[sort] ? null : p.score;
    const order = SORTS[sort] ?? (score ? `score ASC, ${BEST_SELLERS}` : BEST_SELLERS);
    const rows = total
      ? (prepared(
          `SELECT ${PRODUCT_COLS}${score ? `, ${score} AS score` : ''} FROM ${p.from} WHERE ${where} ORDER BY ${order} LIMIT ? OFFSET ?`,
        ).all(...p.params, limit, offset) as ProductRow[])
      : [];
    const result: SearchResult = { total, rows };
    if (!total && tokens.length) {
      const corrections = correct(tokens, filters);
      if (corrections.length) result.corrections = corrections;
    }
    return result;
  }

  /** The index's words (fts5vocab), cached until the database changes. */
  let vocab: { key: string; terms: { term: string; doc: number }[] } | null = null;
  // catalog_generation changes with every change of products, shops or categories (triggers of
  // migration 11, whichever connection made it): what is kept below is read again after one.
  const generation = db.prepare<[], { n: number }>('SELECT n FROM catalog_generation WHERE id = 1');
  const changeKey = () => String(generation.get()?.n ?? 0);
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

  /**
   * Corrections for a text that found nothing: each word that finds nothing by itself is replaced
   * by the closest words of the index (Levenshtein distance 1, or 2 for words of 5+ letters; more
   * documents first among equals); the whole corrected text is offered only if it finds products
   * (with the same filters). Closest first, at most MAX_CORRECTIONS.
   */
  function correct(tokens: readonly Token[], filters: SearchFilters): string[] {
    const wordCount = tokens.filter((t) => t.kind === 'word').length;
    if (!wordCount || wordCount > 6) return [];
    const options: { text: string; cost: number; doc: number }[][] = tokens.map((token) => {
      if (token.kind === 'part') return [{ text: token.text, cost: 0, doc: 0 }];
      if (finds([token])) return [{ text: token.text, cost: 0, doc: 0 }];
      const word = fold(token.text);
      const max = word.length >= 5 ? 2 : 1;
      const near: { text: string; cost: number; doc: number }[] = [];
      for (const { term, doc } of vocabulary()) {
        if (Math.abs(term.length - word.length) > max) continue;
        const d = distance(word, term);
        if (d > 0 && d <= max) near.push({ text: term, cost: d, doc });
      }
      near.sort((a, b) => a.cost - b.cost || b.doc - a.doc || (a.text < b.text ? -1 : 1));
      return near.slice(0, 4);
    });
    if (options.some((o) => !o.length)) return [];
    // Every combination, cheapest first (at most 4^k; k words, few of them wrong in practice).
    let combos: { texts: string[]; cost: number; doc: number }[] = [{ texts: [], cost: 0, doc: 0 }];
    for (const opts of options) {
      const next: typeof combos = [];
      for (const c of combos) {
        for (const o of opts) next.push({ texts: [...c.texts, o.text], cost: c.cost + o.cost, doc: c.doc + o.doc });
      }
      combos = next.slice(0, 256);
    }
    combos = combos.filter((c) => c.cost > 0).sort((a, b) => a.cost - b.cost || b.doc - a.doc);
    const found: string[] = [];
    for (const c of combos.slice(0, 24)) {
      const corrected = c.texts.map((text, i) => ({ text, kind: tokens[i]!.kind }));
      // A correction is a whole word: its last word is not a prefix here.
      if (findExact(corrected, filters)) found.push(c.texts.join(' '));
      if (found.length >= MAX_CORRECTIONS) break;
    }
    return found;
  }

  /** Whether the tokens, every one a whole word (no prefix), find a product. */
  function findExact(tokens: readonly Token[], filters: SearchFilters): boolean {
    const p = plan(tokens, startingWith, false, false);
    if (!p) return false;
    addFilters(p, filters);
    return Boolean(prepared(`SELECT 1 FROM ${p.from} WHERE ${p.where.join(' AND ')} LIMIT 1`).get(...p.params));
  }

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

  /**
   * Completions of a text being typed: product titles (relevance then sales) and shop names
   * (best sellers first); a shop whose name starts with the text comes first. Titles are not
   * repeated.
   */
  function suggest(text: string, limit: number): Suggestion[] {
    const tokens = tokenize(text);
    const p = plan(tokens, startingWith, true);
    if (!p) return [];
    addFilters(p, {});
    const rows = prepared(
      `SELECT p.id, p.shop_id, p.title${p.score ? `, ${p.score} AS score` : ''} FROM ${p.from} WHERE ${p.where.join(' AND ')} ORDER BY ${p.score ? 'score ASC, ' : ''}${BEST_SELLERS} LIMIT ?`,
    ).all(...p.params, limit * 3) as { id: number; shop_id: number; title: string }[];
    const seen = new Set<string>();
    const products: Suggestion[] = [];
    for (const r of rows) {
      const key = r.title.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      products.push({
        text: r.title,
        kind: 'product',
        product_id: r.id,
        mer_id: r.shop_id,
        marks: marksOf(r.title, tokens),
      });
    }
    const typed = fold(text.trim());
    const matchingShops = shops()
      .filter((s) => nameMatches(s, tokens))
      .sort((a, b) => b.sales - a.sales || a.id - b.id)
      .slice(0, 3)
      .map((s): Suggestion & { leading: boolean } => ({
        text: s.name,
        kind: 'shop',
        mer_id: s.id,
        marks: marksOf(s.name, tokens),
        leading: fold(s.name).startsWith(typed),
      }));
    const strip = ({ leading: _leading, ...s }: Suggestion & { leading: boolean }): Suggestion => s;
    const list = [
      ...matchingShops.filter((s) => s.leading).map(strip),
      ...products.slice(0, limit - Math.min(matchingShops.length, 2)),
      ...matchingShops.filter((s) => !s.leading).map(strip),
      ...products.slice(limit - Math.min(matchingShops.length, 2)),
    ];
    return list.slice(0, limit);
  }

  /**
   * Recent answers, kept while the catalogue is unchanged: shoppers repeat the same searches (the
   * top keywords) and type the same prefixes, so most of them are answered without a query.
   */
  const answers = new Map<string, { generation: string; value: unknown }>();
  function remembered<T>(key: string, compute: () => T): T {
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
  }

  return {
    search: (text: string, filters: SearchFilters, sort: string, limit: number, offset: number) =>
      remembered(JSON.stringify(['s', text, filters, sort, limit, offset]), () =>
        search(text, filters, sort, limit, offset),
      ),
    suggest: (text: string, limit: number) =>
      remembered(JSON.stringify(['g', text, limit]), () => suggest(text, limit)),
  };
}

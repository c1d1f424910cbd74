import { distance } from 'fastest-levenshtein';
import { addFilters, plan, type SearchFilters } from './query-plan';
import type { SearchIndex } from './search-index';
import { fold, type Token } from './tokens';

/** Corrections offered at most. */
const MAX_CORRECTIONS = 3;

/** Whether the tokens alone (the last one as a prefix) find a product. */
function finds(index: SearchIndex, tokens: readonly Token[]): boolean {
  const p = plan(tokens, index.startingWith, false);
  if (!p) return false;
  addFilters(p, {});
  return Boolean(index.prepared(`SELECT 1 FROM ${p.from} WHERE ${p.where.join(' AND ')} LIMIT 1`).get(...p.params));
}

/** Whether the tokens, every one a whole word (no prefix), find a product. */
function findExact(index: SearchIndex, tokens: readonly Token[], filters: SearchFilters): boolean {
  const p = plan(tokens, index.startingWith, false, false);
  if (!p) return false;
  addFilters(p, filters);
  return Boolean(index.prepared(`SELECT 1 FROM ${p.from} WHERE ${p.where.join(' AND ')} LIMIT 1`).get(...p.params));
}

type Option = { text: string; cost: number; doc: number };

/**
 * A token's options: itself when it finds something alone (or is a part), else the closest words
 * of the index (Levenshtein distance 1, or 2 for words of 5+ letters; more documents first among
 * equals), at most 4.
 */
function optionsOf(index: SearchIndex, token: Token): Option[] {
  if (token.kind === 'part') return [{ text: token.text, cost: 0, doc: 0 }];
  if (finds(index, [token])) return [{ text: token.text, cost: 0, doc: 0 }];
  const word = fold(token.text);
  const max = word.length >= 5 ? 2 : 1;
  const near: Option[] = [];
  for (const { term, doc } of index.vocabulary()) {
    if (Math.abs(term.length - word.length) > max) continue;
    const d = distance(word, term);
    if (d > 0 && d <= max) near.push({ text: term, cost: d, doc });
  }
  near.sort((a, b) => a.cost - b.cost || b.doc - a.doc || (a.text < b.text ? -1 : 1));
  return near.slice(0, 4);
}

/**
 * Corrections for a text that found nothing: each word that finds nothing by itself is replaced
 * by one of its closest words; the whole corrected text is offered only if it finds products
 * (with the same filters). Closest first, at most MAX_CORRECTIONS.
 */
export function corrections(index: SearchIndex, tokens: readonly Token[], filters: SearchFilters): string[] {
  const wordCount = tokens.filter((t) => t.kind === 'word').length;
  if (!wordCount || wordCount > 6) return [];
  const options = tokens.map((token) => optionsOf(index, token));
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
    if (findExact(index, corrected, filters)) found.push(c.texts.join(' '));
    if (found.length >= MAX_CORRECTIONS) break;
  }
  return found;
}

import { BEST_SELLERS } from '../cards';
import { addFilters, plan } from './query-plan';
import type { SearchIndex, ShopName } from './search-index';
import { fold, marksOf, tokenize, wordForms, type Mark, type Token } from './tokens';

/** Most suggestions. */
export const MAX_SUGGESTIONS = 8;

export interface Suggestion {
  text: string;
  kind: 'product' | 'shop';
  product_id?: number;
  mer_id?: number;
  marks: Mark[];
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

/**
 * Completions of a text being typed: product titles (relevance then sales) and shop names
 * (best sellers first); a shop whose name starts with the text comes first. Titles are not
 * repeated.
 */
export function suggest(index: SearchIndex, text: string, limit: number): Suggestion[] {
  const tokens = tokenize(text);
  const p = plan(tokens, index.startingWith, true);
  if (!p) return [];
  addFilters(p, {});
  const rows = index
    .prepared(
      `SELECT p.id, p.shop_id, p.title${p.score ? `, ${p.score} AS score` : ''} FROM ${p.from} WHERE ${p.where.join(' AND ')} ORDER BY ${p.score ? 'score ASC, ' : ''}${BEST_SELLERS} LIMIT ?`,
    )
    .all(...p.params, limit * 3) as { id: number; shop_id: number; title: string }[];
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
  const matchingShops = index
    .shops()
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

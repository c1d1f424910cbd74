/** Searching: listTopKeywords, searchProducts, suggestSearch, searchShops (search/ has the engine). */
import type { RequestHandler } from 'express';
import { ok, paging, refused, str } from '../../platform/http';
import type { CatalogDeps } from './catalog.deps';
import { containsPattern, positiveInt, priceFilter, productCard, searchText, shopCard, shopPage } from './cards';
import { MAX_SUGGESTIONS } from './search/suggestions';

/** Keywords of listTopKeywords. */
const TOP_KEYWORDS = 10;

export function listTopKeywords({ db }: CatalogDeps): RequestHandler {
  return (req, res) => {
    const rows = db
      .prepare<[number], { keyword: string }>(
        'SELECT keyword FROM search_keywords WHERE hits > 0 ORDER BY hits DESC, keyword ASC LIMIT ?',
      )
      .all(TOP_KEYWORDS);
    ok(req, res, rows);
  };
}

export function searchProducts({ db, search }: CatalogDeps): RequestHandler {
  const countSearch = db.prepare(
    'INSERT INTO search_keywords (keyword, hits) VALUES (?, 1) ON CONFLICT(keyword) DO UPDATE SET hits = hits + 1',
  );
  return (req, res) => {
    // Up to 100 a page: the family's client asks for 100 on its products screen (BACKEND-FAMILY.md).
    const { page, limit, offset } = paging(req.query, 10, 100);
    const title = searchText(req.query);
    const filters = {
      categoryId: positiveInt(req.query, 'category_id'),
      minCents: priceFilter(req.query, 'min_price'),
      maxCents: priceFilter(req.query, 'max_price'),
      inStock: str(req.query, 'in_stock') === '1',
    };
    if (filters.minCents != null && filters.maxCents != null && filters.minCents > filters.maxCents) {
      throw refused('Please enter a correct price range');
    }
    const { total, rows, corrections } = search.search(title, filters, str(req.query, 'sort'), limit, offset);
    // A search is counted once (its first page, not the load-more pages) and only when it found
    // something, so typos and junk cannot fill the top keywords.
    if (title && page === 1 && total > 0) countSearch.run(title.toLowerCase());
    ok(req, res, { total, list: rows.map((p) => productCard(req, p)), ...(corrections ? { corrections } : {}) });
  };
}

export function suggestSearch({ search }: CatalogDeps): RequestHandler {
  return (req, res) => {
    const title = searchText(req.query);
    const n = Number(str(req.query, 'limit') || MAX_SUGGESTIONS);
    const limit = Number.isInteger(n) && n >= 1 && n <= MAX_SUGGESTIONS ? n : MAX_SUGGESTIONS;
    ok(req, res, { list: title ? search.suggest(title, limit) : [] });
  };
}

export function searchShops({ db }: CatalogDeps): RequestHandler {
  return (req, res) => {
    const { limit, offset } = paging(req.query);
    const title = searchText(req.query);
    const { count, rows } = title
      ? shopPage(db, "s.name LIKE ? ESCAPE '\\'", [containsPattern(title)], limit, offset)
      : shopPage(db, '1 = 1', [], limit, offset);
    ok(req, res, { total: count, list: rows.map((s) => shopCard(req, s)) });
  };
}

/** The home screen's lists and the category lists. */
import type { RequestHandler } from 'express';
import { absoluteUrl, ok, paging } from '../../platform/http';
import type { CatalogDeps } from './catalog.deps';
import {
  BEST_SELLERS,
  containsPattern,
  positiveInt,
  productCard,
  productPage,
  searchText,
  shopCard,
  shopPage,
} from './cards';

export function listBanners({ db }: CatalogDeps): RequestHandler {
  return (req, res) => {
    const rows = db.prepare<[], { image: string }>('SELECT image FROM banners ORDER BY sort, id').all();
    ok(
      req,
      res,
      rows.map((b) => absoluteUrl(req, b.image)),
    );
  };
}

export function listCategories({ db }: CatalogDeps): RequestHandler {
  return (req, res) => {
    const rows = db
      .prepare<[], { category_id: number; name: string; name_en: string }>(
        'SELECT id AS category_id, name, name_en FROM categories ORDER BY sort, id',
      )
      .all();
    ok(req, res, rows);
  };
}

export function listCategoryProducts({ db }: CatalogDeps): RequestHandler {
  return (req, res) => {
    const { limit, offset } = paging(req.query, 8);
    const categoryId = positiveInt(req.query, 'category_id') ?? 0;
    const { count, rows } = productPage(
      db,
      'p.status = 1 AND p.category_id = ?',
      [categoryId],
      BEST_SELLERS,
      limit,
      offset,
    );
    ok(req, res, { count, list: rows.map((p) => productCard(req, p)) });
  };
}

export function listHotProducts({ db }: CatalogDeps): RequestHandler {
  return (req, res) => {
    const { limit, offset } = paging(req.query);
    const title = searchText(req.query);
    const where = title ? "p.status = 1 AND p.title LIKE ? ESCAPE '\\'" : 'p.status = 1';
    const { count, rows } = productPage(db, where, title ? [containsPattern(title)] : [], BEST_SELLERS, limit, offset);
    ok(req, res, { count, list: rows.map((p) => productCard(req, p)) });
  };
}

export function listHotShops({ db }: CatalogDeps): RequestHandler {
  return (req, res) => {
    const { limit, offset } = paging(req.query, 8);
    const { count, rows } = shopPage(db, '1 = 1', [], limit, offset);
    ok(req, res, { count, list: rows.map((s) => shopCard(req, s)) });
  };
}

export function listRecommendedProducts({ db }: CatalogDeps): RequestHandler {
  return (req, res) => {
    const { limit, offset } = paging(req.query);
    const categoryId = positiveInt(req.query, 'category_id');
    const { count, rows } = categoryId
      ? productPage(db, 'p.status = 1 AND p.category_id = ?', [categoryId], BEST_SELLERS, limit, offset)
      : productPage(db, 'p.status = 1', [], BEST_SELLERS, limit, offset);
    ok(req, res, { count, list: rows.map((p) => productCard(req, p)) });
  };
}

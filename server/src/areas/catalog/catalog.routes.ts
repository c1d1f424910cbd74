/**
 * Catalog and shops (DESIGN.md 3.2):
 *   /api/index/banner, /category, /product, /hot_product, /hot_merchant,
 *   /api/product/index (top keywords), /search, /suggest, /searchs (shops), /recommend, /detail, /like,
 *   /api/user/like_list, /follow_list, /api/merchant/detail, /follow.
 *
 * Answers use the backend family's shapes (BACKEND-FAMILY.md, Catalog; cards.ts). Likes and follows
 * are one row per (user, item) (primary keys), so a toggle is idempotent per user: delete the row if
 * it exists, else insert it, in one transaction. A toggle retried after a lost answer would undo
 * itself, so a client may send the state it wants (is_like / is_follow 0 or 1, an extension): the row
 * is then inserted or deleted to match, and a retry changes nothing more. Without it (the family's
 * client) the request toggles.
 */
import { Router } from 'express';
import type { Db } from '../../platform/db';
import type { CatalogDeps } from './catalog.deps';
import {
  listBanners,
  listCategories,
  listCategoryProducts,
  listHotProducts,
  listHotShops,
  listRecommendedProducts,
} from './home.handlers';
import { getProductDetail, listLikedProducts, toggleProductLike } from './product.handlers';
import { createSearch } from './search/search';
import { listTopKeywords, searchProducts, searchShops, suggestSearch } from './search.handlers';
import { getShopDetail, listFollowedShops, toggleShopFollow } from './shop.handlers';

export function catalogRouter({ db }: { db: Db }): Router {
  const deps: CatalogDeps = { db, search: createSearch(db) };
  const r = Router();
  r.get('/api/index/banner', listBanners(deps));
  r.get('/api/index/category', listCategories(deps));
  r.get('/api/index/product', listCategoryProducts(deps));
  r.get('/api/index/hot_product', listHotProducts(deps));
  r.get('/api/index/hot_merchant', listHotShops(deps));
  r.get('/api/product/index', listTopKeywords(deps));
  r.get('/api/product/search', searchProducts(deps));
  r.get('/api/product/suggest', suggestSearch(deps));
  r.get('/api/product/searchs', searchShops(deps));
  r.get('/api/product/recommend', listRecommendedProducts(deps));
  r.get('/api/product/detail', getProductDetail(deps));
  r.post('/api/product/like', toggleProductLike(deps));
  r.get('/api/user/like_list', listLikedProducts(deps));
  r.get('/api/user/follow_list', listFollowedShops(deps));
  r.get('/api/merchant/detail', getShopDetail(deps));
  r.post('/api/merchant/follow', toggleShopFollow(deps));
  return r;
}

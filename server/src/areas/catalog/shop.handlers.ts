/** A shop's page and follows: getShopDetail, toggleShopFollow, listFollowedShops. */
import type { RequestHandler } from 'express';
import { nowSeconds } from '../../platform/db';
import { commaUrlList, ok, paging, requireAuth } from '../../platform/http';
import type { CatalogDeps } from './catalog.deps';
import {
  BEST_SELLERS,
  positiveInt,
  productCard,
  productPage,
  SHOP_COLS,
  shopCard,
  shopFinder,
  targetState,
  type ShopRow,
} from './cards';

export function getShopDetail({ db }: CatalogDeps): RequestHandler {
  const findShop = shopFinder(db);
  const isFollowed = db.prepare<[number, number], { n: number }>(
    'SELECT 1 AS n FROM shop_follows WHERE user_id = ? AND shop_id = ?',
  );
  const bannersOf = db.prepare<[number], { image: string }>(
    'SELECT image FROM shop_banners WHERE shop_id = ? ORDER BY sort, id',
  );
  const shopBanner = db.prepare<[number], { banner: string }>('SELECT banner FROM shops WHERE id = ?');
  return (req, res) => {
    const shop = findShop(positiveInt(req.query, 'mer_id'));
    const { limit, offset } = paging(req.query);
    const categoryId = positiveInt(req.query, 'category_id');
    const { count, rows } = categoryId
      ? productPage(
          db,
          'p.status = 1 AND p.shop_id = ? AND p.category_id = ?',
          [shop.mer_id, categoryId],
          BEST_SELLERS,
          limit,
          offset,
        )
      : productPage(db, 'p.status = 1 AND p.shop_id = ?', [shop.mer_id], BEST_SELLERS, limit, offset);
    let banner = bannersOf.all(shop.mer_id).map((b) => b.image);
    if (!banner.length) banner = [shopBanner.get(shop.mer_id)?.banner ?? ''];
    const userId = req.auth?.userId;
    ok(req, res, {
      ...shopCard(req, shop),
      is_follow: userId && isFollowed.get(userId, shop.mer_id) ? 1 : 0,
      banner: commaUrlList(req, banner),
      product_list: { count, list: rows.map((p) => productCard(req, p)) },
    });
  };
}

export function toggleShopFollow({ db }: CatalogDeps): RequestHandler {
  const findShop = shopFinder(db);
  const unfollow = db.prepare('DELETE FROM shop_follows WHERE user_id = ? AND shop_id = ?');
  const follow = db.prepare('INSERT OR IGNORE INTO shop_follows (user_id, shop_id, created_at) VALUES (?, ?, ?)');
  const toggleFollow = db.transaction((userId: number, shopId: number): 0 | 1 => {
    if (unfollow.run(userId, shopId).changes > 0) return 0;
    follow.run(userId, shopId, nowSeconds());
    return 1;
  });
  return (req, res) => {
    const { userId } = requireAuth(req);
    const shop = findShop(positiveInt(req.body, 'mer_id'));
    const wanted = targetState(req.body, 'is_follow');
    let isFollow: 0 | 1;
    if (wanted === undefined) isFollow = toggleFollow(userId, shop.mer_id);
    else {
      if (wanted === 1) follow.run(userId, shop.mer_id, nowSeconds());
      else unfollow.run(userId, shop.mer_id);
      isFollow = wanted;
    }
    ok(req, res, { is_follow: isFollow }, isFollow ? 'Follow Success' : 'Unfollow Success');
  };
}

export function listFollowedShops({ db }: CatalogDeps): RequestHandler {
  return (req, res) => {
    const { userId } = requireAuth(req);
    const { limit, offset } = paging(req.query);
    const from = 'shop_follows l JOIN shops s ON s.id = l.shop_id WHERE l.user_id = ?';
    const count = db.prepare<[number], { n: number }>(`SELECT COUNT(*) AS n FROM ${from}`).get(userId)?.n ?? 0;
    const rows = db
      .prepare<[number, number, number], ShopRow>(
        `SELECT ${SHOP_COLS} FROM ${from} ORDER BY l.created_at DESC, l.rowid DESC LIMIT ? OFFSET ?`,
      )
      .all(userId, limit, offset);
    ok(req, res, { count, list: rows.map((s) => shopCard(req, s)) });
  };
}

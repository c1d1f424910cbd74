/**
 * Catalog and shops (designed operations, DESIGN.md 3.2):
 *   /api/index/banner, /category, /product, /hot_product, /hot_merchant,
 *   /api/product/index (top keywords), /search, /suggest, /searchs (shops), /recommend, /detail, /like,
 *   /api/user/like_list, /follow_list, /api/merchant/detail, /follow.
 *
 * Cards, in the backend family's shapes (BACKEND-FAMILY.md, Catalog):
 * - product card: product_id, mer_id, sales, click (product page views) and goods{image (absolute
 *   URL), title, sales_price / market_price ("899.00"), real_sales}; plus id (= product_id: the
 *   catalogue has no separate shop listing), an extension. sales and real_sales are the same
 *   figure here: every unit this catalogue counts was sold (seeded history and paid orders). Only
 *   products on sale (status 1) are listed or shown.
 * - shop card: follow_count = base_fans (followers from before this server) + follows, good_rate =
 *   favorable_bp / 100 (percent), total_price = turnover of the shop's sales at the products'
 *   prices, and sales (units sold over the shop's products, an extension).
 * - lists of images in one field (goods.images, reply_list[].pics, the shop's banner) are comma
 *   strings of absolute URLs; dates are display text (http.ts displayTime).
 *
 * Likes and follows are one row per (user, item) (primary keys), so a toggle is idempotent per user:
 * delete the row if it exists, else insert it, in one transaction. A toggle retried after a lost
 * answer would undo itself, so a client may send the state it wants (is_like / is_follow 0 or 1, an
 * extension): the row is then inserted or deleted to match, and a retry changes nothing more. Without
 * it (the family's client) the request toggles.
 */
import { Router, type Request } from 'express';
import { nowSeconds, type Db } from '../../platform/db';
import { absoluteUrl, commaUrlList, displayTime, ok, paging, refused, requireAuth, str } from '../../platform/http';
import { formatCents, parseMoney } from '../../shared/money';
import { BEST_SELLERS, createSearch, MAX_SUGGESTIONS, PRODUCT_COLS, type ProductRow } from './search';

/** The state a like or follow request asks for (0 or 1), or undefined for the family's plain toggle. */
function targetState(body: unknown, field: 'is_like' | 'is_follow'): 0 | 1 | undefined {
  const value = str(body, field);
  return value === '1' ? 1 : value === '0' ? 0 : undefined;
}

/** Products shown as "other" on a product page. */
const OTHER_PRODUCTS = 8;
/** Reviews shown on a product page (newest first). */
const LATEST_REVIEWS = 10;
/** Keywords of listTopKeywords. */
const TOP_KEYWORDS = 10;

interface ShopRow {
  mer_id: number;
  mer_name: string;
  mer_avatar: string;
  sales: number;
  fans: number;
  favorable_bp: number;
  turnover_cents: number;
}

const SHOP_COLS = `s.id AS mer_id, s.name AS mer_name, s.avatar AS mer_avatar,
  COALESCE((SELECT SUM(x.sales) FROM products x WHERE x.shop_id = s.id), 0) AS sales,
  s.base_fans + (SELECT COUNT(*) FROM shop_follows f WHERE f.shop_id = s.id) AS fans,
  s.favorable_bp AS favorable_bp,
  COALESCE((SELECT SUM(x.sales * x.price_cents) FROM products x WHERE x.shop_id = s.id), 0) AS turnover_cents`;

const productCard = (req: Request, p: ProductRow) => ({
  id: p.id,
  product_id: p.id,
  mer_id: p.shop_id,
  sales: Math.max(0, p.sales),
  click: Math.max(0, p.clicks),
  goods: {
    image: absoluteUrl(req, p.image),
    title: p.title,
    sales_price: formatCents(p.price_cents),
    market_price: formatCents(p.market_price_cents),
    real_sales: Math.max(0, p.sales),
  },
});

const shopCard = (req: Request, s: ShopRow) => ({
  mer_id: s.mer_id,
  mer_name: s.mer_name,
  mer_avatar: absoluteUrl(req, s.mer_avatar),
  follow_count: Math.max(0, s.fans),
  good_rate: Math.min(100, Math.max(0, s.favorable_bp / 100)),
  total_price: formatCents(s.turnover_cents),
  sales: Math.max(0, s.sales),
});

/** A positive integer query/body field, or null. */
function positiveInt(source: unknown, name: string): number | null {
  const n = Number(str(source, name));
  return Number.isInteger(n) && n > 0 ? n : null;
}

/** '%text%' for LIKE ... ESCAPE '\' (case-insensitive for ASCII in SQLite). */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A price filter in cents (min_price / max_price: dollars, at most 2 decimals), or null when not
 * sent; anything else is a refusal the shopper caused (they typed it).
 */
function priceFilter(source: unknown, name: string): number | null {
  const text = str(source, name).trim();
  if (!text) return null;
  const cents = parseMoney(text);
  if (cents === null) throw refused('Please enter a correct price range');
  return cents;
}

/** The search text: trimmed, inner whitespace collapsed. */
const searchText = (source: unknown) => str(source, 'title').trim().replace(/\s+/g, ' ');

export function catalogRouter(db: Db): Router {
  const r = Router();
  const search = createSearch(db);

  const productPage = (where: string, params: unknown[], order: string, limit: number, offset: number) => {
    const count =
      db.prepare<unknown[], { n: number }>(`SELECT COUNT(*) AS n FROM products p WHERE ${where}`).get(...params)?.n ??
      0;
    const rows = db
      .prepare<unknown[], ProductRow>(
        `SELECT ${PRODUCT_COLS} FROM products p WHERE ${where} ORDER BY ${order} LIMIT ? OFFSET ?`,
      )
      .all(...params, limit, offset);
    return { count, rows };
  };

  const shopById = db.prepare<[number], ShopRow>(`SELECT ${SHOP_COLS} FROM shops s WHERE s.id = ?`);
  const productById = db.prepare<[number], ProductRow & { category_id: number; stock: number; content_html: string }>(
    `SELECT ${PRODUCT_COLS}, p.category_id, p.stock, p.content_html FROM products p WHERE p.id = ? AND p.status = 1`,
  );
  const isLiked = db.prepare<[number, number], { n: number }>(
    'SELECT 1 AS n FROM product_likes WHERE user_id = ? AND product_id = ?',
  );
  const isFollowed = db.prepare<[number, number], { n: number }>(
    'SELECT 1 AS n FROM shop_follows WHERE user_id = ? AND shop_id = ?',
  );

  /** The product of that shop, on sale; else 'Product not found'. */
  const findProduct = (merId: number | null, productId: number | null) => {
    const p = productId ? productById.get(productId) : undefined;
    if (!p || p.shop_id !== merId) throw refused('Product not found');
    return p;
  };
  const findShop = (merId: number | null) => {
    const s = merId ? shopById.get(merId) : undefined;
    if (!s) throw refused('Shop not found');
    return s;
  };

  // ---- /api/index --------------------------------------------------------------------------

  r.get('/api/index/banner', (req, res) => {
    const rows = db.prepare<[], { image: string }>('SELECT image FROM banners ORDER BY sort, id').all();
    ok(
      req,
      res,
      rows.map((b) => absoluteUrl(req, b.image)),
    );
  });

  r.get('/api/index/category', (req, res) => {
    const rows = db
      .prepare<[], { category_id: number; name: string; name_en: string }>(
        'SELECT id AS category_id, name, name_en FROM categories ORDER BY sort, id',
      )
      .all();
    ok(req, res, rows);
  });

  r.get('/api/index/product', (req, res) => {
    const { limit, offset } = paging(req.query, 8);
    const categoryId = positiveInt(req.query, 'category_id') ?? 0;
    const { count, rows } = productPage(
      'p.status = 1 AND p.category_id = ?',
      [categoryId],
      BEST_SELLERS,
      limit,
      offset,
    );
    ok(req, res, { count, list: rows.map((p) => productCard(req, p)) });
  });

  r.get('/api/index/hot_product', (req, res) => {
    const { limit, offset } = paging(req.query);
    const title = searchText(req.query);
    const where = title ? "p.status = 1 AND p.title LIKE ? ESCAPE '\\'" : 'p.status = 1';
    const { count, rows } = productPage(where, title ? [containsPattern(title)] : [], BEST_SELLERS, limit, offset);
    ok(req, res, { count, list: rows.map((p) => productCard(req, p)) });
  });

  const shopPage = (where: string, params: unknown[], limit: number, offset: number) => {
    const count =
      db.prepare<unknown[], { n: number }>(`SELECT COUNT(*) AS n FROM shops s WHERE ${where}`).get(...params)?.n ?? 0;
    const rows = db
      .prepare<unknown[], ShopRow>(
        `SELECT ${SHOP_COLS} FROM shops s WHERE ${where} ORDER BY sales DESC, s.id ASC LIMIT ? OFFSET ?`,
      )
      .all(...params, limit, offset);
    return { count, rows };
  };

  r.get('/api/index/hot_merchant', (req, res) => {
    const { limit, offset } = paging(req.query, 8);
    const { count, rows } = shopPage('1 = 1', [], limit, offset);
    ok(req, res, { count, list: rows.map((s) => shopCard(req, s)) });
  });

  // ---- /api/product ------------------------------------------------------------------------

  r.get('/api/product/index', (req, res) => {
    const rows = db
      .prepare<[number], { keyword: string }>(
        'SELECT keyword FROM search_keywords WHERE hits > 0 ORDER BY hits DESC, keyword ASC LIMIT ?',
      )
      .all(TOP_KEYWORDS);
    ok(req, res, rows);
  });

  const countSearch = db.prepare(
    'INSERT INTO search_keywords (keyword, hits) VALUES (?, 1) ON CONFLICT(keyword) DO UPDATE SET hits = hits + 1',
  );

  r.get('/api/product/search', (req, res) => {
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
  });

  r.get('/api/product/suggest', (req, res) => {
    const title = searchText(req.query);
    const n = Number(str(req.query, 'limit') || MAX_SUGGESTIONS);
    const limit = Number.isInteger(n) && n >= 1 && n <= MAX_SUGGESTIONS ? n : MAX_SUGGESTIONS;
    ok(req, res, { list: title ? search.suggest(title, limit) : [] });
  });

  r.get('/api/product/searchs', (req, res) => {
    const { limit, offset } = paging(req.query);
    const title = searchText(req.query);
    const { count, rows } = title
      ? shopPage("s.name LIKE ? ESCAPE '\\'", [containsPattern(title)], limit, offset)
      : shopPage('1 = 1', [], limit, offset);
    ok(req, res, { total: count, list: rows.map((s) => shopCard(req, s)) });
  });

  r.get('/api/product/recommend', (req, res) => {
    const { limit, offset } = paging(req.query);
    const categoryId = positiveInt(req.query, 'category_id');
    const { count, rows } = categoryId
      ? productPage('p.status = 1 AND p.category_id = ?', [categoryId], BEST_SELLERS, limit, offset)
      : productPage('p.status = 1', [], BEST_SELLERS, limit, offset);
    ok(req, res, { count, list: rows.map((p) => productCard(req, p)) });
  });

  const imagesOf = db.prepare<[number], { image: string }>(
    'SELECT image FROM product_images WHERE product_id = ? ORDER BY sort, id',
  );
  const specsOf = db.prepare<[number], { spec_id: number; name: string; value: string | null }>(
    `SELECT s.id AS spec_id, s.name, v.value FROM product_specs s
       LEFT JOIN product_spec_values v ON v.spec_id = s.id
      WHERE s.product_id = ? ORDER BY s.sort, s.id, v.sort, v.id`,
  );
  const reviewsOf = db.prepare<
    [number, number],
    { nickname: string; avatar: string; product_score: number; comment: string; pics: string; created_at: number }
  >(
    `SELECT COALESCE(u.nickname, r.nickname) AS nickname,
            CASE WHEN u.id IS NOT NULL THEN u.avatar ELSE r.avatar END AS avatar,
            r.product_score, r.comment, r.pics, r.created_at
       FROM reviews r LEFT JOIN users u ON u.id = r.user_id
      WHERE r.product_id = ? ORDER BY r.created_at DESC, r.id DESC LIMIT ?`,
  );

  const countView = db.prepare('UPDATE products SET clicks = clicks + 1 WHERE id = ?');

  r.get('/api/product/detail', (req, res) => {
    const p = findProduct(positiveInt(req.query, 'mer_id'), positiveInt(req.query, 'product_id'));
    // Every view of the product page counts towards the cards' click.
    countView.run(p.id);
    const shop = findShop(p.shop_id);
    const userId = req.auth?.userId;

    const specList: Array<{ name: string; child: string[] }> = [];
    let lastSpec = -1;
    for (const row of specsOf.all(p.id)) {
      if (row.spec_id !== lastSpec) {
        specList.push({ name: row.name, child: [] });
        lastSpec = row.spec_id;
      }
      if (row.value !== null) specList[specList.length - 1]?.child.push(row.value);
    }
    const gallery = imagesOf.all(p.id).map((i) => i.image);

    const other = productPage(
      'p.status = 1 AND p.category_id = ? AND p.id <> ?',
      [p.category_id, p.id],
      BEST_SELLERS,
      OTHER_PRODUCTS,
      0,
    ).rows;

    ok(req, res, {
      id: p.id,
      product_id: p.id,
      mer_id: p.shop_id,
      is_like: userId && isLiked.get(userId, p.id) ? 1 : 0,
      sales: Math.max(0, p.sales),
      goods: {
        title: p.title,
        sales_price: formatCents(p.price_cents),
        market_price: formatCents(p.market_price_cents),
        stock: Math.max(0, p.stock),
        image: absoluteUrl(req, p.image),
        images: commaUrlList(req, gallery.length ? gallery : [p.image]),
        content: p.content_html,
        specList,
      },
      merchant: shopCard(req, shop),
      reply_list: reviewsOf.all(p.id, LATEST_REVIEWS).map((v) => ({
        avatar: absoluteUrl(req, v.avatar),
        nickname: v.nickname,
        product_score: v.product_score,
        comment: v.comment,
        pics: commaUrlList(req, v.pics.split(',')),
        createtime: displayTime(v.created_at),
      })),
      other: other.map((o) => productCard(req, o)),
    });
  });

  const unlike = db.prepare('DELETE FROM product_likes WHERE user_id = ? AND product_id = ?');
  const like = db.prepare('INSERT OR IGNORE INTO product_likes (user_id, product_id, created_at) VALUES (?, ?, ?)');
  const toggleLike = db.transaction((userId: number, productId: number): 0 | 1 => {
    if (unlike.run(userId, productId).changes > 0) return 0;
    like.run(userId, productId, nowSeconds());
    return 1;
  });

  r.post('/api/product/like', (req, res) => {
    const { userId } = requireAuth(req);
    const p = findProduct(positiveInt(req.body, 'mer_id'), positiveInt(req.body, 'product_id'));
    const wanted = targetState(req.body, 'is_like');
    let isLike: 0 | 1;
    if (wanted === undefined) isLike = toggleLike(userId, p.id);
    else {
      if (wanted === 1) like.run(userId, p.id, nowSeconds());
      else unlike.run(userId, p.id);
      isLike = wanted;
    }
    ok(req, res, { is_like: isLike }, isLike ? 'Added to favourites' : 'Removed from favourites');
  });

  // ---- /api/user: favourites ---------------------------------------------------------------

  r.get('/api/user/like_list', (req, res) => {
    const { userId } = requireAuth(req);
    const { limit, offset } = paging(req.query);
    const from = 'product_likes l JOIN products p ON p.id = l.product_id WHERE l.user_id = ? AND p.status = 1';
    const count = db.prepare<[number], { n: number }>(`SELECT COUNT(*) AS n FROM ${from}`).get(userId)?.n ?? 0;
    const rows = db
      .prepare<[number, number, number], ProductRow>(
        `SELECT ${PRODUCT_COLS} FROM ${from} ORDER BY l.created_at DESC, l.rowid DESC LIMIT ? OFFSET ?`,
      )
      .all(userId, limit, offset);
    ok(req, res, { count, list: rows.map((p) => productCard(req, p)) });
  });

  r.get('/api/user/follow_list', (req, res) => {
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
  });

  // ---- /api/merchant -----------------------------------------------------------------------

  const bannersOf = db.prepare<[number], { image: string }>(
    'SELECT image FROM shop_banners WHERE shop_id = ? ORDER BY sort, id',
  );
  const shopBanner = db.prepare<[number], { banner: string }>('SELECT banner FROM shops WHERE id = ?');

  r.get('/api/merchant/detail', (req, res) => {
    const shop = findShop(positiveInt(req.query, 'mer_id'));
    const { limit, offset } = paging(req.query);
    const categoryId = positiveInt(req.query, 'category_id');
    const { count, rows } = categoryId
      ? productPage(
          'p.status = 1 AND p.shop_id = ? AND p.category_id = ?',
          [shop.mer_id, categoryId],
          BEST_SELLERS,
          limit,
          offset,
        )
      : productPage('p.status = 1 AND p.shop_id = ?', [shop.mer_id], BEST_SELLERS, limit, offset);
    let banner = bannersOf.all(shop.mer_id).map((b) => b.image);
    if (!banner.length) banner = [shopBanner.get(shop.mer_id)?.banner ?? ''];
    const userId = req.auth?.userId;
    ok(req, res, {
      ...shopCard(req, shop),
      is_follow: userId && isFollowed.get(userId, shop.mer_id) ? 1 : 0,
      banner: commaUrlList(req, banner),
      product_list: { count, list: rows.map((p) => productCard(req, p)) },
    });
  });

  const unfollow = db.prepare('DELETE FROM shop_follows WHERE user_id = ? AND shop_id = ?');
  const follow = db.prepare('INSERT OR IGNORE INTO shop_follows (user_id, shop_id, created_at) VALUES (?, ?, ?)');
  const toggleFollow = db.transaction((userId: number, shopId: number): 0 | 1 => {
    if (unfollow.run(userId, shopId).changes > 0) return 0;
    follow.run(userId, shopId, nowSeconds());
    return 1;
  });

  r.post('/api/merchant/follow', (req, res) => {
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
  });

  return r;
}

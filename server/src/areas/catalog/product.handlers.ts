/** A product page and favourites: getProductDetail, toggleProductLike, listLikedProducts. */
import type { Request, RequestHandler } from 'express';
import { nowSeconds, type Db } from '../../platform/db';
import { absoluteUrl, commaUrlList, displayTime, ok, paging, refused, requireAuth } from '../../platform/http';
import { formatCents } from '../../shared/money';
import type { CatalogDeps } from './catalog.deps';
import {
  BEST_SELLERS,
  positiveInt,
  PRODUCT_COLS,
  productCard,
  productPage,
  shopCard,
  shopFinder,
  targetState,
  type ProductRow,
} from './cards';

/** Products shown as "other" on a product page. */
const OTHER_PRODUCTS = 8;
/** Reviews shown on a product page (newest first). */
const LATEST_REVIEWS = 10;

type DetailRow = ProductRow & { category_id: number; stock: number; content_html: string };

/** The product of that shop, on sale; else 'Product not found'. */
function productFinder(db: Db) {
  const productById = db.prepare<[number], DetailRow>(
    `SELECT ${PRODUCT_COLS}, p.category_id, p.stock, p.content_html FROM products p WHERE p.id = ? AND p.status = 1`,
  );
  return (merId: number | null, productId: number | null) => {
    const p = productId ? productById.get(productId) : undefined;
    if (!p || p.shop_id !== merId) throw refused('Product not found');
    return p;
  };
}

/** The product's spec groups as getProductDetail's specList: [{name: 'Colour', child: ['Black']}]. */
function specListOf(db: Db) {
  const specsOf = db.prepare<[number], { spec_id: number; name: string; value: string | null }>(
    `SELECT s.id AS spec_id, s.name, v.value FROM product_specs s
       LEFT JOIN product_spec_values v ON v.spec_id = s.id
      WHERE s.product_id = ? ORDER BY s.sort, s.id, v.sort, v.id`,
  );
  return (productId: number) => {
    const specList: Array<{ name: string; child: string[] }> = [];
    let lastSpec = -1;
    for (const row of specsOf.all(productId)) {
      if (row.spec_id !== lastSpec) {
        specList.push({ name: row.name, child: [] });
        lastSpec = row.spec_id;
      }
      if (row.value !== null) specList[specList.length - 1]?.child.push(row.value);
    }
    return specList;
  };
}

/** The newest reviews of a product as reply_list. */
function replyListOf(db: Db) {
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
  return (req: Request, productId: number) =>
    reviewsOf.all(productId, LATEST_REVIEWS).map((v) => ({
      avatar: absoluteUrl(req, v.avatar),
      nickname: v.nickname,
      product_score: v.product_score,
      comment: v.comment,
      pics: commaUrlList(req, v.pics.split(',')),
      createtime: displayTime(v.created_at),
    }));
}

export function getProductDetail({ db }: CatalogDeps): RequestHandler {
  const findProduct = productFinder(db);
  const findShop = shopFinder(db);
  const specList = specListOf(db);
  const replyList = replyListOf(db);
  const imagesOf = db.prepare<[number], { image: string }>(
    'SELECT image FROM product_images WHERE product_id = ? ORDER BY sort, id',
  );
  const isLiked = db.prepare<[number, number], { n: number }>(
    'SELECT 1 AS n FROM product_likes WHERE user_id = ? AND product_id = ?',
  );
  const countView = db.prepare('UPDATE products SET clicks = clicks + 1 WHERE id = ?');
  return (req, res) => {
    const p = findProduct(positiveInt(req.query, 'mer_id'), positiveInt(req.query, 'product_id'));
    // Every view of the product page counts towards the cards' click.
    countView.run(p.id);
    const shop = findShop(p.shop_id);
    const userId = req.auth?.userId;
    const specs = specList(p.id);
    const gallery = imagesOf.all(p.id).map((i) => i.image);
    const where = 'p.status = 1 AND p.category_id = ? AND p.id <> ?';
    const other = productPage(db, where, [p.category_id, p.id], BEST_SELLERS, OTHER_PRODUCTS, 0).rows;
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
        specList: specs,
      },
      merchant: shopCard(req, shop),
      reply_list: replyList(req, p.id),
      other: other.map((o) => productCard(req, o)),
    });
  };
}

export function toggleProductLike({ db }: CatalogDeps): RequestHandler {
  const findProduct = productFinder(db);
  const unlike = db.prepare('DELETE FROM product_likes WHERE user_id = ? AND product_id = ?');
  const like = db.prepare('INSERT OR IGNORE INTO product_likes (user_id, product_id, created_at) VALUES (?, ?, ?)');
  const toggleLike = db.transaction((userId: number, productId: number): 0 | 1 => {
    if (unlike.run(userId, productId).changes > 0) return 0;
    like.run(userId, productId, nowSeconds());
    return 1;
  });
  return (req, res) => {
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
  };
}

export function listLikedProducts({ db }: CatalogDeps): RequestHandler {
  return (req, res) => {
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
  };
}

import type { Db } from '../../platform/db';
import { formatCents, parseMoney } from '../../shared/money';
import { hashSecretSync } from '../../platform/auth/secrets';
import { CATEGORIES, KEYWORDS, PRODUCTS, REVIEWERS, REVIEW_TEXTS, SHOPS } from './catalog';
import { HELP_TOPICS, LAW_HTML } from './content';
import { prng } from './prng';

/** Fixed clock for seeded rows, so the seed is the same every time (2025-01-01T00:00:00Z). */
const SEED_EPOCH = 1735689600;

export const DEMO_ACCOUNT = {
  username: 'demo',
  password: 'demo123',
  nickname: 'Demo Shopper',
  email: 'demo@example.com',
  quhao: '1',
  mobile: '2015550123',
  balance: '1000.00',
  payCode: '123456',
} as const;

export const LANGUAGES = [
  { language_name: 'English', chinese_name: '英语', file_name: 'en', is_default: 1 },
  { language_name: '简体中文', chinese_name: '简体中文', file_name: 'zh-CN', is_default: 0 },
  { language_name: '日本語', chinese_name: '日语', file_name: 'ri', is_default: 0 },
  { language_name: '한국어', chinese_name: '韩语', file_name: 'han', is_default: 0 },
  { language_name: 'ไทย', chinese_name: '泰语', file_name: 'tai', is_default: 0 },
] as const;

/** Page views a seeded product starts with: the same figure migration 8 gives existing products. */
const initialClicks = (id: number, sales: number) => Math.max(sales, 0) * 3 + ((id * 7919) % 500) + 40;

function cents(text: string): number {
  const c = parseMoney(text);
  if (c === null) throw new Error(`bad seed price ${text}`);
  return c;
}

function escapeHtml(text: string): string {
  return text.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c] ?? c);
}

function descriptionHtml(title: string, shop: string, specs: Record<string, string[]>, imageBase: string): string {
  const specItems = Object.entries(specs)
    .map(([name, values]) => `<li><strong>${escapeHtml(name)}:</strong> ${values.map(escapeHtml).join(', ')}</li>`)
    .join('');
  return [
    // No heading repeating the title: the product page already has it as its heading.
    `<p>Sold and shipped by <strong>${escapeHtml(shop)}</strong>. Carefully checked before dispatch and backed by our after-sale service.</p>`,
    specItems ? `<ul>${specItems}</ul>` : '',
    `<p><img src="${imageBase}-1.svg" alt="${escapeHtml(title)}" width="600" height="600"></p>`,
    '<p>Delivery in 5-10 business days. Free returns within 7 days of receipt.</p>',
  ].join('');
}

/** True when the database already holds the demo data. */
export function isSeeded(db: Db): boolean {
  return (db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM languages').get()?.n ?? 0) > 0;
}

type RandomInt = (min: number, max: number) => number;

/** Languages, the platform row, deposit addresses, help topics and the law page. */
function seedPlatform(db: Db): void {
  const lang = db.prepare(
    'INSERT INTO languages (id, language_name, chinese_name, file_name, is_default, sort) VALUES (?, ?, ?, ?, ?, ?)',
  );
  LANGUAGES.forEach((l, i) => lang.run(i + 1, l.language_name, l.chinese_name, l.file_name, l.is_default, i));

  db.prepare(
    `INSERT INTO platform (id, name, logo, merchant_link, custom_service, extract_fee_bp, extract_min_cents, freight_cents, free_freight_min_cents)
     VALUES (1, 'Orbit Market', '/media/logo.svg', '/media/merchant.html', '/media/service.html', 300, 1000, 500, 9900)`,
  ).run();

  const chain = db.prepare('INSERT INTO blockchains (network, address, sort) VALUES (?, ?, ?)');
  chain.run('TRC20', 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', 1);
  chain.run('ERC20', '0x6B175474E89094C44Da98b954EedeAC495271d0F', 2);
  chain.run('BEP20', '0x55d398326f99059fF775485246999027B3197955', 3);

  const help = db.prepare('INSERT INTO help_topics (title, content_html, sort) VALUES (?, ?, ?)');
  HELP_TOPICS.forEach((h, i) => help.run(h.title, h.content, i));
  db.prepare("INSERT INTO pages (slug, title, content_html, updated_at) VALUES ('law', 'Terms and Privacy', ?, ?)").run(
    LAW_HTML,
    SEED_EPOCH,
  );
}

/** The categories; answers their ids by key. */
function seedCategories(db: Db): Map<string, number> {
  const category = db.prepare(
    'INSERT INTO categories (id, name, name_en, names, icon, sort) VALUES (?, ?, ?, ?, ?, ?)',
  );
  CATEGORIES.forEach((c, i) => category.run(i + 1, c.name, c.name_en, c.names, '', i));
  return new Map(CATEGORIES.map((c, i) => [c.key, i + 1]));
}

function seedShops(db: Db, int: RandomInt): void {
  const shop = db.prepare(
    `INSERT INTO shops (id, name, avatar, banner, intro, custom_service, base_fans, base_sales, favorable_bp, is_hot, sort, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const shopBanner = db.prepare('INSERT INTO shop_banners (shop_id, image, sort) VALUES (?, ?, ?)');
  SHOPS.forEach((s, i) => {
    const id = i + 1;
    shop.run(
      id,
      s.name,
      `/media/shop/${id}.svg`,
      `/media/shop-banner/${id}.svg`,
      s.intro,
      `/media/service.html?shop=${id}`,
      int(200, 20000),
      int(1000, 90000),
      int(9300, 9990),
      i < 6 ? 1 : 0,
      i,
      SEED_EPOCH - int(30, 900) * 86400,
    );
    shopBanner.run(id, `/media/shop-banner/${id}-1.svg`, 1);
    shopBanner.run(id, `/media/shop-banner/${id}-2.svg`, 2);
  });
}

/** A product's reviews: odd ids get one to three. */
function reviewInserter(db: Db, int: RandomInt) {
  const review = db.prepare(
    `INSERT INTO reviews (product_id, nickname, avatar, product_score, service_score, postage_score, comment, pics, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  return (id: number, base: string) => {
    if (id % 2 !== 1) return;
    const count = 1 + (id % 3);
    for (let k = 0; k < count; k++) {
      const who = REVIEWERS[(id + k) % REVIEWERS.length] ?? 'Shopper';
      const score = [5, 4.5, 5, 4, 5][(id + k) % 5] ?? 5;
      review.run(
        id,
        who,
        `/media/avatar/${who.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.svg`,
        score,
        5,
        score >= 4.5 ? 5 : 4,
        REVIEW_TEXTS[(id * 3 + k) % REVIEW_TEXTS.length] ?? '',
        k === 0 ? `${base}-2.svg` : '',
        SEED_EPOCH - int(1, 60) * 86400,
      );
    }
  };
}

type Category = (typeof CATEGORIES)[number];

/** A product with its three images and its specs, sold by the category's shops in turn. */
function productInserter(db: Db, int: RandomInt, categoryId: Map<string, number>) {
  const product = db.prepare(
    `INSERT INTO products (id, shop_id, category_id, title, short_name, price_cents, market_price_cents, stock, sales, clicks, image, content_html, is_hot, status, sort, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?)`,
  );
  const image = db.prepare('INSERT INTO product_images (product_id, image, sort) VALUES (?, ?, ?)');
  const spec = db.prepare('INSERT INTO product_specs (product_id, name, sort) VALUES (?, ?, ?)');
  const specValue = db.prepare('INSERT INTO product_spec_values (spec_id, value, sort) VALUES (?, ?, ?)');
  return (id: number, c: Category, round: number, seedRow: NonNullable<(typeof PRODUCTS)[string]>[number]) => {
    const [shortName, title, price, market, specs = {}] = seedRow;
    const sellers = SHOPS.map((s, i) => ({ s, id: i + 1 })).filter((x) => x.s.categories.includes(c.key));
    const seller = sellers[round % sellers.length] ?? { s: SHOPS[0]!, id: 1 };
    const base = `/media/product/${id}`;
    const stock = int(15, 900);
    const sales = int(0, 5000);
    product.run(
      id,
      seller.id,
      categoryId.get(c.key),
      title,
      shortName,
      cents(price),
      cents(market),
      stock,
      sales,
      initialClicks(id, sales),
      `${base}.svg`,
      descriptionHtml(title, seller.s.name, specs, base),
      round < 2 ? 1 : 0,
      id,
      SEED_EPOCH - int(1, 200) * 86400,
    );
    for (let v = 0; v < 3; v++) image.run(id, v === 0 ? `${base}.svg` : `${base}-${v}.svg`, v);
    Object.entries(specs).forEach(([name, values], si) => {
      const specId = Number(spec.run(id, name, si).lastInsertRowid);
      values.forEach((value, vi) => specValue.run(specId, value, vi));
    });
    return base;
  };
}

/** Products are interleaved across categories so that ids, and "newest" lists, mix categories. */
function seedProducts(db: Db, int: RandomInt, categoryId: Map<string, number>): void {
  const insertProduct = productInserter(db, int, categoryId);
  const insertReviews = reviewInserter(db, int);
  const perCategory = Math.max(...Object.values(PRODUCTS).map((l) => l.length));
  let id = 0;
  for (let round = 0; round < perCategory; round++) {
    for (const c of CATEGORIES) {
      const seedRow = PRODUCTS[c.key]?.[round];
      if (!seedRow) continue;
      id++;
      const base = insertProduct(id, c, round, seedRow);
      insertReviews(id, base);
    }
  }
}

/** Home banners, search keywords and promo codes. */
function seedHome(db: Db): void {
  const banner = db.prepare('INSERT INTO banners (id, image, link, sort) VALUES (?, ?, ?, ?)');
  for (let b = 1; b <= 3; b++) banner.run(b, `/media/banner/${b}.svg`, '', b);

  const keyword = db.prepare('INSERT INTO search_keywords (keyword, hits) VALUES (?, ?)');
  for (const [k, hits] of KEYWORDS) keyword.run(k, hits);

  const promo = db.prepare(
    'INSERT INTO promo_codes (code, discount_cents, discount_bp, min_total_cents, active) VALUES (?, ?, ?, ?, 1)',
  );
  promo.run('WELCOME10', 0, 1000, 2000);
  promo.run('SAVE5', 500, 0, 3000);
}

/** The demo account, with its opening balance recorded in the ledger, an address and its settings. */
function seedDemoAccount(db: Db, passwordHash: string, payHash: string): void {
  const balance = cents(DEMO_ACCOUNT.balance);
  const userId = Number(
    db
      .prepare(
        `INSERT INTO users (username, nickname, email, quhao, mobile, avatar, password_hash, pay_password_hash, balance_cents, lang_id, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, '', ?, ?, ?, 1, ?, ?)`,
      )
      .run(
        DEMO_ACCOUNT.username,
        DEMO_ACCOUNT.nickname,
        DEMO_ACCOUNT.email,
        DEMO_ACCOUNT.quhao,
        DEMO_ACCOUNT.mobile,
        passwordHash,
        payHash,
        balance,
        SEED_EPOCH,
        SEED_EPOCH,
      ).lastInsertRowid,
  );
  db.prepare(
    `INSERT INTO bills (user_id, type, title, amount_cents, balance_after_cents, ref_type, ref_id, created_at)
     VALUES (?, 'recharge', 'Opening balance', ?, ?, 'opening', NULL, ?)`,
  ).run(userId, balance, balance, SEED_EPOCH);
  db.prepare(
    `INSERT INTO addresses (user_id, name, quhao, mobile, country, detail, tag, is_default, created_at, updated_at)
     VALUES (?, 'Demo Shopper', '1', '2015550123', 'United States', '350 Fifth Avenue, New York, NY 10118', 'Home', 1, ?, ?)`,
  ).run(userId, SEED_EPOCH, SEED_EPOCH);
  db.prepare(
    'INSERT INTO notification_settings (user_id, order_updates, wallet_updates, promotions, updated_at) VALUES (?, 1, 1, 1, ?)',
  ).run(userId, SEED_EPOCH);
}

/**
 * Fills an empty database with the demo data in one transaction. Deterministic: the same rows and
 * ids every time (except the random salts of the two password hashes). Does nothing when seeded.
 */
export function seed(db: Db): void {
  if (isSeeded(db)) return;
  const passwordHash = hashSecretSync(DEMO_ACCOUNT.password);
  const payHash = hashSecretSync(DEMO_ACCOUNT.payCode);
  const rand = prng(20250101);
  // One sequence for everything, in this order: shops, then each product and its reviews.
  const int: RandomInt = (min, max) => min + Math.floor(rand() * (max - min + 1));

  db.transaction(() => {
    seedPlatform(db);
    const categoryId = seedCategories(db);
    seedShops(db, int);
    seedProducts(db, int, categoryId);
    seedHome(db);
    seedDemoAccount(db, passwordHash, payHash);
  })();
}

/** For the README and tests: the opening balance as the API shows it. */
export const DEMO_BALANCE = formatCents(cents(DEMO_ACCOUNT.balance));

/**
 * Ordered schema migrations. Each runs once, inside a transaction, and is recorded in
 * schema_migrations. Never edit a migration that has shipped: append a new one.
 *
 * The schema covers the whole product (not only the foundation routes) so later routes add
 * behaviour without reshaping tables. Conventions:
 * - money is INTEGER cents (`*_cents`), never REAL;
 * - times are INTEGER unix seconds (`*_at`);
 * - image columns hold a server path ('/media/...') or an absolute URL; responses make them absolute;
 * - booleans are INTEGER 0/1.
 */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const migrations: readonly Migration[] = [
  {
    version: 1,
    name: 'core: languages, users, sessions, platform, content',
    sql: `
CREATE TABLE languages (
  id            INTEGER PRIMARY KEY,
  language_name TEXT NOT NULL,
  chinese_name  TEXT NOT NULL,
  file_name     TEXT NOT NULL UNIQUE,
  is_default    INTEGER NOT NULL DEFAULT 0 CHECK (is_default IN (0, 1)),
  sort          INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE users (
  id                 INTEGER PRIMARY KEY,
  username           TEXT NOT NULL UNIQUE COLLATE NOCASE,
  nickname           TEXT NOT NULL,
  email              TEXT NOT NULL UNIQUE COLLATE NOCASE,
  quhao              TEXT NOT NULL,
  mobile             TEXT NOT NULL,
  avatar             TEXT NOT NULL DEFAULT '',
  password_hash      TEXT NOT NULL,
  pay_password_hash  TEXT,
  balance_cents      INTEGER NOT NULL DEFAULT 0 CHECK (balance_cents >= 0),
  lang_id            INTEGER REFERENCES languages(id) ON DELETE SET NULL,
  status             INTEGER NOT NULL DEFAULT 1,
  created_at         INTEGER NOT NULL,
  updated_at         INTEGER NOT NULL
);
CREATE INDEX users_mobile ON users(quhao, mobile);

-- Login sessions. Only sha256(token) is stored, so a database leak does not leak live tokens.
CREATE TABLE sessions (
  id           INTEGER PRIMARY KEY,
  user_id      INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  token_hash   TEXT NOT NULL UNIQUE,
  created_at   INTEGER NOT NULL,
  expires_at   INTEGER NOT NULL,
  last_seen_at INTEGER NOT NULL
);
CREATE INDEX sessions_user ON sessions(user_id);

-- Single-row platform configuration.
CREATE TABLE platform (
  id                      INTEGER PRIMARY KEY CHECK (id = 1),
  name                    TEXT NOT NULL,
  logo                    TEXT NOT NULL,
  merchant_link           TEXT NOT NULL,
  custom_service          TEXT NOT NULL,
  extract_fee_bp          INTEGER NOT NULL DEFAULT 300 CHECK (extract_fee_bp BETWEEN 0 AND 10000), -- basis points: 300 = 3 %
  extract_min_cents       INTEGER NOT NULL DEFAULT 100,
  freight_cents           INTEGER NOT NULL DEFAULT 0,
  free_freight_min_cents  INTEGER NOT NULL DEFAULT 0
);

-- Deposit addresses offered for on-chain recharge.
CREATE TABLE blockchains (
  id       INTEGER PRIMARY KEY,
  network  TEXT NOT NULL,
  address  TEXT NOT NULL,
  enabled  INTEGER NOT NULL DEFAULT 1,
  sort     INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE help_topics (
  id           INTEGER PRIMARY KEY,
  title        TEXT NOT NULL,
  content_html TEXT NOT NULL,
  sort         INTEGER NOT NULL DEFAULT 0
);

-- Static HTML pages (slug 'law', ...).
CREATE TABLE pages (
  slug         TEXT PRIMARY KEY,
  title        TEXT NOT NULL,
  content_html TEXT NOT NULL,
  updated_at   INTEGER NOT NULL
);

CREATE TABLE notification_settings (
  user_id        INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  order_updates  INTEGER NOT NULL DEFAULT 1,
  wallet_updates INTEGER NOT NULL DEFAULT 1,
  promotions     INTEGER NOT NULL DEFAULT 0,
  updated_at     INTEGER NOT NULL
);

-- One-time codes (forgot password). Only a hash of the code is stored.
CREATE TABLE verification_codes (
  id          INTEGER PRIMARY KEY,
  purpose     TEXT NOT NULL,            -- 'reset_password'
  target      TEXT NOT NULL,            -- e.g. '+1 2015550123'
  code_hash   TEXT NOT NULL,
  attempts    INTEGER NOT NULL DEFAULT 0,
  created_at  INTEGER NOT NULL,
  expires_at  INTEGER NOT NULL,
  used_at     INTEGER
);
CREATE INDEX verification_codes_target ON verification_codes(purpose, target, created_at);
`,
  },
  {
    version: 2,
    name: 'catalog: shops, categories, products, specs, banners, likes, follows, keywords',
    sql: `
CREATE TABLE shops (
  id             INTEGER PRIMARY KEY,
  name           TEXT NOT NULL,
  avatar         TEXT NOT NULL,
  banner         TEXT NOT NULL,
  intro          TEXT NOT NULL DEFAULT '',
  custom_service TEXT NOT NULL DEFAULT '',
  base_fans      INTEGER NOT NULL DEFAULT 0,   -- followers before this server existed
  base_sales     INTEGER NOT NULL DEFAULT 0,
  favorable_bp   INTEGER NOT NULL DEFAULT 10000, -- favourable rate in basis points
  is_hot         INTEGER NOT NULL DEFAULT 0,
  sort           INTEGER NOT NULL DEFAULT 0,
  created_at     INTEGER NOT NULL
);

CREATE TABLE shop_banners (
  id      INTEGER PRIMARY KEY,
  shop_id INTEGER NOT NULL REFERENCES shops(id) ON DELETE CASCADE,
  image   TEXT NOT NULL,
  sort    INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE categories (
  id      INTEGER PRIMARY KEY,
  name    TEXT NOT NULL,
  name_en TEXT NOT NULL UNIQUE,   -- translation key used by the SPA
  icon    TEXT NOT NULL DEFAULT '',
  sort    INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE products (
  id                  INTEGER PRIMARY KEY,
  shop_id             INTEGER NOT NULL REFERENCES shops(id),
  category_id         INTEGER NOT NULL REFERENCES categories(id),
  title               TEXT NOT NULL,
  short_name          TEXT NOT NULL,
  price_cents         INTEGER NOT NULL CHECK (price_cents >= 0),
  market_price_cents  INTEGER NOT NULL CHECK (market_price_cents >= 0),
  stock               INTEGER NOT NULL DEFAULT 0 CHECK (stock >= 0),
  sales               INTEGER NOT NULL DEFAULT 0,
  image               TEXT NOT NULL,
  content_html        TEXT NOT NULL DEFAULT '',
  is_hot              INTEGER NOT NULL DEFAULT 0,
  status              INTEGER NOT NULL DEFAULT 1,   -- 1 on sale, 0 off the shelf
  sort                INTEGER NOT NULL DEFAULT 0,
  created_at          INTEGER NOT NULL
);
CREATE INDEX products_category ON products(category_id, status);
CREATE INDEX products_shop ON products(shop_id, status);

CREATE TABLE product_images (
  id         INTEGER PRIMARY KEY,
  product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  image      TEXT NOT NULL,
  sort       INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX product_images_product ON product_images(product_id, sort);

-- Specs: a product has named specs (Color, Size), each with values (child).
CREATE TABLE product_specs (
  id         INTEGER PRIMARY KEY,
  product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  name       TEXT NOT NULL,
  sort       INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX product_specs_product ON product_specs(product_id, sort);

CREATE TABLE product_spec_values (
  id      INTEGER PRIMARY KEY,
  spec_id INTEGER NOT NULL REFERENCES product_specs(id) ON DELETE CASCADE,
  value   TEXT NOT NULL,
  sort    INTEGER NOT NULL DEFAULT 0,
  UNIQUE (spec_id, value)
);

CREATE TABLE banners (
  id    INTEGER PRIMARY KEY,
  image TEXT NOT NULL,
  link  TEXT NOT NULL DEFAULT '',
  sort  INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE search_keywords (
  keyword TEXT PRIMARY KEY COLLATE NOCASE,
  hits    INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE product_likes (
  user_id    INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, product_id)
);

CREATE TABLE shop_follows (
  user_id    INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  shop_id    INTEGER NOT NULL REFERENCES shops(id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, shop_id)
);
CREATE INDEX shop_follows_shop ON shop_follows(shop_id);
`,
  },
  {
    version: 3,
    name: 'commerce: addresses, cart, promo codes, orders, logistics, refunds, reviews, uploads',
    sql: `
CREATE TABLE addresses (
  id          INTEGER PRIMARY KEY,
  user_id     INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name        TEXT NOT NULL,
  mobile      TEXT NOT NULL,
  country     TEXT NOT NULL,   -- the 'area'
  detail      TEXT NOT NULL,
  tag         TEXT NOT NULL DEFAULT '',
  is_default  INTEGER NOT NULL DEFAULT 0 CHECK (is_default IN (0, 1)),
  created_at  INTEGER NOT NULL,
  updated_at  INTEGER NOT NULL
);
CREATE INDEX addresses_user ON addresses(user_id);
CREATE UNIQUE INDEX addresses_one_default ON addresses(user_id) WHERE is_default = 1;

CREATE TABLE cart_lines (
  id          INTEGER PRIMARY KEY,
  user_id     INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  product_id  INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  shop_id     INTEGER NOT NULL REFERENCES shops(id),
  spec        TEXT NOT NULL DEFAULT '',     -- '|'-joined chosen values, e.g. 'Black|M'
  quantity    INTEGER NOT NULL CHECK (quantity > 0),
  created_at  INTEGER NOT NULL,
  updated_at  INTEGER NOT NULL,
  UNIQUE (user_id, product_id, spec)
);

CREATE TABLE promo_codes (
  code            TEXT PRIMARY KEY COLLATE NOCASE,
  discount_cents  INTEGER NOT NULL DEFAULT 0 CHECK (discount_cents >= 0),
  discount_bp     INTEGER NOT NULL DEFAULT 0 CHECK (discount_bp BETWEEN 0 AND 10000),
  min_total_cents INTEGER NOT NULL DEFAULT 0,
  active          INTEGER NOT NULL DEFAULT 1,
  expires_at      INTEGER
);

-- One order per shop; orders submitted together share out_trade_no (paid together by merPay).
CREATE TABLE orders (
  id              INTEGER PRIMARY KEY,
  user_id         INTEGER NOT NULL REFERENCES users(id),
  shop_id         INTEGER NOT NULL REFERENCES shops(id),
  order_sn        TEXT NOT NULL UNIQUE,
  out_trade_no    TEXT NOT NULL,
  status          INTEGER NOT NULL DEFAULT 0 CHECK (status IN (-1, 0, 1, 2, 3, 4)),
  refund_status   INTEGER NOT NULL DEFAULT 0 CHECK (refund_status IN (0, 1, 2)),
  total_num       INTEGER NOT NULL,
  goods_cents     INTEGER NOT NULL CHECK (goods_cents >= 0),
  freight_cents   INTEGER NOT NULL DEFAULT 0 CHECK (freight_cents >= 0),
  discount_cents  INTEGER NOT NULL DEFAULT 0 CHECK (discount_cents >= 0),
  total_cents     INTEGER NOT NULL CHECK (total_cents >= 0),
  paid_cents      INTEGER NOT NULL DEFAULT 0 CHECK (paid_cents >= 0),
  refunded_cents  INTEGER NOT NULL DEFAULT 0 CHECK (refunded_cents >= 0 AND refunded_cents <= paid_cents),
  promo_code      TEXT,
  address_id      INTEGER REFERENCES addresses(id) ON DELETE SET NULL,
  real_name       TEXT NOT NULL,     -- address snapshot
  user_phone      TEXT NOT NULL,
  user_address    TEXT NOT NULL,
  mark            TEXT NOT NULL DEFAULT '',
  user_deleted    INTEGER NOT NULL DEFAULT 0,
  created_at      INTEGER NOT NULL,
  paid_at         INTEGER,
  delivered_at    INTEGER,
  received_at     INTEGER,
  completed_at    INTEGER,
  cancelled_at    INTEGER
);
CREATE INDEX orders_user_status ON orders(user_id, status);
CREATE INDEX orders_trade ON orders(out_trade_no);

CREATE TABLE order_products (
  id            INTEGER PRIMARY KEY,
  order_id      INTEGER NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  product_id    INTEGER NOT NULL REFERENCES products(id),
  title         TEXT NOT NULL,      -- snapshot at order time
  image         TEXT NOT NULL,
  spec          TEXT NOT NULL DEFAULT '',
  quantity      INTEGER NOT NULL CHECK (quantity > 0),
  price_cents   INTEGER NOT NULL CHECK (price_cents >= 0),
  total_cents   INTEGER NOT NULL CHECK (total_cents >= 0),
  is_reply      INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX order_products_order ON order_products(order_id);

CREATE TABLE order_logistics (
  id           INTEGER PRIMARY KEY,
  order_id     INTEGER NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  delivery_no  TEXT NOT NULL DEFAULT '',
  mark         TEXT NOT NULL,
  created_at   INTEGER NOT NULL
);
CREATE INDEX order_logistics_order ON order_logistics(order_id, created_at);

CREATE TABLE refunds (
  id                 INTEGER PRIMARY KEY,
  order_id           INTEGER NOT NULL REFERENCES orders(id),
  user_id            INTEGER NOT NULL REFERENCES users(id),
  amount_cents       INTEGER NOT NULL CHECK (amount_cents >= 0),
  service_type       INTEGER NOT NULL CHECK (service_type IN (0, 1)),
  receiving_status   INTEGER NOT NULL CHECK (receiving_status IN (0, 1)),
  reason_type        TEXT NOT NULL,
  refund_explain     TEXT NOT NULL,
  images             TEXT NOT NULL DEFAULT '',   -- comma list of URLs
  order_product_ids  TEXT NOT NULL DEFAULT '',   -- comma list
  status             INTEGER NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2)),  -- 0 auditing, 1 passed, 2 refused
  admin_msg          TEXT NOT NULL DEFAULT '',
  created_at         INTEGER NOT NULL,
  audited_at         INTEGER
);
-- One open refund per order.
CREATE UNIQUE INDEX refunds_one_open ON refunds(order_id) WHERE status = 0;

-- Reviews; seeded reviews have no user and carry a nickname/avatar snapshot.
CREATE TABLE reviews (
  id               INTEGER PRIMARY KEY,
  product_id       INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  order_id         INTEGER REFERENCES orders(id),
  order_product_id INTEGER UNIQUE REFERENCES order_products(id),
  user_id          INTEGER REFERENCES users(id) ON DELETE SET NULL,
  nickname         TEXT NOT NULL,
  avatar           TEXT NOT NULL DEFAULT '',
  product_score    REAL NOT NULL CHECK (product_score BETWEEN 1 AND 5),
  service_score    REAL NOT NULL CHECK (service_score BETWEEN 1 AND 5),
  postage_score    REAL NOT NULL CHECK (postage_score BETWEEN 1 AND 5),
  comment          TEXT NOT NULL,
  pics             TEXT NOT NULL DEFAULT '',   -- comma list of URLs
  created_at       INTEGER NOT NULL
);
CREATE INDEX reviews_product ON reviews(product_id, created_at);

CREATE TABLE uploads (
  id          INTEGER PRIMARY KEY,
  user_id     INTEGER REFERENCES users(id) ON DELETE SET NULL,
  file_name   TEXT NOT NULL UNIQUE,
  mime        TEXT NOT NULL,
  size        INTEGER NOT NULL,
  created_at  INTEGER NOT NULL
);
`,
  },
  {
    version: 4,
    name: 'wallet: ledger, recharges, extracts, bank cards, pay verifications, idempotency',
    sql: `
-- The ledger: every balance change is one row, written in the same transaction as the change.
CREATE TABLE bills (
  id                  INTEGER PRIMARY KEY,
  user_id             INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  type                TEXT NOT NULL CHECK (type IN ('recharge', 'extract', 'pay', 'refund')),
  title               TEXT NOT NULL,
  amount_cents        INTEGER NOT NULL,     -- signed: + credit, - debit
  balance_after_cents INTEGER NOT NULL CHECK (balance_after_cents >= 0),
  ref_type            TEXT,                 -- 'recharge' | 'extract' | 'order' | 'refund' | 'opening'
  ref_id              INTEGER,
  created_at          INTEGER NOT NULL
);
CREATE INDEX bills_user ON bills(user_id, created_at);

CREATE TABLE recharges (
  id            INTEGER PRIMARY KEY,
  user_id       INTEGER NOT NULL REFERENCES users(id),
  recharge_type INTEGER NOT NULL DEFAULT 1,   -- 1 on chain
  network       TEXT NOT NULL,
  blockchain    TEXT NOT NULL,                -- deposit address used
  amount_cents  INTEGER NOT NULL CHECK (amount_cents > 0),
  image         TEXT NOT NULL,                -- payment evidence URL
  status        INTEGER NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2)),
  admin_msg     TEXT NOT NULL DEFAULT '',
  created_at    INTEGER NOT NULL,
  audited_at    INTEGER
);
CREATE INDEX recharges_user ON recharges(user_id, created_at);

CREATE TABLE bank_cards (
  id         INTEGER PRIMARY KEY,
  user_id    INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  bank_name  TEXT NOT NULL,
  bank_card  TEXT NOT NULL,
  real_name  TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  UNIQUE (user_id, bank_card)
);

-- Withdrawals. The amount is debited when requested and credited back if refused.
CREATE TABLE extracts (
  id            INTEGER PRIMARY KEY,
  user_id       INTEGER NOT NULL REFERENCES users(id),
  extract_type  INTEGER NOT NULL CHECK (extract_type IN (0, 1)),  -- 0 bank card, 1 on chain
  amount_cents  INTEGER NOT NULL CHECK (amount_cents > 0),
  fee_cents     INTEGER NOT NULL CHECK (fee_cents >= 0),
  real_cents    INTEGER NOT NULL CHECK (real_cents >= 0),
  bank_card     TEXT NOT NULL DEFAULT '',
  bank_name     TEXT NOT NULL DEFAULT '',
  real_name     TEXT NOT NULL DEFAULT '',
  blockchain    TEXT NOT NULL DEFAULT '',
  network       TEXT NOT NULL DEFAULT '',
  status        INTEGER NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2)),
  admin_msg     TEXT NOT NULL DEFAULT '',
  created_at    INTEGER NOT NULL,
  audited_at    INTEGER
);
CREATE INDEX extracts_user ON extracts(user_id, created_at);

-- A successful verify_pay, usable once by the same session within its expiry.
CREATE TABLE pay_verifications (
  id          INTEGER PRIMARY KEY,
  session_id  INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  user_id     INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at  INTEGER NOT NULL,
  expires_at  INTEGER NOT NULL,
  used_at     INTEGER
);
CREATE INDEX pay_verifications_session ON pay_verifications(session_id, used_at);

-- Idempotency-Key replay store: the first response of (user, operation, key) is returned again.
CREATE TABLE idempotency_keys (
  user_id       INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  operation     TEXT NOT NULL,
  idem_key      TEXT NOT NULL,
  request_hash  TEXT NOT NULL,
  http_status   INTEGER NOT NULL,
  response_json TEXT NOT NULL,
  created_at    INTEGER NOT NULL,
  PRIMARY KEY (user_id, operation, idem_key)
);
`,
  },
  {
    version: 5,
    name: 'wallet: payment-code attempt guard, indexes for audits, uploads and idempotency purge',
    sql: `
-- Wrong payment codes per user (verify_pay and resetPay share it): 5 wrong within 15 minutes lock
-- further attempts for 15 minutes. An attempt is counted before the (slow) scrypt check, so
-- parallel guesses cannot get past the limit.
CREATE TABLE pay_code_guards (
  user_id       INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  failures      INTEGER NOT NULL DEFAULT 0,
  window_start  INTEGER NOT NULL,
  locked_until  INTEGER
);
CREATE INDEX recharges_status ON recharges(status, created_at);
CREATE INDEX extracts_status ON extracts(status, created_at);
CREATE INDEX uploads_user ON uploads(user_id);
CREATE INDEX idempotency_keys_created ON idempotency_keys(created_at);
`,
  },
  {
    version: 6,
    name: 'addresses: calling code (quhao) of the addressee mobile',
    sql: `
-- An address mobile is validated per country, so it needs its calling code. Existing rows take
-- their owner's calling code.
ALTER TABLE addresses ADD COLUMN quhao TEXT NOT NULL DEFAULT '';
UPDATE addresses SET quhao = (SELECT u.quhao FROM users u WHERE u.id = addresses.user_id) WHERE quhao = '';
`,
  },
  {
    version: 7,
    name: 'orders: indexes for the bag, order lists, operators and reviews',
    sql: `
-- The tables of the bag, orders, logistics, refunds and reviews were created by migration 3; these
-- indexes serve the queries of the order routes and the operators' CLI.
CREATE INDEX cart_lines_user ON cart_lines(user_id, created_at);
-- listOrders: the caller's visible orders, newest first (status filters narrow it further).
CREATE INDEX orders_user_list ON orders(user_id, user_deleted, created_at);
-- ops list: paid orders waiting for shipment, oldest payment first.
CREATE INDEX orders_status_paid ON orders(status, paid_at);
CREATE INDEX order_products_product ON order_products(product_id);
-- A refund's history per order (newest first) and the operators' pending refunds.
CREATE INDEX refunds_order ON refunds(order_id, created_at);
CREATE INDEX refunds_status ON refunds(status, created_at);
CREATE INDEX reviews_order ON reviews(order_id);
`,
  },
  {
    version: 8,
    name: 'catalog: product views (clicks) and the backend family category keys',
    sql: `
-- Product cards carry "click", how often the product page was opened (BACKEND-FAMILY.md,
-- Catalog); getProductDetail adds one per view. Existing products start from a deterministic
-- figure derived from their sales and id, so every database shows the same numbers.
ALTER TABLE products ADD COLUMN clicks INTEGER NOT NULL DEFAULT 0 CHECK (clicks >= 0);
UPDATE products SET clicks = MAX(sales, 0) * 3 + (id * 7919) % 500 + 40;

-- name_en is a translation key of the family's client, spelled its way (spaces and case
-- included, BACKEND-FAMILY.md, Catalog): rewrite this server's former keys.
UPDATE categories SET name_en = CASE name_en
    WHEN 'electrical_equipment' THEN 'electrical equipment'
    WHEN 'family_life' THEN 'family life'
    WHEN 'mens_clothing' THEN 'Men''s clothing'
    WHEN 'womens_clothing' THEN 'Women''s clothing'
    WHEN 'mobile_phone' THEN 'mobile phone'
    WHEN 'toys' THEN 'Toys'
    ELSE name_en END
  WHERE name_en IN ('electrical_equipment', 'family_life', 'mens_clothing', 'womens_clothing', 'mobile_phone', 'toys');
`,
  },
  {
    version: 10,
    name: 'orders: a deadline to pay; unpaid orders past it expire and give their stock back',
    sql: `
-- An unpaid order reserves its stock only until expires_at (Unix seconds, set by submitOrder from
-- the server's unpaid-order time to live); then it is cancelled (status -1, expired 1) and its stock
-- returns, so nobody can hold a product's whole stock without paying. Orders still unpaid when this
-- migration runs get the default 30 minutes from their creation.
ALTER TABLE orders ADD COLUMN expires_at INTEGER;
ALTER TABLE orders ADD COLUMN expired INTEGER NOT NULL DEFAULT 0 CHECK (expired IN (0, 1));
UPDATE orders SET expires_at = created_at + 1800 WHERE status = 0;
-- The expiry check on every request and the sweep: the unpaid orders whose deadline has passed.
CREATE INDEX orders_unpaid_deadline ON orders(expires_at) WHERE status = 0;
`,
  },
  {
    version: 11,
    name: 'search: full-text indexes of products (words, trigrams, vocabulary) kept in step by triggers',
    sql: `
-- Search matches a product by its title, its shop's name, its category's name in the five languages
-- of the interface and its description's text (DESIGN.md 3.2, searchProducts / suggestSearch).
-- categories.names: the category's names in en, zh-CN, ja, ko and th, space-separated (the SPA's
-- catalog.category.* texts), so a shopper finds 'Men's clothing' by '男装' too.
ALTER TABLE categories ADD COLUMN names TEXT NOT NULL DEFAULT '';
UPDATE categories SET names = CASE name_en
    WHEN 'computer' THEN 'Computers 电脑 パソコン 컴퓨터 คอมพิวเตอร์'
    WHEN 'electrical equipment' THEN 'Electrical appliances 电器 家電 가전제품 เครื่องใช้ไฟฟ้า'
    WHEN 'outdoors' THEN 'Outdoors 户外 アウトドア 아웃도어 กิจกรรมกลางแจ้ง'
    WHEN 'family life' THEN 'Home & living 家居生活 生活用品 생활용품 ของใช้ในบ้าน'
    WHEN 'health' THEN 'Health 健康 ヘルスケア 건강 สุขภาพ'
    WHEN 'Men''s clothing' THEN 'Men''s clothing 男装 メンズファッション 남성 의류 เสื้อผ้าผู้ชาย'
    WHEN 'Women''s clothing' THEN 'Women''s clothing 女装 レディースファッション 여성 의류 เสื้อผ้าผู้หญิง'
    WHEN 'food' THEN 'Food 食品 食品 식품 อาหาร'
    WHEN 'mobile phone' THEN 'Mobile phones 手机 スマートフォン 휴대폰 โทรศัพท์มือถือ'
    WHEN 'Toys' THEN 'Toys 玩具 おもちゃ 장난감 ของเล่น'
    ELSE name END;

-- What one product is found by. html_text() (registered by openDatabase) is the description's text
-- without its HTML, so tags and attributes (img, src, strong) are never search words.
CREATE VIEW product_search_doc AS
  SELECT p.id, p.shop_id, p.category_id, p.title,
         COALESCE(s.name, '') AS shop,
         COALESCE(c.name || ' ' || c.names, '') AS category,
         html_text(p.content_html) AS body
    FROM products p
    LEFT JOIN shops s ON s.id = p.shop_id
    LEFT JOIN categories c ON c.id = p.category_id;

-- Words: every query word must match, diacritics and case ignored. Not stemmed (porter would index
-- 'running' as 'run', so a shopper still typing 'runni' would find nothing): the server matches
-- English plurals by asking for both forms. Prefix indexes keep a one- to three-letter prefix (a
-- shopper still typing) fast. rowid = products.id.
CREATE VIRTUAL TABLE product_fts USING fts5(
  title, shop, category, body,
  prefix = '1 2 3',
  tokenize = 'unicode61 remove_diacritics 2'
);
-- Its words as a list, for corrections ('did you mean'): the index's own vocabulary.
CREATE VIRTUAL TABLE product_fts_vocab USING fts5vocab(product_fts, 'row');
-- Trigrams: Chinese, Japanese, Korean and Thai write words without spaces, so a part of a word
-- (three characters or more) is found as a substring. rowid = products.id. Each value ends with two
-- spaces, so every occurrence of a one- or two-character text begins some trigram: such a text
-- (a Chinese word is often two characters) is found through the trigrams that start with it
-- (product_tri_vocab, a range of terms), still through the index.
CREATE VIRTUAL TABLE product_tri USING fts5(
  title, shop, category, body,
  tokenize = 'trigram remove_diacritics 1'
);
CREATE VIRTUAL TABLE product_tri_vocab USING fts5vocab(product_tri, 'row');

CREATE TRIGGER products_search_insert AFTER INSERT ON products BEGIN
  INSERT INTO product_fts (rowid, title, shop, category, body)
    SELECT id, title, shop, category, body FROM product_search_doc WHERE id = NEW.id;
  INSERT INTO product_tri (rowid, title, shop, category, body)
    SELECT id, title || '  ', shop || '  ', category || '  ', body || '  ' FROM product_search_doc WHERE id = NEW.id;
END;
-- Sales, clicks and stock change often and are not indexed: only these columns re-index.
CREATE TRIGGER products_search_update AFTER UPDATE OF title, content_html, shop_id, category_id ON products BEGIN
  DELETE FROM product_fts WHERE rowid = OLD.id;
  DELETE FROM product_tri WHERE rowid = OLD.id;
  INSERT INTO product_fts (rowid, title, shop, category, body)
    SELECT id, title, shop, category, body FROM product_search_doc WHERE id = NEW.id;
  INSERT INTO product_tri (rowid, title, shop, category, body)
    SELECT id, title || '  ', shop || '  ', category || '  ', body || '  ' FROM product_search_doc WHERE id = NEW.id;
END;
CREATE TRIGGER products_search_delete AFTER DELETE ON products BEGIN
  DELETE FROM product_fts WHERE rowid = OLD.id;
  DELETE FROM product_tri WHERE rowid = OLD.id;
END;
-- A renamed shop or category re-indexes its products.
CREATE TRIGGER shops_search_update AFTER UPDATE OF name ON shops BEGIN
  DELETE FROM product_fts WHERE rowid IN (SELECT id FROM products WHERE shop_id = NEW.id);
  DELETE FROM product_tri WHERE rowid IN (SELECT id FROM products WHERE shop_id = NEW.id);
  INSERT INTO product_fts (rowid, title, shop, category, body)
    SELECT id, title, shop, category, body FROM product_search_doc WHERE shop_id = NEW.id;
  INSERT INTO product_tri (rowid, title, shop, category, body)
    SELECT id, title || '  ', shop || '  ', category || '  ', body || '  ' FROM product_search_doc WHERE shop_id = NEW.id;
END;
CREATE TRIGGER categories_search_update AFTER UPDATE OF name, names ON categories BEGIN
  DELETE FROM product_fts WHERE rowid IN (SELECT id FROM products WHERE category_id = NEW.id);
  DELETE FROM product_tri WHERE rowid IN (SELECT id FROM products WHERE category_id = NEW.id);
  INSERT INTO product_fts (rowid, title, shop, category, body)
    SELECT id, title, shop, category, body FROM product_search_doc WHERE category_id = NEW.id;
  INSERT INTO product_tri (rowid, title, shop, category, body)
    SELECT id, title || '  ', shop || '  ', category || '  ', body || '  ' FROM product_search_doc WHERE category_id = NEW.id;
END;

-- The products already there.
INSERT INTO product_fts (rowid, title, shop, category, body) SELECT id, title, shop, category, body FROM product_search_doc;
INSERT INTO product_tri (rowid, title, shop, category, body)
  SELECT id, title || '  ', shop || '  ', category || '  ', body || '  ' FROM product_search_doc;

-- A number that changes with every change of products, shops or categories: the server keeps
-- recent search and suggestion answers while it is unchanged (server/src/search.ts).
CREATE TABLE catalog_generation (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  n  INTEGER NOT NULL
);
INSERT INTO catalog_generation (id, n) VALUES (1, 0);
CREATE TRIGGER products_generation_insert AFTER INSERT ON products BEGIN
  UPDATE catalog_generation SET n = n + 1 WHERE id = 1;
END;
CREATE TRIGGER products_generation_update AFTER UPDATE ON products BEGIN
  UPDATE catalog_generation SET n = n + 1 WHERE id = 1;
END;
CREATE TRIGGER products_generation_delete AFTER DELETE ON products BEGIN
  UPDATE catalog_generation SET n = n + 1 WHERE id = 1;
END;
CREATE TRIGGER shops_generation AFTER UPDATE ON shops BEGIN
  UPDATE catalog_generation SET n = n + 1 WHERE id = 1;
END;
CREATE TRIGGER shops_generation_insert AFTER INSERT ON shops BEGIN
  UPDATE catalog_generation SET n = n + 1 WHERE id = 1;
END;
CREATE TRIGGER categories_generation AFTER UPDATE ON categories BEGIN
  UPDATE catalog_generation SET n = n + 1 WHERE id = 1;
END;

-- Lists without a search text (hot products, best sellers) on a large catalogue.
CREATE INDEX products_best_sellers ON products(status, sales DESC, id);
`,
  },
  {
    version: 12,
    name: 'passkeys: WebAuthn credentials, their single-use challenges, and pay authorizations bound to one payment',
    sql: `
-- The account's WebAuthn user handle: random, so a passkey never carries the database id.
ALTER TABLE users ADD COLUMN webauthn_user_id TEXT;
CREATE UNIQUE INDEX users_webauthn_user_id ON users(webauthn_user_id) WHERE webauthn_user_id IS NOT NULL;

-- Passkeys: the public key (COSE), the signature counter (a clone sends one that went back), the
-- backup flags of the authenticator (BE, BS) and what the shopper called the device.
CREATE TABLE passkeys (
  id             INTEGER PRIMARY KEY,
  user_id        INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  credential_id  TEXT NOT NULL UNIQUE,
  public_key     BLOB NOT NULL,
  counter        INTEGER NOT NULL DEFAULT 0 CHECK (counter >= 0),
  transports     TEXT NOT NULL DEFAULT '',
  device_type    TEXT NOT NULL CHECK (device_type IN ('singleDevice', 'multiDevice')),
  backed_up      INTEGER NOT NULL DEFAULT 0 CHECK (backed_up IN (0, 1)),
  name           TEXT NOT NULL,
  created_at     INTEGER NOT NULL,
  last_used_at   INTEGER
);
CREATE INDEX passkeys_user ON passkeys(user_id);

-- Every ceremony's challenge, kept by the server until it is answered (then deleted: used once) or
-- expires. A registration's and a payment's belong to a session; a sign-in's to nobody yet. A
-- payment's names what it confirms: the action ('trade:<out_trade_no>', 'order:<id>',
-- 'extract:<type>:<destination>') and its amount.
CREATE TABLE passkey_challenges (
  id            INTEGER PRIMARY KEY,
  challenge     TEXT NOT NULL UNIQUE,
  purpose       TEXT NOT NULL CHECK (purpose IN ('register', 'login', 'pay')),
  user_id       INTEGER REFERENCES users(id) ON DELETE CASCADE,
  session_id    INTEGER REFERENCES sessions(id) ON DELETE CASCADE,
  action        TEXT,
  amount_cents  INTEGER,
  created_at    INTEGER NOT NULL,
  expires_at    INTEGER NOT NULL
);
CREATE INDEX passkey_challenges_expiry ON passkey_challenges(expires_at);
CREATE INDEX passkey_challenges_purpose ON passkey_challenges(purpose, id);

-- A payment confirmed with a passkey authorizes only that payment: its action and amount. A payment
-- code's authorization (verify_pay) leaves both NULL and authorizes any one money operation, as before.
-- passkey_id: the passkey that confirmed it (its removal voids what it has not been used for yet).
ALTER TABLE pay_verifications ADD COLUMN action TEXT;
ALTER TABLE pay_verifications ADD COLUMN amount_cents INTEGER;
ALTER TABLE pay_verifications ADD COLUMN passkey_id INTEGER;

-- A login with the password hands its client a one-time grant (only its sha256 here) to add a passkey
-- without typing the password again, for 10 minutes: the offer right after a login. The token alone
-- is not enough, and a session opened by a passkey gets none. passkey_id: the passkey that opened
-- the session (removing it ends the session).
ALTER TABLE sessions ADD COLUMN passkey_grant_hash TEXT;
ALTER TABLE sessions ADD COLUMN passkey_grant_until INTEGER;
ALTER TABLE sessions ADD COLUMN passkey_id INTEGER;
`,
  },
  {
    version: 13,
    name: 'uploads: re-encoded pictures (metadata dropped); those stored before are rewritten once',
    sql: `
-- Uploads are stored decoded and written anew (platform/images: upright, at most 2048 px, no EXIF,
-- GPS, XMP, IPTC or colour profile). Files stored before were kept as sent: 0 until rewritten (at
-- start, or \`npm run ops -- uploads:reencode\`), 1 once written anew, 2 when they could not be
-- decoded (the file is removed; the URL answers 404). Only 1 is ever served.
ALTER TABLE uploads ADD COLUMN encoded INTEGER NOT NULL DEFAULT 0 CHECK (encoded IN (0, 1, 2));
CREATE INDEX uploads_pending ON uploads(id) WHERE encoded = 0;
`,
  },
];

/** @jest-environment node */
/**
 * Search as a shopper uses it (DESIGN.md 3.2: searchProducts, suggestSearch; the contract's
 * descriptions): every word in any order, the last one as a prefix, plurals, punctuation, typed
 * FTS syntax as text, five languages (Chinese, Japanese, Korean and Thai as parts of words),
 * price and stock filters, suggestions with their marks, 'did you mean' corrections, and an index
 * that follows products, shops and categories as they change.
 */
import Database from 'better-sqlite3';
import { migrate } from '../../server/src/platform/db';
import { migrations } from '../../server/src/platform/db/migrations';
import { startTestServer, type TestServer } from '../../server/src/tools/testing/test-server';

interface Card {
  product_id: number;
  mer_id: number;
  sales: number;
  goods: { title: string; sales_price: string };
}
interface Found {
  total: number;
  list: Card[];
  corrections?: string[];
}
interface Suggestion {
  text: string;
  kind: 'product' | 'shop';
  product_id?: number;
  mer_id?: number;
  marks: { start: number; length: number }[];
}
interface Env<T> {
  code: number;
  msg: string;
  data: T;
}

let server: TestServer;

/** Products in the other languages of the interface, added as a merchant would (the triggers index them). */
const FIXTURES = [
  { id: 901, title: '男士纯棉衬衫 长袖', category: 6, price: 8900, stock: 5 },
  { id: 902, title: 'メンズコットンシャツ 長袖', category: 6, price: 7900, stock: 5 },
  { id: 903, title: '남성용 면 셔츠 긴소매', category: 6, price: 6900, stock: 5 },
  { id: 904, title: 'เสื้อเชิ้ตผู้ชายผ้าฝ้ายแขนยาว', category: 6, price: 5900, stock: 5 },
  { id: 905, title: 'Café Crème Espresso Beans, 1kg', category: 8, price: 2450, stock: 0 },
  { id: 906, title: '智能手机壳 防摔', category: 9, price: 1500, stock: 9 },
];

beforeAll(async () => {
  server = await startTestServer();
  const insert = server.db.prepare(
    `INSERT INTO products (id, shop_id, category_id, title, short_name, price_cents, market_price_cents, stock, sales, image, content_html, created_at)
     VALUES (?, 1, ?, ?, ?, ?, ?, ?, 0, '/media/product/1.svg', ?, 1735689600)`,
  );
  for (const f of FIXTURES) {
    insert.run(f.id, f.category, f.title, f.title.slice(0, 6), f.price, f.price, f.stock, `<p>${f.title}</p>`);
  }
});
afterAll(() => server.stop());

async function search(query: string, lang = 'en'): Promise<Env<Found>> {
  const res = await server.call<Env<Found>>(`/api/product/search?${query}`, { lang });
  expect([query, res.status]).toEqual([query, 200]);
  return res.body;
}
const titlesOf = async (title: string, extra = '') => {
  const body = await search(`limit=100&title=${encodeURIComponent(title)}${extra}`);
  expect([title, body.code]).toEqual([title, 1]);
  return body.data.list.map((c) => c.goods.title);
};

const OXFORD = "Men's Slim Fit Oxford Shirt, Long Sleeve";
const POLO = "Men's Classic Cotton Polo Shirt";

/** [language, what, query, the titles it must find, in order] */
const TABLE: [string, string, string, string[]][] = [
  ['en', 'two words', "men's shirt", [POLO, OXFORD]],
  ['en', 'the other order', "shirt men's", [POLO, OXFORD]],
  ['en', 'the last word as a prefix', 'oxford shi', [OXFORD]],
  ['en', 'a prefix of the first word is not enough', 'oxf shirt', []],
  ['en', 'plural', 'shirts oxford', [OXFORD]],
  ['en', 'singular of a plural title word', 'chino pant', ["Men's Stretch Chino Pants, Straight Leg"]],
  ['en', 'punctuation and case', 'OXFORD,, shirt!!', [OXFORD]],
  ['en', 'diacritics', 'cafe creme', ['Café Crème Espresso Beans, 1kg']],
  ['en', 'a word of the shop name', 'urban polo', [POLO]],
  ['en', 'a word of the description only', 'dispatch oxford', [OXFORD]],
  ['en', 'no HTML tag is a word', 'strong oxford', []],
  ['en', 'typed quote', '"oxford', [OXFORD]],
  ['en', 'typed star', 'oxf*', [OXFORD]],
  ['en', 'typed minus', 'oxford -shirt', [OXFORD]],
  ['en', 'typed caret and colon', '^oxford title:shirt', []],
  ['en', 'typed caret', '^oxford', [OXFORD]],
  ['en', 'NEAR is a word', 'NEAR(oxford shirt)', []],
  ['en', 'OR and NOT are words', 'oxford OR polo', []],
  ['en', 'AND is a word (of its description)', 'oxford AND', [OXFORD]],
  ['en', 'AND is a word no product has', 'oxford AND zzqq', []],
  ['en', 'a 200-character query', `${'oxford '.repeat(28)}shirt`.slice(0, 200), [OXFORD]],
  ['zh', 'a two-character word', '衬衫', ['男士纯棉衬衫 长袖']],
  ['zh', 'one character', '衫', ['男士纯棉衬衫 长袖']],
  ['zh', 'a part of a word (trigrams)', '纯棉衬', ['男士纯棉衬衫 长袖']],
  ['zh', 'two words in the other order', '长袖 衬衫', ['男士纯棉衬衫 长袖']],
  ['zh', 'the category name in Chinese', '手机 防摔', ['智能手机壳 防摔']],
  ['ja', 'a word inside a word', 'シャツ', ['メンズコットンシャツ 長袖']],
  ['ja', 'two parts in the other order', '長袖 コットン', ['メンズコットンシャツ 長袖']],
  ['ko', 'a two-syllable word', '셔츠', ['남성용 면 셔츠 긴소매']],
  ['ko', 'words in the other order', '긴소매 남성', ['남성용 면 셔츠 긴소매']],
  ['th', 'a word inside a run of words', 'ผ้าฝ้าย', ['เสื้อเชิ้ตผู้ชายผ้าฝ้ายแขนยาว']],
  ['th', 'two parts in the other order', 'แขนยาว เสื้อเชิ้ต', ['เสื้อเชิ้ตผู้ชายผ้าฝ้ายแขนยาว']],
];

describe('searchProducts: the query table', () => {
  it.each(TABLE)('%s, %s: %p', async (_lang, _what, query, expected) => {
    expect(await titlesOf(query)).toEqual(expected);
  });

  it('a category name in each of the five languages finds the same products', async () => {
    const names = ["men's clothing", '男装', 'メンズファッション', '남성 의류', 'เสื้อผ้าผู้ชาย'];
    const found = await Promise.all(names.map((n) => titlesOf(n)));
    const first = found[0]!;
    expect(first).toHaveLength(7 + 4); // the demo's seven and the four added in other languages
    for (const [i, list] of found.entries())
      expect([names[i], [...list].sort()]).toEqual([names[i], [...first].sort()]);
  });

  it('ranks title matches first, then sales', async () => {
    // A product of another shop with the shop's name in its title, and no sales.
    server.db
      .prepare(
        `INSERT INTO products (id, shop_id, category_id, title, short_name, price_cents, market_price_cents, stock, sales, image, content_html, created_at)
         VALUES (960, 3, 2, 'Northwind Travel Mug', 'Mug', 1500, 1500, 5, 0, '/media/product/1.svg', '', 0)`,
      )
      .run();
    try {
      const body = await search('limit=100&title=northwind');
      const titles = body.data.list.map((c) => c.goods.title);
      expect(titles[0]).toBe('Northwind Travel Mug');
      // the others match by their shop's name only
      expect(body.data.list.length).toBeGreaterThan(3);
      for (const c of body.data.list.slice(1)) expect(c.mer_id).toBe(1);
    } finally {
      server.db.prepare('DELETE FROM products WHERE id = 960').run();
    }
    // Equally relevant (the same text): best sellers first.
    const twin = server.db.prepare(
      `INSERT INTO products (id, shop_id, category_id, title, short_name, price_cents, market_price_cents, stock, sales, image, content_html, created_at)
       VALUES (?, 8, 10, 'Zebra Stunt Kite', 'Kite', 1500, 1500, 5, ?, '/media/product/1.svg', '', 0)`,
    );
    twin.run(961, 5);
    twin.run(962, 50);
    try {
      const kites = (await search('title=kite+zebra')).data.list.map((c) => [c.product_id, c.sales]);
      expect(kites).toEqual([
        [962, 50],
        [961, 5],
      ]);
    } finally {
      server.db.prepare('DELETE FROM products WHERE id IN (961, 962)').run();
    }
  });

  it('the existing sorts still apply to a search', async () => {
    const body = await search(`limit=100&title=${encodeURIComponent('男装')}&sort=price_asc`);
    const prices = body.data.list.map((c) => Number(c.goods.sales_price));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(prices.length).toBe(11);
  });

  it('empty text matches all; a text of punctuation only matches nothing', async () => {
    expect((await search('title=')).data.total).toBe(70 + FIXTURES.length);
    expect((await search('title=%20%20')).data.total).toBe(70 + FIXTURES.length);
    for (const q of ['"', '*', '-', '^:', '()']) {
      expect([q, (await search(`title=${encodeURIComponent(q)}`)).data]).toEqual([q, { total: 0, list: [] }]);
    }
  });

  it('201 characters: a refusal in the language of the shopper, not an error', async () => {
    const long = encodeURIComponent(`${'shirt '.repeat(40)}x`.slice(0, 201));
    expect(await search(`title=${long}`)).toEqual({ code: 0, msg: 'Please enter at most 200 characters', data: null });
    expect((await search(`title=${long}`, 'zh-CN')).msg).toBe('最多可输入 200 个字符');
  });
});

describe('searchProducts: filters', () => {
  it('price range in dollars, both ends included', async () => {
    const prices = async (q: string) =>
      (await search(`limit=100&${q}`)).data.list.map((c) => Number(c.goods.sales_price));
    const between = await prices('min_price=20&max_price=29.99');
    expect(between.length).toBeGreaterThan(0);
    for (const p of between) expect(p >= 20 && p <= 29.99).toBe(true);
    expect(await prices(`title=${encodeURIComponent('男装')}&min_price=69&max_price=79`)).toEqual(
      expect.arrayContaining([69, 79]),
    );
    expect((await search('title=cafe&max_price=24.49')).data.total).toBe(0);
    expect((await search('title=cafe&max_price=24.50')).data.total).toBe(1);
    expect((await search('title=cafe&min_price=24.5&max_price=24.5')).data.total).toBe(1);
  });

  it('in stock only hides sold-out products', async () => {
    expect((await search('title=cafe')).data.total).toBe(1);
    expect((await search('title=cafe&in_stock=1')).data.total).toBe(0);
    expect((await search('title=cafe&in_stock=0')).data.total).toBe(1);
    const all = (await search('limit=1&in_stock=1')).data.total;
    server.db.prepare('UPDATE products SET stock = 0 WHERE id = 901').run();
    expect((await search('limit=1&in_stock=1')).data.total).toBe(all - 1);
    server.db.prepare('UPDATE products SET stock = 5 WHERE id = 901').run();
  });

  it('category with a search text', async () => {
    expect(await titlesOf('shirt', '&category_id=6')).toEqual([POLO, OXFORD]);
    expect(await titlesOf('shirt', '&category_id=1')).toEqual([]);
  });

  it('a price range the shopper got wrong is refused in their language', async () => {
    for (const q of ['min_price=50&max_price=10', 'min_price=-1', 'max_price=abc', 'min_price=1.999']) {
      expect([q, await search(q)]).toEqual([q, { code: 0, msg: 'Please enter a correct price range', data: null }]);
    }
    expect((await search('min_price=50&max_price=10', 'zh-CN')).msg).toBe('请输入正确的价格区间');
    expect((await search('min_price=50&max_price=10', 'tai')).msg).toBe('กรุณากรอกช่วงราคาที่ถูกต้อง');
  });

  it('in_stock other than 0 or 1 is a request no client builds (HTTP 400)', async () => {
    const res = await server.call<Env<null>>('/api/product/search?in_stock=2');
    expect([res.status, res.body.code]).toEqual([400, 0]);
  });
});

describe('searchProducts: corrections (did you mean)', () => {
  it('offers the closest whole query that finds products, closest first', async () => {
    const typo = await search('title=shrit');
    expect(typo.data).toEqual({ total: 0, list: [], corrections: ['shirt'] });
    expect((await titlesOf('shirt')).length).toBeGreaterThan(0);
    const two = await search(`title=${encodeURIComponent('wirless mose')}`);
    expect(two.data.corrections?.[0]).toBe('wireless mouse');
    expect(await titlesOf('wireless mouse')).toEqual(['Ergonomic Wireless Mouse, Silent Click, 2.4G and Bluetooth']);
    // a right word stays as typed, the wrong one is corrected
    expect((await search(`title=${encodeURIComponent('oxford shrit')}`)).data.corrections).toEqual(['oxford shirt']);
  });

  it('none when nothing close exists, or when the correction finds nothing with the same filters', async () => {
    expect((await search('title=zzqqxx')).data).toEqual({ total: 0, list: [] });
    expect((await search('title=shrit&category_id=1')).data).toEqual({ total: 0, list: [] });
    // a search that finds something has no corrections
    expect((await search('title=shirt')).data.corrections).toBeUndefined();
  });

  it('top keywords count searches that found something, not typos', async () => {
    const hits = () =>
      server.db.prepare<[], { hits: number }>("SELECT hits FROM search_keywords WHERE keyword = 'shrit'").get()?.hits;
    await search('title=shrit');
    expect(hits()).toBeUndefined();
  });
});

describe('suggestSearch', () => {
  const suggest = async (title: string, extra = '', lang = 'en') => {
    const res = await server.call<Env<{ list: Suggestion[] }>>(
      `/api/product/suggest?title=${encodeURIComponent(title)}${extra}`,
      { lang },
    );
    expect([title, res.status]).toEqual([title, 200]);
    return res.body;
  };
  /** The marked parts of a suggestion, as the SPA shows them in <mark>. */
  const marked = (s: Suggestion) => s.marks.map((m) => s.text.slice(m.start, m.start + m.length));

  it('completes product titles as typed, the typed parts marked', async () => {
    const { data } = await suggest('men sh');
    expect(data.list.map((s) => s.text).sort()).toEqual([POLO, "Men's Breathable Running Shoes", OXFORD].sort());
    for (const s of data.list) {
      expect(s).toMatchObject({ kind: 'product', product_id: expect.any(Number), mer_id: expect.any(Number) });
      expect(marked(s)).toEqual(['Men', 'Sh']);
    }
    const [first] = (await suggest('oxford')).data.list;
    expect(first).toMatchObject({ text: OXFORD, marks: [{ start: 15, length: 6 }] });
    // a plural typed marks the word it is a form of
    const [shirt] = (await suggest('oxford shirts')).data.list;
    expect(shirt && marked(shirt)).toEqual(['Oxford', 'Shirt']);
  });

  it('shop names too: a shop whose name starts with the text first', async () => {
    const { data } = await suggest('northw');
    expect(data.list[0]).toEqual({
      text: 'Northwind Electronics',
      kind: 'shop',
      mer_id: 1,
      marks: [{ start: 0, length: 6 }],
    });
  });

  it('in Chinese, Japanese, Korean and Thai, the part marked where it is', async () => {
    const cases: [string, string, string][] = [
      ['衬衫', '男士纯棉衬衫 长袖', '衬衫'],
      ['シャツ', 'メンズコットンシャツ 長袖', 'シャツ'],
      ['셔츠', '남성용 면 셔츠 긴소매', '셔츠'],
      ['ผ้าฝ้าย', 'เสื้อเชิ้ตผู้ชายผ้าฝ้ายแขนยาว', 'ผ้าฝ้าย'],
    ];
    for (const [typed, title, mark] of cases) {
      const [first] = (await suggest(typed)).data.list;
      expect([typed, first?.text, first && marked(first)]).toEqual([typed, title, [mark]]);
    }
  });

  it('at most limit (8 by default), titles not repeated; empty text: empty list', async () => {
    const many = (await suggest('s')).data.list;
    expect(many).toHaveLength(8);
    expect(new Set(many.map((s) => s.text)).size).toBe(8);
    expect((await suggest('s', '&limit=3')).data.list).toHaveLength(3);
    expect(await suggest('')).toEqual({ code: 1, msg: 'Success', data: { list: [] } });
    expect((await suggest('   ')).data.list).toEqual([]);
    const res = await server.call<Env<null>>('/api/product/suggest?title=s&limit=9');
    expect(res.status).toBe(400);
  });

  it('typed FTS syntax is text; 201 characters are refused', async () => {
    for (const q of ['"men', 'men*', 'NEAR(men', 'men OR', '-men', 'title:men', '"', '*']) {
      const body = await suggest(q);
      expect([q, body.code]).toEqual([q, 1]);
    }
    expect((await suggest('"men')).data.list.map((s) => s.text)).toEqual(expect.arrayContaining([POLO, OXFORD]));
    expect((await suggest('*')).data.list).toEqual([]);
    expect(await suggest('a'.repeat(201))).toEqual({ code: 0, msg: 'Please enter at most 200 characters', data: null });
  });
});

describe('the index follows the catalogue', () => {
  it('a product renamed, a new product, a product deleted, one taken off the shelf', async () => {
    const db = server.db;
    db.prepare(
      `INSERT INTO products (id, shop_id, category_id, title, short_name, price_cents, market_price_cents, stock, sales, image, content_html, created_at)
       VALUES (950, 2, 3, 'Quokka Hammock, Ultralight', 'Hammock', 3000, 3000, 3, 0, '/media/product/1.svg', '<p>Swings</p>', 0)`,
    ).run();
    expect(await titlesOf('quokka hammock')).toEqual(['Quokka Hammock, Ultralight']);
    db.prepare("UPDATE products SET title = 'Wombat Hammock, Ultralight' WHERE id = 950").run();
    expect(await titlesOf('quokka')).toEqual([]);
    expect(await titlesOf('hammock wombat')).toEqual(['Wombat Hammock, Ultralight']);
    db.prepare("UPDATE products SET content_html = '<p>Made of <b>parachute</b> nylon</p>' WHERE id = 950").run();
    expect(await titlesOf('parachute')).toEqual(['Wombat Hammock, Ultralight']);
    expect(await titlesOf('swings')).toEqual([]);
    db.prepare('UPDATE products SET status = 0 WHERE id = 950').run();
    expect(await titlesOf('wombat')).toEqual([]);
    db.prepare('UPDATE products SET status = 1 WHERE id = 950').run();
    db.prepare('DELETE FROM product_images WHERE product_id = 950').run();
    db.prepare('DELETE FROM products WHERE id = 950').run();
    expect(await titlesOf('wombat')).toEqual([]);
    expect(
      db.prepare("SELECT COUNT(*) AS n FROM product_fts WHERE product_fts MATCH 'wombat'").get() as { n: number },
    ).toEqual({ n: 0 });
  });

  it('a shop renamed and a category renamed re-index their products', async () => {
    const db = server.db;
    db.prepare("UPDATE shops SET name = 'Quasar Clothiers' WHERE id = 5").run();
    expect(await titlesOf('quasar polo')).toEqual([POLO]);
    db.prepare("UPDATE categories SET names = names || ' Gentlemenswear' WHERE id = 6").run();
    expect((await titlesOf('gentlemenswear')).length).toBe(11);
    const [first] = (await server.call<Env<{ list: Suggestion[] }>>('/api/product/suggest?title=quas')).body.data.list;
    expect(first).toMatchObject({ text: 'Quasar Clothiers', kind: 'shop' });
  });

  it('migration 11 indexes the products of an existing database', () => {
    const db = new Database(':memory:');
    db.exec(
      'CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)',
    );
    for (const m of migrations.filter((x) => x.version < 11)) {
      db.exec(m.sql);
      db.prepare('INSERT INTO schema_migrations VALUES (?, ?, 0)').run(m.version, m.name);
    }
    db.prepare("INSERT INTO categories (id, name, name_en, sort) VALUES (1, 'Toys', 'Toys', 0)").run();
    db.prepare("INSERT INTO shops (id, name, avatar, banner, created_at) VALUES (1, 'Kite Corner', '', '', 0)").run();
    db.prepare(
      `INSERT INTO products (id, shop_id, category_id, title, short_name, price_cents, market_price_cents, image, content_html, created_at)
       VALUES (1, 1, 1, 'Stunt Kite', 'Kite', 100, 100, '', '<p>Flies <em>high</em></p>', 0)`,
    ).run();
    // 11 and every migration after it.
    expect(migrate(db)).toEqual(migrations.filter((x) => x.version >= 11).map((x) => x.version));
    const match = (table: string, q: string) =>
      db.prepare<[string], { rowid: number }>(`SELECT rowid FROM ${table} WHERE ${table} MATCH ?`).all(q);
    expect(match('product_fts', 'stunt kite corner high')).toEqual([{ rowid: 1 }]);
    expect(match('product_fts', 'em')).toEqual([]);
    expect(match('product_tri', '"おもちゃ"')).toEqual([{ rowid: 1 }]); // the category's Japanese name
    db.close();
  });
});

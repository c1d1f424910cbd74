/** @jest-environment node */
import { startTestServer, type TestServer } from '../../server/src/tools/testing/test-server';
import { newShopper, type Env } from '../../server/src/tools/testing/wallet';
import { FAMILY_CATEGORY_KEYS } from '../support/catalog';

interface ProductCard {
  id: number;
  product_id: number;
  mer_id: number;
  sales: number;
  click: number;
  goods: { image: string; title: string; sales_price: string; market_price: string; real_sales: number };
}
interface ShopCard {
  mer_id: number;
  mer_name: string;
  mer_avatar: string;
  follow_count: number;
  good_rate: number;
  total_price: string;
  sales: number;
}
interface Paged<T> {
  count: number;
  list: T[];
}
interface Found<T> {
  total: number;
  list: T[];
}
interface ProductDetail {
  id: number;
  product_id: number;
  mer_id: number;
  is_like: 0 | 1;
  sales: number;
  goods: {
    title: string;
    sales_price: string;
    market_price: string;
    stock: number;
    image: string;
    images: string;
    content: string;
    specList: Array<{ name: string; child: string[] }>;
  };
  merchant: ShopCard;
  reply_list: Array<{
    avatar: string;
    nickname: string;
    product_score: number;
    comment: string;
    pics: string;
    createtime: string;
  }>;
  other: ProductCard[];
}
interface ShopDetail extends ShopCard {
  is_follow: 0 | 1;
  banner: string;
  product_list: Paged<ProductCard>;
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const get = async <T>(path: string, token?: string, lang?: string) => {
  const res = await server.call<Env<T>>(path, { token, lang });
  return res;
};
const data = async <T>(path: string, token?: string): Promise<T> => {
  const res = await get<T>(path, token);
  expect([res.status, res.body.code, res.body.msg]).toEqual([200, 1, 'Success']);
  return res.body.data;
};

const MONEY = /^\d+\.\d{2}$/;
const isAbsolute = (url: string) => url.startsWith(server.baseUrl + '/');

const DISPLAY_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
/** A comma string of image URLs as a list ('' -> []). */
const urls = (comma: string) => (comma ? comma.split(',') : []);

function expectProductCard(p: ProductCard) {
  expect(p.id).toBe(p.product_id);
  expect(p.mer_id).toBeGreaterThan(0);
  expect(Number.isInteger(p.sales) && p.sales >= 0).toBe(true);
  expect(Number.isInteger(p.click) && p.click >= 0).toBe(true);
  expect(p.goods.title).not.toBe('');
  expect(isAbsolute(p.goods.image)).toBe(true);
  expect(p.goods.sales_price).toMatch(MONEY);
  expect(p.goods.market_price).toMatch(MONEY);
  expect(p.goods.real_sales).toBe(p.sales);
}
function expectShopCard(s: ShopCard) {
  expect(s.mer_name).not.toBe('');
  expect(isAbsolute(s.mer_avatar)).toBe(true);
  expect(s.sales).toBeGreaterThan(0);
  expect(s.follow_count).toBeGreaterThan(0);
  expect(s.good_rate).toBeGreaterThan(90);
  expect(s.good_rate).toBeLessThanOrEqual(100);
  expect(s.total_price).toMatch(MONEY);
  expect(Number(s.total_price)).toBeGreaterThan(0);
}
const ids = (list: Array<{ id?: number; mer_id: number }>) => list.map((x) => x.id ?? x.mer_id);
const cents = (m: string) => Math.round(Number(m) * 100);

describe('home: banners, categories, category grid, hot products, hot shops', () => {
  it('lists the 3 banners as absolute URLs', async () => {
    const banners = await data<string[]>('/api/index/banner');
    expect(banners).toHaveLength(3);
    for (const b of banners) expect(isAbsolute(b)).toBe(true);
  });

  it("lists the 10 categories with the backend family's translation keys", async () => {
    const cats = await data<Array<{ category_id: number; name: string; name_en: string }>>('/api/index/category');
    expect(cats.map((c) => c.name_en)).toEqual(FAMILY_CATEGORY_KEYS);
    expect(cats[0]).toEqual({ category_id: 1, name: 'Computer', name_en: 'computer' });
  });

  it('category grid: page size 8 by default, best sellers first, only that category; page 2 differs', async () => {
    const p1 = await data<Paged<ProductCard>>('/api/index/product?category_id=9');
    expect(p1.count).toBe(7);
    expect(p1.list).toHaveLength(7);
    p1.list.forEach(expectProductCard);
    const sales = p1.list.map((p) => p.sales);
    expect(sales).toEqual([...sales].sort((a, b) => b - a));
    // every one is a mobile_phone product: its detail agrees
    const search = await data<Found<ProductCard>>('/api/product/search?category_id=9&limit=50');
    expect(new Set(ids(search.list))).toEqual(new Set(ids(p1.list)));

    const all = await data<Paged<ProductCard>>('/api/product/recommend?limit=8');
    expect(all.list).toHaveLength(8);
    const a = await data<Paged<ProductCard>>('/api/index/product?category_id=1&limit=4&page=1');
    const b = await data<Paged<ProductCard>>('/api/index/product?category_id=1&limit=4&page=2');
    expect(a.list).toHaveLength(4);
    expect(b.list).toHaveLength(3);
    expect(ids(a.list).filter((id) => ids(b.list).includes(id))).toEqual([]);
  });

  it('unknown category: empty list; missing category_id: 400 naming the field', async () => {
    expect(await data<Paged<ProductCard>>('/api/index/product?category_id=999')).toEqual({ count: 0, list: [] });
    const res = await get('/api/index/product');
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/category_id/);
  });

  it('hot products: all 70, best sellers first, paged; title filter is a case-insensitive substring', async () => {
    const p1 = await data<Paged<ProductCard>>('/api/index/hot_product');
    expect(p1.count).toBe(70);
    expect(p1.list).toHaveLength(10);
    p1.list.forEach(expectProductCard);
    const p2 = await data<Paged<ProductCard>>('/api/index/hot_product?page=2');
    expect(p2.list).toHaveLength(10);
    expect(Math.min(...p1.list.map((p) => p.sales))).toBeGreaterThanOrEqual(Math.max(...p2.list.map((p) => p.sales)));
    expect(ids(p1.list).filter((id) => ids(p2.list).includes(id))).toEqual([]);
    const laptops = await data<Paged<ProductCard>>('/api/index/hot_product?title=LAPTOP');
    expect(laptops.count).toBeGreaterThan(0);
    for (const p of laptops.list) expect(p.goods.title.toLowerCase()).toContain('laptop');
  });

  it('hot shops: the 9 shops, 8 by default, most sales first, with cards', async () => {
    const p1 = await data<Paged<ShopCard>>('/api/index/hot_merchant');
    expect(p1.count).toBe(9);
    expect(p1.list).toHaveLength(8);
    p1.list.forEach(expectShopCard);
    const sales = p1.list.map((s) => s.sales);
    expect(sales).toEqual([...sales].sort((a, b) => b - a));
    const p2 = await data<Paged<ShopCard>>('/api/index/hot_merchant?page=2');
    expect(p2.list).toHaveLength(1);
    expect(ids(p1.list)).not.toContain(p2.list[0]?.mer_id);
  });

  it('shop sales and turnover are the sums over its products', async () => {
    const shop = await data<ShopDetail>('/api/merchant/detail?mer_id=9&limit=50');
    const products = shop.product_list.list;
    expect(shop.product_list.count).toBe(products.length);
    expect(shop.sales).toBe(products.reduce((n, p) => n + p.sales, 0));
    expect(cents(shop.total_price)).toBe(products.reduce((n, p) => n + p.sales * cents(p.goods.sales_price), 0));
  });
});

describe('search', () => {
  it("'phone' finds the titles with that word first (case-insensitive), then the Mobile phone category", async () => {
    const res = await data<Found<ProductCard>>('/api/product/search?title=%20Phone%20');
    expect(res.total).toBeGreaterThanOrEqual(3);
    expect(res.list).toHaveLength(res.total);
    res.list.forEach(expectProductCard);
    const titles = res.list.map((p) => p.goods.title);
    // Title matches weigh most: the titles with a word starting with 'phone' come first.
    const inTitle = titles.filter((t) => /\bphone/i.test(t));
    expect(inTitle.length).toBeGreaterThanOrEqual(1);
    expect(titles.slice(0, inTitle.length)).toEqual(inTitle);
    // The rest are found by their category's name (Mobile Phone), as the Smartphone is.
    expect(titles).toEqual(expect.arrayContaining([expect.stringMatching(/Smartphone/)]));
  });

  it('no result: total 0 and an empty list', async () => {
    expect(await data<Found<ProductCard>>('/api/product/search?title=zzqqxx-nothing')).toEqual({ total: 0, list: [] });
    // Punctuation is no word: a text of punctuation only ('%', '_', '*') finds nothing, not everything.
    for (const q of ['%25', '_', '*', '%22%22']) {
      expect([q, (await data<Found<ProductCard>>(`/api/product/search?title=${q}`)).total]).toEqual([q, 0]);
    }
    const percent = await data<Found<ProductCard>>('/api/product/search?title=72%25');
    expect(percent.list.map((p) => p.goods.title)).toEqual(['Dark Chocolate 72% Cocoa, 10 Bars']);
  });

  it('empty title matches all; category filter; paging', async () => {
    const all = await data<Found<ProductCard>>('/api/product/search?title=');
    expect(all.total).toBe(70);
    expect((await data<Found<ProductCard>>('/api/product/search?title=%20%20')).total).toBe(70);
    expect((await data<Paged<ProductCard>>('/api/index/hot_product?title=')).count).toBe(70);
    expect((await data<Found<ShopCard>>('/api/product/searchs?title=')).total).toBe(9);
    const food = await data<Found<ProductCard>>('/api/product/search?category_id=8&limit=5');
    expect(food.total).toBe(7);
    expect(food.list).toHaveLength(5);
    const food2 = await data<Found<ProductCard>>('/api/product/search?category_id=8&limit=5&page=2');
    expect(food2.list).toHaveLength(2);
    expect(ids(food.list).filter((id) => ids(food2.list).includes(id))).toEqual([]);
  });

  it('sorts by price ascending and descending, sales, newest', async () => {
    const asc = await data<Found<ProductCard>>('/api/product/search?sort=price_asc&limit=50');
    const ascPrices = asc.list.map((p) => cents(p.goods.sales_price));
    expect(ascPrices).toEqual([...ascPrices].sort((a, b) => a - b));
    expect(ascPrices[0]).toBeLessThan(ascPrices[ascPrices.length - 1] as number);
    const desc = await data<Found<ProductCard>>('/api/product/search?sort=price_desc&limit=50');
    const descPrices = desc.list.map((p) => cents(p.goods.sales_price));
    expect(descPrices).toEqual([...descPrices].sort((a, b) => b - a));
    const bySales = await data<Found<ProductCard>>('/api/product/search?sort=sales&limit=50');
    const sales = bySales.list.map((p) => p.sales);
    expect(sales).toEqual([...sales].sort((a, b) => b - a));
    const newest = await data<Found<ProductCard>>('/api/product/search?sort=new&limit=50');
    expect(newest.total).toBe(70);
    expect(ids(newest.list)).not.toEqual(ids(bySales.list));
    const bad = await get('/api/product/search?sort=cheapest');
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/sort/);
  });

  it('top keywords come from search_keywords, most searched first; a real search counts', async () => {
    const before = await data<Array<{ keyword: string }>>('/api/product/index');
    expect(before[0]).toEqual({ keyword: 'phone' });
    expect(before.length).toBeLessThanOrEqual(10);
    const hits = (k: string) =>
      server.db.prepare<[string], { hits: number }>('SELECT hits FROM search_keywords WHERE keyword = ?').get(k)?.hits;
    const tentBefore = hits('tent') ?? 0;
    await data('/api/product/search?title=%20TENT%20');
    expect(hits('tent')).toBe(tentBefore + 1);
    // load-more pages of the same search do not count again; a search without results is not counted
    await data('/api/product/search?title=tent&page=2');
    expect(hits('tent')).toBe(tentBefore + 1);
    await data('/api/product/search?title=zzqqxx-nothing');
    expect(hits('zzqqxx-nothing')).toBeUndefined();
    // a new keyword searched often enough rises into the list
    server.db.prepare("UPDATE search_keywords SET hits = 5000 WHERE keyword = 'tent'").run();
    const after = await data<Array<{ keyword: string }>>('/api/product/index');
    expect(after[0]).toEqual({ keyword: 'tent' });
  });

  it('shop search: name substring, total and shop cards', async () => {
    const res = await data<Found<ShopCard>>('/api/product/searchs?title=mobile');
    expect(res.total).toBe(1);
    expect(res.list[0]?.mer_name).toBe('Pixel Mobile Hub');
    res.list.forEach(expectShopCard);
    expect(await data<Found<ShopCard>>('/api/product/searchs?title=nope-nothing')).toEqual({ total: 0, list: [] });
    expect((await data<Found<ShopCard>>('/api/product/searchs')).total).toBe(9);
  });

  it('recommendations of a category, and across all', async () => {
    const rec = await data<Paged<ProductCard>>('/api/product/recommend?category_id=10&limit=3');
    expect(rec.count).toBe(7);
    expect(rec.list).toHaveLength(3);
    const toys = await data<Paged<ProductCard>>('/api/index/product?category_id=10&limit=3');
    expect(ids(rec.list)).toEqual(ids(toys.list));
  });
});

describe('product detail', () => {
  it('anonymous: goods with gallery, specs, HTML, shop card, reviews, other products of the category', async () => {
    const d = await data<ProductDetail>('/api/product/detail?mer_id=1&product_id=1');
    expect(d).toMatchObject({ id: 1, product_id: 1, mer_id: 1, is_like: 0 });
    expect(d.goods.title).toMatch(/UltraBook/);
    expect(d.goods.sales_price).toBe('899.00');
    expect(d.goods.market_price).toBe('1099.00');
    expect(d.goods.stock).toBeGreaterThan(0);
    // the gallery is one comma string of absolute URLs, as the backend family sends it
    expect(urls(d.goods.images)).toHaveLength(3);
    for (const i of [d.goods.image, ...urls(d.goods.images)]) expect(isAbsolute(i)).toBe(true);
    expect(d.goods.content).toMatch(/^<p>Sold and shipped by <strong>/);
    expect(d.goods.specList).toEqual([
      { name: 'Color', child: ['Silver', 'Space Gray'] },
      { name: 'Storage', child: ['512GB', '1TB'] },
    ]);
    expect(d.merchant.mer_id).toBe(1);
    expectShopCard(d.merchant);
    expect(d.reply_list.length).toBeGreaterThan(0);
    const r = d.reply_list[0]!;
    expect(r.nickname).not.toBe('');
    expect(isAbsolute(r.avatar)).toBe(true);
    expect(r.product_score).toBeGreaterThanOrEqual(1);
    expect(r.comment).not.toBe('');
    expect(r.createtime).toMatch(DISPLAY_TIME);
    expect(r.createtime > '2020-01-01 00:00:00').toBe(true);
    const withPics = d.reply_list.find((x) => x.pics !== '');
    expect(withPics && urls(withPics.pics).every(isAbsolute)).toBe(true);
    expect(d.reply_list.some((x) => x.pics === '')).toBe(true);
    // display text sorts like the moment it shows: newest first
    const times = d.reply_list.map((x) => x.createtime);
    expect(times).toEqual([...times].sort().reverse());
    // other: best sellers of the same category (computer), without this product
    expect(d.other.length).toBeGreaterThan(0);
    d.other.forEach(expectProductCard);
    expect(ids(d.other)).not.toContain(1);
    const computer = await data<Paged<ProductCard>>('/api/index/product?category_id=1&limit=50');
    expect(ids(d.other)).toEqual(ids(computer.list).filter((id) => id !== 1));
  });

  it('a product without specs has an empty specList', async () => {
    // some seed products have no specs (e.g. the webcam); every group that exists has values
    const hot = await data<Paged<ProductCard>>('/api/index/hot_product?limit=50');
    let sawEmpty = false;
    for (const p of hot.list) {
      const d = await data<ProductDetail>(`/api/product/detail?mer_id=${p.mer_id}&product_id=${p.product_id}`);
      for (const g of d.goods.specList) expect(g.child.length).toBeGreaterThan(0);
      if (d.goods.specList.length === 0) sawEmpty = true;
    }
    expect(sawEmpty).toBe(true);
  });

  it("unknown product, or a product of another shop: 'Product not found', localized", async () => {
    for (const q of ['mer_id=1&product_id=9999', 'mer_id=2&product_id=1']) {
      const res = await get(`/api/product/detail?${q}`);
      expect([res.status, res.body]).toEqual([200, { code: 0, msg: 'Product not found', data: null }]);
    }
    const zh = await get('/api/product/detail?mer_id=1&product_id=9999', undefined, 'zh-CN');
    expect(zh.body.msg).toBe('商品不存在');
    const bad = await get('/api/product/detail?mer_id=1');
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/product_id/);
  });

  it('an invalid token is treated as anonymous', async () => {
    const d = await data<ProductDetail>(`/api/product/detail?mer_id=1&product_id=1`, 'f'.repeat(64));
    expect(d.is_like).toBe(0);
  });

  it("every view of the product page counts towards its cards' click", async () => {
    const cardOf = async () =>
      (await data<Paged<ProductCard>>('/api/index/product?category_id=3&limit=50')).list.find(
        (p) => p.product_id === 3,
      );
    const before = await cardOf();
    expect(before?.click).toBeGreaterThan(0);
    const page = `/api/product/detail?mer_id=${before?.mer_id}&product_id=3`;
    expect((await data<ProductDetail>(page)).product_id).toBe(3);
    await data<ProductDetail>(page);
    expect((await cardOf())?.click).toBe((before?.click ?? 0) + 2);
    // the product asked of a shop that does not sell it counts nothing
    const wrongShop = await get(`/api/product/detail?mer_id=${(before?.mer_id ?? 0) + 1}&product_id=3`);
    expect(wrongShop.body.code).toBe(0);
    expect((await cardOf())?.click).toBe((before?.click ?? 0) + 2);
  });
});

describe('likes', () => {
  it('toggles, shows in is_like and like_list (newest first), per user', async () => {
    const { token } = await newShopper(server, 'like');
    const { token: other } = await newShopper(server, 'like');
    const like = (mer_id: number, product_id: number, t = token) =>
      server.call<Env<{ is_like: 0 | 1 }>>('/api/product/like', { token: t, json: { mer_id, product_id } });

    expect(await data<Paged<ProductCard>>('/api/user/like_list', token)).toEqual({ count: 0, list: [] });
    const first = await like(1, 1);
    expect(first.body).toEqual({ code: 1, msg: 'Added to favourites', data: { is_like: 1 } });
    server.db.prepare('UPDATE product_likes SET created_at = created_at - 10 WHERE product_id = 1').run();
    expect((await like(9, 19)).body.data).toEqual({ is_like: 1 });

    const list = await data<Paged<ProductCard>>('/api/user/like_list', token);
    expect(list.count).toBe(2);
    expect(ids(list.list)).toEqual([19, 1]);
    list.list.forEach(expectProductCard);
    expect((await data<ProductDetail>('/api/product/detail?mer_id=1&product_id=1', token)).is_like).toBe(1);
    expect((await data<ProductDetail>('/api/product/detail?mer_id=1&product_id=1')).is_like).toBe(0);
    // another user's favourites are separate
    expect((await data<ProductDetail>('/api/product/detail?mer_id=1&product_id=1', other)).is_like).toBe(0);
    expect((await data<Paged<ProductCard>>('/api/user/like_list', other)).count).toBe(0);

    const again = await like(1, 1);
    expect(again.body).toEqual({ code: 1, msg: 'Removed from favourites', data: { is_like: 0 } });
    expect(ids((await data<Paged<ProductCard>>('/api/user/like_list', token)).list)).toEqual([19]);
    expect((await data<ProductDetail>('/api/product/detail?mer_id=1&product_id=1', token)).is_like).toBe(0);
    // liking again makes it the newest
    expect((await like(1, 1)).body.data).toEqual({ is_like: 1 });
    expect(ids((await data<Paged<ProductCard>>('/api/user/like_list', token)).list)).toEqual([1, 19]);
    // one row per user and product
    const rows = server.db
      .prepare<[number], { n: number }>('SELECT COUNT(*) AS n FROM product_likes WHERE product_id = ?')
      .get(1);
    expect(rows?.n).toBe(1);
  });

  it('like_list pages', async () => {
    const { token } = await newShopper(server, 'likep');
    const hot = await data<Paged<ProductCard>>('/api/index/hot_product?limit=12');
    for (const p of hot.list) {
      const res = await server.call<Env>('/api/product/like', {
        token,
        json: { mer_id: p.mer_id, product_id: p.product_id },
      });
      expect(res.body.code).toBe(1);
    }
    const p1 = await data<Paged<ProductCard>>('/api/user/like_list?limit=8', token);
    const p2 = await data<Paged<ProductCard>>('/api/user/like_list?limit=8&page=2', token);
    expect([p1.count, p1.list.length, p2.list.length]).toEqual([12, 8, 4]);
    expect(new Set([...ids(p1.list), ...ids(p2.list)])).toEqual(new Set(ids(hot.list)));
  });

  it('unknown product or wrong shop: Product not found; no token: 401', async () => {
    const { token } = await newShopper(server, 'like');
    for (const json of [
      { mer_id: 1, product_id: 9999 },
      { mer_id: 3, product_id: 1 },
    ]) {
      const res = await server.call<Env>('/api/product/like', { token, json });
      expect([res.status, res.body]).toEqual([200, { code: 0, msg: 'Product not found', data: null }]);
    }
    const anon = await server.call<Env>('/api/product/like', { json: { mer_id: 1, product_id: 1 } });
    expect([anon.status, anon.body]).toEqual([401, { code: 401, msg: 'Please login first', data: null }]);
    const list = await get('/api/user/like_list');
    expect(list.status).toBe(401);
    const bad = await server.call<Env>('/api/product/like', { token, json: { mer_id: 1 } });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/product_id/);
  });
});

describe('shops and follows', () => {
  it('shop detail: card, banners, products with category filter and paging, is_follow 0 anonymous', async () => {
    const d = await data<ShopDetail>('/api/merchant/detail?mer_id=1');
    expect(d.mer_id).toBe(1);
    expect(d.mer_name).toBe('Northwind Electronics');
    expectShopCard(d);
    expect(d.is_follow).toBe(0);
    expect(urls(d.banner)).toHaveLength(2);
    for (const b of urls(d.banner)) expect(isAbsolute(b)).toBe(true);
    expect(d.product_list.count).toBeGreaterThan(0);
    for (const p of d.product_list.list) {
      expectProductCard(p);
      expect(p.mer_id).toBe(1);
    }
    const page1 = await data<ShopDetail>('/api/merchant/detail?mer_id=1&limit=3');
    const page2 = await data<ShopDetail>('/api/merchant/detail?mer_id=1&limit=3&page=2');
    expect(page1.product_list.list).toHaveLength(3);
    expect(page2.product_list.list.length).toBeGreaterThan(0);
    expect(ids(page1.product_list.list).filter((id) => ids(page2.product_list.list).includes(id))).toEqual([]);

    const computers = await data<ShopDetail>('/api/merchant/detail?mer_id=1&category_id=1&limit=50');
    const electrical = await data<ShopDetail>('/api/merchant/detail?mer_id=1&category_id=2&limit=50');
    expect(computers.product_list.count).toBeGreaterThan(0);
    expect(electrical.product_list.count).toBeGreaterThan(0);
    expect(computers.product_list.count + electrical.product_list.count).toBe(d.product_list.count);
    const cat1 = await data<Found<ProductCard>>('/api/product/search?category_id=1&limit=50');
    for (const p of computers.product_list.list) expect(ids(cat1.list)).toContain(p.id);
    expect((await data<ShopDetail>('/api/merchant/detail?mer_id=1&category_id=10')).product_list).toEqual({
      count: 0,
      list: [],
    });
  });

  it("unknown shop: 'Shop not found', localized", async () => {
    const res = await get('/api/merchant/detail?mer_id=999');
    expect([res.status, res.body]).toEqual([200, { code: 0, msg: 'Shop not found', data: null }]);
    expect((await get('/api/merchant/detail?mer_id=999', undefined, 'han')).body.msg).toBe('상점을 찾을 수 없습니다');
  });

  it('follow toggles, changes follow_count by one, shows in is_follow and follow_list (newest first)', async () => {
    const { token } = await newShopper(server, 'fol');
    const follow = (mer_id: number, t: string | undefined = token) =>
      server.call<Env<{ is_follow: 0 | 1 } | null>>('/api/merchant/follow', { token: t, json: { mer_id } });
    const fans = async () => (await data<ShopDetail>('/api/merchant/detail?mer_id=2')).follow_count;

    const before = await fans();
    expect((await follow(2)).body).toEqual({ code: 1, msg: 'Follow Success', data: { is_follow: 1 } });
    expect(await fans()).toBe(before + 1);
    expect((await data<ShopDetail>('/api/merchant/detail?mer_id=2', token)).is_follow).toBe(1);
    expect((await data<ShopDetail>('/api/merchant/detail?mer_id=2')).is_follow).toBe(0);
    server.db.prepare('UPDATE shop_follows SET created_at = created_at - 10 WHERE shop_id = 2').run();
    expect((await follow(5)).body.data).toEqual({ is_follow: 1 });

    const list = await data<Paged<ShopCard>>('/api/user/follow_list', token);
    expect(list.count).toBe(2);
    expect(ids(list.list)).toEqual([5, 2]);
    list.list.forEach(expectShopCard);
    // the card in the list agrees with the shop page
    expect(list.list[1]?.follow_count).toBe(before + 1);

    expect((await follow(2)).body).toEqual({ code: 1, msg: 'Unfollow Success', data: { is_follow: 0 } });
    expect(await fans()).toBe(before);
    expect(ids((await data<Paged<ShopCard>>('/api/user/follow_list', token)).list)).toEqual([5]);
    const zh = await server.call<Env>('/api/merchant/follow', { token, json: { mer_id: 2 }, lang: 'zh-CN' });
    expect(zh.body.msg).toBe('关注成功');
  });

  it('follow needs a token (401); unknown shop: Shop not found; follow_list needs a token', async () => {
    const anon = await server.call<Env>('/api/merchant/follow', { json: { mer_id: 1 } });
    expect([anon.status, anon.body]).toEqual([401, { code: 401, msg: 'Please login first', data: null }]);
    const badToken = await server.call<Env>('/api/merchant/follow', { token: 'a'.repeat(64), json: { mer_id: 1 } });
    expect(badToken.status).toBe(401);
    const { token } = await newShopper(server, 'fol');
    const unknown = await server.call<Env>('/api/merchant/follow', { token, json: { mer_id: 999 } });
    expect([unknown.status, unknown.body]).toEqual([200, { code: 0, msg: 'Shop not found', data: null }]);
    expect((await get('/api/user/follow_list')).status).toBe(401);
    expect(await data<Paged<ShopCard>>('/api/user/follow_list', token)).toEqual({ count: 0, list: [] });
  });
});

/** @jest-environment node */
/**
 * The reference server serves the backend family's own shopper client (../shared/BACKEND-FAMILY.md):
 * every call of its tables is sent exactly as that client sends it (token and lang headers, GET
 * parameters in an HTML-form encoded query string with empty values left out, JSON bodies with
 * ids as strings and the client's extra fields, no Idempotency-Key, no quhao on addresses,
 * networks named USDT-TRC20), and the answer is code 1 with the fields that client reads.
 */
import { passRecharge } from '../../server/src/tools/ops/wallet';
import { shipOrder } from '../../server/src/tools/ops/order';
import { startTestServer, type TestServer } from '../../server/src/tools/testing/test-server';
import { cents, TINY_PNG, type Env } from '../../server/src/tools/testing/wallet';
import { formatCents } from '../../server/src/shared/money';
import { FAMILY_CATEGORY_KEYS } from '../support/catalog';

type Lang = 'en' | 'zh-CN' | 'ri' | 'han' | 'tai';
type Params = Record<string, string | number | undefined>;

const MONEY = /^-?\d+\.\d{2}$/;
const DISPLAY_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

/** The query string the family's client builds: HTML-form encoding (a space is '+'), empty values left out. */
const query = (params: Params) =>
  new URLSearchParams(
    Object.entries(params)
      .filter((e): e is [string, string | number] => e[1] !== undefined && e[1] !== '')
      .map(([k, v]) => [k, String(v)]),
  ).toString();

interface Session {
  token?: string;
  lang?: Lang;
}

/** GET as the family's client sends it; expects HTTP 200 and code 1, returns data. */
async function get<T>(path: string, params: Params = {}, s: Session = {}): Promise<T> {
  const q = query(params);
  const res = await server.call<Env<T>>(q ? `${path}?${q}` : path, { token: s.token, lang: s.lang ?? 'en' });
  expect([path, res.status, res.body.code]).toEqual([path, 200, 1]);
  expect(res.headers.get('idempotent-replayed')).toBeNull();
  return res.body.data;
}

/** POST with a JSON body as the family's client sends it (never an Idempotency-Key). */
async function post<T = unknown>(path: string, json: object, s: Session = {}): Promise<Env<T>> {
  const res = await server.call<Env<T>>(path, { token: s.token, lang: s.lang ?? 'en', json });
  expect([path, res.status, res.body.code, res.body.msg]).toEqual([path, 200, 1, expect.any(String)]);
  return res.body;
}

/** multipart `file`, as the family's client uploads. */
async function upload(token: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(TINY_PNG)], { type: 'image/png' }), 'photo.png');
  const res = await fetch(`${server.baseUrl}/merchant/common/upload`, {
    method: 'POST',
    headers: { token, lang: 'zh-CN' },
    body: form,
  });
  const body = (await res.json()) as Env<{ fullurl: string }>;
  expect([res.status, body.code]).toEqual([200, 1]);
  expect(body.data.fullurl).toMatch(/^http:\/\/.+\/media\/uploads\/[0-9a-f]{32}\.png$/);
  return body.data.fullurl;
}

interface Card {
  product_id: number;
  mer_id: number;
  sales: number;
  click: number;
  goods: { image: string; title: string; sales_price: string; market_price: string; real_sales: number };
}
interface ShopCard {
  mer_id: number;
  mer_avatar: string;
  mer_name: string;
  follow_count: number;
  good_rate: number | string;
}

function expectCard(c: Card) {
  expect(c.product_id).toBeGreaterThan(0);
  expect(c.mer_id).toBeGreaterThan(0);
  expect(Number.isInteger(c.sales)).toBe(true);
  expect(Number.isInteger(c.click)).toBe(true);
  expect(c.goods.image).toMatch(/^https?:\/\//);
  expect(c.goods.title).not.toBe('');
  expect(c.goods.sales_price).toMatch(MONEY);
  expect(c.goods.market_price).toMatch(MONEY);
  expect(Number.isInteger(c.goods.real_sales)).toBe(true);
}
function expectShopCard(s: ShopCard) {
  expect(s.mer_id).toBeGreaterThan(0);
  expect(s.mer_avatar).toMatch(/^https?:\/\//);
  expect(s.mer_name).not.toBe('');
  expect(Number.isInteger(s.follow_count)).toBe(true);
  expect(Number(s.good_rate)).toBeGreaterThan(0);
}
const urls = (comma: string) => (comma === '' ? [] : comma.split(','));

let shopperCount = 0;
/** register (with quhao: the family's register form sends it) and login, as the family's client does. */
async function register(lang: Lang = 'en'): Promise<{ token: string; username: string }> {
  shopperCount += 1;
  const username = `fam${process.pid % 1000}_${shopperCount}`;
  await post('/api/user/register', {
    username,
    nickname: `Family ${shopperCount}`,
    password: 'secret12',
    repPwd: 'secret12',
    email: `${username}@example.com`,
    mobile: '2015550188',
    quhao: '1',
  });
  const login = await post<{ userinfo: { token: string } }>(
    '/api/user/login',
    { account: username, password: 'secret12' },
    { lang },
  );
  expect(login.data.userinfo.token).toMatch(/^[0-9a-f]{64}$/);
  return { token: login.data.userinfo.token, username };
}

/** A top-up as the family's client declares it (no key), passed by the operator. */
async function topUp(token: string, price: string) {
  const chains = await get<{ blockchain: string; network: string }[]>('/api/user/getBlockchain', {}, { token });
  const trc = chains.find((c) => c.network === 'TRC20')!;
  await post(
    '/api/user/recharge',
    { recharge_type: 1, blockchain: trc.blockchain, network: trc.network, price, image: await upload(token) },
    { token, lang: 'tai' },
  );
  const log = await get<{ list: { id: number }[] }>(
    '/api/user/recharge_log',
    { page: 1, limit: 10, status: 0 },
    { token },
  );
  passRecharge(server.db, log.list[0]!.id);
}

describe('catalog, as the family client asks for it', () => {
  it('home: banner, category with the family keys, platform', async () => {
    const banners = await get<string[]>('/api/index/banner');
    expect(banners.length).toBeGreaterThan(0);
    for (const b of banners) expect(b).toMatch(/^https?:\/\//);
    const cats = await get<{ category_id: number; name: string; name_en: string }[]>(
      '/api/index/category',
      {},
      {
        lang: 'ri',
      },
    );
    expect(cats.map((c) => c.name_en)).toEqual(FAMILY_CATEGORY_KEYS);
    for (const c of cats) expect([c.category_id > 0, c.name !== '']).toEqual([true, true]);
    const platform = await get<Record<string, string>>('/api/index/index', {}, { lang: 'han' });
    for (const k of ['logo', 'name', 'merchant_link', 'custom_service'])
      expect(platform[k]).toEqual(expect.any(String));
  });

  it('product cards of every list: index/product, hot_product, search (limit=100), recommend', async () => {
    const grid = await get<{ list: Card[] }>('/api/index/product', { page: 1, limit: 8, category_id: '9' });
    expect(grid.list.length).toBeGreaterThan(0);
    grid.list.forEach(expectCard);
    const hot = await get<{ list: Card[] }>('/api/index/hot_product', { page: 1, limit: 10, title: '' });
    expect(hot.list).toHaveLength(10);
    hot.list.forEach(expectCard);
    const all = await get<{ total: number; list: Card[] }>('/api/product/search', { page: 1, limit: 100 });
    expect([all.total, all.list.length]).toEqual([70, 70]);
    all.list.forEach(expectCard);
    const rec = await get<{ list: Card[] }>('/api/product/recommend', { page: '1', limit: '10', category_id: 3 });
    expect(rec.list.length).toBeGreaterThan(0);
    rec.list.forEach(expectCard);
  });

  it("reads an HTML-form encoded search as text: title=men's+slim, a+AND, unknown parameters ignored", async () => {
    const raw = async (q: string) => {
      const res = await server.call<Env<{ total: number; list: Card[] }>>(`/api/product/search?${q}`, { lang: 'en' });
      expect([q, res.status, res.body.code]).toEqual([q, 200, 1]);
      return res.body.data;
    };
    const slim = await raw("page=1&limit=100&title=men's+slim");
    expect(slim.list.map((c) => c.goods.title)).toEqual(["Men's Slim Fit Oxford Shirt, Long Sleeve"]);
    // Every word, in any order: both men's shirts.
    const shirts = (await raw("page=1&limit=100&title=men's+shirt")).list.map((c) => c.goods.title);
    expect(shirts.sort()).toEqual(["Men's Classic Cotton Polo Shirt", "Men's Slim Fit Oxford Shirt, Long Sleeve"]);
    // 'AND' is a word to find, not an operator: no product has the word 'zzqq'.
    expect((await raw('page=1&limit=100&title=zzqq+AND')).total).toBe(0);
    const chocolate = await raw('title=dark+chocolate+72%25&limit=100&_=1732300000&from=home');
    expect(chocolate.list.map((c) => c.goods.title)).toEqual(['Dark Chocolate 72% Cocoa, 10 Bars']);
    // the same text percent-encoded finds the same
    expect((await raw('title=dark%20chocolate%2072%25')).total).toBe(1);
  });

  it('top keywords and the shop search (fans and favourable rate)', async () => {
    const keywords = await get<{ keyword: string }[]>('/api/product/index');
    expect(keywords[0]?.keyword).toEqual(expect.any(String));
    const shops = await get<{ list: ShopCard[] }>('/api/product/searchs', {
      page: 1,
      limit: 10,
      title: 'pixel mobile',
    });
    expect(shops.list.map((s) => s.mer_name)).toEqual(['Pixel Mobile Hub']);
    shops.list.forEach(expectShopCard);
  });

  it('product detail: gallery and review photos as comma strings, display dates, shop total sales, other cards', async () => {
    const d = await get<{
      id: number;
      product_id: number;
      mer_id: number;
      sales: number;
      is_like: number;
      other: Card[];
      merchant: ShopCard & { total_price: string };
      reply_list: { avatar: string; nickname: string; comment: string; pics: string; createtime: string }[];
      goods: {
        title: string;
        image: string;
        images: string;
        sales_price: string;
        market_price: string;
        stock: number;
        content: string;
        specList: { name: string; child: string[] }[];
      };
    }>('/api/product/detail', { mer_id: '1', product_id: '1' }, { lang: 'zh-CN' });
    expect([d.id, d.product_id, d.mer_id, d.is_like]).toEqual([1, 1, 1, 0]);
    expect(Number.isInteger(d.sales)).toBe(true);
    d.other.forEach(expectCard);
    expectShopCard(d.merchant);
    expect(d.merchant.total_price).toMatch(MONEY);
    expect(urls(d.goods.images)).toHaveLength(3);
    for (const u of urls(d.goods.images)) expect(u).toMatch(/^https?:\/\/[^,]+$/);
    expect([d.goods.title, d.goods.content].every((x) => x !== '')).toBe(true);
    expect(d.goods.sales_price).toMatch(MONEY);
    expect(d.goods.specList[0]?.child.length).toBeGreaterThan(0);
    expect(d.reply_list.length).toBeGreaterThan(0);
    for (const r of d.reply_list) {
      expect(r.createtime).toMatch(DISPLAY_TIME);
      expect(typeof r.pics).toBe('string');
      for (const u of urls(r.pics)) expect(u).toMatch(/^https?:\/\//);
    }
  });

  it('like and follow with string ids; the shop page with its banner as a comma string; customer service URL', async () => {
    const { token } = await register();
    await post('/api/product/like', { mer_id: '1', product_id: '1' }, { token, lang: 'han' });
    const d = await get<{ is_like: number }>('/api/product/detail', { mer_id: 1, product_id: 1 }, { token });
    expect(d.is_like).toBe(1);
    const shop = await get<{
      mer_avatar: string;
      mer_name: string;
      follow_count: number;
      is_follow: number;
      banner: string;
      product_list: { list: Card[] };
    }>('/api/merchant/detail', { mer_id: '2', page: 1, limit: 10 }, { token });
    expect(shop.mer_name).not.toBe('');
    expect(shop.is_follow).toBe(0);
    expect(urls(shop.banner).length).toBeGreaterThan(0);
    shop.product_list.list.forEach(expectCard);
    await post('/api/merchant/follow', { mer_id: '2' }, { token, lang: 'tai' });
    const after = await get<{ follow_count: number; is_follow: number }>(
      '/api/merchant/detail',
      { mer_id: 2, page: 1, limit: 10, category_id: '' },
      { token },
    );
    expect([after.is_follow, after.follow_count]).toEqual([1, shop.follow_count + 1]);
    const kf = await get<string>('/api/user/get_shops_kf', { pid: '2' }, { token });
    expect(kf).toMatch(/^https?:\/\/.+/);
  });
});

describe('account and addresses, as the family client sends them', () => {
  it('getUserInfo, language_list and set_language, logout?lang=zh-cn', async () => {
    const { token, username } = await register('ri');
    const info = await get<{
      avatar: string;
      username: string;
      email: string;
      money: string;
      order_unpaid: number;
      order_unreceived: number;
      have_pay: number;
      lang: { file_name: string; language_name: string };
    }>('/api/user/getUserInfo', {}, { token, lang: 'ri' });
    expect(info).toMatchObject({ username, email: `${username}@example.com`, money: '0.00', have_pay: 0 });
    expect([info.order_unpaid, info.order_unreceived]).toEqual([0, 0]);
    expect(typeof info.avatar).toBe('string');
    const langs = await get<{ list: { id: number; language_name: string; chinese_name: string; file_name: string }[] }>(
      '/api/user/language_list',
      { page: 1, limit: 10 },
      { token },
    );
    expect(langs.list.map((l) => l.file_name)).toEqual(['en', 'zh-CN', 'ri', 'han', 'tai']);
    const thai = langs.list.find((l) => l.file_name === 'tai')!;
    await get('/api/user/set_language', { lang_id: String(thai.id), lang: 'tai' }, { token });
    expect((await get<{ lang: { file_name: string } }>('/api/user/getUserInfo', {}, { token })).lang.file_name).toBe(
      'tai',
    );
    const out = await server.call<Env>('/api/user/logout?lang=zh-cn', { method: 'POST', token, lang: 'zh-CN' });
    expect([out.status, out.body.code]).toEqual([200, 1]);
  });

  it("saves addresses without quhao: a national number in the shop's default region (US) or '+' international", async () => {
    const { token } = await register();
    const address = {
      name: 'Family Shopper',
      mobile: '(201) 555-0123',
      country: 'United States, New York',
      detail: '350 Fifth Avenue',
      tag: 'Home',
      is_default: 1,
    };
    await post('/api/user/address_add', address, { token, lang: 'zh-CN' });
    await post(
      '/api/user/address_add',
      { ...address, mobile: '+66 81 234 5678', tag: 'Office', is_default: '0' },
      { token },
    );
    const list = await get<{
      list: {
        address_id: number;
        name: string;
        mobile: string;
        quhao: string;
        country: string;
        detail: string;
        tag: string;
        is_default: number;
      }[];
    }>('/api/user/address_list', { page: 1, limit: 10 }, { token });
    const byTag = Object.fromEntries(list.list.map((a) => [a.tag, a]));
    expect(byTag.Home).toMatchObject({ mobile: '2015550123', quhao: '1', is_default: 1, country: address.country });
    expect(byTag.Office).toMatchObject({ mobile: '812345678', quhao: '66', is_default: 0 });
    // editing: address_id as a string, still no quhao
    const office = byTag.Office!;
    await post(
      '/api/user/address_add',
      { ...address, address_id: String(office.address_id), mobile: '2025550111', is_default: 1 },
      {
        token,
      },
    );
    const one = await get<{ address_id: number; mobile: string; quhao: string; is_default: number }>(
      '/api/user/address',
      { address_id: String(office.address_id) },
      { token },
    );
    expect(one).toMatchObject({ address_id: office.address_id, mobile: '2025550111', quhao: '1', is_default: 1 });
  });
});

describe('bag, checkout, payment, orders, refunds and reviews, as the family client sends them', () => {
  it('walks the money path with string ids, comma lists and the extra fields, without Idempotency-Key', async () => {
    const { token } = await register('han');
    const s = { token, lang: 'han' as Lang };
    await topUp(token, '500.00');
    await post(
      '/api/user/address_add',
      {
        name: 'Family Shopper',
        mobile: '2015550123',
        country: 'United States, New York',
        detail: '350 Fifth Avenue',
        tag: 'Home',
        is_default: 1,
      },
      s,
    );
    const addressId = (
      await get<{ list: { address_id: number }[] }>('/api/user/address_list', { page: 1, limit: 10 }, s)
    ).list[0]!.address_id;

    // The bag: add (spec '|'-joined, string ids), set_num, index, del.
    const mouse = await get<{ goods: { specList: { child: string[] }[] } }>('/api/product/detail', {
      mer_id: 1,
      product_id: 21,
    });
    const mouseSpec = mouse.goods.specList.map((g) => g.child[0]).join('|');
    await post('/api/cart/add', { mer_id: '1', product_id: '21', num: '1', spec: mouseSpec, id: '21' }, s);
    await post('/api/cart/add', { mer_id: '7', product_id: '18', num: 2, spec: '', id: 18 }, s);
    await post('/api/cart/add', { mer_id: '8', product_id: '10', num: '1', spec: '', id: '10' }, s);
    let bag = await get<{
      carts: {
        cart_id: number;
        cart_num: number;
        total_price: string;
        spec: string;
        goods: { image: string; title: string; sales_price: string; spec: string };
      }[];
    }>('/api/cart/index', {}, s);
    expect(bag.carts).toHaveLength(3);
    for (const c of bag.carts) {
      expect(c.total_price).toMatch(MONEY);
      expect(c.goods.spec).toBe(c.spec);
      expect([c.goods.image !== '', c.goods.title !== '', MONEY.test(c.goods.sales_price)]).toEqual([true, true, true]);
    }
    const tea = bag.carts.find((c) => c.goods.title.includes('Green Tea'))!;
    await post('/api/cart/set_num', { cart_id: String(tea.cart_id), num: '3' }, s);
    const third = bag.carts.find((c) => c !== tea && c.spec === '')!;
    await post('/api/cart/del', { cart_ids: String(third.cart_id) }, s);
    bag = await get('/api/cart/index', {}, s);
    expect(bag.carts.map((c) => c.cart_num).sort()).toEqual([1, 3]);

    // Checkout from the bag: merCreate with cart_id, merSubmit with cart_ids, chu_id and spec (ignored).
    const cartIds = bag.carts.map((c) => c.cart_id).join(',');
    const preview = await post<{
      product: Record<string, unknown>[];
      delivery: string;
      address: { address_id: number; name: string; country: string; tag: string } | null;
      chu_id: number | string;
    }>('/api/order/merCreate', { cart_id: cartIds }, s);
    expect(preview.data.product).toHaveLength(2);
    for (const line of preview.data.product) {
      for (const k of ['cart_id', 'product_id', 'mer_id', 'number', 'spec', 'sales_price', 'image', 'title'])
        expect([k, line[k]]).toEqual([k, expect.anything()]);
      expect(line.sales_price).toMatch(MONEY);
    }
    expect(preview.data.delivery).toMatch(MONEY);
    expect(preview.data.address).toMatchObject({ address_id: addressId, name: 'Family Shopper', tag: 'Home' });
    expect(preview.data.chu_id).toBe(0);
    const fromBag = await post<{ out_trade_no: string; total_price: string }>(
      '/api/order/merSubmit',
      { address_id: String(addressId), chu_id: preview.data.chu_id, spec: '', cart_ids: cartIds },
      s,
    );
    expect(fromBag.data.out_trade_no).toMatch(/^PT\d+/);
    expect(fromBag.data.total_price).toMatch(MONEY);
    expect((await get<{ carts: unknown[] }>('/api/cart/index', {}, s)).carts).toHaveLength(0);

    // Pay the bag checkout: verify_pay, then merPay with the client's total_price (ignored). The
    // payment code is set first (not a call of BACKEND-FAMILY.md's tables; the reference server asks
    // for the login password before a first code, so a stolen token cannot set one).
    await post('/api/user/resetPay', { oldpassword: '', newpassword: '123456', is_verify: 0, password: 'secret12' }, s);
    await post('/api/user/verify_pay', { password_pay: '123456' }, s);
    await post('/api/order/merPay', { out_trade_no: fromBag.data.out_trade_no, total_price: '0.01' }, s);
    let info = await get<{ money: string; order_unpaid: number }>('/api/user/getUserInfo', {}, s);
    // Money in integer cents, never binary floats: 500.00 topped up less the bag's total, exactly.
    expect(info.money).toBe(formatCents(cents('500.00') - cents(fromBag.data.total_price)));

    // Buy now from a product page: merCreate with one product, merSubmit with comma lists of two.
    const fryer = await get<{ goods: { specList: { child: string[] }[] } }>('/api/product/detail', {
      mer_id: 1,
      product_id: 2,
    });
    const fryerSpec = fryer.goods.specList.map((g) => g.child[0]).join('|');
    const buyNow = await post<{ product: { sales_price: string; number: number; cart_id: null }[]; chu_id: number }>(
      '/api/order/merCreate',
      { spec: fryerSpec, product_id: '2', number: '1', mer_id: '1', id: '2' },
      s,
    );
    expect(buyNow.data.product).toEqual([expect.objectContaining({ number: 1, cart_id: null })]);
    const submitted = await post<{ out_trade_no: string; total_price: string }>(
      '/api/order/merSubmit',
      {
        address_id: addressId,
        chu_id: '0',
        spec: `${fryerSpec},`,
        product_id: '2,18',
        number: '1,2',
        mer_id: '1,7',
      },
      s,
    );
    const orders = await get<{
      count: number;
      list: {
        order_id: number;
        order_sn: string;
        status: number;
        refund_status: number;
        total_num: number;
        total_price: string;
        product: { image: string; title: string }[];
      }[];
    }>('/api/user/order_list', { page: 1, limit: 10, status: 0 }, s);
    expect(orders.count).toBe(2);
    for (const o of orders.list) {
      expect(o.product[0]?.image).toMatch(/^https?:\/\//);
      expect([o.status, o.refund_status, o.total_price]).toEqual([0, 0, expect.stringMatching(MONEY)]);
    }
    const sumOfOrders = orders.list.reduce((n, o) => n + cents(o.total_price), 0);
    expect(sumOfOrders).toBe(cents(submitted.data.total_price));
    // One is paid alone with /api/user/pay (order_id as a string), the other cancelled, then deleted.
    const [toPay, toCancel] = orders.list;
    await post('/api/user/verify_pay', { password_pay: '123456' }, s);
    await post('/api/user/pay', { order_id: String(toPay!.order_id) }, s);
    await post('/api/order/cancel', { order_id: String(toCancel!.order_id) }, s);
    await post('/api/order/delete', { order_id: String(toCancel!.order_id) }, s);
    info = await get('/api/user/getUserInfo', {}, s);
    expect(info.order_unpaid).toBe(0);

    // Shipped: the detail names the tracking number; received; reviewed with photos (comma string).
    shipOrder(server.db, toPay!.order_id, 'EX123456789CN');
    const detail = await get<{
      order_id: number;
      order_sn: string;
      status: number;
      refund_status: number;
      total_price: string;
      user_address: string;
      real_name: string;
      user_phone: string;
      delivery_id: string;
      delivery: { delivery_no: string; mark: string; updatetime: string }[];
      products: {
        order_product_id: number;
        product_id: number;
        image: string;
        title: string;
        product_price: string;
        spec: string;
        product_num: number;
        total_price: string;
        is_reply: number;
      }[];
    }>('/api/order/detail', { order_id: String(toPay!.order_id) }, { ...s, lang: 'zh-CN' });
    expect(detail).toMatchObject({
      status: 2,
      refund_status: 0,
      delivery_id: 'EX123456789CN',
      real_name: 'Family Shopper',
    });
    expect(detail.user_address).toContain('350 Fifth Avenue');
    expect(detail.user_phone).toContain('2015550123');
    expect(detail.delivery.length).toBeGreaterThan(0);
    for (const e of detail.delivery) {
      expect(e.delivery_no).toBe('EX123456789CN');
      expect(e.updatetime).toMatch(DISPLAY_TIME);
      expect(e.mark).not.toBe('');
    }
    for (const p of detail.products) {
      expect([p.product_price, p.total_price].every((m) => MONEY.test(m))).toBe(true);
      expect(p.is_reply).toBe(0);
    }
    await post('/api/order/received', { order_id: String(toPay!.order_id) }, s);
    const photos = [await upload(token), await upload(token)].join(',');
    for (const p of detail.products) {
      await post(
        '/api/order/comment',
        {
          order_id: String(toPay!.order_id),
          product_id: String(p.product_id),
          product_score: 5,
          service_score: '4.5',
          postage_score: 4,
          comment: 'Arrived quickly, works well.',
          pics: photos,
        },
        s,
      );
    }
    const shopOf: Record<number, number> = { 2: 1, 18: 7 };
    const reviewedId = detail.products[0]!.product_id;
    const reviewed = await get<{ reply_list: { nickname: string; pics: string; createtime: string }[] }>(
      '/api/product/detail',
      { mer_id: shopOf[reviewedId], product_id: reviewedId },
    );
    expect(urls(reviewed.reply_list[0]!.pics)).toHaveLength(2);

    // A refund of the bag order, with the client's typeName and statusName (ignored).
    const bagOrders = await get<{ list: { order_id: number; order_sn: string; total_price: string }[] }>(
      '/api/user/order_list',
      { page: 1, limit: 10, status: 1 },
      s,
    );
    const refundable = bagOrders.list[0]!;
    const lines = await get<{ products: { order_product_id: number }[] }>(
      '/api/order/detail',
      {
        order_id: refundable.order_id,
      },
      s,
    );
    await post(
      '/api/order/refund',
      {
        order_id: String(refundable.order_id),
        sn: refundable.order_sn,
        amount: refundable.total_price,
        service_type: '0',
        typeName: 'Refund only',
        receiving_status: 0,
        statusName: 'Not received',
        reason_type: 'Changed my mind',
        refund_explain: 'Ordered the wrong colour.',
        images: await upload(token),
        order_product_id: lines.products.map((l) => l.order_product_id).join(','),
      },
      s,
    );
    const after = await get<{ refund_status: number }>('/api/order/detail', { order_id: refundable.order_id }, s);
    expect(after.refund_status).toBe(1);
  });
});

describe('wallet, as the family client sends it', () => {
  it('recharge, extract info, bank and USDT-TRC20 withdrawals, bill, recharge_log with type, extract_log with mark', async () => {
    const { token } = await register('zh-CN');
    const s = { token, lang: 'zh-CN' as Lang };
    const chains = await get<{ blockchain: string; network: string }[]>('/api/user/getBlockchain', {}, s);
    expect(chains.map((c) => c.network)).toEqual(['TRC20', 'ERC20', 'BEP20']);
    await topUp(token, '300.00');
    const rechargeLog = await get<{
      list: { network: string; price: string; status: number; admin_msg: string; type: number; createtime: string }[];
    }>('/api/user/recharge_log', { page: 1, limit: 10 }, s);
    expect(rechargeLog.list[0]).toEqual({
      id: expect.any(Number),
      network: 'TRC20',
      price: '300.00',
      status: 1,
      admin_msg: '',
      type: 1,
      createtime: expect.stringMatching(DISPLAY_TIME),
    });

    await post('/api/user/resetPay', { oldpassword: '', newpassword: '123456', is_verify: 0, password: 'secret12' }, s);
    const extractInfo = await get<{ balance: string; service_charge: string; card_list: unknown[] }>(
      '/api/user/extract',
      {},
      s,
    );
    expect(extractInfo).toEqual({ balance: '300.00', service_charge: '0.03', min_price: '10.00', card_list: [] });
    await post('/api/user/verify_pay', { password_pay: '123456' }, s);
    await post(
      '/api/user/extract',
      {
        extract_type: 0,
        price: '100',
        bank_card: '6222 0202 0011 2233 445',
        bank_name: 'Example Bank',
        real_name: 'Family Shopper',
        blockchain: '',
        network: '',
      },
      s,
    );
    await post('/api/user/verify_pay', { password_pay: '123456' }, s);
    await post(
      '/api/user/extract',
      {
        extract_type: '1',
        price: '50.5',
        bank_card: '',
        bank_name: '',
        real_name: '',
        blockchain: 'TQ5Nw1pX9mJx3fC8sZk2bVd7hYr4eL6gUa',
        network: 'USDT-TRC20',
      },
      { token, lang: 'en' },
    );
    await post('/api/user/verify_pay', { password_pay: '123456' }, s);
    await post(
      '/api/user/extract',
      {
        extract_type: 1,
        price: '10',
        blockchain: '0x8ba1f109551bD432803012645Ac136ddd64DBA72',
        network: 'USDT-ERC20',
      },
      s,
    );
    const extracts = await get<{
      list: {
        mark: string;
        admin_msg: string;
        extract_price: string;
        fee: string;
        real_price: string;
        createtime: string;
      }[];
    }>('/api/user/extract_log', { page: 1, limit: 10 }, { token, lang: 'en' });
    expect(extracts.list.map((x) => x.mark)).toEqual([
      'USDT-ERC20 withdrawal 0x8b…A72',
      'USDT-TRC20 withdrawal TQ5N…gUa',
      'Bank card withdrawal ****3445',
    ]);
    for (const x of extracts.list) {
      expect([x.extract_price, x.fee, x.real_price].every((m) => MONEY.test(m))).toBe(true);
      expect([x.admin_msg, x.createtime]).toEqual(['', expect.stringMatching(DISPLAY_TIME)]);
    }
    const zh = await get<{ list: { mark: string }[] }>('/api/user/extract_log', { page: 1, limit: 10, status: 0 }, s);
    expect(zh.list[2]?.mark).toBe('银行卡提现 ****3445');
    const bill = await get<{ list: { title: string; type: string; money: string; createtime: string }[] }>(
      '/api/user/bill',
      { page: 1, limit: 10, type: 'all' },
      s,
    );
    expect(bill.list.map((b) => [b.type, b.money])).toEqual([
      ['extract', '-10.00'],
      ['extract', '-50.50'],
      ['extract', '-100.00'],
      ['recharge', '300.00'],
    ]);
    for (const b of bill.list) expect([b.title !== '', DISPLAY_TIME.test(b.createtime)]).toEqual([true, true]);
    expect((await get<{ balance: string }>('/api/user/extract', {}, s)).balance).toBe('139.50');
  });
});

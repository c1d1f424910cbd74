/**
 * A stand-in for a backend of the shop's backend family (../shared/BACKEND-FAMILY.md): it answers the
 * family's paths with the family's shapes, written from that file's tables (not from our reference
 * server's answers) and without our `x-extension` fields: nested product cards, follow_count and
 * good_rate, comma strings of images, display-text dates (one record in Unix seconds, which the
 * contract also allows), the family's category keys, merCreate lines with sales_price and chu_id,
 * order detail with delivery_id, extract_log with mark, recharge_log with type, get_shops_kf as the
 * URL string, data null from like and follow. Our extension calls (payInfo, notification...) answer
 * HTTP 404 with a code 0 envelope, as a backend without them would.
 *
 * Tests: `startFamilyBackend()` on a free port, `familyFixtures(origin)` for the answers (exported so
 * a test can validate them against openapi/openapi.yaml).
 * By hand, for screenshots: `npx tsx __tests__/support/family-backend.ts --port 9100`, then
 * `API_TARGET=http://127.0.0.1:9100 npm start` and log in as family / family123.
 */
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import { envelope, startStandIn, type SeenRequest, type StandInServer } from './stand-in-server';

/** The one account of the stand-in. */
export const FAMILY_ACCOUNT = { account: 'family', password: 'family123', payCode: '123456' } as const;
/** The token login answers; every protected call must carry it in the `token` header. */
export const FAMILY_TOKEN = 'family-3f9c2a7d1e';

type Json = Record<string, unknown>;

/** A success envelope as the family answers it. */
export interface FamilyEnvelope<T = unknown> {
  code: 1;
  msg: string;
  data: T;
}

const ok = <T>(data: T): FamilyEnvelope<T> => ({ code: 1, msg: 'Success', data });

/** The catalog of the stand-in; image URLs are absolute on its own origin (it serves them). */
function catalog(origin: string) {
  const image = (name: string) => `${origin}/media/${name}.svg`;
  const shops = [
    {
      mer_id: 2,
      mer_name: 'Northwind Outfitters',
      mer_avatar: image('shop-northwind'),
      follow_count: 1284,
      good_rate: '98.6',
    },
    { mer_id: 3, mer_name: 'Lumen Electronics', mer_avatar: image('shop-lumen'), follow_count: 532, good_rate: 96.2 },
  ];
  const products = [
    {
      category_id: 3,
      card: {
        product_id: 11,
        mer_id: 2,
        sales: 35,
        click: 420,
        goods: {
          image: image('trail-shoes'),
          title: 'Trail Running Shoes',
          sales_price: '59.90',
          market_price: '79.00',
          real_sales: 30,
        },
      },
    },
    {
      category_id: 6,
      card: {
        product_id: 12,
        mer_id: 2,
        sales: 18,
        click: 210,
        goods: {
          image: image('down-jacket'),
          title: 'Packable Down Jacket',
          sales_price: '129.00',
          market_price: '159.00',
          real_sales: 18,
        },
      },
    },
    {
      category_id: 2,
      card: {
        product_id: 21,
        mer_id: 3,
        sales: 64,
        click: 990,
        goods: {
          image: image('headphones'),
          title: 'Noise-cancelling Headphones',
          sales_price: '89.00',
          market_price: '89.00',
          real_sales: 64,
        },
      },
    },
    {
      category_id: 1,
      card: {
        product_id: 22,
        mer_id: 3,
        sales: 12,
        click: 305,
        goods: {
          image: image('ultrabook'),
          title: 'Ultrabook 14 Laptop',
          sales_price: '899.00',
          market_price: '999.00',
          real_sales: 12,
        },
      },
    },
  ];
  // The family's ten keys (exact spelling), names as the backend stores them, and one key the SPA
  // does not know (its name shows).
  const categories = [
    { category_id: 1, name: '电脑', name_en: 'computer' },
    { category_id: 2, name: '电器', name_en: 'electrical equipment' },
    { category_id: 3, name: '户外', name_en: 'outdoors' },
    { category_id: 4, name: '家居生活', name_en: 'family life' },
    { category_id: 5, name: '健康', name_en: 'health' },
    { category_id: 6, name: '男装', name_en: "Men's clothing" },
    { category_id: 7, name: '女装', name_en: "Women's clothing" },
    { category_id: 8, name: '食品', name_en: 'food' },
    { category_id: 9, name: '手机', name_en: 'mobile phone' },
    { category_id: 10, name: '玩具', name_en: 'Toys' },
    { category_id: 11, name: 'Garden tools', name_en: 'garden tools' },
  ];
  return { image, shops, products, categories };
}

/**
 * Every answer of the stand-in, by operationId (openapi/openapi.yaml), as success envelopes. Lists are
 * the whole first page; the server filters and pages them per request.
 */
export function familyFixtures(origin: string) {
  const { image, shops, products, categories } = catalog(origin);
  const cards = products.map((product) => product.card);
  const northwind = shops[0]!;
  const [shoes, jacket, headphones] = cards as [(typeof cards)[number], (typeof cards)[number], (typeof cards)[number]];
  const address = {
    address_id: 41,
    name: 'Ann Lee',
    mobile: '4085550123',
    country: 'United States, California, San Jose',
    detail: '1 Main St',
    tag: 'Home',
    is_default: 1,
  };
  const cartLines = [
    {
      cart_id: 31,
      cart_num: 2,
      total_price: '119.80',
      spec: '41',
      goods: { image: shoes.goods.image, title: shoes.goods.title, sales_price: '59.90', spec: '41' },
    },
    {
      cart_id: 32,
      cart_num: 1,
      total_price: '89.00',
      spec: '',
      goods: { image: headphones.goods.image, title: headphones.goods.title, sales_price: '89.00', spec: '' },
    },
  ];
  return {
    login: ok({ userinfo: { token: FAMILY_TOKEN } }),
    getUserInfo: ok({
      avatar: '',
      username: FAMILY_ACCOUNT.account,
      email: 'family@example.com',
      money: '874.20',
      order_unpaid: 1,
      order_unreceived: 1,
      have_pay: 1,
      lang: { file_name: 'en', language_name: 'English' },
    }),
    listBanners: ok([image('banner-spring'), image('banner-gear')]),
    listCategories: ok(categories),
    listTopKeywords: ok([{ keyword: 'shoes' }, { keyword: 'jacket' }]),
    listHotProducts: ok({ list: cards }),
    listCategoryProducts: ok({ list: cards }),
    listRecommendedProducts: ok({ list: cards }),
    searchProducts: ok({ total: cards.length, list: cards }),
    listHotShops: ok({ list: shops }),
    searchShops: ok({ list: shops }),
    getProductDetail: ok({
      id: 101,
      product_id: 11,
      mer_id: 2,
      sales: 35,
      is_like: 0,
      goods: {
        title: shoes.goods.title,
        image: shoes.goods.image,
        images: [image('trail-shoes'), image('trail-shoes-side'), image('trail-shoes-sole')].join(','),
        sales_price: '59.90',
        market_price: '79.00',
        stock: 25,
        content: '<p>Grippy soles and a light mesh upper for rocky trails.</p>',
        specList: [{ name: 'Size', child: ['40', '41', '42'] }],
      },
      merchant: { ...northwind, total_price: '48210.50' },
      reply_list: [
        {
          avatar: image('avatar-mia'),
          nickname: 'Mia',
          comment: 'Great grip on wet rock.',
          pics: `${image('review-mia-1')},${image('review-mia-2')}`,
          createtime: '2024-05-01 14:03:22',
        },
        { avatar: '', nickname: 'Leo', comment: 'Runs a bit small.', pics: '', createtime: '2024-04-20 09:15:00' },
      ],
      other: [jacket],
    }),
    toggleProductLike: ok(null),
    getShopDetail: ok({
      mer_avatar: northwind.mer_avatar,
      mer_name: northwind.mer_name,
      follow_count: northwind.follow_count,
      is_follow: 0,
      banner: `${image('banner-northwind-1')},${image('banner-northwind-2')}`,
      product_list: { list: cards.filter((card) => card.mer_id === 2) },
    }),
    toggleShopFollow: ok(null),
    getShopService: ok('https://chat.example.com/shop/2'),
    getPlatform: ok({
      logo: image('logo'),
      name: 'Northwind Market',
      merchant_link: 'https://merchant.example.com',
      custom_service: 'https://chat.example.com/support',
    }),
    getCart: ok({ carts: cartLines }),
    addToCart: ok(null),
    setCartQuantity: ok(null),
    deleteCartLines: ok(null),
    previewOrder: ok({
      product: [
        {
          cart_id: 31,
          product_id: 11,
          mer_id: 2,
          number: 2,
          spec: '41',
          sales_price: '59.90',
          image: shoes.goods.image,
          title: shoes.goods.title,
        },
        {
          cart_id: 32,
          product_id: 21,
          mer_id: 3,
          number: 1,
          spec: '',
          sales_price: '89.00',
          image: headphones.goods.image,
          title: headphones.goods.title,
        },
      ],
      delivery: '6.00',
      address: { address_id: address.address_id, name: address.name, country: address.country, tag: address.tag },
      chu_id: 9001,
    }),
    submitOrder: ok({ out_trade_no: 'FT2024050100017', total_price: '214.80' }),
    verifyPayPassword: ok(null),
    payNewOrder: ok(null),
    payOrder: ok(null),
    listOrders: ok({
      count: 2,
      list: [
        {
          order_id: 51,
          order_sn: 'SO2024050112',
          status: 2,
          refund_status: 0,
          total_num: 2,
          total_price: '125.80',
          product: [{ image: shoes.goods.image, title: shoes.goods.title }],
        },
        {
          order_id: 52,
          order_sn: 'SO2024050113',
          status: 0,
          refund_status: 0,
          total_num: 1,
          total_price: '95.00',
          product: [{ image: headphones.goods.image, title: headphones.goods.title }],
        },
      ],
    }),
    getOrderDetail: ok({
      order_id: 51,
      order_sn: 'SO2024050112',
      status: 2,
      refund_status: 0,
      total_price: '125.80',
      user_address: 'United States, California, San Jose, 1 Main St',
      real_name: 'Ann Lee',
      user_phone: '4085550123',
      delivery_id: 'YT7788990011',
      // As a backend may send them: not in order (the screen shows the newest first).
      delivery: [
        { delivery_no: 'YT7788990011', mark: 'Arrived at the San Jose hub', updatetime: '2024-05-02 19:05:00' },
        { delivery_no: 'YT7788990011', mark: 'Out for delivery', updatetime: '2024-05-03 08:30:00' },
        { delivery_no: 'YT7788990011', mark: 'Picked up by the courier', updatetime: '2024-05-01 16:40:00' },
      ],
      products: [
        {
          order_product_id: 61,
          product_id: 11,
          image: shoes.goods.image,
          title: shoes.goods.title,
          product_price: '59.90',
          spec: '41',
          product_num: 2,
          total_price: '119.80',
          is_reply: 0,
        },
      ],
    }),
    cancelOrder: ok(null),
    confirmOrderReceived: ok(null),
    deleteOrder: ok(null),
    listBills: ok({
      list: [
        { title: 'Order payment SO2024050112', type: 'pay', money: '-125.80', createtime: '2024-05-01 15:10:00' },
        { title: 'Top up via TRC20', type: 'recharge', money: '100.00', createtime: '2024-05-01 14:03:22' },
        { title: 'Withdrawal to bank card', type: 'extract', money: '-50.00', createtime: '2024-04-28 09:00:00' },
      ],
    }),
    listRecharges: ok({
      list: [
        // Unix seconds (2024-05-01 14:03:22 UTC): a backend may send them instead of display text.
        { network: 'TRC20', price: '100.00', status: 1, admin_msg: '', type: 1, createtime: 1714572202 },
        {
          network: 'ERC20',
          price: '30.00',
          status: 2,
          admin_msg: 'Transfer not received',
          type: 1,
          createtime: '2024-05-02 10:00:00',
        },
      ],
    }),
    listExtracts: ok({
      list: [
        {
          mark: 'Bank card withdrawal ****3445',
          admin_msg: '',
          extract_price: '50.00',
          fee: '1.50',
          real_price: '48.50',
          createtime: '2024-04-28 09:00:00',
        },
      ],
    }),
    getExtractInfo: ok({
      balance: '874.20',
      service_charge: '0.03',
      card_list: [{ bank_name: 'First Bank', bank_card: '6222020200113445', real_name: 'Ann Lee' }],
    }),
    listBlockchains: ok([{ blockchain: 'TQ5NwZ3cB7qL1pX9rT2vK8mJ4hD6fG0gUa', network: 'TRC20' }]),
    createRecharge: ok(null),
    createExtract: ok(null),
    applyRefund: ok(null),
    uploadImage: ok({ fullurl: `${origin}/media/proof-1.svg` }),
    listAddresses: ok({ list: [address] }),
    getAddress: ok(address),
    saveAddress: ok(null),
    listLanguages: ok({
      list: [
        { id: 1, language_name: 'English', chinese_name: '英语', file_name: 'en' },
        { id: 2, language_name: '简体中文', chinese_name: '简体中文', file_name: 'zh-CN' },
        { id: 3, language_name: '日本語', chinese_name: '日语', file_name: 'ri' },
        { id: 4, language_name: '한국어', chinese_name: '韩语', file_name: 'han' },
        { id: 5, language_name: 'ไทย', chinese_name: '泰语', file_name: 'tai' },
      ],
    }),
    setLanguage: ok(null),
    logout: ok(null),
  };
}

export type FamilyFixtures = ReturnType<typeof familyFixtures>;
export type FamilyOperation = keyof FamilyFixtures;

/** The family's method and path of each operation the stand-in answers. */
export const FAMILY_ROUTES: Record<FamilyOperation, { method: 'GET' | 'POST'; path: string; isPublic?: boolean }> = {
  login: { method: 'POST', path: '/api/user/login', isPublic: true },
  getUserInfo: { method: 'GET', path: '/api/user/getUserInfo' },
  listBanners: { method: 'GET', path: '/api/index/banner', isPublic: true },
  listCategories: { method: 'GET', path: '/api/index/category', isPublic: true },
  listTopKeywords: { method: 'GET', path: '/api/product/index', isPublic: true },
  listHotProducts: { method: 'GET', path: '/api/index/hot_product', isPublic: true },
  listCategoryProducts: { method: 'GET', path: '/api/index/product', isPublic: true },
  listRecommendedProducts: { method: 'GET', path: '/api/product/recommend', isPublic: true },
  searchProducts: { method: 'GET', path: '/api/product/search', isPublic: true },
  listHotShops: { method: 'GET', path: '/api/index/hot_merchant', isPublic: true },
  searchShops: { method: 'GET', path: '/api/product/searchs', isPublic: true },
  getProductDetail: { method: 'GET', path: '/api/product/detail', isPublic: true },
  toggleProductLike: { method: 'POST', path: '/api/product/like' },
  getShopDetail: { method: 'GET', path: '/api/merchant/detail', isPublic: true },
  toggleShopFollow: { method: 'POST', path: '/api/merchant/follow' },
  getShopService: { method: 'GET', path: '/api/user/get_shops_kf' },
  getPlatform: { method: 'GET', path: '/api/index/index', isPublic: true },
  getCart: { method: 'GET', path: '/api/cart/index' },
  addToCart: { method: 'POST', path: '/api/cart/add' },
  setCartQuantity: { method: 'POST', path: '/api/cart/set_num' },
  deleteCartLines: { method: 'POST', path: '/api/cart/del' },
  previewOrder: { method: 'POST', path: '/api/order/merCreate' },
  submitOrder: { method: 'POST', path: '/api/order/merSubmit' },
  verifyPayPassword: { method: 'POST', path: '/api/user/verify_pay' },
  payNewOrder: { method: 'POST', path: '/api/order/merPay' },
  payOrder: { method: 'POST', path: '/api/user/pay' },
  listOrders: { method: 'GET', path: '/api/user/order_list' },
  getOrderDetail: { method: 'GET', path: '/api/order/detail' },
  cancelOrder: { method: 'POST', path: '/api/order/cancel' },
  confirmOrderReceived: { method: 'POST', path: '/api/order/received' },
  deleteOrder: { method: 'POST', path: '/api/order/delete' },
  listBills: { method: 'GET', path: '/api/user/bill' },
  listRecharges: { method: 'GET', path: '/api/user/recharge_log' },
  listExtracts: { method: 'GET', path: '/api/user/extract_log' },
  getExtractInfo: { method: 'GET', path: '/api/user/extract' },
  listBlockchains: { method: 'GET', path: '/api/user/getBlockchain' },
  createRecharge: { method: 'POST', path: '/api/user/recharge' },
  createExtract: { method: 'POST', path: '/api/user/extract' },
  applyRefund: { method: 'POST', path: '/api/order/refund' },
  uploadImage: { method: 'POST', path: '/merchant/common/upload' },
  listAddresses: { method: 'GET', path: '/api/user/address_list' },
  getAddress: { method: 'GET', path: '/api/user/address' },
  saveAddress: { method: 'POST', path: '/api/user/address_add' },
  listLanguages: { method: 'GET', path: '/api/user/language_list', isPublic: true },
  setLanguage: { method: 'GET', path: '/api/user/set_language' },
  logout: { method: 'POST', path: '/api/user/logout' },
};

// ---- Answering --------------------------------------------------------------------------------------

function requestOf(seen: SeenRequest): { path: string; query: URLSearchParams; body: Json } {
  const url = new URL(seen.url, 'http://stand-in.invalid');
  let body: Json = {};
  try {
    const parsed: unknown = seen.body ? JSON.parse(seen.body) : {};
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) body = parsed as Json;
  } catch {
    // Not JSON (an upload): no fields.
  }
  return { path: url.pathname, query: url.searchParams, body };
}

/** One page of a list, as the family pages (page from 1, limit; a short page is the last). */
function paged<T>(list: T[], query: URLSearchParams): T[] {
  const page = Math.max(1, Number(query.get('page') ?? 1) || 1);
  const limit = Math.max(1, Number(query.get('limit') ?? 10) || 10);
  return list.slice((page - 1) * limit, page * limit);
}

const matches = (text: unknown, title: string | null) =>
  !title || String(text).toLowerCase().includes(title.trim().toLowerCase());

/** A placeholder picture for an image URL of the stand-in: a tinted square with its name. */
function svg(name: string): string {
  let hue = 0;
  for (const char of name) hue = (hue * 31 + char.charCodeAt(0)) % 360;
  const label = name.replace(/[^a-z0-9-]/gi, '').replace(/-/g, ' ');
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600">',
    `<rect width="600" height="600" fill="hsl(${hue} 55% 62%)"/>`,
    `<text x="300" y="310" font-family="sans-serif" font-size="40" fill="#fff" text-anchor="middle">${label}</text>`,
    '</svg>',
  ].join('');
}

export interface FamilyBackend {
  origin: string;
  /** Every request received, in order (what the SPA sent). */
  requests: SeenRequest[];
  /** The answers; a test may change them before the screen asks. */
  fixtures: FamilyFixtures;
  /** The requests a path received (path only, no query), with their parsed query and JSON body. */
  received(path: string): { query: URLSearchParams; body: Json; headers: SeenRequest['headers'] }[];
  /**
   * Answers an operation with this body as it is (a malformed answer), after the token check;
   * `undefined` goes back to the fixtures.
   */
  override(operation: FamilyOperation, body: unknown): void;
  close(): Promise<void>;
}

function answerWith(
  fixtures: () => FamilyFixtures,
  seen: SeenRequest,
  response: ServerResponse,
  overrides: ReadonlyMap<FamilyOperation, unknown> = new Map(),
): void {
  const { path: pathname, query, body } = requestOf(seen);
  const data = fixtures();
  if (seen.method === 'GET' && pathname.startsWith('/media/') && pathname.endsWith('.svg')) {
    response.writeHead(200, { 'content-type': 'image/svg+xml', 'access-control-allow-origin': '*' });
    response.end(svg(path.basename(pathname, '.svg')));
    return;
  }
  if (seen.method === 'OPTIONS') {
    // The SPA calls the API origin directly in tests; a browser pointed here by hand asks first.
    response.writeHead(204, {
      'access-control-allow-origin': '*',
      'access-control-allow-headers': 'content-type, token, lang, idempotency-key',
      'access-control-allow-methods': 'GET, POST',
    });
    response.end();
    return;
  }
  const entry = (Object.entries(FAMILY_ROUTES) as [FamilyOperation, (typeof FAMILY_ROUTES)[FamilyOperation]][]).find(
    ([, route]) => route.path === pathname && route.method === seen.method,
  );
  if (!entry) {
    envelope(response, { code: 0, msg: 'Not found', data: null }, 404);
    return;
  }
  const [operation, route] = entry;
  if (!route.isPublic && seen.headers.token !== FAMILY_TOKEN) {
    envelope(response, { code: 401, msg: 'Please login first', data: null }, 401);
    return;
  }
  const fail = (msg: string) => envelope(response, { code: 0, msg, data: null });
  const send = (value: unknown) => envelope(response, value);
  if (overrides.has(operation)) return send(overrides.get(operation));
  const title = query.get('title');
  const categoryId = Number(query.get('category_id')) || undefined;
  const { products } = catalog('');
  const categoryOf = (productId: unknown) =>
    products.find((product) => product.card.product_id === productId)?.category_id;

  switch (operation) {
    case 'login':
      if (body.account !== FAMILY_ACCOUNT.account || body.password !== FAMILY_ACCOUNT.password) {
        return fail('Incorrect account or password');
      }
      return send(data.login);
    case 'verifyPayPassword':
      return body.password_pay === FAMILY_ACCOUNT.payCode
        ? send(data.verifyPayPassword)
        : fail('Incorrect payment code');
    case 'listHotProducts':
    case 'listRecommendedProducts':
    case 'listCategoryProducts': {
      const list = data[operation].data.list.filter(
        (card) => matches(card.goods.title, title) && (!categoryId || categoryOf(card.product_id) === categoryId),
      );
      return send(ok({ list: paged(list, query) }));
    }
    case 'searchProducts': {
      const list = data.searchProducts.data.list.filter(
        (card) => matches(card.goods.title, title) && (!categoryId || categoryOf(card.product_id) === categoryId),
      );
      return send(ok({ total: list.length, list: paged(list, query) }));
    }
    case 'listHotShops':
    case 'searchShops': {
      const list = data[operation].data.list.filter((shop) => matches(shop.mer_name, title));
      return send(ok({ list: paged(list, query) }));
    }
    case 'getShopDetail': {
      const shop = data.getShopDetail.data;
      const list = shop.product_list.list.filter((card) => !categoryId || categoryOf(card.product_id) === categoryId);
      return send(ok({ ...shop, product_list: { list: paged(list, query) } }));
    }
    case 'getShopService':
      return send(ok(`https://chat.example.com/shop/${query.get('pid') ?? ''}`));
    case 'listOrders': {
      const status = query.get('status');
      const list = data.listOrders.data.list.filter(
        (order) => !status || status === 'all' || String(order.status) === status,
      );
      return send(ok({ count: list.length, list: paged(list, query) }));
    }
    case 'getOrderDetail': {
      const orderId = Number(query.get('order_id'));
      if (orderId === data.getOrderDetail.data.order_id) return send(data.getOrderDetail);
      const listed = data.listOrders.data.list.find((order) => order.order_id === orderId);
      if (!listed) return fail('Order not found');
      // Another order of the list: its own product, not shipped, no waybill yet.
      const card = data.listHotProducts.data.list.find((item) => item.goods.title === listed.product[0]?.title);
      const price = card?.goods.sales_price ?? listed.total_price;
      return send(
        ok({
          ...data.getOrderDetail.data,
          order_id: listed.order_id,
          order_sn: listed.order_sn,
          status: listed.status,
          total_price: listed.total_price,
          delivery_id: '',
          delivery: [],
          products: [
            {
              order_product_id: listed.order_id + 10,
              product_id: card?.product_id ?? 1,
              image: listed.product[0]?.image ?? '',
              title: listed.product[0]?.title ?? '',
              product_price: price,
              spec: '',
              product_num: listed.total_num,
              total_price: price,
              is_reply: 0,
            },
          ],
        }),
      );
    }
    case 'listBills': {
      const type = query.get('type');
      const list = data.listBills.data.list.filter((bill) => !type || type === 'all' || bill.type === type);
      return send(ok({ list: paged(list, query) }));
    }
    case 'listRecharges':
    case 'listExtracts': {
      const status = query.get('status');
      const list = (data[operation].data.list as Json[]).filter(
        (row) => !status || status === 'all' || row.status === undefined || String(row.status) === status,
      );
      return send(ok({ list: paged(list, query) }));
    }
    case 'listAddresses':
    case 'listLanguages':
      return send(ok({ list: paged(data[operation].data.list as unknown[], query) }));
    default:
      return send(data[operation]);
  }
}

/** Starts the stand-in on 127.0.0.1 (a free port unless `port` is given). */
export async function startFamilyBackend(options: { port?: number; host?: string } = {}): Promise<FamilyBackend> {
  // The fixtures need the server's origin (image URLs), so they are made once it listens.
  const made: { fixtures?: FamilyFixtures } = {};
  const overrides = new Map<FamilyOperation, unknown>();
  const server: StandInServer = await startStandIn((seen, response) => {
    try {
      answerWith(() => made.fixtures!, seen, response, overrides);
    } catch (error) {
      envelope(response, { code: 0, msg: error instanceof Error ? error.message : String(error), data: null }, 500);
    }
  }, options);
  const fixtures = familyFixtures(server.origin);
  made.fixtures = fixtures;
  return {
    origin: server.origin,
    requests: server.requests,
    fixtures,
    received(wanted) {
      return server.requests.flatMap((seen) => {
        const { path: pathname, query, body } = requestOf(seen);
        return pathname === wanted ? [{ query, body, headers: seen.headers }] : [];
      });
    },
    override(operation, body) {
      if (body === undefined) overrides.delete(operation);
      else overrides.set(operation, body);
    },
    close: () => server.close(),
  };
}

// `npx tsx __tests__/support/family-backend.ts [--port 9100] [--host 127.0.0.1]`
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename)) {
  const option = (name: string) => {
    const index = process.argv.indexOf(`--${name}`);
    return index > 0 ? process.argv[index + 1] : undefined;
  };
  void startFamilyBackend({ port: Number(option('port') ?? 9100), host: option('host') ?? '127.0.0.1' }).then(
    (backend) => {
      console.log(`Family-shaped stand-in backend on ${backend.origin}`);
      console.log(
        `  API_TARGET=${backend.origin} npm start   then log in as ${FAMILY_ACCOUNT.account} / ${FAMILY_ACCOUNT.password}`,
      );
      console.log(`  payment code ${FAMILY_ACCOUNT.payCode}; stop with Ctrl-C`);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}

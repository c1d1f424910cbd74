import {
  categoryKey,
  toBillList,
  toCart,
  toCount,
  toDecimalNumber,
  toExtractList,
  toOrderDetail,
  toOrderPreview,
  toProductCard,
  toProductDetail,
  toRechargeList,
  toShopCard,
  toShopDetail,
  toShopService,
  toUrlList,
  toUserInfo,
} from '../../src/api/mapping';
import type * as Raw from '../../src/api/generated/shop-api';
import { toMoneyText } from '../../common/money-format';
import en from '../../translations/en.json';
import { FAMILY_CATEGORY_KEYS } from '../support/catalog';

// Answers as a backend of the family words them (BACKEND-FAMILY.md), loosely typed on purpose: they
// carry numeric strings and numbers where the contract has the other.
const raw = <T>(value: unknown) => value as T;

describe('the mapping of value forms', () => {
  it('splits comma strings of image URLs, trimmed and without empties, and takes arrays as they are', () => {
    expect(toUrlList(' /a.png, /b.png ,,/c.png,')).toEqual(['/a.png', '/b.png', '/c.png']);
    expect(toUrlList(['/a.png', ' ', '/b.png'])).toEqual(['/a.png', '/b.png']);
    expect(toUrlList('')).toEqual([]);
    expect(toUrlList(undefined)).toEqual([]);
  });

  it('reads counts from numbers and numeric strings, and nothing else', () => {
    expect(toCount(12)).toBe(12);
    expect(toCount('12')).toBe(12);
    expect(toCount(' 7 ')).toBe(7);
    expect(toCount('3.0')).toBe(3);
    expect(toCount('-1')).toBeUndefined();
    expect(toCount(1.5)).toBeUndefined();
    expect(toCount('many')).toBeUndefined();
    expect(toCount(undefined)).toBeUndefined();
  });

  it('reads a rate with or without a percent sign', () => {
    expect(toDecimalNumber(98.5)).toBe(98.5);
    expect(toDecimalNumber('98.5')).toBe(98.5);
    expect(toDecimalNumber('97%')).toBe(97);
    expect(toDecimalNumber('')).toBeUndefined();
  });

  it('normalizes money to 2 decimals exactly, from numbers and strings', () => {
    expect(toMoneyText(12.5)).toBe('12.50');
    expect(toMoneyText('899')).toBe('899.00');
    expect(toMoneyText(' 3.1 ')).toBe('3.10');
    // Half away from zero on the digits, not through a binary float (1.005 * 100 is 100.49999...).
    expect(toMoneyText(1.005)).toBe('1.01');
    expect(toMoneyText('1.005')).toBe('1.01');
    expect(toMoneyText('-120.005')).toBe('-120.01');
    expect(toMoneyText(0.1 + 0.2)).toBe('0.30');
    expect(toMoneyText(1e-7)).toBe('0.00');
    expect(toMoneyText('')).toBeUndefined();
    expect(toMoneyText('abc')).toBeUndefined();
    expect(toMoneyText(null)).toBeUndefined();
  });

  it("turns each of the family's ten category keys into one of the SPA's translation ids", () => {
    const ids = FAMILY_CATEGORY_KEYS.map((key) => `catalog.category.${categoryKey(key)}`);
    expect(ids).toEqual([
      'catalog.category.computer',
      'catalog.category.electrical_equipment',
      'catalog.category.outdoors',
      'catalog.category.family_life',
      'catalog.category.health',
      'catalog.category.mens_clothing',
      'catalog.category.womens_clothing',
      'catalog.category.food',
      'catalog.category.mobile_phone',
      'catalog.category.toys',
    ]);
    for (const id of ids) expect(en).toHaveProperty([id]);
    // The underscore spelling reads the same.
    expect(categoryKey('electrical_equipment')).toBe('electrical_equipment');
  });
});

describe('the mapping of catalog answers', () => {
  const card = raw<Raw.ProductCard>({
    product_id: '11',
    mer_id: 2,
    sales: '35',
    click: 120,
    goods: { image: '/p/11.jpg', title: 'Trail shoes', sales_price: 59.9, market_price: '79', real_sales: 30 },
  });

  it('flattens a nested product card', () => {
    expect(toProductCard(card)).toEqual({
      key: '2/11',
      id: undefined,
      product_id: 11,
      mer_id: 2,
      title: 'Trail shoes',
      image: '/p/11.jpg',
      sales_price: '59.90',
      market_price: '79.00',
      sales: 35,
      click: 120,
    });
  });

  it('falls back to goods.real_sales for the units sold and leaves a missing market price out', () => {
    const bare = raw<Raw.ProductCard>({
      product_id: 11,
      mer_id: 2,
      goods: { title: 'x', sales_price: '1.00', real_sales: '4' },
    });
    const mapped = toProductCard(bare);
    expect(mapped.sales).toBe(4);
    expect(mapped.market_price).toBeUndefined();
    expect(mapped.click).toBeUndefined();
  });

  it("reads a shop card's follow_count, good_rate and total_price as fans, favorable rate and total sales", () => {
    const shop = raw<Raw.ShopCard>({
      mer_id: '3',
      mer_name: 'Tech',
      mer_avatar: '/a.png',
      follow_count: '120',
      good_rate: '98.5%',
    });
    expect(toShopCard(shop)).toEqual({
      mer_id: 3,
      mer_name: 'Tech',
      mer_avatar: '/a.png',
      fans: 120,
      favorable_rate: 98.5,
      total_sales: undefined,
      sales: undefined,
    });
    expect(toShopCard({ ...shop, total_price: '12345.6' }).total_sales).toBe('12345.60');
  });

  it("takes a shop page's id from the request when the answer has none, and splits its banner", () => {
    const detail = toShopDetail(
      raw<Raw.ShopDetail>({
        mer_name: 'Tech',
        mer_avatar: '/a.png',
        follow_count: 5,
        is_follow: '1',
        banner: '/b1.jpg,/b2.jpg',
        product_list: { list: [card] },
      }),
      3,
    );
    expect(detail.mer_id).toBe(3);
    expect(detail.is_follow).toBe(1);
    expect(detail.banner).toEqual(['/b1.jpg', '/b2.jpg']);
    expect(detail.product_list.list.map((product) => product.title)).toEqual(['Trail shoes']);
    expect(detail.favorable_rate).toBeUndefined();
  });

  it("splits a product's gallery and its reviews' photos, and reads both date forms", () => {
    const detail = toProductDetail(
      raw<Raw.ProductDetail>({
        id: 21,
        product_id: 11,
        mer_id: 2,
        is_like: 0,
        sales: 3,
        goods: {
          title: 'Trail shoes',
          image: '/p/11.jpg',
          images: '/p/11.jpg, /p/11-b.jpg',
          sales_price: '59.90',
          market_price: '79.00',
          stock: '8',
          content: '<p>Light</p>',
          specList: [{ name: 'Size', child: ['40', '41'] }],
        },
        merchant: { mer_id: 2, mer_name: 'Tech', mer_avatar: '', follow_count: 9, good_rate: 99, total_price: '500' },
        reply_list: [
          {
            avatar: '',
            nickname: 'Ann',
            comment: 'Good',
            pics: '/r/1.jpg,/r/2.jpg',
            createtime: '2024-05-01 14:03:22',
          },
          { avatar: '', nickname: 'Bo', comment: 'Fine', pics: '', createtime: 1732300000 },
        ],
        other: [card],
      }),
    );
    expect(detail.goods.images).toEqual(['/p/11.jpg', '/p/11-b.jpg']);
    expect(detail.goods.stock).toBe(8);
    expect(detail.merchant.total_sales).toBe('500.00');
    expect(detail.reply_list[0]).toMatchObject({ pics: ['/r/1.jpg', '/r/2.jpg'], createtime: '2024-05-01T14:03:22' });
    expect(detail.reply_list[0]!.product_score).toBeUndefined();
    expect(detail.reply_list[1]).toMatchObject({ pics: [], createtime: '2024-11-22T18:26:40.000Z' });
  });

  it('shows the main image when the gallery is empty', () => {
    const detail = toProductDetail(
      raw<Raw.ProductDetail>({ product_id: 1, mer_id: 1, goods: { image: '/m.jpg', images: '' } }),
    );
    expect(detail.goods.images).toEqual(['/m.jpg']);
  });

  it("reads get_shops_kf's URL string", () => {
    expect(toShopService(' https://chat.example.com/s/2 ')).toEqual({ url: 'https://chat.example.com/s/2' });
    expect(toShopService({ url: 'https://chat.example.com' })).toEqual({ url: 'https://chat.example.com' });
  });
});

describe('the mapping of bag, checkout and order answers', () => {
  it('reads a bag without our extensions: no shop, no product id, no stock', () => {
    const cart = toCart(
      raw<Raw.Cart>({
        carts: [
          {
            cart_id: '5',
            cart_num: '2',
            total_price: 39.8,
            spec: '',
            goods: { image: '/i.jpg', title: 'Mug', sales_price: '19.9', spec: 'Blue' },
          },
        ],
      }),
    );
    expect(cart.carts[0]).toEqual({
      cart_id: 5,
      cart_num: 2,
      spec: 'Blue',
      total_price: '39.80',
      mer_id: undefined,
      mer_name: undefined,
      mer_avatar: undefined,
      product_id: undefined,
      goods: { image: '/i.jpg', title: 'Mug', sales_price: '19.90', stock: undefined },
    });
  });

  it("adds up a checkout's sums exactly when the backend sends only lines and freight", () => {
    const preview = toOrderPreview(
      raw<Raw.OrderPreview>({
        product: [
          { cart_id: 1, product_id: 11, mer_id: 2, number: 3, spec: '', sales_price: '19.99', image: '', title: 'A' },
          { cart_id: 2, product_id: 12, mer_id: 2, number: '1', spec: '', sales_price: 0.1, image: '', title: 'B' },
        ],
        delivery: '5',
        address: null,
        chu_id: 77,
      }),
    );
    expect(preview.product.map((line) => [line.price, line.total_price])).toEqual([
      ['19.99', '59.97'],
      ['0.10', '0.10'],
    ]);
    expect(preview).toMatchObject({
      total_num: 4,
      goods_price: '60.07',
      delivery: '5.00',
      total_price: '65.07',
      chu_id: 77,
    });
    expect(preview.discount).toBeUndefined();
  });

  it("keeps the backend's own sums when it sends them", () => {
    const preview = toOrderPreview(
      raw<Raw.OrderPreview>({
        product: [],
        delivery: '0.00',
        address: null,
        chu_id: 0,
        goods_price: '10.00',
        discount: '1.00',
        total_price: '9.00',
        total_num: 1,
      }),
    );
    expect(preview).toMatchObject({ goods_price: '10.00', discount: '1.00', total_price: '9.00', total_num: 1 });
  });

  it("orders an order's logistics newest first, reads the waybill number and leaves our extensions out", () => {
    const order = toOrderDetail(
      raw<Raw.OrderDetail>({
        order_id: '9',
        order_sn: 'SN9',
        status: '2',
        refund_status: 0,
        total_price: 65.07,
        user_address: 'Main St 1',
        real_name: 'Ann',
        user_phone: '555',
        delivery_id: 'YT123',
        delivery: [
          { delivery_no: 'YT123', mark: 'Picked up', updatetime: '2024-05-01 09:00:00' },
          { delivery_no: 'YT123', mark: 'Out for delivery', updatetime: '2024-05-02 08:30:00' },
        ],
        products: [],
      }),
    );
    expect(order.status).toBe(2);
    expect(order.total_price).toBe('65.07');
    expect(order.delivery_id).toBe('YT123');
    expect(order.delivery.map((event) => event.mark)).toEqual(['Out for delivery', 'Picked up']);
    expect(order.freight).toBeUndefined();
    expect(order.createtime).toBeUndefined();
    expect(order.refund).toBeUndefined();
    expect(
      toOrderDetail(raw<Raw.OrderDetail>({ delivery_id: '', delivery: [], products: [] })).delivery_id,
    ).toBeUndefined();
  });
});

describe('the mapping of wallet and account answers', () => {
  it('keys ledger rows without ids by page and position, and names only the known entry types', () => {
    const bills = toBillList(
      raw<Raw.BillList>({
        list: [
          { title: 'Top up', type: 'recharge', money: '100', createtime: '2024-05-01 14:03:22' },
          { title: 'Bonus', type: 'reward', money: 5, createtime: '2024-05-01 15:00:00' },
        ],
      }),
      2,
    );
    expect(bills.list.map((bill) => [bill.key, bill.type, bill.money])).toEqual([
      ['page:2:0', 'recharge', '100.00'],
      ['page:2:1', undefined, '5.00'],
    ]);
    expect(bills.count).toBeUndefined();
  });

  it("reads a top-up's type and a withdrawal's title line (mark) and optional status", () => {
    const recharges = toRechargeList(
      raw<Raw.RechargeList>({
        list: [
          { network: 'TRC20', price: '50', status: '1', admin_msg: '', type: 1, createtime: '2024-05-01 14:03:22' },
        ],
      }),
      1,
    );
    expect(recharges.list[0]).toMatchObject({ method: 'chain', status: 1, price: '50.00' });
    const extracts = toExtractList(
      raw<Raw.ExtractList>({
        list: [
          {
            mark: 'Bank card withdrawal ****3445',
            extract_price: '100',
            fee: '3',
            real_price: '97',
            admin_msg: '',
            createtime: 1732300000,
          },
        ],
      }),
      1,
    );
    expect(extracts.list[0]).toMatchObject({
      mark: 'Bank card withdrawal ****3445',
      status: undefined,
      extract_type: undefined,
      fee: '3.00',
      real_price: '97.00',
    });
  });

  it("reads a user without our extensions and completes the saved language from the SPA's own list", () => {
    const user = toUserInfo(
      raw<Raw.UserInfo>({
        username: 'ann',
        avatar: '',
        email: 'ann@example.com',
        money: 1000,
        order_unpaid: '1',
        order_unreceived: 0,
        have_pay: '1',
        lang: { file_name: 'ri', language_name: '日本語' },
      }),
    );
    expect(user).toMatchObject({ username: 'ann', money: '1000.00', order_unpaid: 1, have_pay: 1 });
    expect(user.nickname).toBeUndefined();
    expect(user.order_undelivered).toBeUndefined();
    expect(user.lang).toEqual({ file_name: 'ri', language_name: '日本語', chinese_name: '日语' });
  });
});

/** @jest-environment node */
import { startTestServer, type TestServer } from '../../server/src/tools/testing/test-server';
import { newShopper, type Env } from '../../server/src/tools/testing/wallet';

interface CartLine {
  cart_id: number;
  cart_num: number;
  spec: string;
  total_price: string;
  mer_id: number;
  mer_name: string;
  mer_avatar: string;
  product_id: number;
  goods: { image: string; title: string; sales_price: string; stock: number };
}

// Seeded products: 10 building blocks (shop 8, 35.99, no specs), 18 green tea (shop 7, 12.50, no
// specs), 2 air fryer (shop 1, 79.00, Color x Plug), 3 tent (shop 2, 129.00, Color).
const BLOCKS = { mer_id: 8, product_id: 10, id: 10, spec: '' };
const TEA = { mer_id: 7, product_id: 18, id: 18, spec: '' };
const FRYER = { mer_id: 1, product_id: 2, id: 2 };

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const setStock = (productId: number, stock: number) =>
  server.db.prepare('UPDATE products SET stock = ? WHERE id = ?').run(stock, productId);

const add = (token: string, json: Record<string, unknown>, lang?: string) =>
  server.call<Env>('/api/cart/add', { token, json, lang });
const cart = async (token: string) =>
  (await server.call<Env<{ carts: CartLine[] }>>('/api/cart/index', { token })).body.data.carts;

/** The first value of every spec group of a product, joined the way the bag wants it. */
async function firstSpec(mer: number, product: number): Promise<string> {
  const d = await server.call<Env<{ goods: { specList: { name: string; child: string[] }[] } }>>(
    `/api/product/detail?mer_id=${mer}&product_id=${product}`,
  );
  return d.body.data.goods.specList.map((g) => g.child[0]).join('|');
}

describe('addToCart and getCart', () => {
  it('adds a line with server prices; the same product and spec adds to its quantity', async () => {
    const { token } = await newShopper(server, 'ca');
    expect(await cart(token)).toEqual([]);
    expect((await add(token, { ...BLOCKS, num: 2 })).body).toEqual({ code: 1, msg: 'Added to bag', data: null });
    expect((await add(token, { ...BLOCKS, num: 3 })).body.code).toBe(1);
    const lines = await cart(token);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      cart_num: 5,
      spec: '',
      total_price: '179.95',
      mer_id: 8,
      product_id: 10,
      goods: { sales_price: '35.99', title: expect.stringContaining('Building Blocks') },
    });
    expect(lines[0]!.goods.image).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/media\/product\/10\.svg$/);
  });

  it("names each line's shop (mer_name, mer_avatar) as the shop's own detail does", async () => {
    const { token } = await newShopper(server, 'cn');
    await add(token, { ...BLOCKS, num: 1 });
    await add(token, { ...TEA, num: 1 });
    const lines = await cart(token);
    expect(lines.map((l) => [l.mer_id, l.mer_name])).toEqual([
      [7, 'Pantry Pioneers'],
      [8, 'Playful Planet'],
    ]);
    for (const line of lines) {
      const shop = await server.call<Env<{ mer_name: string; mer_avatar: string }>>(
        `/api/merchant/detail?mer_id=${line.mer_id}&page=1&limit=1`,
      );
      expect([line.mer_name, line.mer_avatar]).toEqual([shop.body.data.mer_name, shop.body.data.mer_avatar]);
      expect(line.mer_avatar).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/media/shop/${line.mer_id}\\.svg$`));
    }
  });

  it('keeps one line per spec, newest first', async () => {
    const { token } = await newShopper(server, 'cs');
    const spec = await firstSpec(FRYER.mer_id, FRYER.product_id);
    const [color, plug] = spec.split('|');
    expect(spec).toMatch(/^[^|]+\|[^|]+$/);
    expect((await add(token, { ...FRYER, spec, num: 1 })).body.code).toBe(1);
    const other = `${color}|${plug === 'US' ? 'UK' : 'US'}`;
    expect((await add(token, { ...FRYER, spec: other, num: 2 })).body.code).toBe(1);
    const lines = await cart(token);
    expect(lines.map((l) => [l.spec, l.cart_num, l.total_price])).toEqual([
      [other, 2, '158.00'],
      [spec, 1, '79.00'],
    ]);
  });

  it('refuses a spec that is not one value of every group, in order', async () => {
    const { token } = await newShopper(server, 'cv');
    const spec = await firstSpec(FRYER.mer_id, FRYER.product_id);
    const [color, plug] = spec.split('|') as [string, string];
    for (const bad of ['', color, `${plug}|${color}`, `${color}|Mars`, `${spec}|extra`, `${color}|`]) {
      const res = await add(token, { ...FRYER, spec: bad, num: 1 });
      expect([bad, res.status, res.body]).toEqual([
        bad,
        200,
        { code: 0, msg: 'Please choose one value of every specification', data: null },
      ]);
    }
    // A product without specs takes ''.
    expect((await add(token, { ...BLOCKS, spec: 'Red', num: 1 })).body.code).toBe(0);
    expect(await cart(token)).toEqual([]);
  });

  it('refuses an unknown product, a product of another shop and an off-shelf product', async () => {
    const { token } = await newShopper(server, 'cp');
    expect((await add(token, { ...BLOCKS, product_id: 99999, num: 1 })).body.msg).toBe('Product not found');
    expect((await add(token, { ...BLOCKS, mer_id: 1, num: 1 })).body.msg).toBe('Product not found');
    server.db.prepare('UPDATE products SET status = 0 WHERE id = 18').run();
    try {
      expect((await add(token, { ...TEA, num: 1 })).body.msg).toBe('Product not found');
    } finally {
      server.db.prepare('UPDATE products SET status = 1 WHERE id = 18').run();
    }
  });

  it('limits the quantity by stock with a clear, localized message', async () => {
    const { token } = await newShopper(server, 'ck');
    const before = server.db.prepare<[], { stock: number }>('SELECT stock FROM products WHERE id = 18').get()!.stock;
    setStock(18, 4);
    try {
      expect((await add(token, { ...TEA, num: 5 })).body).toEqual({
        code: 0,
        msg: 'Not enough stock (only 4 left)',
        data: null,
      });
      expect((await add(token, { ...TEA, num: 3 })).body.code).toBe(1);
      // 3 in the bag + 2 more > 4.
      expect((await add(token, { ...TEA, num: 2 }, 'zh-CN')).body.msg).toBe('库存不足（仅剩 4 件）');
      expect((await add(token, { ...TEA, num: 1 })).body.code).toBe(1);
      expect((await cart(token))[0]?.cart_num).toBe(4);
      setStock(18, 0);
      expect((await add(token, { ...TEA, num: 1 }, 'tai')).body.msg).toBe('สินค้านี้หมดสต็อก');
      expect((await cart(token))[0]?.goods.stock).toBe(0);
    } finally {
      setStock(18, before);
    }
  });

  it('refuses a quantity outside 1..999 with a message the shopper can read (HTTP 200, code 0)', async () => {
    const { token } = await newShopper(server, 'cn');
    for (const num of [0, -1, 1000, 1.5, '0', '']) {
      const res = await add(token, { ...BLOCKS, num });
      expect([num, res.status, res.body]).toEqual([
        num,
        200,
        { code: 0, msg: 'Please choose a quantity from 1 to 999', data: null },
      ]);
    }
    expect((await cart(token)).length).toBe(0);
  });

  it('needs the token', async () => {
    expect((await server.call<Env>('/api/cart/index')).status).toBe(401);
    const res = await server.call<Env>('/api/cart/add', { json: { ...BLOCKS, num: 1 } });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ code: 401, msg: 'Please login first', data: null });
  });
});

describe('setCartQuantity', () => {
  it('sets 1..stock on the caller line only', async () => {
    const { token } = await newShopper(server, 'cq');
    const other = await newShopper(server, 'cq');
    await add(token, { ...BLOCKS, num: 1 });
    const [line] = await cart(token);
    const setNum = (t: string, num: number, cartId = line!.cart_id) =>
      server.call<Env>('/api/cart/set_num', { token: t, json: { cart_id: cartId, num } });

    expect((await setNum(token, 7)).body).toEqual({ code: 1, msg: 'Success', data: null });
    expect((await cart(token))[0]).toMatchObject({ cart_num: 7, total_price: '251.93' });

    const stock = server.db.prepare<[], { stock: number }>('SELECT stock FROM products WHERE id = 10').get()!.stock;
    expect((await setNum(token, stock + 1 > 999 ? 999 : stock + 1)).body.msg).toBe(
      `Not enough stock (only ${stock} left)`,
    );
    expect((await setNum(token, 0)).body).toEqual({
      code: 0,
      msg: 'Please choose a quantity from 1 to 999',
      data: null,
    });
    // Another user's line answers like a missing one and is not changed.
    expect((await setNum(other.token, 2)).body).toEqual({ code: 0, msg: 'Bag item not found', data: null });
    expect((await setNum(token, 2, 987654)).body.msg).toBe('Bag item not found');
    expect((await cart(token))[0]?.cart_num).toBe(7);
  });
});

describe('deleteCartLines', () => {
  it("removes the caller's listed lines and ignores other users' ids", async () => {
    const a = await newShopper(server, 'cd');
    const b = await newShopper(server, 'cd');
    await add(a.token, { ...BLOCKS, num: 1 });
    await add(a.token, { ...TEA, num: 1 });
    await add(b.token, { ...BLOCKS, num: 1 });
    const [aTea, aBlocks] = await cart(a.token);
    const [bBlocks] = await cart(b.token);

    const res = await server.call<Env>('/api/cart/del', {
      token: a.token,
      json: { cart_ids: `${aTea!.cart_id},${bBlocks!.cart_id}` },
    });
    expect(res.body).toEqual({ code: 1, msg: 'Delete Success', data: null });
    expect((await cart(a.token)).map((l) => l.cart_id)).toEqual([aBlocks!.cart_id]);
    expect((await cart(b.token)).map((l) => l.cart_id)).toEqual([bBlocks!.cart_id]);

    // A list no client builds: HTTP 400 naming the field.
    const bad = await server.call<Env>('/api/cart/del', { token: a.token, json: { cart_ids: '1, 2' } });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/^cart_ids: /);
  });
});

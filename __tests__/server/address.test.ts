/** @jest-environment node */
import { createServer } from '../../server/src/app/create-server';
import { loginAs, startTestServer, type TestServer } from '../../server/src/tools/testing/test-server';

interface Env<T = unknown> {
  code: number;
  msg: string;
  data: T;
}
interface Address {
  address_id: number;
  name: string;
  mobile: string;
  quhao: string;
  country: string;
  detail: string;
  tag: string;
  is_default: 0 | 1;
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

let counter = 0;
async function newUser(): Promise<string> {
  counter += 1;
  const username = `addr_${counter}`;
  const res = await server.call<Env>('/api/user/register', {
    json: {
      username,
      nickname: username,
      password: 'secret12',
      repPwd: 'secret12',
      email: `${username}@example.com`,
      mobile: '812345678',
      quhao: '66',
    },
  });
  if (res.body.code !== 1) throw new Error(`register failed: ${JSON.stringify(res.body)}`);
  return loginAs(server, username, 'secret12');
}

const form = (over: Record<string, unknown> = {}) => ({
  name: 'Somchai Jaidee',
  mobile: '812345678',
  quhao: '66',
  country: 'Thailand, Bangkok',
  detail: '99 Sukhumvit Road',
  tag: 'Home',
  is_default: 0,
  ...over,
});

const save = (token: string, json: unknown, lang?: string) =>
  server.call<Env>('/api/user/address_add', { token, json, lang });
const list = async (token: string, query = '') =>
  (await server.call<Env<{ count: number; list: Address[] }>>(`/api/user/address_list${query}`, { token })).body.data;
const get = (token: string, id: number) =>
  server.call<Env<Address | null>>(`/api/user/address?address_id=${id}`, { token });
const setDefault = (token: string, id: number) =>
  server.call<Env>('/api/user/address_set_default', { token, json: { address_id: id } });
const del = (token: string, id: number) => server.call<Env>(`/api/user/address_del?address_id=${id}`, { token });

/** Adds an address and returns its id (the newest of the list). */
async function add(token: string, over: Record<string, unknown> = {}): Promise<number> {
  const res = await save(token, form(over));
  if (res.body.code !== 1) throw new Error(`save failed: ${JSON.stringify(res.body)}`);
  const ids = (await list(token, '?limit=50')).list.map((a) => a.address_id);
  return Math.max(...ids);
}

const defaults = (token: string) =>
  list(token, '?limit=50').then((l) => l.list.filter((a) => a.is_default === 1).map((a) => a.address_id));

describe('listAddresses and getAddress', () => {
  it('list the demo address, the default first', async () => {
    const token = await loginAs(server);
    const data = await list(token);
    expect(data.count).toBeGreaterThanOrEqual(1);
    expect(data.list[0]).toEqual({
      address_id: expect.any(Number),
      name: 'Demo Shopper',
      mobile: '2015550123',
      quhao: '1',
      country: 'United States',
      detail: '350 Fifth Avenue, New York, NY 10118',
      tag: 'Home',
      is_default: 1,
    });
  });

  it('a new user has none', async () => {
    const token = await newUser();
    expect(await list(token)).toEqual({ count: 0, list: [] });
  });

  it('needs the token for every operation', async () => {
    const calls = [
      server.call<Env>('/api/user/address_list'),
      server.call<Env>('/api/user/address?address_id=1'),
      server.call<Env>('/api/user/address_add', { json: form() }),
      server.call<Env>('/api/user/address_set_default', { json: { address_id: 1 } }),
      server.call<Env>('/api/user/address_del?address_id=1'),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ code: 401, msg: 'Please login first', data: null });
    }
  });

  it('orders the default first, then newest first, and pages', async () => {
    const token = await newUser();
    const a = await add(token, { tag: 'A' });
    const b = await add(token, { tag: 'B' });
    const c = await add(token, { tag: 'C' });
    expect((await list(token)).list.map((x) => x.address_id)).toEqual([a, c, b]);
    expect(await list(token, '?page=2&limit=2')).toEqual({
      count: 3,
      list: [expect.objectContaining({ address_id: b })],
    });
    const one = await get(token, c);
    expect(one.body).toEqual({
      code: 1,
      msg: 'Success',
      data: { ...form({ tag: 'C' }), address_id: c, is_default: 0 },
    });
  });
});

describe('saveAddress', () => {
  it('makes the first address the default even when not asked', async () => {
    const token = await newUser();
    const res = await save(token, form({ is_default: 0 }));
    expect(res.body).toEqual({ code: 1, msg: 'Save successful', data: null });
    const data = await list(token);
    expect(data.list).toEqual([{ ...form(), address_id: expect.any(Number), is_default: 1 }]);
  });

  it('is_default 1 makes the new address the only default', async () => {
    const token = await newUser();
    const first = await add(token);
    const second = await add(token, { is_default: 0 });
    expect(await defaults(token)).toEqual([first]);
    const third = await add(token, { is_default: 1 });
    expect(await defaults(token)).toEqual([third]);
    expect((await list(token)).list.map((a) => a.address_id)).toEqual([third, second, first]);
  });

  it('edits an address in place, keeping its default flag when asked to', async () => {
    const token = await newUser();
    const id = await add(token);
    const res = await save(
      token,
      form({
        address_id: id,
        name: 'Mali',
        detail: '1 Silom Road',
        tag: 'Office',
        quhao: '1',
        mobile: '2015550123',
        is_default: 1,
      }),
    );
    expect(res.body.code).toBe(1);
    expect((await get(token, id)).body.data).toEqual({
      address_id: id,
      name: 'Mali',
      mobile: '2015550123',
      quhao: '1',
      country: 'Thailand, Bangkok',
      detail: '1 Silom Road',
      tag: 'Office',
      is_default: 1,
    });
    expect((await list(token)).count).toBe(1);
  });

  it('switching the default off on edit hands it to the newest other address; a lone address stays default', async () => {
    const token = await newUser();
    const a = await add(token);
    expect((await save(token, form({ address_id: a, is_default: 0 }))).body.code).toBe(1);
    expect(await defaults(token)).toEqual([a]);
    const b = await add(token);
    const c = await add(token);
    await save(token, form({ address_id: a, is_default: 0 }));
    expect(await defaults(token)).toEqual([c]);
    await save(token, form({ address_id: b, is_default: 1 }));
    expect(await defaults(token)).toEqual([b]);
  });

  it('normalizes the mobile per country and refuses an invalid one', async () => {
    const token = await newUser();
    const id = await add(token, { mobile: '0812345678' });
    expect((await get(token, id)).body.data?.mobile).toBe('812345678');
    const bad = await save(token, form({ mobile: '2015550123' }));
    expect(bad.status).toBe(200);
    expect(bad.body).toEqual({ code: 0, msg: 'Please enter a correct mobile phone number', data: null });
    const zh = await save(token, form({ mobile: '2015550123' }), 'zh-CN');
    expect(zh.body.msg).toBe('请输入正确的手机号码');
  });

  it.each([
    ['name', 'Please enter the addressee', '请输入收货人'],
    ['country', 'Please choose the area', '请选择所在地区'],
    ['detail', 'Please enter the detailed address', '请输入详细地址'],
    ['tag', 'Please enter a tag', '请输入标签'],
  ])('refuses a blank %s with its own message', async (field, en, zh) => {
    const token = await newUser();
    const res = await save(token, form({ [field]: '   ' }));
    expect([res.status, res.body]).toEqual([200, { code: 0, msg: en, data: null }]);
    expect((await save(token, form({ [field]: ' ' }), 'zh-CN')).body.msg).toBe(zh);
    expect((await list(token)).count).toBe(0);
  });

  it.each([
    ['name', 'Please enter the addressee'],
    ['mobile', 'Please enter a correct mobile phone number'],
    ['country', 'Please choose the area'],
    ['detail', 'Please enter the detailed address'],
    ['tag', 'Please enter a tag'],
  ])('refuses a missing %s with its form message (HTTP 200, never validator text)', async (field, msg) => {
    const token = await newUser();
    const body: Record<string, unknown> = form();
    delete body[field];
    const res = await save(token, body);
    expect([res.status, res.body]).toEqual([200, { code: 0, msg, data: null }]);
  });

  it("refuses an empty name and a too long tag (contract limits) in the shopper's language", async () => {
    const token = await newUser();
    const empty = await save(token, form({ name: '' }));
    expect([empty.status, empty.body.msg]).toEqual([200, 'Please enter the addressee']);
    const long = await save(token, form({ tag: 'x'.repeat(21) }));
    expect([long.status, long.body]).toEqual([200, { code: 0, msg: 'Please enter at most 20 characters', data: null }]);
    expect((await save(token, form({ detail: 'x'.repeat(201) }), 'zh-CN')).body.msg).toBe('最多可输入 200 个字符');
    // A calling code that is no calling code: the mobile refusal.
    expect((await save(token, form({ quhao: '12345' }))).body.msg).toBe('Please enter a correct mobile phone number');
    expect((await list(token)).count).toBe(0);
  });

  it('keeps at most 20 addresses', async () => {
    const token = await newUser();
    for (let i = 0; i < 20; i += 1) expect((await save(token, form({ tag: `T${i}` }))).body.code).toBe(1);
    const res = await save(token, form());
    expect(res.body).toEqual({ code: 0, msg: 'You can save at most 20 addresses', data: null });
    expect((await list(token)).count).toBe(20);
  });
});

describe('saveAddress without quhao (the backend family sends none)', () => {
  const withoutQuhao = (over: Record<string, unknown> = {}) => {
    const body: Record<string, unknown> = form(over);
    delete body.quhao;
    return body;
  };

  it("reads a mobile starting with '+' as an international number and stores its calling code", async () => {
    const token = await newUser();
    for (const [mobile, quhao, national] of [
      ['+66 81 234 5678', '66', '812345678'],
      ['+1 (201) 555-0123', '1', '2015550123'],
      ['+44 7400 123456', '44', '7400123456'],
    ]) {
      const res = await save(token, withoutQuhao({ mobile, tag: quhao }));
      expect([mobile, res.status, res.body.code]).toEqual([mobile, 200, 1]);
      const saved = (await list(token, '?limit=50')).list.find((a) => a.tag === quhao);
      expect([mobile, saved?.quhao, saved?.mobile]).toEqual([mobile, quhao, national]);
    }
  });

  it("checks any other mobile against the shop's default region (US unless DEFAULT_REGION says otherwise)", async () => {
    const token = await newUser();
    const id = await add(token, { quhao: undefined, mobile: '(201) 555-0123' });
    expect((await get(token, id)).body.data).toMatchObject({ quhao: '1', mobile: '2015550123' });
    // A Thai national number is no US number.
    const thai = await save(token, withoutQuhao({ mobile: '0812345678' }));
    expect(thai.body).toEqual({ code: 0, msg: 'Please enter a correct mobile phone number', data: null });
    expect((await save(token, withoutQuhao({ mobile: '+66 12' }), 'zh-CN')).body.msg).toBe('请输入正确的手机号码');
    expect((await list(token)).count).toBe(1);
  });

  it('a shop in Thailand (DEFAULT_REGION TH) reads national numbers as Thai', async () => {
    const thaiShop = await startTestServer({ defaultRegion: 'th' });
    try {
      const reg = await thaiShop.call<Env>('/api/user/register', {
        json: {
          username: 'th_shopper',
          nickname: 'Somchai',
          password: 'secret12',
          repPwd: 'secret12',
          email: 'th@example.com',
          mobile: '812345678',
          quhao: '66',
        },
      });
      expect(reg.body.code).toBe(1);
      const token = await loginAs(thaiShop, 'th_shopper', 'secret12');
      const saved = await thaiShop.call<Env>('/api/user/address_add', {
        token,
        json: withoutQuhao({ mobile: '081-234-5678' }),
      });
      expect(saved.body.code).toBe(1);
      const us = await thaiShop.call<Env>('/api/user/address_add', {
        token,
        json: withoutQuhao({ mobile: '2015550123' }),
      });
      expect(us.body.msg).toBe('Please enter a correct mobile phone number');
      const listed = await thaiShop.call<Env<{ list: Address[] }>>('/api/user/address_list', { token });
      expect(listed.body.data.list.map((a) => [a.quhao, a.mobile])).toEqual([['66', '812345678']]);
    } finally {
      await thaiShop.stop();
    }
  });

  it('with quhao (the SPA sends it) the number is checked for that calling code only', async () => {
    const token = await newUser();
    expect((await save(token, form({ quhao: '1', mobile: '2015550123' }))).body.code).toBe(1);
    const wrong = await save(token, form({ quhao: '66', mobile: '+1 201 555 0123' }));
    expect(wrong.body).toEqual({ code: 0, msg: 'Please enter a correct mobile phone number', data: null });
  });

  it('refuses to start with an unknown DEFAULT_REGION', () => {
    expect(() => createServer({ databaseFile: ':memory:', defaultRegion: 'XX', log: () => {} })).toThrow(
      /DEFAULT_REGION/,
    );
  });
});

describe('setDefaultAddress and deleteAddress', () => {
  it('set default leaves exactly one default', async () => {
    const token = await newUser();
    const a = await add(token);
    const b = await add(token);
    const res = await setDefault(token, b);
    expect(res.body).toEqual({ code: 1, msg: 'Setting Success', data: null });
    expect(await defaults(token)).toEqual([b]);
    expect((await list(token)).list[0]?.address_id).toBe(b);
    await setDefault(token, b);
    expect(await defaults(token)).toEqual([b]);
    await setDefault(token, a);
    expect(await defaults(token)).toEqual([a]);
  });

  it('deleting a non-default keeps the default; deleting the default promotes the newest remaining', async () => {
    const token = await newUser();
    const a = await add(token);
    const b = await add(token);
    const c = await add(token);
    const d = await add(token);
    expect(await defaults(token)).toEqual([a]);
    expect((await del(token, c)).body).toEqual({ code: 1, msg: 'Delete Success', data: null });
    expect(await defaults(token)).toEqual([a]);
    await del(token, a);
    expect(await defaults(token)).toEqual([d]);
    await del(token, d);
    expect(await defaults(token)).toEqual([b]);
    await del(token, b);
    expect(await list(token)).toEqual({ count: 0, list: [] });
    // The next address becomes the default again.
    const e = await add(token);
    expect(await defaults(token)).toEqual([e]);
  });

  it('an unknown id answers Address not found', async () => {
    const token = await newUser();
    for (const res of [await get(token, 999999), await setDefault(token, 999999), await del(token, 999999)]) {
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ code: 0, msg: 'Address not found', data: null });
    }
    expect((await get(token, 999999)).body.msg).toBe('Address not found');
    const zh = await server.call<Env>('/api/user/address?address_id=999999', { token, lang: 'zh-CN' });
    expect(zh.body.msg).toBe('地址不存在');
    expect((await server.call<Env>('/api/user/address?address_id=abc', { token })).status).toBe(400);
  });
});

describe("one user cannot touch another user's addresses", () => {
  let alice: string;
  let bob: string;
  let aliceHome: number;
  let aliceWork: number;
  let bobHome: number;
  beforeAll(async () => {
    alice = await newUser();
    bob = await newUser();
    aliceHome = await add(alice, { name: 'Alice', detail: '1 Secret Lane', tag: 'Home' });
    aliceWork = await add(alice, { name: 'Alice', detail: '2 Private Road', tag: 'Work' });
    bobHome = await add(bob, { name: 'Bob', detail: '3 Bob Street' });
  });

  const aliceBefore = async () => (await list(alice, '?limit=50')).list;

  it('cannot read it: the same answer as an unknown id, without its data', async () => {
    const res = await get(bob, aliceHome);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 0, msg: 'Address not found', data: null });
    expect(JSON.stringify(res.body)).not.toContain('Secret');
    const listed = await list(bob, '?limit=50');
    expect(listed.list.map((a) => a.address_id)).toEqual([bobHome]);
  });

  it('cannot edit it', async () => {
    const before = await aliceBefore();
    const res = await save(bob, form({ address_id: aliceHome, name: 'Mallory', detail: 'Taken over', is_default: 1 }));
    expect(res.body).toEqual({ code: 0, msg: 'Address not found', data: null });
    expect(await aliceBefore()).toEqual(before);
    expect((await list(bob, '?limit=50')).count).toBe(1);
  });

  it('cannot make it the default (neither for Alice nor for Bob)', async () => {
    const before = await aliceBefore();
    const res = await setDefault(bob, aliceWork);
    expect(res.body).toEqual({ code: 0, msg: 'Address not found', data: null });
    expect(await aliceBefore()).toEqual(before);
    expect(await defaults(alice)).toEqual([aliceHome]);
    expect(await defaults(bob)).toEqual([bobHome]);
  });

  it('cannot delete it', async () => {
    const res = await del(bob, aliceHome);
    expect(res.body).toEqual({ code: 0, msg: 'Address not found', data: null });
    expect((await get(alice, aliceHome)).body.data).toMatchObject({ detail: '1 Secret Lane', is_default: 1 });
    expect((await list(alice, '?limit=50')).count).toBe(2);
  });

  it('her own calls still work', async () => {
    expect((await setDefault(alice, aliceWork)).body.code).toBe(1);
    expect(await defaults(alice)).toEqual([aliceWork]);
    expect(await defaults(bob)).toEqual([bobHome]);
  });
});

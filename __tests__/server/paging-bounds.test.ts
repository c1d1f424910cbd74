/** @jest-environment node */
/**
 * A page number far past any list is a request no client builds: the contract bounds page to
 * 1..100000, so it is answered HTTP 400 with code 0 and a translated msg naming `page`, never a
 * server error with a stack trace in the log.
 */
import { startTestServer, type TestServer } from '../../server/src/tools/testing/test-server';
import { newShopper, type Env } from '../../server/src/tools/testing/wallet';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = (await newShopper(server, 'pg')).token;
});
afterAll(() => server.stop());

const HUGE = '99999999999999999999';
/** Every paged GET of the contract (components.parameters.Page). */
const PAGED = [
  '/api/user/order_list',
  '/api/user/address_list',
  '/api/user/language_list',
  '/api/user/bill',
  '/api/user/recharge_log',
  '/api/user/extract_log',
  '/api/index/product?category_id=1',
  '/api/index/hot_product',
  '/api/index/hot_merchant',
  '/api/product/search',
  '/api/product/searchs',
  '/api/product/recommend',
  '/api/user/like_list',
  '/api/user/follow_list',
  '/api/merchant/detail?mer_id=1',
];

describe('page and limit bounds', () => {
  it('answers language_list?page=99999999999999999999 with code 0 and logs no error', async () => {
    const res = await server.call<Env>(`/api/user/language_list?page=${HUGE}`);
    expect([res.status, res.body]).toEqual([400, { code: 0, msg: 'page: must be at most 100000', data: null }]);
    const zh = await server.call<Env>(`/api/user/language_list?page=${HUGE}`, { lang: 'zh-CN' });
    expect(zh.body.msg).toMatch(/^page: .*100000/);
    expect(zh.body.msg).not.toBe(res.body.msg);
    expect(server.logLines.filter((l) => l.startsWith('ERROR'))).toEqual([]);
  });

  it.each(PAGED)('%s: a huge page is code 0, never a 500; the last allowed page is an empty list', async (p) => {
    const join = p.includes('?') ? '&' : '?';
    const huge = await server.call<Env>(`${p}${join}page=${HUGE}`, { token });
    expect([huge.status, huge.body.code, huge.body.data]).toEqual([400, 0, null]);
    expect(huge.body.msg).toMatch(/^page: /);
    const last = await server.call<Env<Record<string, unknown>>>(`${p}${join}page=100000&limit=50`, { token });
    expect([last.status, last.body.code]).toEqual([200, 1]);
    expect(server.logLines.filter((l) => l.startsWith('ERROR'))).toEqual([]);
  });
});

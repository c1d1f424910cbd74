/**
 * @jest-environment node
 *
 * Conditional GETs (openapi.yaml, components.responses.NotModified): the reference server answers a
 * GET with a weak ETag, and a request repeating it in If-None-Match with 304 and no body. A backend
 * team validating its server against the contract must find that 304 declared on every GET.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { TEA } from '../../server/src/tools/testing/orders';
import { rawGet } from '../../server/src/tools/testing/raw-http';
import { loginAs, startTestServer, type TestServer } from '../../server/src/tools/testing/test-server';

interface Operation {
  operationId: string;
  responses: Record<string, unknown>;
}
const contract = parse(readFileSync(path.join(__dirname, '../../openapi/openapi.yaml'), 'utf8')) as {
  paths: Record<string, Record<string, Operation>>;
};
const gets = Object.entries(contract.paths).flatMap(([pathname, item]) =>
  item.get ? [{ pathname, operation: item.get }] : [],
);

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = await loginAs(server);
});
afterAll(() => server.stop());

describe('the contract', () => {
  it('declares the shared 304 answer on every GET operation', () => {
    expect(gets.length).toBeGreaterThan(30);
    const without = gets.filter(({ operation }) => !operation.responses['304']).map((g) => g.operation.operationId);
    expect(without).toEqual([]);
    for (const { operation } of gets)
      expect(operation.responses['304']).toEqual({ $ref: '#/components/responses/NotModified' });
  });
});

describe('a GET repeated with the ETag it got', () => {
  it.each([
    ['listBanners', '/api/index/banner', false],
    ['listHotProducts', '/api/index/hot_product?page=1&limit=10', false],
    ['getProductDetail', '/api/product/detail?mer_id=7&product_id=18&id=18', false],
    ['getUserInfo', '/api/user/getUserInfo', true],
    ['getCart', '/api/cart/index', true],
  ])('%s answers 304 with no body while the answer is unchanged', async (operationId, url, signedIn) => {
    const headers: Record<string, string> = signedIn ? { token } : {};
    const first = await rawGet(server.baseUrl, url, headers);
    expect(first.status).toBe(200);
    const etag = first.headers.etag;
    expect(etag).toMatch(/^W\/"/);
    const again = await rawGet(server.baseUrl, url, { ...headers, 'if-none-match': String(etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect(gets.find((g) => g.operation.operationId === operationId)?.operation.responses['304']).toBeDefined();
  });

  it('is answered whole once the answer changed (the bag got a line)', async () => {
    const shopper = await loginAs(server);
    const first = await rawGet(server.baseUrl, '/api/cart/index', { token: shopper });
    const added = await server.call<{ code: number }>('/api/cart/add', {
      token: shopper,
      json: { ...TEA, num: 1 },
    });
    expect(added.body.code).toBe(1);
    const again = await rawGet(server.baseUrl, '/api/cart/index', {
      token: shopper,
      'if-none-match': String(first.headers.etag),
    });
    expect(again.status).toBe(200);
    expect(again.headers.etag).not.toBe(first.headers.etag);
    expect(JSON.parse(again.text)).toMatchObject({ code: 1 });
  });

  it('never turns a 401 into a 304', async () => {
    const first = await rawGet(server.baseUrl, '/api/user/getUserInfo');
    expect(first.status).toBe(401);
    const again = await rawGet(server.baseUrl, '/api/user/getUserInfo', {
      'if-none-match': String(first.headers.etag ?? '*'),
    });
    expect(again.status).toBe(401);
    expect(JSON.parse(again.text)).toMatchObject({ code: 401 });
  });
});

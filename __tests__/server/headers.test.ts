/** @jest-environment node */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { rawGet, type RawAnswer as Answer } from '../../server/src/tools/testing/raw-http';
import { loginAs, startTestServer, type TestServer } from '../../server/src/tools/testing/test-server';

/** Directive name -> its sources. */
function cspOf(answer: Answer): Map<string, string[]> {
  const header = answer.headers['content-security-policy'];
  expect(typeof header).toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

const FORGED = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };

let server: TestServer;
let staticDir: string;
beforeAll(async () => {
  staticDir = mkdtempSync(path.join(tmpdir(), 'shop-headers-'));
  mkdirSync(path.join(staticDir, 'assets'));
  writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>shop</title><div id="app"></div>');
  writeFileSync(path.join(staticDir, 'assets', 'main.3f2a9c1b77.js'), 'console.log(1);');
  server = await startTestServer({ staticDir });
});
afterAll(async () => {
  await server.stop();
  rmSync(staticDir, { recursive: true, force: true });
});

describe('Security headers', () => {
  const html = { accept: 'text/html' };

  it.each([
    ['the home page', '/', html],
    ['a client-side route', '/home', html],
    ['an API answer (JSON)', '/api/index/index', {}],
    ['an API 404', '/api/nothing/here', {}],
    ['a generated image', '/media/logo.svg', {}],
    ['a /media 404', '/media/nothing', {}],
  ])('sends nosniff, a referrer policy, no framing and a CSP on %s', async (_what, pathname, headers) => {
    const res = await rawGet(server.baseUrl, pathname, headers);
    expect(res.status).toBeLessThan(500);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(cspOf(res).get('frame-ancestors')).toEqual(["'none'"]);
    // Plain HTTP: no HSTS.
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it("sends the build's scripts and styles what applies to them: nosniff and same-origin CORP", async () => {
    const res = await rawGet(server.baseUrl, '/assets/main.3f2a9c1b77.js');
    expect(res.status).toBe(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    // A script is never a document: no policy, framing or opener rules (unread bytes on every file).
    expect(res.headers['content-security-policy']).toBeUndefined();
    expect(res.headers['x-frame-options']).toBeUndefined();
    // Served with the type a browser runs as script (nosniff then enforces it).
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
  });

  it('sends no headers of retired browser features', async () => {
    for (const pathname of ['/api/index/index', '/assets/main.3f2a9c1b77.js']) {
      const res = await rawGet(server.baseUrl, pathname, {});
      for (const name of ['x-xss-protection', 'x-download-options', 'x-permitted-cross-domain-policies']) {
        expect(res.headers[name]).toBeUndefined();
      }
    }
    const page = await rawGet(server.baseUrl, '/home', html);
    for (const name of ['x-xss-protection', 'x-download-options', 'x-permitted-cross-domain-policies']) {
      expect(page.headers[name]).toBeUndefined();
    }
  });

  it('serves the SPA under a policy that allows only its own scripts and styles, no inline ones', async () => {
    for (const pathname of ['/', '/home']) {
      const res = await rawGet(server.baseUrl, pathname, html);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      const csp = cspOf(res);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('style-src')).toEqual(["'self'"]);
      expect(csp.get('connect-src')).toEqual(["'self'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'self'"]);
      expect(csp.get('img-src')).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:', server.baseUrl]));
      expect(csp.get('frame-src')).toEqual(expect.arrayContaining(["'self'", server.baseUrl]));
      expect([...csp.values()].flat().join(' ')).not.toMatch(/unsafe-inline|unsafe-eval/);
    }
  });

  it('lets nothing run in an API answer', async () => {
    const csp = cspOf(await rawGet(server.baseUrl, '/api/index/index'));
    expect(csp.get('default-src')).toEqual(["'none'"]);
  });

  it('lets only the SPA frame the customer-service page', async () => {
    const res = await rawGet(server.baseUrl, '/media/service.html?shop=2');
    expect(res.status).toBe(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    const csp = cspOf(res);
    expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
    expect(csp.get('script-src')?.[0]).toMatch(/^'nonce-/);
    // Its image names the public origin, which its policy allows (it runs in an opaque origin).
    expect(res.text).toContain(`src="${server.baseUrl}/media/shop/2.svg"`);
    expect(csp.get('img-src')).toContain(server.baseUrl);
  });

  it('lets the origins CORS_ORIGIN names frame the customer-service page too', async () => {
    const other = await startTestServer({ corsOrigins: ['https://shop.example'] });
    try {
      const csp = cspOf(await rawGet(other.baseUrl, '/media/service.html'));
      expect(csp.get('frame-ancestors')).toEqual(["'self'", 'https://shop.example']);
    } finally {
      await other.stop();
    }
  });

  it('serves images to other origins (the sandboxed service frame, a client served elsewhere), the SPA only to its own', async () => {
    expect((await rawGet(server.baseUrl, '/media/logo.svg')).headers['cross-origin-resource-policy']).toBe(
      'cross-origin',
    );
    expect((await rawGet(server.baseUrl, '/', html)).headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('sends HSTS only when the request came over HTTPS through the trusted proxy', async () => {
    // The test connects from 127.0.0.1, a trusted proxy ('trust proxy' loopback).
    for (const pathname of ['/', '/api/index/index', '/assets/main.3f2a9c1b77.js']) {
      const secure = await rawGet(server.baseUrl, pathname, { ...html, 'x-forwarded-proto': 'https' });
      expect(secure.headers['strict-transport-security']).toBe('max-age=15552000');
      const plain = await rawGet(server.baseUrl, pathname, { ...html, 'x-forwarded-proto': 'http' });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
    }
  });
});

describe('Absolute URLs (Host header poisoning)', () => {
  type Env<T> = { code: number; data: T };
  const json = <T>(res: Answer) => JSON.parse(res.text) as Env<T>;
  const urlsIn = (body: string) => [...body.matchAll(/https?:\/\/[^"',\s]+/g)].map((m) => m[0]);

  it('names the public origin in hot_product, product detail and get_shops_kf whatever Host a request forges', async () => {
    const token = await loginAs(server);
    const hot = json<{ list: { mer_id: number; product_id: number; goods: { image: string } }[] }>(
      await rawGet(server.baseUrl, '/api/index/hot_product?limit=3', FORGED),
    );
    expect(hot.code).toBe(1);
    const first = hot.data.list[0]!;
    expect(first.goods.image).toBe(`${server.baseUrl}/media/product/${first.product_id}.svg`);

    const pages = [
      `/api/index/hot_product?limit=3`,
      `/api/product/detail?mer_id=${first.mer_id}&product_id=${first.product_id}`,
      '/api/user/get_shops_kf?pid=2',
      '/api/index/index',
    ];
    for (const pathname of pages) {
      const honest = await rawGet(server.baseUrl, pathname, { token });
      const forged = await rawGet(server.baseUrl, pathname, { ...FORGED, token });
      expect(json(forged).code).toBe(1);
      // The same answer, and every absolute URL in it on the public origin.
      expect(forged.text).toBe(honest.text);
      expect(urlsIn(forged.text).length).toBeGreaterThan(0);
      for (const url of urlsIn(forged.text)) expect(url.startsWith(`${server.baseUrl}/`)).toBe(true);
      expect(forged.text).not.toContain('evil.example');
    }
    expect(json<string>(await rawGet(server.baseUrl, '/api/user/get_shops_kf?pid=2', { ...FORGED, token })).data).toBe(
      `${server.baseUrl}/media/service.html?shop=2`,
    );
  });

  it('uses PUBLIC_URL when it is set, not the address the request reached', async () => {
    const other = await startTestServer({ publicUrl: 'https://shop.example.com/' });
    try {
      const platform = json<{ custom_service: string; logo: string }>(
        await rawGet(other.baseUrl, '/api/index/index', FORGED),
      );
      expect(platform.data.custom_service).toBe('https://shop.example.com/media/service.html');
      expect(platform.data.logo).toBe('https://shop.example.com/media/logo.svg');
    } finally {
      await other.stop();
    }
  });

  it('defaults to the listening address, http://localhost:<port>, when no public URL is configured', async () => {
    const other = await startTestServer({ publicUrl: undefined });
    try {
      const port = new URL(other.baseUrl).port;
      const platform = json<{ custom_service: string }>(await rawGet(other.baseUrl, '/api/index/index', FORGED));
      expect(platform.data.custom_service).toBe(`http://localhost:${port}/media/service.html`);
    } finally {
      await other.stop();
    }
  });
});

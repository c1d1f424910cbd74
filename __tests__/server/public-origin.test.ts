/** @jest-environment node */
// Absolute URLs follow the request's host only when it is on the allow-list (server/src/platform/allowed-hosts.ts):
// the demo opened as localhost, 127.0.0.1, [::1] or this machine's LAN address (a phone on the same Wi-Fi)
// gets its pictures on that address; PUBLIC_URL's host and ALLOWED_HOSTS names get theirs; any other
// Host (forged) gets the configured origin, never itself.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import { allowedHostsOf } from '../../server/src/platform/allowed-hosts';
import { loginAs, startTestServer, type TestServer } from '../../server/src/tools/testing/test-server';
import { TINY_PNG, type Env } from '../../server/src/tools/testing/wallet';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/**
 * One request to `base` (the address connected to) as a client sends it: its Host is the address
 * connected to unless `host` forges another.
 */
function send(
  base: string,
  pathname: string,
  opts: { method?: string; host?: string; headers?: Record<string, string>; body?: Buffer } = {},
): Promise<Answer> {
  const url = new URL(pathname, base);
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.host) headers.host = opts.host;
  if (opts.body) headers['content-length'] = String(opts.body.length);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
        port: url.port,
        path: url.pathname + url.search,
        method: opts.method ?? 'GET',
        headers,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}

const json = <T>(answer: Answer) => JSON.parse(answer.text) as Env<T>;

/** This machine's first LAN address (non-internal IPv4, else IPv6 that is not link-local), as a URL host. */
function lanAddress(): string | undefined {
  const all = Object.values(networkInterfaces())
    .flat()
    .filter((info) => info && !info.internal);
  const v4 = all.find((info) => info?.family === 'IPv4');
  if (v4) return v4.address;
  const v6 = all.find((info) => info?.family === 'IPv6' && !/^fe[89ab]/i.test(info.address));
  return v6 ? `[${v6.address}]` : undefined;
}
const LAN = lanAddress();
if (!LAN) {
  console.warn(
    'public-origin.test.ts: this machine has no LAN address (os.networkInterfaces() lists only internal ones); ' +
      'the LAN-address cases are skipped',
  );
}
const itWithLan = LAN ? it : it.skip;

/** An upload as a client sends it (multipart, field `file`), through `base`, optionally with a forged Host. */
async function upload(base: string, token: string, host?: string): Promise<Answer> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(TINY_PNG)], { type: 'image/png' }), 'photo.png');
  const encoded = new Request('http://x/', { method: 'POST', body: form });
  const body = Buffer.from(await encoded.arrayBuffer());
  return send(base, '/merchant/common/upload', {
    method: 'POST',
    host,
    headers: { token, 'content-type': encoded.headers.get('content-type')! },
    body,
  });
}

/** A minimal built SPA: its document gets the LCP preload and frame (server/src/web/preload.ts). */
const INDEX =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>shop</title></head>' +
  '<body><div id="app"><div class="app-frame" aria-hidden="true"></div></div></body></html>';
const PRELOAD = /<link rel="preload" as="image" fetchpriority="high" href="([^"]*)" \/>/;
const FRAME_PICTURE = /<img class="app-frame__picture" src="([^"]*)"/;

/** The CSP directive `name` of an answer, as its sources. */
function cspSources(answer: Answer, name: string): string[] {
  const directive = String(answer.headers['content-security-policy'] ?? '')
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find(([directiveName]) => directiveName === name);
  return directive?.slice(1) ?? [];
}

/** Every absolute URL in a text. */
const urlsIn = (text: string) => [...text.matchAll(/https?:\/\/[^"',\s<>]+/g)].map((m) => m[0]);

let staticDir: string;
beforeAll(() => {
  staticDir = mkdtempSync(path.join(tmpdir(), 'shop-origin-'));
  writeFileSync(path.join(staticDir, 'index.html'), INDEX);
});
afterAll(() => rmSync(staticDir, { recursive: true, force: true }));

/**
 * What a client reached through `base` (with `host`, when forged) sees: the first banner, a hot
 * product's picture, that product's detail, the customer-service page, an upload's fullurl, and the
 * pictures /home's and /detail/8/4's documents preload and draw, with the documents' img-src.
 */
async function seenThrough(server: TestServer, token: string, base: string, host?: string) {
  const get = (pathname: string, headers: Record<string, string> = {}) =>
    send(base, pathname, { host, headers: { token, ...headers } });
  const banner = json<string[]>(await get('/api/index/banner')).data[0]!;
  const hot = json<{ list: { product_id: number; mer_id: number; goods: { image: string } }[] }>(
    await get('/api/index/hot_product?limit=1'),
  ).data.list[0]!;
  const detail = json<{ goods: { image: string; images: string } }>(
    await get(`/api/product/detail?product_id=${hot.product_id}&mer_id=${hot.mer_id}`),
  ).data.goods;
  const service = json<string>(await get('/api/user/get_shops_kf?pid=2')).data;
  const fullurl = json<{ fullurl: string }>(await upload(base, token, host)).data.fullurl;
  const home = await get('/home', { accept: 'text/html' });
  const product = await get('/detail/8/4', { accept: 'text/html' });
  return {
    banner,
    hotImage: hot.goods.image,
    detailImages: detail.images.split(','),
    service,
    fullurl,
    homePreload: PRELOAD.exec(home.text)?.[1],
    homePicture: FRAME_PICTURE.exec(home.text)?.[1],
    detailPreload: PRELOAD.exec(product.text)?.[1],
    homeImgSrc: cspSources(home, 'img-src'),
    homeFrameSrc: cspSources(home, 'frame-src'),
    urls: [home.text, product.text].flatMap(urlsIn),
  };
}

/** Asserts every URL a client saw is on `origin`, and that the document allows loading it. */
function expectAllOn(seen: Awaited<ReturnType<typeof seenThrough>>, origin: string): void {
  expect(seen.banner).toMatch(new RegExp(`^${escapeRegExp(origin)}/media/banner/\\d+\\.svg$`));
  expect(seen.hotImage.startsWith(`${origin}/media/product/`)).toBe(true);
  expect(seen.detailImages.length).toBeGreaterThan(0);
  for (const image of seen.detailImages) expect(image.startsWith(`${origin}/media/`)).toBe(true);
  expect(seen.service).toBe(`${origin}/media/service.html?shop=2`);
  expect(seen.fullurl).toMatch(new RegExp(`^${escapeRegExp(origin)}/media/uploads/[0-9a-f]{32}\\.png$`));
  // The document preloads the same URL the banner answer names, and draws it in its frame.
  expect(seen.homePreload).toBe(seen.banner);
  expect(seen.homePicture).toBe(seen.banner);
  expect(seen.detailPreload?.startsWith(`${origin}/media/`)).toBe(true);
  for (const url of seen.urls) expect(url.startsWith(`${origin}/`)).toBe(true);
  // The page may load what it names: its own origin is 'self', another one is listed.
  expect(seen.homeImgSrc).toEqual(expect.arrayContaining(["'self'", origin]));
  expect(seen.homeFrameSrc).toEqual(expect.arrayContaining(["'self'", origin]));
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('absolute URLs without PUBLIC_URL (npm start)', () => {
  let server: TestServer;
  let token: string;
  let port: string;
  beforeAll(async () => {
    server = await startTestServer({ publicUrl: undefined, staticDir });
    token = await loginAs(server);
    port = new URL(server.baseUrl).port;
  });
  afterAll(() => server.stop());

  it('answers a request by localhost with URLs on http://localhost:PORT', async () => {
    expectAllOn(await seenThrough(server, token, `http://localhost:${port}`), `http://localhost:${port}`);
  });

  it('answers a request by 127.0.0.1 with URLs on http://127.0.0.1:PORT, the preload of /home included', async () => {
    const seen = await seenThrough(server, token, `http://127.0.0.1:${port}`);
    expectAllOn(seen, `http://127.0.0.1:${port}`);
    expect(seen.homePreload).toBe(`http://127.0.0.1:${port}/media/banner/1.svg`);
  });

  it('answers a request by [::1] and by a *.localhost name with URLs on that host', async () => {
    expectAllOn(await seenThrough(server, token, server.baseUrl, `[::1]:${port}`), `http://[::1]:${port}`);
    expectAllOn(
      await seenThrough(server, token, server.baseUrl, `shop.localhost:${port}`),
      `http://shop.localhost:${port}`,
    );
  });

  itWithLan(
    'answers a phone on the same network, by this machine’s LAN address, with URLs on that address',
    async () => {
      const origin = `http://${LAN}:${port}`;
      const seen = await seenThrough(server, token, origin);
      expectAllOn(seen, origin);
      // ... and the pictures load from there.
      const picture = await send(origin, new URL(seen.homePreload!).pathname);
      expect(picture.status).toBe(200);
      expect(picture.headers['content-type']).toMatch(/^image\/svg\+xml/);
    },
  );

  it('takes the scheme from the trusted proxy (X-Forwarded-Proto from loopback)', async () => {
    const banner = json<string[]>(
      await send(server.baseUrl, '/api/index/banner', { headers: { 'x-forwarded-proto': 'https' } }),
    ).data[0];
    expect(banner).toBe(`https://127.0.0.1:${port}/media/banner/1.svg`);
  });

  it('answers a forged Host (or X-Forwarded-Host) with http://localhost:PORT, never the forged name', async () => {
    for (const forged of [
      { host: 'evil.example' },
      { host: `evil.example:${port}` },
      { host: `localhost.evil.example:${port}` },
    ]) {
      const seen = await seenThrough(server, token, server.baseUrl, forged.host);
      expectAllOn(seen, `http://localhost:${port}`);
      expect(JSON.stringify(seen)).not.toContain('evil.example');
    }
    const viaProxyHeader = await send(server.baseUrl, '/api/index/banner', {
      headers: { 'x-forwarded-host': 'evil.example' },
    });
    expect(json<string[]>(viaProxyHeader).data[0]).toBe(`http://localhost:${port}/media/banner/1.svg`);
  });

  it('takes back the current avatar (a picture of the server, not an upload) as another host wrote it', async () => {
    // An avatar the shopper did not upload (as an operator may set one): only "unchanged" lets it be sent.
    server.db.prepare("UPDATE users SET avatar = '/media/avatar/demo.svg' WHERE username = 'demo'").run();
    const local = `http://localhost:${port}`;
    const current = json<{ avatar: string }>(await send(local, '/api/user/getUserInfo', { headers: { token } })).data
      .avatar;
    expect(current).toBe(`${local}/media/avatar/demo.svg`);
    // The profile form sends every field back, the avatar as it was read, here through 127.0.0.1.
    const saved = await send(server.baseUrl, '/api/user/profile', {
      method: 'POST',
      headers: { token, 'content-type': 'application/json' },
      body: Buffer.from(JSON.stringify({ avatar: current, nickname: 'Demo shopper' })),
    });
    expect(json(saved)).toMatchObject({ code: 1 });
    const row = server.db
      .prepare<[], { avatar: string; nickname: string }>("SELECT avatar, nickname FROM users WHERE username = 'demo'")
      .get();
    expect(row).toEqual({ avatar: '/media/avatar/demo.svg', nickname: 'Demo shopper' });
  });

  it('stores an upload as its path: sent back through another host it is accepted, and it loads on every host', async () => {
    // Uploaded through 127.0.0.1 ...
    const fullurl = json<{ fullurl: string }>(await upload(server.baseUrl, token)).data.fullurl;
    expect(fullurl.startsWith(`http://127.0.0.1:${port}/media/uploads/`)).toBe(true);
    const name = new URL(fullurl).pathname;
    // ... made the avatar through localhost ...
    const local = `http://localhost:${port}`;
    const saved = await send(local, '/api/user/profile', {
      method: 'POST',
      headers: { token, 'content-type': 'application/json' },
      body: Buffer.from(JSON.stringify({ avatar: fullurl })),
    });
    expect(json(saved).code).toBe(1);
    const row = server.db.prepare<[], { avatar: string }>("SELECT avatar FROM users WHERE username = 'demo'").get();
    expect(row?.avatar).toBe(name);
    // ... read back through each host on that host, and the picture loads there, the same bytes on each.
    const hosts = [local, server.baseUrl, ...(LAN ? [`http://${LAN}:${port}`] : [])];
    const storedBytes = readFileSync(path.join(server.uploadsDir, path.basename(name)));
    for (const base of hosts) {
      const avatar = json<{ avatar: string }>(await send(base, '/api/user/getUserInfo', { headers: { token } })).data
        .avatar;
      expect(avatar).toBe(`${base}${name}`);
      const file = await fetch(avatar);
      expect(file.status).toBe(200);
      expect(Buffer.from(await file.arrayBuffer()).equals(storedBytes)).toBe(true);
    }
    // The avatar as one host wrote it, sent back unchanged through another, is still the current one.
    const again = await send(server.baseUrl, '/api/user/profile', {
      method: 'POST',
      headers: { token, 'content-type': 'application/json' },
      body: Buffer.from(JSON.stringify({ avatar: `${local}${name}`, nickname: 'Demo' })),
    });
    expect(json(again).code).toBe(1);
    // Evidence of a top-up uploaded through one host and sent through another: accepted, stored as its path.
    const evidence = json<{ fullurl: string }>(await upload(local, token)).data.fullurl;
    expect(evidence.startsWith(`${local}/media/uploads/`)).toBe(true);
    const recharge = await send(server.baseUrl, '/api/user/recharge', {
      method: 'POST',
      headers: { token, 'content-type': 'application/json' },
      body: Buffer.from(JSON.stringify({ recharge_type: 1, network: 'TRC20', price: '10', image: evidence })),
    });
    expect(json(recharge).code).toBe(1);
    const stored = server.db
      .prepare<[], { image: string }>('SELECT image FROM recharges ORDER BY id DESC LIMIT 1')
      .get();
    expect(stored?.image).toBe(new URL(evidence).pathname);
  });
});

describe('absolute URLs with PUBLIC_URL=https://shop.example.com and ALLOWED_HOSTS', () => {
  const PUBLIC = 'https://shop.example.com';
  let server: TestServer;
  let token: string;
  let port: string;
  beforeAll(async () => {
    server = await startTestServer({
      publicUrl: PUBLIC,
      allowedHosts: ['shop2.example.com', 'https://secure.example.net', '.example.org'],
      staticDir,
    });
    token = await loginAs(server);
    port = new URL(server.baseUrl).port;
  });
  afterAll(() => server.stop());

  it('answers a request by the public name with URLs on PUBLIC_URL, its scheme included', async () => {
    expectAllOn(await seenThrough(server, token, server.baseUrl, 'shop.example.com'), PUBLIC);
  });

  it('answers a name ALLOWED_HOSTS adds with URLs on that name, the scheme of the connection or of the entry', async () => {
    expectAllOn(
      await seenThrough(server, token, server.baseUrl, `shop2.example.com:${port}`),
      `http://shop2.example.com:${port}`,
    );
    expectAllOn(await seenThrough(server, token, server.baseUrl, 'secure.example.net'), 'https://secure.example.net');
    expectAllOn(await seenThrough(server, token, server.baseUrl, 'm.shop.example.org'), 'http://m.shop.example.org');
  });

  it('answers loopback names and this machine’s addresses with PUBLIC_URL: behind a proxy they are its upstream', async () => {
    // nginx without `proxy_set_header Host $host` sends its upstream, e.g. Host: 127.0.0.1:PORT.
    expectAllOn(await seenThrough(server, token, server.baseUrl), PUBLIC);
    expectAllOn(await seenThrough(server, token, server.baseUrl, `localhost:${port}`), PUBLIC);
    if (LAN) expectAllOn(await seenThrough(server, token, `http://${LAN}:${port}`), PUBLIC);
  });

  it('answers a forged Host with PUBLIC_URL, never the forged name', async () => {
    for (const host of ['evil.example', `evil.example:${port}`, 'shop.example.com.evil.example', 'example.org.evil']) {
      const seen = await seenThrough(server, token, server.baseUrl, host);
      expectAllOn(seen, PUBLIC);
      expect(JSON.stringify(seen)).not.toContain('evil');
    }
  });

  it('reads ALLOWED_HOSTS as main.ts does, refusing entries that are not hosts, and *', () => {
    expect(allowedHostsOf(' shop2.example.com, .example.org ,https://secure.example.net,')).toEqual([
      'shop2.example.com',
      '.example.org',
      'https://secure.example.net',
    ]);
    expect(allowedHostsOf(undefined)).toEqual([]);
    for (const setting of ['*', 'https://shop.example.com/path', 'shop example.com', 'ftp://shop.example.com', 'a@b']) {
      expect(() => allowedHostsOf(setting)).toThrow(/ALLOWED_HOSTS/);
    }
  });
});

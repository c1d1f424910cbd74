/** @jest-environment node */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { rawGet } from '../../server/src/testing/raw-http';
import { startTestServer, type TestServer } from '../../server/src/testing/test-server';

const SCRIPT = `console.log(${JSON.stringify('a bundle of the shop '.repeat(200))});\n`;
const STYLE = `.bar{color:#d4401a}\n`.repeat(100);
/** The static app frame as the production build writes it (src/index.html, minified). */
const FRAME =
  '<div class=app-frame aria-hidden=true><div class=app-frame__bar></div><div class=app-frame__heading></div><div class=app-frame__block></div><div class=app-frame__tabs></div></div>';
const INDEX = `<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset=utf-8>\n    <title>shop</title>\n    <script defer src=/assets/boot.0000.js></script>\n    <link href=/assets/main.0000.css rel=stylesheet>\n  </head>\n  <body><div id="app">${FRAME}</div></body>\n</html>\n`;
const JS = '/assets/main.3f2a9c1b77.js';
const CSS = '/assets/main.3f2a9c1b77.css';

let server: TestServer;
let staticDir: string;
beforeAll(async () => {
  staticDir = mkdtempSync(path.join(tmpdir(), 'shop-static-'));
  mkdirSync(path.join(staticDir, 'assets'));
  writeFileSync(path.join(staticDir, 'index.html'), INDEX);
  // As `npm run build` leaves them (scripts/compress-dist.mjs): the file, its .br and its .gz.
  for (const [file, text] of [
    [JS, SCRIPT],
    [CSS, STYLE],
  ] as const) {
    writeFileSync(path.join(staticDir, file), text);
    writeFileSync(path.join(staticDir, `${file}.br`), brotliCompressSync(Buffer.from(text)));
    writeFileSync(path.join(staticDir, `${file}.gz`), gzipSync(Buffer.from(text)));
  }
  // As the build writes it (scripts/lib/route-chunks.cjs), with one file name no build would write.
  writeFileSync(
    path.join(staticDir, 'route-chunks.json'),
    JSON.stringify({
      routes: [
        { path: '/login', files: ['/assets/182.8691778a.js', '/assets/i18n-en-signin.6f594a83.js'] },
        { path: '/home', files: ['/assets/9336.a0bda738.js'] },
        { path: '/detail/:product?/:mer?', files: ['/assets/5197.09f6b75a.js', '/assets/3927.8480d989.css'] },
        { path: '/bag', files: ['/assets/366.0fe786ff.js', '/assets/x.js" onload="alert(1)'] },
      ],
    }),
  );
  // As the build writes it (scripts/lib/frame-texts.cjs): the sign-in hero in the SPA's languages.
  writeFileSync(
    path.join(staticDir, 'frame-texts.json'),
    JSON.stringify({
      en: { 'app.name': 'Orbit Market', 'account.login.lead': 'Welcome back. Log in & shop.' },
      tai: { 'app.name': 'Orbit Market', 'account.login.lead': 'ยินดีต้อนรับกลับมา' },
    }),
  );
  server = await startTestServer({ staticDir });
});
afterAll(async () => {
  await server.stop();
  rmSync(staticDir, { recursive: true, force: true });
});

describe('Pre-compressed assets, chosen by Accept-Encoding', () => {
  it('sends Brotli to a browser that accepts it, whatever order it lists the encodings in', async () => {
    for (const accept of ['gzip, deflate, br, zstd', 'br', 'br;q=0.5, gzip;q=0.5']) {
      const res = await rawGet(server.baseUrl, JS, { 'accept-encoding': accept });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['content-type']).toMatch(/^application\/javascript|^text\/javascript/);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(Number(res.headers['content-length'])).toBe(res.body.length);
      expect(brotliDecompressSync(res.body).toString()).toBe(SCRIPT);
    }
    const css = await rawGet(server.baseUrl, CSS, { 'accept-encoding': 'gzip, br' });
    expect(css.headers['content-encoding']).toBe('br');
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    expect(brotliDecompressSync(css.body).toString()).toBe(STYLE);
  });

  it('sends gzip to a client without Brotli, or that refuses it', async () => {
    for (const accept of ['gzip, deflate', 'br;q=0, gzip']) {
      const res = await rawGet(server.baseUrl, JS, { 'accept-encoding': accept });
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(gunzipSync(res.body).toString()).toBe(SCRIPT);
    }
  });

  it('sends the plain file to a client that accepts no compression', async () => {
    for (const headers of [
      {} as Record<string, string>,
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'br;q=0, gzip;q=0' },
    ]) {
      const res = await rawGet(server.baseUrl, JS, headers);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.body.toString()).toBe(SCRIPT);
    }
  });

  it('never serves a path outside the build', async () => {
    const res = await rawGet(server.baseUrl, '/assets/..%2f..%2fetc%2fpasswd.js', { 'accept-encoding': 'br' });
    expect(res.status).toBe(404);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});

describe('The LCP picture announced in the document', () => {
  const html = { accept: 'text/html' };
  const preloads = (body: Buffer) =>
    [...body.toString().matchAll(/<link rel="preload" as="image" fetchpriority="high" href="([^"]*)" \/>/g)].map(
      (m) => m[1],
    );
  /** The preload links must sit in <head>, before anything the SPA renders. */
  const head = (body: Buffer) => body.toString().split('</head>')[0] ?? '';

  it('names the first banner on /home (and /), the URL the banner call answers', async () => {
    const banners = await server.call<{ code: number; data: string[] }>('/api/index/banner');
    const first = banners.body.data[0];
    expect(first).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    for (const pathname of ['/home', '/']) {
      const res = await rawGet(server.baseUrl, pathname, html);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(preloads(res.body)).toEqual([first]);
      expect(head(res.body)).toContain(first);
      // Asked for first: right after the character set, before any script or style of the document.
      expect(head(res.body).split(first!)[0]).toMatch(/<meta charset=utf-8><link rel="preload" as="image" [^<]*$/);
      // Still only the policy's own scripts and styles: nothing inline came with it.
      expect(res.body.toString()).not.toMatch(/<script>|<script(?![^>]*\bsrc=)|<style/);
    }
  });

  it("names a product's first picture on /detail/{id}/{mer}, the first of the detail call's goods.images", async () => {
    const list = await server.call<{ data: { list: Array<{ id: number; mer_id: number }> } }>(
      '/api/index/product?category_id=1&limit=2',
    );
    expect(list.body.data.list.length).toBeGreaterThan(0);
    for (const { id, mer_id } of list.body.data.list) {
      const detail = await server.call<{ code: number; data: { goods: { images: string } } }>(
        `/api/product/detail?product_id=${id}&mer_id=${mer_id}`,
      );
      expect(detail.body.code).toBe(1);
      const first = detail.body.data.goods.images.split(',')[0];
      expect(first).toMatch(/^http:\/\//);
      const res = await rawGet(server.baseUrl, `/detail/${id}/${mer_id}`, html);
      expect(preloads(res.body)).toEqual([first]);
      expect(head(res.body)).toContain(first);
    }
  });

  it('announces nothing for a product of another shop, an unknown one, or a screen without a known picture', async () => {
    const list = await server.call<{ data: { list: Array<{ id: number; mer_id: number }> } }>(
      '/api/index/product?category_id=1&limit=1',
    );
    const { id, mer_id } = list.body.data.list[0]!;
    // (/login's frame holds the sign-in hero instead: below.)
    for (const pathname of [
      `/detail/${id}/${mer_id + 1000}`,
      '/detail/999999/1',
      '/detail/abc/1',
      '/register',
      '/bag',
    ]) {
      const res = await rawGet(server.baseUrl, pathname, html);
      expect(res.status).toBe(200);
      expect(preloads(res.body)).toEqual([]);
      expect(res.body.toString()).toContain(`<div id="app">${FRAME}</div>`);
    }
  });

  /** The picture drawn in the static app frame (painted before any JS), and the frame's kind. */
  const framePicture = (body: Buffer) => {
    const match =
      /<div class="app-frame app-frame--(home|detail)" aria-hidden="true"><img class="app-frame__picture" src="([^"]*)" alt="" fetchpriority="high" data-lcp-picture \/>/.exec(
        body.toString(),
      );
    return match ? { kind: match[1], src: match[2] } : null;
  };

  it('draws the same picture in the app frame, where the screen shows it, before any JS runs', async () => {
    const banners = await server.call<{ code: number; data: string[] }>('/api/index/banner');
    const home = await rawGet(server.baseUrl, '/home', html);
    expect(framePicture(home.body)).toEqual({ kind: 'home', src: banners.body.data[0] });
    // The rest of the frame (bar, tab bar) is still there, inside the one frame.
    expect(home.body.toString()).toContain('<div class=app-frame__tabs></div></div></div>');

    const list = await server.call<{ data: { list: Array<{ id: number; mer_id: number }> } }>(
      '/api/index/product?category_id=1&limit=1',
    );
    const { id, mer_id } = list.body.data.list[0]!;
    const detail = await server.call<{ data: { goods: { images: string; title: string } } }>(
      `/api/product/detail?product_id=${id}&mer_id=${mer_id}`,
    );
    const product = await rawGet(server.baseUrl, `/detail/${id}/${mer_id}`, html);
    expect(framePicture(product.body)).toEqual({ kind: 'detail', src: detail.body.data.goods.images.split(',')[0] });
    // The product's title in its card under the picture, as the detail call names it.
    const frameTitle = /<h2 class="app-frame__title">([^<]*)<\/h2>/.exec(product.body.toString())?.[1];
    expect(frameTitle?.replace(/&amp;/g, '&').replace(/&quot;/g, '"')).toBe(detail.body.data.goods.title);
    expect((await rawGet(server.baseUrl, '/home', html)).body.toString()).not.toContain('app-frame__title');
    for (const pathname of ['/login', '/bag', '/detail/999999/1']) {
      expect(framePicture((await rawGet(server.baseUrl, pathname, html)).body)).toBeNull();
    }
  });

  it('builds the URL from the configured public origin, never from a forged Host', async () => {
    const res = await rawGet(server.baseUrl, '/home', {
      ...html,
      host: 'evil.example',
      'x-forwarded-host': 'evil.example',
    });
    const [link] = preloads(res.body);
    expect(link?.startsWith(`${server.baseUrl}/`)).toBe(true);
    expect(res.body.toString()).not.toContain('evil.example');
  });
});

describe("A route's code announced in the document", () => {
  const html = { accept: 'text/html' };
  const announced = (body: Buffer) => {
    const head = body.toString().split('</head>')[0] ?? '';
    return [...head.matchAll(/<link rel="preload" as="(script|style)" href="([^"]*)"/g)].map((m) => `${m[1]} ${m[2]}`);
  };

  it("names the chunks of the route's first render, scripts and styles, in <head>", async () => {
    expect(announced((await rawGet(server.baseUrl, '/login', html)).body)).toEqual([
      'script /assets/182.8691778a.js',
      'script /assets/i18n-en-signin.6f594a83.js',
    ]);
    const detail = announced((await rawGet(server.baseUrl, '/detail/12/3', html)).body);
    expect(detail).toEqual(['script /assets/5197.09f6b75a.js', 'style /assets/3927.8480d989.css']);
  });

  it('matches as the router does: optional parameters, a trailing slash, any case, and / as /home', async () => {
    for (const pathname of ['/detail', '/detail/12', '/DETAIL/12/3/']) {
      expect(announced((await rawGet(server.baseUrl, pathname, html)).body)).toContain(
        'script /assets/5197.09f6b75a.js',
      );
    }
    expect(announced((await rawGet(server.baseUrl, '/', html)).body)).toContain('script /assets/9336.a0bda738.js');
  });

  it('announces nothing for a path that is no route, or one segment too many', async () => {
    for (const pathname of ['/nowhere', '/login/more', '/detail/1/2/3']) {
      const res = await rawGet(server.baseUrl, pathname, html);
      expect(res.status).toBe(200);
      expect(announced(res.body)).toEqual([]);
    }
  });

  it("holds them in an inert template when the frame draws the page's largest paint, for boot to ask after it", async () => {
    const parts = (body: Buffer) => {
      const head = body.toString().split('</head>')[0] ?? '';
      const template = /<template data-after-paint>(.*?)<\/template>/.exec(head);
      const outside = template ? head.replace(template[0], '') : head;
      const links = (text: string) =>
        [...text.matchAll(/<link rel="preload" as="(?:script|style)" href="([^"]*)"/g)].map((m) => m[1]);
      return { held: links(template?.[1] ?? ''), atOnce: links(outside) };
    };
    // /login's frame holds the sign-in hero; /home's the first banner: their code waits for that paint.
    expect(parts((await rawGet(server.baseUrl, '/login', html)).body)).toEqual({
      held: ['/assets/182.8691778a.js', '/assets/i18n-en-signin.6f594a83.js'],
      atOnce: [],
    });
    expect(parts((await rawGet(server.baseUrl, '/home', html)).body)).toEqual({
      held: ['/assets/9336.a0bda738.js'],
      atOnce: [],
    });
    // The bag's lines need its code: asked for at once, beside the entry scripts.
    expect(parts((await rawGet(server.baseUrl, '/bag', html)).body)).toEqual({
      held: [],
      atOnce: ['/assets/366.0fe786ff.js'],
    });
  });

  it('writes only plain asset paths into the document', async () => {
    const body = (await rawGet(server.baseUrl, '/bag', html)).body.toString();
    expect(announced(Buffer.from(body))).toEqual(['script /assets/366.0fe786ff.js']);
    expect(body).not.toContain('onload');
  });
});

describe("The sign-in hero in /login's app frame", () => {
  const html = { accept: 'text/html' };
  const hero = (body: Buffer) => {
    const match =
      /<div class="app-frame app-frame--signin" aria-hidden="true"><div class="auth-hero"><p class="auth-hero__brand">([^<]*)<\/p><p class="auth-hero__lead">([^<]*)<\/p><\/div>/.exec(
        body.toString(),
      );
    return match ? { brand: match[1], lead: match[2] } : null;
  };
  const languageCookie = (value: unknown) => ({
    ...html,
    cookie: `token=abc; language=${encodeURIComponent(JSON.stringify(value))}`,
  });

  it('says what the sign-in screen will say, in English for a first visit (text escaped)', async () => {
    expect(hero((await rawGet(server.baseUrl, '/login', html)).body)).toEqual({
      brand: 'Orbit Market',
      lead: 'Welcome back. Log in &amp; shop.',
    });
  });

  it('in the language the shopper chose (the language cookie the SPA writes)', async () => {
    const res = await rawGet(
      server.baseUrl,
      '/login',
      languageCookie({ language_name: 'ภาษาไทย', chinese_name: '泰语', file_name: 'tai' }),
    );
    expect(hero(res.body)?.lead).toBe('ยินดีต้อนรับกลับมา');
  });

  it('in English for a language it has no texts of, or a cookie it cannot read', async () => {
    for (const headers of [languageCookie({ file_name: 'xx' }), { ...html, cookie: 'language=%7Bbroken' }]) {
      expect(hero((await rawGet(server.baseUrl, '/login', headers)).body)?.lead).toBe(
        'Welcome back. Log in &amp; shop.',
      );
    }
  });

  it('only on /login', async () => {
    for (const pathname of ['/register', '/home', '/login/x']) {
      expect(hero((await rawGet(server.baseUrl, pathname, html)).body)).toBeNull();
    }
  });
});

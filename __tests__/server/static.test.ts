/** @jest-environment node */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { rawGet } from '../../server/src/tools/testing/raw-http';
import { FRAME_LINES } from '../../server/src/web/bag-frame';
import type { CartLine } from '../../src/api';
import { groupByShop } from '../../src/features/cart/lib/bag';
import { escapeHtml as escape } from '../../server/src/web/frame';
import { loginAs, startTestServer, type TestServer } from '../../server/src/tools/testing/test-server';

const SCRIPT = `console.log(${JSON.stringify('a bundle of the shop '.repeat(200))});\n`;
const STYLE = `.bar{color:#d4401a}\n`.repeat(100);
/** The static app frame as the production build writes it (src/index.html, minified). */
const FRAME =
  '<div class=app-frame aria-hidden=true><div class=app-frame__bar></div><div class=app-frame__heading></div><div class=app-frame__block></div><div class=app-frame__tabs></div></div>';
/** The app's entry scripts, announced as scripts/lib/paint-first.cjs writes them for src/boot.ts to run. */
const ENTRY = ['/assets/framework.0000.js', '/assets/main.0000.js'];
const ENTRY_SCRIPTS = ENTRY.map(
  (src) => `<link rel=preload as=script href=${src} fetchpriority=low data-app-script>`,
).join('');
const INDEX = `<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset=utf-8>\n    <title>shop</title>\n    <script defer src=/assets/boot.0000.js></script>\n    <link href=/assets/main.0000.css rel=stylesheet>${ENTRY_SCRIPTS}\n  </head>\n  <body><div id="app">${FRAME}</div></body>\n</html>\n`;
const JS = '/assets/main.3f2a9c1b77.js';
const CSS = '/assets/main.3f2a9c1b77.css';

/**
 * A document's <head> in two parts: what boot releases after the frame's paint (the inert
 * `<template data-after-paint>`, server/src/web/static.ts) and everything else, asked for at once.
 */
function headParts(body: Buffer | string): { held: string; outside: string } {
  const head = body.toString().split('</head>')[0] ?? '';
  const template = /<template data-after-paint>(.*?)<\/template>/.exec(head);
  return { held: template?.[1] ?? '', outside: template ? head.replace(template[0], '') : head };
}

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
        {
          path: '/bag',
          files: ['/assets/366.0fe786ff.js', '/assets/4243.5fd6f480.css', '/assets/x.js" onload="alert(1)'],
        },
      ],
    }),
  );
  // As the build writes it (scripts/lib/frame-texts.cjs): the sign-in hero in the SPA's languages.
  writeFileSync(
    path.join(staticDir, 'frame-texts.json'),
    JSON.stringify({
      en: {
        'app.name': 'Orbit Market',
        'account.login.lead': 'Welcome back. Log in & shop.',
        'route.bag': 'Cart',
        'cart.edit.start': 'Edit',
        'cart.select.allShort': 'All',
        'cart.total': 'Total',
        'cart.checkout': 'Checkout ({count})',
        'cart.soldOut': 'Sold out',
        'cart.quantity.max': 'Only {stock} in stock',
        '@bcp47': 'en',
      },
      tai: {
        'app.name': 'Orbit Market',
        'account.login.lead': 'ยินดีต้อนรับกลับมา',
        'route.bag': 'รถเข็น',
        'cart.edit.start': 'แก้ไข',
        'cart.select.allShort': 'ทั้งหมด',
        'cart.total': 'รวม',
        'cart.checkout': 'ชำระเงิน ({count})',
        'cart.soldOut': 'สินค้าหมด',
        'cart.quantity.max': 'เหลือในสต็อกเพียง {stock} ชิ้น',
        '@bcp47': 'th',
      },
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
      /<div class="app-frame app-frame--(home|detail)" aria-hidden="true"><img class="app-frame__picture" src="([^"]*)" alt="" fetchpriority="high" data-lcp-picture="\2" \/>/.exec(
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

describe('Pictures at the width they are drawn (the image-URL template)', () => {
  const html = { accept: 'text/html' };
  const metaOf = (body: Buffer) => /<meta name="picture-url-template" content="([^"]*)" \/>/.exec(body.toString())?.[1];
  const attribute = (tag: string, name: string) =>
    new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1]?.replace(/&amp;/g, '&');

  it("writes the reference server's own template into every document", async () => {
    for (const pathname of ['/home', '/login', '/bag', '/detail/1/1']) {
      expect(metaOf((await rawGet(server.baseUrl, pathname, html)).body)).toBe('{url}?w={width}');
    }
  });

  it('names the same widths in the preload, the frame and the template for a photograph; a drawing as it is', async () => {
    const photo = await startTestServer({ staticDir });
    try {
      // A photograph first among the banners (the seed's are drawings, which no width sharpens).
      photo.db.prepare('UPDATE banners SET sort = sort + 1').run();
      photo.db.prepare("INSERT INTO banners (image, sort) VALUES ('/media/catalog/banner-1.jpg', 0)").run();
      const [first] = (await photo.call<{ data: string[] }>('/api/index/banner')).body.data;
      expect(first).toBe(`${photo.baseUrl}/media/catalog/banner-1.jpg`);
      const body = (await rawGet(photo.baseUrl, '/home', html)).body.toString();
      const link = /<link rel="preload" as="image"[^>]*>/.exec(body)?.[0] ?? '';
      const img = /<img class="app-frame__picture"[^>]*>/.exec(body)?.[0] ?? '';
      const widths = [160, 320, 640, 1280].map((w) => `${first}?w=${w} ${w}w`).join(', ');
      expect(attribute(link, 'href')).toBe(`${first}?w=640`);
      expect(attribute(link, 'imagesrcset')).toBe(widths);
      expect(attribute(link, 'imagesizes')).toBe('(min-width: 560px) 560px, 100vw');
      expect(attribute(img, 'src')).toBe(`${first}?w=640`);
      expect(attribute(img, 'srcset')).toBe(widths);
      expect(attribute(img, 'sizes')).toBe('(min-width: 560px) 560px, 100vw');
      // The API's own URL, for the screen to draw through the same template.
      expect(attribute(img, 'data-lcp-picture')).toBe(first);
    } finally {
      await photo.stop();
    }
    // The seed's drawings: one URL, no widths.
    const drawing = (await rawGet(server.baseUrl, '/home', html)).body.toString();
    expect(drawing).not.toMatch(/imagesrcset|srcset=/);
  });

  it("writes a deployment's template, and an empty one in front of another backend", async () => {
    const imgproxy = 'https://img.example.com/insecure/rs:fit:{width}:0/plain/{url_encoded}';
    const configured = await startTestServer({ staticDir, pictureUrlTemplate: imgproxy });
    const proxied = await startTestServer({ staticDir, apiTarget: 'http://127.0.0.1:9' });
    try {
      expect(metaOf((await rawGet(configured.baseUrl, '/home', html)).body)).toBe(escape(imgproxy));
      expect(metaOf((await rawGet(proxied.baseUrl, '/home', html)).body)).toBe('');
    } finally {
      await configured.stop();
      await proxied.stop();
    }
  });
});

describe('Pages, and what is not one', () => {
  it("answers a browser's navigation with the page whatever its Accept says; a script's fetch of a page URL with 404", async () => {
    // As WebKit sent /login again from the service worker: a navigation to a document, Accept */*.
    const navigation = await rawGet(server.baseUrl, '/login', {
      accept: '*/*',
      'sec-fetch-mode': 'navigate',
      'sec-fetch-dest': 'document',
    });
    expect(navigation.status).toBe(200);
    expect(navigation.headers['content-type']).toMatch(/^text\/html/);
    expect(navigation.text).toContain('<div class=app-frame');
    const fetched = await rawGet(server.baseUrl, '/login', { accept: '*/*', 'sec-fetch-mode': 'cors' });
    expect(fetched.status).toBe(404);
    expect(fetched.headers['content-type']).toMatch(/^text\/plain/);
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
      const { held, outside } = headParts(body);
      const links = (text: string) =>
        [...text.matchAll(/<link rel="preload" as="(?:script|style)" href="([^"]*)"/g)].map((m) => m[1]);
      return { held: links(held), atOnce: links(outside) };
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
    // Without a session the bag draws nothing before its code: asked for at once, beside the entry scripts.
    expect(parts((await rawGet(server.baseUrl, '/bag', html)).body)).toEqual({
      held: [],
      atOnce: ['/assets/366.0fe786ff.js', '/assets/4243.5fd6f480.css'],
    });
  });

  it("leaves the app's entry scripts at once, in order, even where the route's chunks wait for the paint", async () => {
    const entry = (body: Buffer) => {
      const { held, outside } = headParts(body);
      const scripts = (text: string) =>
        [...text.matchAll(/<link\b[^>]*\bdata-app-script\b[^>]*>/g)].flatMap((m) =>
          [...m[0].matchAll(/\bhref="?([^" >]+)/g)].map((href) => href[1]!),
        );
      return { held: scripts(held), atOnce: scripts(outside) };
    };
    // Held until the frame's paint, they reached the screen later on a throttled phone (DevTools
    // throttling, 4x CPU: 0.15-0.6 s later on /bag, /home, a product and /login) for a largest paint
    // only 0-50 ms sooner: the browser already fetches them behind the styles and the picture.
    for (const pathname of ['/login', '/home', '/bag', '/nowhere']) {
      expect(entry((await rawGet(server.baseUrl, pathname, html)).body)).toEqual({ held: [], atOnce: ENTRY });
    }
  });

  it('writes only plain asset paths into the document', async () => {
    const body = (await rawGet(server.baseUrl, '/bag', html)).body.toString();
    expect(announced(Buffer.from(body))).toEqual(['script /assets/366.0fe786ff.js', 'style /assets/4243.5fd6f480.css']);
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

describe("The document in the shopper's theme", () => {
  const html = { accept: 'text/html' };
  /** The theme the page's <html> carries before any script runs, or null when it follows the phone. */
  const themeOf = (body: Buffer) => {
    const tag = /<html\b[^>]*>/i.exec(body.toString())?.[0] ?? '';
    return /data-prefers-color-scheme="([^"]*)"/.exec(tag)?.[1] ?? null;
  };

  it('carries the theme chosen in Settings (the theme cookie the SPA writes), on every page', async () => {
    for (const pathname of ['/home', '/login', '/detail/8/4', '/setting', '/no-such-screen']) {
      for (const theme of ['dark', 'light']) {
        const res = await rawGet(server.baseUrl, pathname, {
          ...html,
          cookie: `language=x; theme=${theme}; token=abc`,
        });
        expect([pathname, themeOf(res.body)]).toEqual([pathname, theme]);
        // Kept apart per cookie by any cache: the next shopper on a shared cache gets their own theme.
        expect(res.headers.vary).toMatch(/cookie/i);
      }
    }
  });

  it('carries none without a choice, so the stylesheet follows the phone; an unknown value is no choice', async () => {
    for (const cookie of [undefined, 'theme=system', 'theme=%22%3E%3Cscript%3E', 'theme=DARK', 'xtheme=dark']) {
      const res = await rawGet(server.baseUrl, '/home', cookie ? { ...html, cookie } : html);
      expect([cookie, themeOf(res.body)]).toEqual([cookie, null]);
      expect(res.body.toString()).not.toContain('<script>');
    }
  });
});

describe("The shopper's bag in /bag's app frame", () => {
  const BAG_FRAME = /<div class="app-frame app-frame--bag" aria-hidden="true" inert>/;
  let token: string;
  /** Two products of two shops, each with the first value of every spec group, as a shopper adds them. */
  let added: { title: string; shop: string; spec: string; price: string }[];

  const page = async (headers: Record<string, string>) => {
    const res = await rawGet(server.baseUrl, '/bag', { accept: 'text/html', ...headers });
    const body = res.body.toString();
    const frame = body.split('<div id="app">')[1] ?? body;
    const texts = (pattern: RegExp) => [...frame.matchAll(pattern)].map((m) => m[1]);
    return {
      res,
      body,
      drawn: BAG_FRAME.test(body),
      shops: texts(/<h2 class="bag-shop__name"><a>(?:<img[^>]*>)?<span>([^<]*)<\/span>/g),
      titles: texts(/<a class="bag-line__title">([^<]*)<\/a>/g),
      specs: texts(/<p class="bag-line__spec">([^<]*)<\/p>/g),
      prices: texts(/<span class="bag-line__price">([^<]*)<\/span>/g),
      checkout: texts(/<button type="button" class="button bag-bar__action">([^<]*)<\/button>/g),
    };
  };
  const cookie = (value: string, language?: string) => ({
    cookie: `token=${value}${language ? `; language=${encodeURIComponent(JSON.stringify({ file_name: language }))}` : ''}`,
  });

  beforeAll(async () => {
    token = await loginAs(server);
    const shops = server.db
      .prepare<[], { id: number; shop_id: number }>(
        'SELECT id, shop_id FROM products WHERE status = 1 AND stock > 5 GROUP BY shop_id ORDER BY shop_id LIMIT 2',
      )
      .all();
    added = [];
    for (const { id, shop_id: merId } of shops) {
      const detail = await server.call<{
        data: { goods: { title: string; sales_price: string; specList?: { child: string[] }[]; mer_name?: string } };
      }>(`/api/product/detail?product_id=${id}&mer_id=${merId}`, { token });
      const { goods } = detail.body.data;
      const spec = (goods.specList ?? []).map((group) => group.child[0]).join('|');
      const res = await server.call<{ code: number }>('/api/cart/add', {
        method: 'POST',
        token,
        json: { product_id: id, mer_id: merId, num: 1, spec },
      });
      expect(res.body.code).toBe(1);
      const shop = server.db.prepare<[number], { name: string }>('SELECT name FROM shops WHERE id = ?').get(merId)!;
      added.push({ title: goods.title, shop: shop.name, spec: spec.split('|').join(' · '), price: goods.sales_price });
    }
    expect(added).toHaveLength(2);
  });

  it('draws the lines as the bag screen shows them: by shop, newest first, nothing selected', async () => {
    const drawn = await page(cookie(token));
    expect(drawn.drawn).toBe(true);
    const newestFirst = [...added].reverse();
    expect(drawn.shops).toEqual(newestFirst.map((line) => line.shop));
    expect(drawn.titles).toEqual(newestFirst.map((line) => line.title));
    expect(drawn.specs).toEqual(newestFirst.filter((line) => line.spec).map((line) => line.spec));
    expect(drawn.prices).toEqual(newestFirst.map((line) => `$${Number(line.price).toFixed(2)}`));
    expect(drawn.checkout).toEqual(['Checkout (0)']);
    // Inert and hidden: nothing in it can be focused or read out until the screen replaces it.
    expect(drawn.body).not.toMatch(/<a [^>]*href=|tabindex/);
  });

  it('in the language the shopper chose', async () => {
    const drawn = await page(cookie(token, 'tai'));
    expect(drawn.drawn).toBe(true);
    expect(drawn.body).toContain('<h1 class="nav-bar__title">รถเข็น</h1>');
    expect(drawn.checkout).toEqual(['ชำระเงิน (0)']);
    // Formatted with the tag the SPA formats with ('th', not the cookie's 'tai'), as the screen will.
    const thai = new Intl.NumberFormat('th', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });
    expect(drawn.prices).toEqual([...added].reverse().map((line) => thai.format(Number(line.price))));
  });

  it("links the route's styles, which the frame is drawn with, and holds its scripts until it painted", async () => {
    const { held, outside } = headParts((await page(cookie(token))).body);
    expect(held).toContain('<link rel="preload" as="script" href="/assets/366.0fe786ff.js"');
    expect(outside).toContain('<link rel="stylesheet" href="/assets/4243.5fd6f480.css" />');
    expect(`${held}${outside}`).not.toContain('as="style"');
  });

  it('is private and stored by no cache; a page without the bag is private and revalidated', async () => {
    const drawn = await page(cookie(token));
    expect(drawn.res.headers['cache-control']).toBe('private, no-store');
    expect(drawn.res.headers.vary).toMatch(/cookie/i);
    const plain = await page({});
    expect(plain.drawn).toBe(false);
    expect(plain.res.headers['cache-control']).toBe('private, no-cache');
  });

  it("escapes what merchants write: a product's title is text, never markup", async () => {
    const newest = server.db
      .prepare<[], { product_id: number }>(
        'SELECT product_id FROM cart_lines ORDER BY created_at DESC, id DESC LIMIT 1',
      )
      .get()!;
    const before = server.db
      .prepare<[number], { title: string }>('SELECT title FROM products WHERE id = ?')
      .get(newest.product_id)!;
    server.db
      .prepare('UPDATE products SET title = ? WHERE id = ?')
      .run('<img src=x onerror="alert(1)"> & Co', newest.product_id);
    try {
      const drawn = await page(cookie(token));
      expect(drawn.titles[0]).toBe('&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; Co');
      expect(drawn.body).not.toContain('onerror="alert(1)"');
    } finally {
      server.db.prepare('UPDATE products SET title = ? WHERE id = ?').run(before.title, newest.product_id);
    }
  });

  it("draws nobody's bag without a live session in the cookie, or for a request the service worker makes", async () => {
    const otherUser = await server.call<{ code: number; data: { userinfo: { token: string } } }>('/api/user/login', {
      method: 'POST',
      json: { account: 'demo', password: 'demo123' },
    });
    const refused: Record<string, string>[] = [
      {},
      // The token as a header is the API's way, not the document's.
      { token },
      cookie('0'.repeat(64)),
      cookie('not-a-token'),
      // The service worker's navigation preload: a worker's cache must hold nobody's bag.
      { ...cookie(token), 'service-worker-navigation-preload': 'true' },
      // A fetch of the page by script, not a navigation.
      { ...cookie(token), 'sec-fetch-mode': 'cors' },
    ];
    for (const headers of refused) {
      const drawn = await page(headers);
      expect(drawn.drawn).toBe(false);
      expect(drawn.body).toContain('<div class=app-frame aria-hidden=true>');
      expect(drawn.res.headers['cache-control']).toBe('private, no-cache');
    }
    // A browser's own navigation says so, and gets the bag.
    expect((await page({ ...cookie(token), 'sec-fetch-mode': 'navigate' })).drawn).toBe(true);
    // A session that ended no longer opens it.
    await server.call('/api/user/logout', { method: 'POST', token, json: { lang: 'en' } });
    expect((await page(cookie(token))).drawn).toBe(false);
    token = otherUser.body.data.userinfo.token;
  });

  it("draws a first screen's worth of a long bag, newest first; the screen draws the rest", async () => {
    const shopper = await loginAs(server);
    const user = server.db.prepare<[], { id: number }>("SELECT id FROM users WHERE username = 'demo'").get()!;
    const products = server.db
      .prepare<[], { id: number; shop_id: number; title: string }>(
        'SELECT id, shop_id, title FROM products WHERE status = 1 ORDER BY id LIMIT 12',
      )
      .all();
    const add = server.db.prepare(
      'INSERT OR IGNORE INTO cart_lines (user_id, product_id, shop_id, spec, quantity, created_at, updated_at) VALUES (?, ?, ?, ?, 1, ?, ?)',
    );
    products.forEach((product, index) =>
      add.run(user.id, product.id, product.shop_id, `long-${index}`, 2e9 + index, 2e9 + index),
    );
    try {
      const bag = await server.call<{ data: { carts: CartLine[] } }>('/api/cart/index', { token: shopper });
      const drawn = await page(cookie(shopper));
      // The first lines in the order the screen draws them: grouped by shop as the SPA groups them.
      const shown = groupByShop(bag.body.data.carts).flatMap((group) => group.lines.map((line) => line.goods.title));
      expect(drawn.titles).toEqual(shown.slice(0, FRAME_LINES).map(escape));
      expect(new Set(bag.body.data.carts.slice(0, FRAME_LINES).map((line) => line.mer_id)).size).toBeGreaterThan(1);
    } finally {
      server.db.prepare("DELETE FROM cart_lines WHERE spec LIKE 'long-%'").run();
    }
  });

  it('draws a line at its stock with the hint and no more, and a sold-out line as the screen does', async () => {
    const shopper = await loginAs(server);
    const user = server.db.prepare<[], { id: number }>("SELECT id FROM users WHERE username = 'demo'").get()!;
    const [atStock, gone] = server.db
      .prepare<[], { id: number; shop_id: number; stock: number }>(
        'SELECT id, shop_id, stock FROM products WHERE status = 1 AND stock BETWEEN 2 AND 999 ORDER BY id LIMIT 2',
      )
      .all();
    const add = server.db.prepare(
      'INSERT INTO cart_lines (user_id, product_id, shop_id, spec, quantity, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    add.run(user.id, atStock!.id, atStock!.shop_id, 'edge-stock', atStock!.stock, 3e9, 3e9);
    add.run(user.id, gone!.id, gone!.shop_id, 'edge-gone', 1, 3e9 + 1, 3e9 + 1);
    server.db.prepare('UPDATE products SET status = 0 WHERE id = ?').run(gone!.id);
    try {
      const { body } = await page(cookie(shopper));
      const full = [...body.matchAll(/<li class="bag-line">(.*?)<\/li>/g)].map((m) => m[1]!);
      const stockLine = full.find((line) => line.includes('>edge-stock<'))!;
      const goneLine = full.find((line) => line.includes('>edge-gone<'))!;
      // At its stock: the hint under the stepper, and no more than the stock.
      expect(stockLine).toContain(`<span class="qty-stepper__hint">Only ${atStock!.stock} in stock</span>`);
      expect(stockLine).toMatch(
        /<input class="qty-stepper__input" value="\d+" readonly><button type="button" class="qty-stepper__button" disabled>/,
      );
      // Off the shelf: sold out, no stepper, and its checkbox cannot be chosen.
      expect(goneLine).toContain('<p class="bag-line__sold-out">Sold out</p>');
      expect(goneLine).not.toContain('qty-stepper');
      expect(goneLine).toContain('<input class="check__input" type="checkbox" disabled>');
      expect(stockLine).toContain('<input class="check__input" type="checkbox">');
    } finally {
      server.db.prepare('UPDATE products SET status = 1 WHERE id = ?').run(gone!.id);
      server.db.prepare("DELETE FROM cart_lines WHERE spec LIKE 'edge-%'").run();
    }
  });

  it('keeps the plain frame for an empty bag: the screen says so itself', async () => {
    const fresh = await loginAs(server, 'demo', 'demo123');
    const lines = server.db.prepare<[], { id: number }>('SELECT id FROM cart_lines').all();
    await server.call('/api/cart/del', {
      method: 'POST',
      token: fresh,
      json: { cart_ids: lines.map((l) => l.id).join(',') },
    });
    const drawn = await page(cookie(fresh));
    expect(drawn.drawn).toBe(false);
    expect(drawn.body).toContain('<div class=app-frame aria-hidden=true>');
  });
});

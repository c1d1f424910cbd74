/** @jest-environment node */
import http from 'node:http';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import Database from 'better-sqlite3';
import { createServer } from '../../server/src/app/create-server';
import { migrate } from '../../server/src/platform/db';
import { migrations } from '../../server/src/platform/db/migrations';
import { formatCents, parseMoney } from '../../server/src/shared/money';
import { seedIfEmpty } from '../../server/src/tools/seed/first-start';
import { startTestServer, type TestServer } from '../../server/src/tools/testing/test-server';
import { FAMILY_CATEGORY_KEYS } from '../support/catalog';

describe('seed', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  it('has 8+ shops and 64+ products spread over all 10 categories', () => {
    const db = server.db;
    const shops = db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM shops').get()?.n ?? 0;
    expect(shops).toBeGreaterThanOrEqual(8);
    const products = db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM products').get()?.n ?? 0;
    expect(products).toBeGreaterThanOrEqual(64);
    const perCategory = db
      .prepare<[], { name_en: string; n: number }>(
        'SELECT c.name_en, COUNT(p.id) AS n FROM categories c LEFT JOIN products p ON p.category_id = c.id GROUP BY c.id ORDER BY c.sort',
      )
      .all();
    expect(perCategory.map((c) => c.name_en)).toEqual(FAMILY_CATEGORY_KEYS);
    for (const c of perCategory) expect(c.n).toBeGreaterThanOrEqual(6);
    const shopsWithProducts = db
      .prepare<[], { n: number }>('SELECT COUNT(DISTINCT shop_id) AS n FROM products')
      .get()?.n;
    expect(shopsWithProducts).toBe(shops);
  });

  it('gives products specs, descriptions, prices in cents and some reviews', () => {
    const db = server.db;
    const withSpecs =
      db.prepare<[], { n: number }>('SELECT COUNT(DISTINCT product_id) AS n FROM product_specs').get()?.n ?? 0;
    expect(withSpecs).toBeGreaterThan(30);
    const bad = db
      .prepare<[], { n: number }>(
        "SELECT COUNT(*) AS n FROM products WHERE price_cents <= 0 OR market_price_cents < price_cents OR content_html NOT LIKE '<p>Sold and shipped by%'",
      )
      .get()?.n;
    expect(bad).toBe(0);
    expect(db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM reviews').get()?.n).toBeGreaterThan(20);
    expect(db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM banners').get()?.n).toBe(3);
  });

  it('records the demo opening balance in the ledger', () => {
    const row = server.db
      .prepare<[], { balance_cents: number; amount_cents: number; type: string }>(
        "SELECT u.balance_cents, b.amount_cents, b.type FROM users u JOIN bills b ON b.user_id = u.id WHERE u.username = 'demo'",
      )
      .get();
    expect(row).toEqual({ balance_cents: 100000, amount_cents: 100000, type: 'recharge' });
  });

  it('is deterministic: a second database gets the same catalogue', () => {
    const other = createServer({ databaseFile: ':memory:', seed: seedIfEmpty, log: () => {} });
    const dump = (db: typeof other.db) =>
      JSON.stringify(
        db
          .prepare(
            'SELECT id, shop_id, category_id, title, price_cents, stock, sales, clicks FROM products ORDER BY id',
          )
          .all(),
      );
    expect(dump(other.db)).toBe(dump(server.db));
    other.close();
  });

  it('serves generated product, shop and banner images with a long cache', async () => {
    for (const p of [
      '/media/product/12.svg',
      '/media/product/12-2.svg',
      '/media/shop/3.svg',
      '/media/shop-banner/3-1.svg',
      '/media/banner/1.svg',
      '/media/avatar/lena-park.svg',
    ]) {
      const res = await fetch(server.baseUrl + p);
      expect([p, res.status]).toEqual([p, 200]);
      expect(res.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(await res.text()).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    }
    const same1 = await (await fetch(`${server.baseUrl}/media/product/5.svg`)).text();
    const same2 = await (await fetch(`${server.baseUrl}/media/product/5.svg`)).text();
    expect(same1).toBe(same2);
    expect((await fetch(`${server.baseUrl}/media/product/99999.svg`)).status).toBe(404);
  });

  it("draws every category's own motif from the family's name_en keys", async () => {
    const firstOfEach = server.db
      .prepare<[], { id: number; name_en: string }>(
        'SELECT MIN(p.id) AS id, c.name_en FROM products p JOIN categories c ON c.id = p.category_id GROUP BY c.id',
      )
      .all();
    expect(firstOfEach).toHaveLength(10);
    for (const p of firstOfEach) {
      const svg = await (await fetch(`${server.baseUrl}/media/product/${p.id}.svg`)).text();
      expect([p.name_en, svg.includes('<circle cx="100" cy="100" r="70"/>')]).toEqual([p.name_en, false]);
    }
  });

  it("migration 8 gives an existing database's products clicks and rewrites its category keys", () => {
    const db = new Database(':memory:');
    db.exec(
      'CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)',
    );
    for (const m of migrations.filter((x) => x.version < 8)) {
      db.exec(m.sql);
      db.prepare('INSERT INTO schema_migrations VALUES (?, ?, 0)').run(m.version, m.name);
    }
    const oldKeys = ['computer', 'electrical_equipment', 'outdoors', 'family_life', 'health', 'mens_clothing'];
    oldKeys.push('womens_clothing', 'food', 'mobile_phone', 'toys');
    oldKeys.forEach((k, i) =>
      db.prepare('INSERT INTO categories (id, name, name_en, sort) VALUES (?, ?, ?, ?)').run(i + 1, k, k, i),
    );
    db.prepare("INSERT INTO shops (id, name, avatar, banner, created_at) VALUES (1, 'S', '', '', 0)").run();
    const product = db.prepare(
      `INSERT INTO products (id, shop_id, category_id, title, short_name, price_cents, market_price_cents, sales, image, created_at)
       VALUES (?, 1, 1, 'P', 'P', 100, 100, ?, '', 0)`,
    );
    product.run(1, 10);
    product.run(2, 0);
    expect(migrate(db)).toContain(8);
    const keys = db.prepare<[], { name_en: string }>('SELECT name_en FROM categories ORDER BY sort').all();
    expect(keys.map((k) => k.name_en)).toEqual(FAMILY_CATEGORY_KEYS);
    const clicks = db.prepare<[], { clicks: number }>('SELECT clicks FROM products ORDER BY id').all();
    // sales x 3 + a figure from the id: the same on every database
    expect(clicks.map((c) => c.clicks)).toEqual([30 + ((1 * 7919) % 500) + 40, ((2 * 7919) % 500) + 40]);
    db.close();
  });
});

describe('http behaviour', () => {
  let server: TestServer;
  let staticDir: string;
  beforeAll(async () => {
    staticDir = mkdtempSync(path.join(tmpdir(), 'shop-static-'));
    mkdirSync(path.join(staticDir, 'assets'));
    writeFileSync(
      path.join(staticDir, 'index.html'),
      `<!doctype html><title>shop</title>${'<!-- pad -->'.repeat(200)}`,
    );
    writeFileSync(
      path.join(staticDir, 'assets', 'main.3f2a9c1b.js'),
      `console.log(${JSON.stringify('x'.repeat(4000))});`,
    );
    writeFileSync(path.join(staticDir, 'favicon.ico'), 'icon');
    writeFileSync(path.join(staticDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(path.join(staticDir, 'manifest.webmanifest'), '{"name":"shop","start_url":"/home"}');
    server = await startTestServer({ staticDir });
  });
  afterAll(async () => {
    await server.stop();
    rmSync(staticDir, { recursive: true, force: true });
  });

  it('answers an unknown route under /api with an envelope 404, not HTML', async () => {
    const res = await fetch(`${server.baseUrl}/api/nothing/here`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ code: 0, msg: 'Not found', data: null });
  });

  it('answers malformed JSON with a 400 envelope', async () => {
    const res = await fetch(`${server.baseUrl}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"account":',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: 0, msg: 'body: is invalid', data: null });
  });

  it('serves hashed assets as immutable and index.html without caching, with SPA fallback', async () => {
    const asset = await fetch(`${server.baseUrl}/assets/main.3f2a9c1b.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const icon = await fetch(`${server.baseUrl}/favicon.ico`);
    expect(icon.headers.get('cache-control')).toBe('no-cache');
    const route = await fetch(`${server.baseUrl}/detail/3/1`, {
      headers: { accept: 'text/html,application/xhtml+xml' },
    });
    expect(route.status).toBe(200);
    // A document may differ by its cookies (the hero's language, the shopper's bag).
    expect(route.headers.get('cache-control')).toBe('private, no-cache');
    expect(route.headers.get('vary')).toMatch(/Cookie/);
    expect(await route.text()).toContain('<title>shop</title>');
    const notHtml = await fetch(`${server.baseUrl}/detail/3/1`, { headers: { accept: 'application/json' } });
    expect(notHtml.status).toBe(404);
  });

  it('serves the service worker and the web app manifest revalidated on every load, the manifest with its type', async () => {
    // A cached sw.js would hide a new deployment from the browser's update check.
    const worker = await fetch(`${server.baseUrl}/sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    expect(worker.headers.get('content-type')).toMatch(/^(text|application)\/javascript/);
    const manifest = await fetch(`${server.baseUrl}/manifest.webmanifest`);
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    expect(manifest.headers.get('content-type')).toBe('application/manifest+json; charset=utf-8');
    // The SPA's policy lets it register its own worker and read its own manifest.
    const csp = (await fetch(`${server.baseUrl}/home`, { headers: { accept: 'text/html' } })).headers.get(
      'content-security-policy',
    );
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
  });

  it('gzips text responses when the client accepts it', async () => {
    const raw = await new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
      http
        .get(`${server.baseUrl}/assets/main.3f2a9c1b.js`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        })
        .on('error', reject);
    });
    expect(raw.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(raw.body).toString()).toContain('console.log(');
  });

  it('logs method, path, status and time but never the token or the password', async () => {
    const lines: string[] = [];
    const shop = createServer({ databaseFile: ':memory:', seed: seedIfEmpty, log: (l) => lines.push(l) });
    const listener = shop.app.listen(0);
    try {
      await new Promise((r) => listener.once('listening', r));
      const base = `http://127.0.0.1:${(listener.address() as { port: number }).port}`;
      const res = await fetch(`${base}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ account: 'demo', password: 'demo123' }),
      });
      const token = ((await res.json()) as { data: { userinfo: { token: string } } }).data.userinfo.token;
      await fetch(`${base}/api/user/getUserInfo`, { headers: { token } });
      await fetch(`${base}/api/user/logout?lang=zh-cn`, { method: 'POST', headers: { token } });
      const all = lines.join('\n');
      expect(all).not.toContain(token);
      expect(all).not.toContain('demo123');
      expect(all).not.toContain('lang=zh-cn');
    } finally {
      await new Promise<void>((r) => {
        listener.close(() => r());
        listener.closeAllConnections();
      });
      shop.close();
    }
    expect(lines.some((l) => /^POST \/api\/user\/login 200 \d+\.\dms$/.test(l))).toBe(true);
    expect(lines.some((l) => /^POST \/api\/user\/logout 200 /.test(l))).toBe(true);
  });
});

describe('money', () => {
  it('formats cents with exactly two decimals and parses decimal strings without floats', () => {
    expect(formatCents(100000)).toBe('1000.00');
    expect(formatCents(5)).toBe('0.05');
    expect(formatCents(-1234)).toBe('-12.34');
    expect(parseMoney('0.1')).toBe(10);
    expect(parseMoney('19.99')).toBe(1999);
    expect(parseMoney(12.5)).toBe(1250);
    expect(parseMoney('1.005')).toBeNull();
    expect(parseMoney('-1')).toBeNull();
    expect(parseMoney('abc')).toBeNull();
  });
});

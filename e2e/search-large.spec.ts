import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';

// Search on a shop of real size (DESIGN.md 3.2, searchProducts): a second reference server on a
// database of 10,000 products and 200 shops (`npm run seed -- --products 10000 --shops 200`, a few
// seconds), serving the same production build. The shopper types the words of a title in another
// order and finds the product.

const ROOT = path.resolve(__dirname, '..');
const OXFORD = "Men's Slim Fit Oxford Shirt, Long Sleeve";

let server: ChildProcess | undefined;
let dataDir = '';
let baseUrl = '';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'orbit-market-e2e-10k-'));
  const started = Date.now();
  const seeded = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'server/src/tools/seed/cli.ts',
      '--products',
      '10000',
      '--shops',
      '200',
      '--db',
      path.join(dataDir, 'shop.sqlite'),
    ],
    { cwd: ROOT, encoding: 'utf8' },
  );
  if (seeded.status !== 0) throw new Error(`seeding 10,000 products failed: ${seeded.stderr}`);
  console.log(`${seeded.stdout.trim()} (${((Date.now() - started) / 1000).toFixed(1)} s with start-up)`);
  const port = await freePort();
  baseUrl = `http://localhost:${port}`;
  server = spawn(process.execPath, ['--import', 'tsx', path.join('server', 'src', 'main.ts')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, STATIC_DIR: path.join(ROOT, 'dist'), API_TARGET: '' },
    stdio: 'ignore',
    detached: true,
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${baseUrl}/api/index/index`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the 10k server did not come up within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
});

test.afterAll(() => {
  if (server?.pid) {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test.describe('Search on 10,000 products', () => {
  test('three words of a title in another order find the product', async ({ page, request }) => {
    const found = await (await request.get(`${baseUrl}/api/product/search?limit=1`)).json();
    expect(found.data.total).toBe(10000);

    await page.goto(`${baseUrl}/search`);
    // The search field (a combobox once it offers suggestions, a searchbox before).
    const box = page
      .getByRole('combobox', { name: 'Search products' })
      .or(page.getByRole('searchbox', { name: 'Search products' }));
    await box.fill('sleeve oxford slim');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\?.*title=sleeve(\+|%20)oxford(\+|%20)slim/);
    await expect(page.getByRole('link', { name: OXFORD }).first()).toBeVisible();
  });
});

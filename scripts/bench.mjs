// `npm run bench`: figures for the closing notes of an issue. Prints, never passes or fails on a number.
//   - production build time (npm run build, timed)
//   - all JS and CSS in dist/ (raw and gzip)
//   - the largest route chunk (every chunk a screen loads on demand), gzip -9 and as served (Brotli)
//   - the JS and CSS a phone really downloads to open /home and /login: every .js/.css response
//     until network idle in Debian's chromium, as transferred (the server's Brotli/gzip bytes) and
//     gzip-ed here at level 9 so the number compares with older figures
//   - Lighthouse (default mobile emulation and throttling) of /home, a product page, /login and
//     /bag (logged in as the demo shopper), medians of --runs runs (3 by default), each a first
//     visit (no HTTP cache, no service worker); and /bag of a shopper whose login installed the app
//   - the repeat visit (the service worker installed by a first visit): /home's LCP under Lighthouse's
//     mobile throttling (4x CPU, 150 ms, 1.6 Mbit/s), median of --runs; and offline: what opens
//   - the same first visits in chromium under Lighthouse's DevTools throttling (4x CPU, 562.5 ms RTT,
//     1.4 Mbit/s), the browser's own clock: the largest paint, and when the app's screen replaced the
//     static frame (the page can be used from then on), medians of --runs
//   - drawings and photographs side by side: a second server starts on the same demo photographed
//     (SEED_PHOTOS=1, server/src/tools/seed/PHOTOS.md; the time it takes to make them is reported);
//     its variant cache is warmed by opening the pages as Lighthouse will; then Lighthouse of /home
//     and the product page there, medians of --runs (LCP, CLS, total weight, pictures' weight),
//     beside the same pages on drawings; and /home's first visit in all (every response until
//     network idle, pictures included) on each
//   - every budget of the performance work beside our figure (it never fails on a number)
// Options: --no-build (measure the existing dist/), --no-lighthouse, --runs N, --json (print the JSON too),
// --host NAME (open the shop by another name than localhost, e.g. 127.0.0.1: the API's picture URLs
// follow an allowed host, so both names measure the same page).
// Writes everything to bench-results.json as well.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { screenEmulationMetrics, userAgents } from 'lighthouse/core/config/constants.js';
import { DIST_DIR, DIST_INDEX } from './lib/build.mjs';
import { CHROMIUM_PATH, HEADLESS_FLAGS, chromiumMissingMessage } from './lib/chromium.mjs';
import {
  ProcessGroup,
  ROOT,
  exitCodeOf,
  formatDuration,
  freePort,
  onTermination,
  serverCommand,
  stopAll,
  waitForHttp,
} from './lib/proc.mjs';

const LIGHTHOUSE_VERSION = createRequire(import.meta.url)('lighthouse/package.json').version;

const args = process.argv.slice(2);
const argv = new Set(args);
const runsArg = args.indexOf('--runs');
const hostArg = args.indexOf('--host');
const options = {
  host: hostArg >= 0 ? (args[hostArg + 1] ?? 'localhost') : 'localhost',
  build: !argv.has('--no-build'),
  lighthouse: !argv.has('--no-lighthouse'),
  json: argv.has('--json'),
  runs: runsArg >= 0 ? Math.max(1, Number.parseInt(args[runsArg + 1] ?? '', 10) || 1) : 3,
};
/**
 * A run Lighthouse could not record ("Something went wrong with recording the trace over your page
 * load. Please run Lighthouse again.", e.g. NO_NAVSTART: about 1 run in 12 with this Chromium, on
 * builds before and after any change of ours) is run again, at most this many times per page, so a
 * median is of --runs recorded runs.
 */
const UNRECORDED_RETRIES = 2;
/** Pages whose first visit is measured in chromium (the first-visit budget names these two). */
const PAGES = ['/home', '/login'];
/**
 * The budgets, as the performance work states them: Lighthouse mobile medians per page, the JS+CSS
 * a first visit transfers until idle, the largest chunk a route loads.
 */
const BUDGETS = {
  lcpMs: 1800,
  performance: 98,
  tbtMs: 100,
  cls: 0,
  firstVisitBytes: 140 * 1024,
  routeChunkGzip: 35 * 1024,
  repeatLcpMs: 1000,
  /** On the photographed demo: /home's first visit, every response until network idle. */
  photoFirstVisitBytes: 450 * 1024,
};
/** The phone Lighthouse emulates (its mobile defaults), so that a page asks for the pictures it will ask Lighthouse for. */
const LIGHTHOUSE_PHONE = {
  viewport: { width: screenEmulationMetrics.mobile.width, height: screenEmulationMetrics.mobile.height },
  deviceScaleFactor: screenEmulationMetrics.mobile.deviceScaleFactor,
  isMobile: true,
  hasTouch: true,
  userAgent: userAgents.mobile,
  locale: 'en-US',
};

const RESULTS_FILE = path.join(ROOT, 'bench-results.json');
/**
 * /bag opened by a shopper whose browser has the app's service worker (a session comes from /login,
 * which installs it): for information beside the budgets, which are measured on first visits.
 */
const RETURNING_BAG = '/bag (logged in, app installed by the login)';

const gzipSize = (bytes) => gzipSync(bytes, { level: 9 }).length;
const brotliSize = (bytes) =>
  brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }).length;
const kib = (bytes) => (bytes === null || bytes === undefined ? '-' : `${(bytes / 1024).toFixed(1)} KiB`);

const terminatedBy = onTermination(() => {
  stopAll();
});

const results = {
  date: new Date().toISOString(),
  machine: { node: process.version, cpus: os.cpus().length, platform: `${os.platform()} ${os.release()}` },
  buildMs: null,
  dist: null,
  routeChunks: null,
  initialLoad: {},
  repeatVisit: null,
  throttled: {},
  lighthouse: {},
  photographs: null,
  npmCi: 'not measured by this script: see .ci/run phase timings, or `rm -rf node_modules && time npm ci`',
};
let dataDir = null;
let photoDataDir = null;
let exitCode = 0;

try {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(chromiumMissingMessage({ inCI: false }));

  if (options.build) {
    console.log('Timing the production build (npm run build) ...');
    const output = [];
    const started = performance.now();
    const build = new ProcessGroup('build', 'npm', ['run', 'build'], { stdio: ['ignore', 'pipe', 'pipe'] });
    build.child.stdout.on('data', (chunk) => output.push(chunk));
    build.child.stderr.on('data', (chunk) => output.push(chunk));
    const code = exitCodeOf(await build.exited);
    if (code !== 0) {
      process.stderr.write(Buffer.concat(output));
      throw new Error(`The production build failed (exit code ${code}).`);
    }
    results.buildMs = Math.round(performance.now() - started);
  } else if (!existsSync(DIST_INDEX)) {
    throw new Error('dist/index.html is missing: run without --no-build.');
  }
  cancelIfTerminated();

  results.dist = measureDist();
  results.routeChunks = measureRouteChunks();

  dataDir = mkdtempSync(path.join(os.tmpdir(), 'orbit-market-bench-'));
  const port = await freePort();
  const baseURL = `http://${options.host}:${port}`;
  const command = serverCommand();
  const env = { ...process.env, PORT: String(port), DATA_DIR: dataDir, STATIC_DIR: DIST_DIR };
  delete env.API_TARGET;
  delete env.SEED_PHOTOS;
  const serverLog = [];
  const server = new ProcessGroup('server', command.cmd, command.args, {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.child.stdout.on('data', (chunk) => serverLog.push(chunk));
  server.child.stderr.on('data', (chunk) => serverLog.push(chunk));
  try {
    await waitForHttp(`${baseURL}/api/index/index`, {
      group: server,
      timeoutMs: 120_000,
      accept: (response) => response.ok,
      isCancelled: () => Boolean(terminatedBy()),
    });
  } catch (error) {
    process.stderr.write(Buffer.concat(serverLog));
    throw error;
  }

  photoDataDir = mkdtempSync(path.join(os.tmpdir(), 'orbit-market-bench-photos-'));
  const photoShop = await startPhotographedShop(command, { ...env, DATA_DIR: photoDataDir });
  cancelIfTerminated();

  console.log('Measuring the initial JS and CSS of each page in chromium ...');
  for (const page of PAGES) results.initialLoad[page] = await measureInitialLoad(`${baseURL}${page}`);
  cancelIfTerminated();

  console.log('Measuring the repeat visit and offline use (service worker) in chromium ...');
  results.repeatVisit = await measureRepeatVisit(baseURL, options.runs);
  cancelIfTerminated();

  const pages = await lighthousePages(baseURL);
  console.log('Measuring first visits in chromium under DevTools throttling ...');
  results.throttled = await measureThrottled(
    baseURL,
    pages.filter((page) => !page.returning),
    options.runs,
  );
  cancelIfTerminated();

  if (options.lighthouse) {
    console.log(`Running Lighthouse (mobile), ${options.runs} run(s) per page ...`);
    results.lighthouse = await runLighthouse(baseURL, pages);
  }
  cancelIfTerminated();

  results.photographs = await measurePhotographs(baseURL, photoShop, pages);

  printReport(results);
  writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nFigures saved to ${path.relative(ROOT, RESULTS_FILE)}.`);
  if (options.json) console.log(JSON.stringify(results, null, 2));
} catch (error) {
  console.error(terminatedBy() ? 'Interrupted.' : `bench: ${error.message}`);
  exitCode = 1;
} finally {
  await stopAll('SIGTERM', 10_000);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  if (photoDataDir) rmSync(photoDataDir, { recursive: true, force: true });
}
process.exit(exitCode);

function cancelIfTerminated() {
  if (terminatedBy()) throw new Error('interrupted');
}

function listFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((dirent) => {
    const file = path.join(dir, dirent.name);
    return dirent.isDirectory() ? listFiles(file) : [file];
  });
}

/** Every .js and .css file in dist/ (source maps and licence files excluded). */
function measureDist() {
  const totals = { js: { files: 0, raw: 0, gzip: 0 }, css: { files: 0, raw: 0, gzip: 0 } };
  for (const file of listFiles(DIST_DIR)) {
    const kind = path.extname(file).slice(1);
    if (kind !== 'js' && kind !== 'css') continue;
    const bytes = readFileSync(file);
    totals[kind].files += 1;
    totals[kind].raw += statSync(file).size;
    totals[kind].gzip += gzipSize(bytes);
  }
  return totals;
}

/**
 * Every chunk a route loads on demand (all .js and .css in dist/assets except what index.html
 * loads up front), largest first, gzip -9 and Brotli.
 */
function measureRouteChunks() {
  const index = readFileSync(DIST_INDEX, 'utf8');
  const upFront = new Set([...index.matchAll(/(?:src|href)=["']?\/?(assets\/[^"' >]+)/g)].map((m) => m[1]));
  const chunks = listFiles(path.join(DIST_DIR, 'assets'))
    .filter((file) => /\.(js|css)$/.test(file))
    .map((file) => ({ file: path.relative(DIST_DIR, file).split(path.sep).join('/'), bytes: readFileSync(file) }))
    .filter((chunk) => !upFront.has(chunk.file))
    .map(({ file, bytes }) => ({ file, raw: bytes.length, gzip: gzipSize(bytes), brotli: brotliSize(bytes) }))
    .sort((a, b) => b.gzip - a.gzip);
  return { count: chunks.length, largest: chunks.slice(0, 5) };
}

/** What a first visit to `url` downloads (a fresh profile, so nothing is cached). */
async function measureInitialLoad(url) {
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: HEADLESS_FLAGS });
  try {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      locale: 'en-US',
    });
    const page = await context.newPage();
    const pending = [];
    const files = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      const pathname = new URL(response.url()).pathname;
      const kind =
        type === 'script' || pathname.endsWith('.js')
          ? 'js'
          : type === 'stylesheet' || pathname.endsWith('.css')
            ? 'css'
            : null;
      if (!kind || response.status() !== 200) return;
      const requestedAt = response.request().timing().startTime;
      pending.push(
        Promise.all([response.body(), response.request().sizes(), response.headerValue('content-encoding')]).then(
          ([body, sizes, encoding]) =>
            files.push({
              kind,
              path: pathname,
              raw: body.length,
              gzip: gzipSize(body),
              // The body bytes on the wire, as the server encoded them (Brotli, gzip or none).
              transferred: sizes.responseBodySize,
              encoding: encoding ?? 'identity',
              requestedAt,
            }),
          () => undefined, // a body evicted by a navigation is not part of the page
        ),
      );
    });
    await page.goto(url, { waitUntil: 'networkidle', timeout: 60_000 });
    await Promise.all(pending);
    // Code the app fetches only once the first screen is idle (it sets a performance mark named
    // `idle-load:*` first) is reported apart: it does not delay the first screen.
    const idleSince = await page.evaluate(() => {
      const marks = performance.getEntriesByType('mark').filter((mark) => mark.name.startsWith('idle-load:'));
      return marks.length > 0 ? performance.timeOrigin + Math.min(...marks.map((mark) => mark.startTime)) : null;
    });
    const deferred = files.filter((file) => idleSince !== null && file.requestedAt >= idleSince);
    for (const file of files) file.deferred = deferred.includes(file);
    const critical = files.filter((file) => !file.deferred);
    const sum = (kind, field, list = critical) =>
      list.filter((file) => file.kind === kind).reduce((total, file) => total + file[field], 0);
    return {
      finalPath: new URL(page.url()).pathname,
      deferred: {
        files: deferred.length,
        gzip: sum('js', 'gzip', deferred) + sum('css', 'gzip', deferred),
        transferred: sum('js', 'transferred', deferred) + sum('css', 'transferred', deferred),
      },
      js: {
        files: critical.filter((file) => file.kind === 'js').length,
        raw: sum('js', 'raw'),
        gzip: sum('js', 'gzip'),
        transferred: sum('js', 'transferred'),
      },
      css: {
        files: critical.filter((file) => file.kind === 'css').length,
        raw: sum('css', 'raw'),
        gzip: sum('css', 'gzip'),
        transferred: sum('css', 'transferred'),
      },
      files: files.sort((a, b) => b.gzip - a.gzip),
    };
  } finally {
    await browser.close();
  }
}

/**
 * A shopper's second visit: a first visit installs the service worker (precache) and looks at a
 * product; then /home opens again, in the same profile, under Lighthouse's mobile throttling (4x
 * CPU, 150 ms round trips, 1.6 Mbit/s), and its largest contentful paint is read in the page. Then
 * offline: /home, the product looked at, and one never looked at.
 */
async function measureRepeatVisit(baseURL, runs) {
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: HEADLESS_FLAGS });
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const products = (await (await fetch(`${baseURL}/api/index/hot_product?limit=2`)).json()).data?.list ?? [];
    const [seen, unseen] = products.map((product) => `/detail/${product.id}/${product.mer_id}`);
    const first = await context.newPage();
    await first.goto(`${baseURL}/home`, { waitUntil: 'networkidle' });
    // Installed and activated: the precache is complete.
    await first.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return registration.active?.state;
    });
    if (seen) {
      await first.goto(`${baseURL}${seen}`, { waitUntil: 'networkidle' });
      await first.getByRole('heading', { level: 1 }).first().waitFor();
    }
    await first.close();

    const largestPaint = (page) =>
      page.evaluate(
        () =>
          new Promise((resolve) => {
            new PerformanceObserver((list) => {
              const last = list.getEntries().at(-1);
              const element = last?.element;
              resolve(
                last
                  ? {
                      ms: last.startTime,
                      element: element ? `${element.localName}.${element.classList[0] ?? ''}` : 'removed',
                    }
                  : null,
              );
            }).observe({ type: 'largest-contentful-paint', buffered: true });
            setTimeout(() => resolve(null), 5000);
          }),
      );
    const lcps = [];
    for (let run = 0; run < runs; run += 1) {
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 150,
        downloadThroughput: (1.6 * 1024 * 1024) / 8,
        uploadThroughput: (750 * 1024) / 8,
      });
      await page.goto(`${baseURL}/home`, { waitUntil: 'networkidle' });
      const controlled = await page.evaluate(() => Boolean(navigator.serviceWorker.controller));
      const lcp = await largestPaint(page);
      lcps.push({ lcpMs: lcp === null ? null : Math.round(lcp.ms), element: lcp?.element, controlled });
      await page.close();
    }

    await context.setOffline(true);
    const opens = async (pathname, check) => {
      if (!pathname) return null;
      const page = await context.newPage();
      try {
        await page.goto(`${baseURL}${pathname}`, { waitUntil: 'load', timeout: 15_000 });
        return await check(page);
      } catch {
        return false;
      } finally {
        await page.close();
      }
    };
    const visible = (locator) =>
      locator
        .first()
        .waitFor({ timeout: 8000 })
        .then(() => true);
    const offline = {
      home: await opens('/home', (page) => visible(page.locator('.banner-carousel img, .product-card'))),
      seenProduct: await opens(seen, (page) => visible(page.getByRole('heading', { level: 1 }))),
      unseenProductSaysOffline: await opens(unseen, (page) =>
        visible(page.getByText(/offline|not available offline|connection/i)),
      ),
    };
    return { runs: lcps, lcpMs: median(lcps.map((run) => run.lcpMs)), offline };
  } finally {
    await browser.close();
  }
}

/**
 * The pages Lighthouse measures: /home, the best seller's product page, /login, and /bag with the
 * demo shopper's session (its token cookie, set before each run). The bag holds the two best sellers
 * (first value of each spec), as a shopper's bag at checkout time does, so that /bag draws its lines
 * (the seeded demo bag is empty: its empty state is a much lighter screen).
 */
async function lighthousePages(baseURL) {
  const json = async (pathname, init) => (await (await fetch(`${baseURL}${pathname}`, init)).json()).data;
  const best = (await json('/api/index/hot_product?limit=2'))?.list ?? [];
  const product = best[0];
  const login = await json('/api/user/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: 'demo', password: 'demo123' }),
  });
  const token = login?.userinfo?.token;
  for (const { product_id: productId, mer_id: merId } of token ? best : []) {
    const detail = await json(`/api/product/detail?product_id=${productId}&mer_id=${merId}`, { headers: { token } });
    const spec = (detail?.goods?.specList ?? []).map((group) => group.child[0]).join('|');
    await json('/api/cart/add', {
      method: 'POST',
      headers: { 'content-type': 'application/json', token },
      body: JSON.stringify({ product_id: productId, mer_id: merId, num: 1, spec }),
    });
  }
  return [
    { page: '/home' },
    ...(product ? [{ page: `/detail/${product.id}/${product.mer_id}`, label: '/detail/{id}/{mer}' }] : []),
    { page: '/login' },
    ...(token
      ? [
          { page: '/bag', label: '/bag (logged in)', token },
          { page: '/bag', label: RETURNING_BAG, token, returning: true },
        ]
      : []),
  ];
}

/**
 * A first visit of each page in chromium under the throttling of Lighthouse's DevTools mode (4x CPU,
 * 562.5 ms RTT, 1.4 Mbit/s down, 675 kbit/s up), observed, not simulated: the largest paint, and when
 * the app's screen replaced the static frame in #app (src/index.html; the frame is inert, so the page
 * can be used from then on). Lighthouse's simulated LCP models the same load from an unthrottled
 * trace; this is the browser's own clock. Each run in a fresh context (no cache, no service worker);
 * medians of `runs`.
 */
/* global window, document, MutationObserver -- measureThrottled's page scripts run in the browser */
async function measureThrottled(baseURL, pages, runs) {
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: HEADLESS_FLAGS });
  const figures = {};
  try {
    for (const { page, label = page, token } of pages) {
      const each = [];
      for (let run = 0; run < runs; run += 1) {
        cancelIfTerminated();
        const context = await browser.newContext({
          viewport: { width: 390, height: 844 },
          isMobile: true,
          hasTouch: true,
        });
        try {
          if (token) await context.addCookies([{ name: 'token', value: token, url: baseURL, sameSite: 'Strict' }]);
          const tab = await context.newPage();
          const cdp = await context.newCDPSession(tab);
          await cdp.send('Network.enable');
          await cdp.send('Network.emulateNetworkConditions', {
            offline: false,
            latency: 562.5,
            downloadThroughput: (1474.56 * 1024) / 8,
            uploadThroughput: (675 * 1024) / 8,
          });
          await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
          await tab.addInitScript(() => {
            const seen = { lcpMs: null, screenMs: null };
            window.__benchSeen = seen;
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries()) seen.lcpMs = entry.startTime;
            }).observe({ type: 'largest-contentful-paint', buffered: true });
            document.addEventListener('DOMContentLoaded', () => {
              const app = document.getElementById('app');
              if (!app) return;
              new MutationObserver((records, observer) => {
                if (app.childElementCount > 0 && !app.querySelector(':scope > .app-frame')) {
                  seen.screenMs = performance.now();
                  observer.disconnect();
                }
              }).observe(app, { childList: true });
            });
          });
          await tab.goto(`${baseURL}${page}`, { waitUntil: 'load', timeout: 60_000 });
          await tab.waitForFunction(() => window.__benchSeen.screenMs !== null, null, { timeout: 60_000 });
          // A largest paint is reported a frame after it is presented.
          await tab.waitForTimeout(300);
          each.push(await tab.evaluate(() => ({ ...window.__benchSeen })));
        } finally {
          await context.close();
        }
      }
      figures[label] = {
        url: page,
        lcpMs: median(each.map((seen) => seen.lcpMs)),
        screenMs: median(each.map((seen) => seen.screenMs)),
        each,
      };
    }
  } finally {
    await browser.close();
  }
  return figures;
}

function median(values) {
  const sorted = values.filter((v) => typeof v === 'number').sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

async function runLighthouse(baseURL, pages) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...HEADLESS_FLAGS],
    logLevel: 'silent',
  });
  const figures = {};
  let browser = null;
  try {
    for (const { page, label = page, token, returning = false } of pages) {
      const runs = [];
      const recordedRuns = () => runs.filter((r) => !r.runtimeError).length;
      for (let run = 0; recordedRuns() < options.runs && run < options.runs + UNRECORDED_RETRIES; run += 1) {
        cancelIfTerminated();
        const started = performance.now();
        if (token) {
          // Lighthouse's storage reset would drop the session cookie, so it is off for this page;
          // the HTTP cache, the service worker and its caches (installed by the pages measured
          // before) are cleared here instead, so the run is still a first visit. A returning
          // shopper's run then opens /login first, as a shopper does to get a session, waits for the
          // service worker it installs and opens it again: the page itself is then served from the
          // precache.
          // Puppeteer is Lighthouse's own way to drive the browser (its authenticated-pages recipe).
          if (!browser) {
            const puppeteer = await import('puppeteer-core');
            browser = await puppeteer.default.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
          }
          const tab = await browser.newPage();
          const cdp = await tab.createCDPSession();
          await cdp.send('Storage.clearDataForOrigin', {
            origin: new URL(baseURL).origin,
            storageTypes: 'service_workers,cache_storage',
          });
          if (returning) {
            await tab.goto(`${baseURL}/login`, { waitUntil: 'load' });
            await tab.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
            // Opened once more from the service worker, as a returning shopper's app has been: the
            // browser keeps the compiled code of what ran from its cache (V8's code cache).
            await tab.reload({ waitUntil: 'networkidle0' });
          }
          await cdp.send('Network.clearBrowserCache');
          await cdp.send('Network.setCookie', { name: 'token', value: token, url: baseURL, sameSite: 'Strict' });
          await tab.close();
        }
        const result = await lighthouse(`${baseURL}${page}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices'],
          disableStorageReset: Boolean(token),
        });
        const lhr = result?.lhr;
        if (!lhr) throw new Error(`Lighthouse returned no report for ${page}.`);
        const score = (id) => {
          const value = lhr.categories[id]?.score;
          return typeof value === 'number' ? Math.round(value * 100) : null;
        };
        const audit = (id) => lhr.audits[id]?.numericValue ?? null;
        runs.push({
          finalPath: new URL(lhr.finalDisplayedUrl ?? lhr.finalUrl ?? `${baseURL}${page}`).pathname,
          performance: score('performance'),
          accessibility: score('accessibility'),
          bestPractices: score('best-practices'),
          fcpMs: audit('first-contentful-paint'),
          lcpMs: audit('largest-contentful-paint'),
          tbtMs: audit('total-blocking-time'),
          cls: audit('cumulative-layout-shift'),
          speedIndexMs: audit('speed-index'),
          totalBytes: audit('total-byte-weight'),
          imageBytes: imageBytesOf(lhr),
          runtimeError: lhr.runtimeError?.message ?? null,
          warnings: lhr.runWarnings ?? [],
          durationMs: Math.round(performance.now() - started),
        });
      }
      // A run Lighthouse could not record has no figures: it is reported and run again, not counted.
      const recorded = runs.filter((r) => !r.runtimeError);
      const pick = (field) => median(recorded.map((r) => r[field]));
      figures[label] = {
        url: page,
        runs: recorded.length,
        finalPath: runs[0]?.finalPath,
        performance: pick('performance'),
        accessibility: pick('accessibility'),
        bestPractices: pick('bestPractices'),
        fcpMs: pick('fcpMs'),
        lcpMs: pick('lcpMs'),
        tbtMs: pick('tbtMs'),
        cls: pick('cls'),
        speedIndexMs: pick('speedIndexMs'),
        totalBytes: pick('totalBytes'),
        imageBytes: pick('imageBytes'),
        runtimeError: runs.find((r) => r.runtimeError)?.runtimeError ?? null,
        unrecorded: runs.length - recorded.length,
        warnings: [...new Set(runs.flatMap((r) => r.warnings))],
        each: runs,
      };
    }
  } finally {
    if (browser) await browser.disconnect();
    await chrome.kill();
  }
  return figures;
}

/**
 * A second reference server on the same demo, photographed (SEED_PHOTOS=1: the server makes the
 * pictures before it listens, server/src/tools/seed/PHOTOS.md). Answers its URL and what its log
 * says it made.
 */
async function startPhotographedShop(command, env) {
  const port = await freePort();
  const baseURL = `http://${options.host}:${port}`;
  console.log('Starting a second server on the demo photographed (SEED_PHOTOS=1) ...');
  const log = [];
  const server = new ProcessGroup('photographed server', command.cmd, command.args, {
    env: { ...env, PORT: String(port), SEED_PHOTOS: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.child.stdout.on('data', (chunk) => log.push(chunk));
  server.child.stderr.on('data', (chunk) => log.push(chunk));
  try {
    await waitForHttp(`${baseURL}/api/index/index`, {
      group: server,
      timeoutMs: 600_000,
      accept: (response) => response.ok,
      isCancelled: () => Boolean(terminatedBy()),
    });
  } catch (error) {
    process.stderr.write(Buffer.concat(log));
    throw error;
  }
  const made = /Photographed the demo: (\d+) pictures, (\d+) KiB in ([\d.]+) s/.exec(Buffer.concat(log).toString());
  return {
    baseURL,
    made: made ? { pictures: Number(made[1]), kib: Number(made[2]), seconds: Number(made[3]) } : null,
  };
}

/** The photographs' sizes in the second server's catalogue folder: products and banners, smallest and largest. */
function catalogSizes(dir) {
  const range = (names) => {
    const bytes = names.map((name) => statSync(path.join(dir, name)).size);
    return bytes.length ? { files: bytes.length, min: Math.min(...bytes), max: Math.max(...bytes) } : null;
  };
  const names = existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.jpg')) : [];
  return {
    products: range(names.filter((name) => !name.startsWith('banner-'))),
    banners: range(names.filter((name) => name.startsWith('banner-'))),
  };
}

/**
 * Opens each page as Lighthouse will (its phone: width, pixel ratio, user agent; the same chromium,
 * so the same Accept) and scrolls to the bottom, as Lighthouse's full-page screenshot draws it, so
 * that every variant those pages ask for is encoded and cached before the first measured run.
 * Answers how many picture URLs were asked for.
 */
/* global innerHeight, scrollTo -- the scroll runs in the browser */
async function warmPictures(baseURL, paths) {
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: HEADLESS_FLAGS });
  const asked = new Set();
  try {
    for (const pathname of paths) {
      const context = await browser.newContext(LIGHTHOUSE_PHONE);
      try {
        const page = await context.newPage();
        page.on('request', (request) => {
          if (request.resourceType() === 'image') asked.add(request.url());
        });
        await page.goto(`${baseURL}${pathname}`, { waitUntil: 'networkidle', timeout: 180_000 });
        await page.evaluate(async () => {
          for (let y = 0; y < document.body.scrollHeight; y += innerHeight / 2) {
            scrollTo(0, y);
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        });
        await page.waitForLoadState('networkidle', { timeout: 180_000 });
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  return asked.size;
}

/**
 * A first visit of `url` on Lighthouse's phone, fresh profile: every response until network idle
 * (documents, API answers, code, fonts, pictures, and what the service worker fetches), headers and
 * bodies as transferred, by kind.
 */
async function measureFirstVisitAll(url) {
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: HEADLESS_FLAGS });
  try {
    const context = await browser.newContext(LIGHTHOUSE_PHONE);
    const pending = [];
    context.on('requestfinished', (request) => {
      pending.push(
        request.sizes().then(
          (sizes) => ({
            type: request.resourceType(),
            worker: Boolean(request.serviceWorker()),
            bytes: sizes.responseBodySize + sizes.responseHeadersSize,
          }),
          () => null,
        ),
      );
    });
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'networkidle', timeout: 120_000 });
    const responses = (await Promise.all(pending)).filter(Boolean);
    const sum = (keep) => responses.filter(keep).reduce((total, response) => total + response.bytes, 0);
    return {
      requests: responses.length,
      all: sum(() => true),
      pictures: sum((r) => r.type === 'image'),
      code: sum((r) => r.type === 'script' || r.type === 'stylesheet'),
      serviceWorker: sum((r) => r.worker),
    };
  } finally {
    await browser.close();
  }
}

/** The pictures' bytes of a Lighthouse report (its resource summary). */
function imageBytesOf(lhr) {
  const items = lhr.audits['resource-summary']?.details?.items ?? [];
  return items.find((item) => item.resourceType === 'image')?.transferSize ?? null;
}

/**
 * /home and the product page on the photographed shop beside the same pages on drawings: its
 * variants warmed first, then /home's first visit in all on each shop, then Lighthouse there.
 */
async function measurePhotographs(drawingsURL, shop, pages) {
  const measured = pages.filter((page) => !page.token && (page.page === '/home' || page.page.startsWith('/detail/')));
  console.log("Warming the photographed shop's picture variants (its pages opened as Lighthouse opens them) ...");
  const warmed = await warmPictures(
    shop.baseURL,
    measured.map((page) => page.page),
  );
  cancelIfTerminated();
  console.log("Measuring /home's first visit in all (pictures included) on drawings and on photographs ...");
  const firstVisit = {
    drawings: await measureFirstVisitAll(`${drawingsURL}/home`),
    photographs: await measureFirstVisitAll(`${shop.baseURL}/home`),
  };
  cancelIfTerminated();
  let lighthouse = {};
  if (options.lighthouse) {
    console.log(`Running Lighthouse (mobile) on the photographed shop, ${options.runs} run(s) per page ...`);
    lighthouse = await runLighthouse(shop.baseURL, measured);
  }
  return {
    made: shop.made,
    sizes: catalogSizes(path.join(photoDataDir, 'catalog')),
    warmedPictures: warmed,
    firstVisit,
    lighthouse,
  };
}

function table(headers, rows) {
  const widths = headers.map((header, column) =>
    Math.max(header.length, ...rows.map((row) => String(row[column]).length)),
  );
  const line = (cells) =>
    cells
      .map((cell, column) =>
        column === 0 ? String(cell).padEnd(widths[column]) : String(cell).padStart(widths[column]),
      )
      .join('  ');
  return [line(headers), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n');
}

function printReport(figures) {
  const seconds = (ms) => (ms === null || ms === undefined ? '-' : `${(ms / 1000).toFixed(2)} s`);
  console.log('\n== Build ==');
  console.log(
    `production build: ${figures.buildMs === null ? 'skipped (--no-build)' : formatDuration(figures.buildMs)}`,
  );
  console.log(`npm ci: ${figures.npmCi}`);

  console.log('\n== dist/ (all chunks) ==');
  console.log(
    table(
      ['', 'files', 'raw', 'gzip -9'],
      ['js', 'css'].map((kind) => [
        kind.toUpperCase(),
        figures.dist[kind].files,
        kib(figures.dist[kind].raw),
        kib(figures.dist[kind].gzip),
      ]),
    ),
  );

  console.log('\n== Route chunks (loaded on demand), largest first ==');
  console.log(
    table(
      ['chunk', 'raw', 'gzip -9', 'brotli'],
      figures.routeChunks.largest.map((chunk) => [chunk.file, kib(chunk.raw), kib(chunk.gzip), kib(chunk.brotli)]),
    ),
  );

  console.log('\n== Initial load, first visit at 390x844 (every .js/.css until network idle) ==');
  console.log('   (transferred: the bytes the server sent, Brotli when the browser asks for it;');
  console.log('    idle-time: fetched after the first screen went idle, not counted in the columns before it)');
  console.log(
    table(
      ['page', 'JS files', 'CSS files', 'JS+CSS transferred', 'JS+CSS gzip -9', 'JS raw', 'idle-time transferred'],
      Object.entries(figures.initialLoad).map(([page, load]) => [
        load.finalPath === page ? page : `${page} -> ${load.finalPath}`,
        load.js.files,
        load.css.files,
        kib(load.js.transferred + load.css.transferred),
        kib(load.js.gzip + load.css.gzip),
        kib(load.js.raw),
        load.deferred ? `${kib(load.deferred.transferred)} (${load.deferred.files} files)` : '-',
      ]),
    ),
  );

  const throttledRows = Object.entries(figures.throttled);
  if (throttledRows.length > 0) {
    console.log(
      `\n== First visit in chromium, DevTools throttling (4x CPU, 562.5 ms RTT, 1.4 Mbit/s), median of ${options.runs} ==`,
    );
    console.log("   (observed, not simulated: the largest paint, and the app's screen replacing the static frame)");
    console.log(
      table(
        ['page', 'LCP', 'screen ready'],
        throttledRows.map(([page, seen]) => [page, seconds(seen.lcpMs), seconds(seen.screenMs)]),
      ),
    );
  }

  const lighthouseRows = Object.entries(figures.lighthouse);
  if (lighthouseRows.length > 0) {
    const runs = Math.max(...lighthouseRows.map(([, lh]) => lh.runs ?? 1));
    console.log(
      `\n== Lighthouse ${LIGHTHOUSE_VERSION} mobile (simulated slow 4G, 4x CPU slowdown), median of ${runs} ==`,
    );
    console.log(
      table(
        ['page', 'perf', 'a11y', 'best-pr.', 'FCP', 'LCP', 'TBT', 'CLS', 'Speed Index'],
        lighthouseRows.map(([page, lh]) => [
          page,
          lh.performance ?? '-',
          lh.accessibility ?? '-',
          lh.bestPractices ?? '-',
          seconds(lh.fcpMs),
          seconds(lh.lcpMs),
          lh.tbtMs === null ? '-' : `${Math.round(lh.tbtMs)} ms`,
          lh.cls === null ? '-' : lh.cls.toFixed(3),
          seconds(lh.speedIndexMs),
        ]),
      ),
    );
    for (const [page, lh] of lighthouseRows) {
      if (lh.finalPath && lh.finalPath !== lh.url) console.log(`  ${page}: ended on ${lh.finalPath}`);
      if (lh.runtimeError) {
        console.log(
          `  ${page}: Lighthouse error in ${lh.unrecorded} run(s), run again (${lh.runs} recorded): ${lh.runtimeError}`,
        );
      }
      for (const warning of lh.warnings) console.log(`  ${page}: ${warning}`);
    }
  }

  printPhotographs(figures);
  printBudgets(figures);
}

/** /home and the product page on drawings and on photographs, side by side. */
function printPhotographs(figures) {
  const photos = figures.photographs;
  if (!photos) return;
  const seconds = (ms) => (ms === null || ms === undefined ? '-' : `${(ms / 1000).toFixed(2)} s`);
  const kb = (range) => (range ? `${Math.round(range.min / 1000)}-${Math.round(range.max / 1000)} KB` : '-');
  const made = photos.made
    ? `${photos.made.pictures} photographs made in ${photos.made.seconds.toFixed(1)} s at the server's first start`
    : 'photographs made (time not in the log)';
  console.log('\n== Drawings and photographs side by side (the same demo shop) ==');
  console.log(
    `   ${made}: products ${kb(photos.sizes.products)}, banners ${kb(photos.sizes.banners)}; ` +
      `${photos.warmedPictures} picture URLs warmed before measuring`,
  );
  const phone = `${LIGHTHOUSE_PHONE.viewport.width}x${LIGHTHOUSE_PHONE.viewport.height} at ${LIGHTHOUSE_PHONE.deviceScaleFactor}x`;
  const rows = [];
  for (const [label, drawn] of Object.entries(figures.lighthouse)) {
    const photographed = photos.lighthouse[label];
    if (!photographed) continue;
    for (const [pictures, lh] of [
      ['drawings', drawn],
      ['photographs', photographed],
    ]) {
      rows.push([
        label,
        pictures,
        lh.performance ?? '-',
        seconds(lh.lcpMs),
        lh.cls === null ? '-' : lh.cls.toFixed(3),
        kib(lh.totalBytes),
        kib(lh.imageBytes),
      ]);
    }
  }
  if (rows.length > 0) {
    const runs = Math.max(...Object.values(photos.lighthouse).map((lh) => lh.runs ?? 1));
    console.log(`   Lighthouse ${LIGHTHOUSE_VERSION} mobile, median of ${runs}:`);
    console.log(table(['page', 'pictures', 'perf', 'LCP', 'CLS', 'total weight', 'pictures'], rows));
  }
  console.log(`   /home's first visit in all, on Lighthouse's phone (${phone}), every response until network idle:`);
  console.log(
    table(
      ['pictures', 'all', 'pictures', 'JS+CSS', 'other', 'by the service worker', 'requests'],
      Object.entries(photos.firstVisit).map(([pictures, visit]) => [
        pictures,
        kib(visit.all),
        kib(visit.pictures),
        kib(visit.code),
        kib(visit.all - visit.pictures - visit.code),
        kib(visit.serviceWorker),
        visit.requests,
      ]),
    ),
  );
}

/** Every budget beside our figure; 'over' is information, the bench never fails on it. */
function printBudgets(figures) {
  const rows = [];
  const verdict = (value, within) => (value === null || value === undefined ? 'not measured' : within ? 'ok' : 'OVER');
  for (const [page, lh] of Object.entries(figures.lighthouse)) {
    if (page === RETURNING_BAG) continue;
    rows.push(
      [
        `${page}: LCP`,
        '<= 1.80 s',
        lh.lcpMs === null ? '-' : `${(lh.lcpMs / 1000).toFixed(2)} s`,
        verdict(lh.lcpMs, lh.lcpMs <= BUDGETS.lcpMs),
      ],
      [
        `${page}: performance`,
        `>= ${BUDGETS.performance}`,
        lh.performance ?? '-',
        verdict(lh.performance, lh.performance >= BUDGETS.performance),
      ],
      [
        `${page}: TBT`,
        `<= ${BUDGETS.tbtMs} ms`,
        lh.tbtMs === null ? '-' : `${Math.round(lh.tbtMs)} ms`,
        verdict(lh.tbtMs, lh.tbtMs <= BUDGETS.tbtMs),
      ],
      [
        `${page}: CLS`,
        `${BUDGETS.cls}`,
        lh.cls === null ? '-' : lh.cls.toFixed(3),
        verdict(lh.cls, lh.cls <= BUDGETS.cls),
      ],
    );
  }
  if (Object.keys(figures.lighthouse).length === 0)
    rows.push(['Lighthouse (LCP, performance, TBT, CLS)', 'per page', '-', 'not measured (--no-lighthouse)']);
  for (const [page, load] of Object.entries(figures.initialLoad)) {
    const bytes = load.js.transferred + load.css.transferred;
    rows.push([
      `${page}: first-visit JS+CSS to idle`,
      `<= ${kib(BUDGETS.firstVisitBytes)}`,
      kib(bytes),
      verdict(bytes, bytes <= BUDGETS.firstVisitBytes),
    ]);
  }
  const repeat = figures.repeatVisit;
  rows.push([
    '/home: repeat-visit LCP (service worker)',
    `<= ${(BUDGETS.repeatLcpMs / 1000).toFixed(2)} s`,
    repeat?.lcpMs == null ? '-' : `${(repeat.lcpMs / 1000).toFixed(2)} s`,
    verdict(repeat?.lcpMs, repeat?.lcpMs <= BUDGETS.repeatLcpMs),
  ]);
  if (repeat) {
    const said = (value) => (value === null ? 'not measured' : value ? 'yes' : 'NO');
    rows.push(
      ['offline: /home opens from the cache', 'yes', said(repeat.offline.home), ''],
      ['offline: a product looked at opens', 'yes', said(repeat.offline.seenProduct), ''],
      ['offline: a product never looked at says offline', 'yes', said(repeat.offline.unseenProductSaysOffline), ''],
    );
  }
  const photos = figures.photographs;
  if (photos) {
    for (const [page, lh] of Object.entries(photos.lighthouse)) {
      rows.push(
        [
          `${page} on photographs: LCP`,
          `<= ${(BUDGETS.lcpMs / 1000).toFixed(2)} s`,
          lh.lcpMs === null ? '-' : `${(lh.lcpMs / 1000).toFixed(2)} s`,
          verdict(lh.lcpMs, lh.lcpMs <= BUDGETS.lcpMs),
        ],
        [
          `${page} on photographs: CLS`,
          `${BUDGETS.cls}`,
          lh.cls === null ? '-' : lh.cls.toFixed(3),
          verdict(lh.cls, lh.cls <= BUDGETS.cls),
        ],
      );
    }
    const visit = photos.firstVisit.photographs;
    rows.push([
      '/home on photographs: first visit in all',
      `<= ${kib(BUDGETS.photoFirstVisitBytes)}`,
      kib(visit?.all),
      verdict(visit?.all, visit?.all <= BUDGETS.photoFirstVisitBytes),
    ]);
  }
  const largest = figures.routeChunks?.largest[0];
  rows.push([
    'largest route chunk (gzip)',
    `<= ${kib(BUDGETS.routeChunkGzip)}`,
    largest ? `${kib(largest.gzip)} (${largest.file})` : '-',
    verdict(largest?.gzip, largest && largest.gzip <= BUDGETS.routeChunkGzip),
  ]);
  console.log('\n== Budgets (figures for the notes; the bench never fails on a number) ==');
  console.log(table(['budget', 'target', 'ours', ''], rows));
}

// `npm run bench:server`: the reference server's latency on a large shop (10,000 products, 200 shops).
//   1. seeds a 10k database in a temporary folder (`npm run seed -- --products 10000 --shops 200`),
//      or reuses the one a previous run left there (--fresh seeds anew; --db FILE uses that file)
//   2. starts the server on a free port on that database
//   3. drives, one after the other and each at a fixed rate with autocannon (50 clients started evenly
//      across each second, so requests arrive a few at a time, not in one burst a second), searchProducts (30
//      varied queries in the five languages, filters, typos, repeated as popular searches are), a long
//      tail of 3,000 different searches (beyond the answers the server keeps), suggestSearch
//      (prefixes as typed), hot products and product detail, for a few seconds each
//   4. prints p50 / p99 latency (ms), requests and errors per endpoint, and stops the server
// It never fails on a number (the budgets are figures to read: search and suggest p99 <= 20 ms at
// 500 requests/s); it exits non-zero only when it cannot run.
// Options: --rate N (search and suggest, default 500), --duration S (default 5), --fresh, --db FILE.
import { existsSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import {
  ProcessGroup,
  ROOT,
  bin,
  freePort,
  onTermination,
  run,
  serverCommand,
  stopAll,
  waitForHttp,
} from './lib/proc.mjs';

const { values } = parseArgs({
  options: {
    rate: { type: 'string', default: '500' },
    duration: { type: 'string', default: '5' },
    fresh: { type: 'boolean', default: false },
    db: { type: 'string' },
  },
});
const rate = Number(values.rate);
const duration = Number(values.duration);
/** autocannon clients per endpoint, started evenly across a second (see atFixedRate). */
const SLOTS = 50;

onTermination(() => stopAll());

const dbFile = path.resolve(values.db ?? path.join(os.tmpdir(), 'orbit-market-bench-10k', 'shop.sqlite'));
if (values.fresh || !existsSync(dbFile)) {
  mkdirSync(path.dirname(dbFile), { recursive: true });
  const started = Date.now();
  const code = await run(
    'seed',
    bin('tsx'),
    ['server/src/tools/seed/cli.ts', '--products', '10000', '--shops', '200', '--db', dbFile, '--force'],
    { cwd: ROOT },
  );
  if (code !== 0) {
    console.error('Seeding the 10k database failed.');
    process.exit(1);
  }
  console.log(`Seeding took ${((Date.now() - started) / 1000).toFixed(1)} s`);
} else console.log(`Reusing ${dbFile} (--fresh seeds anew)`);

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const command = serverCommand();
// stdout (a line per request) is not kept: the figures are what matters here.
const server = new ProcessGroup('server', command.cmd, command.args, {
  env: { ...process.env, PORT: String(port), DATA_DIR: path.dirname(dbFile), STATIC_DIR: '', API_TARGET: '' },
  stdio: ['ignore', 'ignore', 'inherit'],
});

const SEARCHES = [
  'shirt',
  'men shirt',
  'shirt men',
  "men's oxford shirt",
  'laptop',
  'wireless earbuds',
  'earbuds wireless',
  'premium headset',
  'air fry',
  'coffee beans gift',
  'yoga',
  'sleeping bags',
  'northwind',
  'computers',
  'toys puzzle',
  '衬衫',
  '男士衬衫',
  '电脑',
  'スマートフォン',
  'マウス',
  '셔츠',
  '남성 셔츠',
  'เสื้อเชิ้ต',
  'หูฟังไร้สาย',
  'shrit',
  'wirless mouse',
  '"NEAR" OR * -x',
  'lapt',
  'dress',
  'green tea',
];
const FILTERED = [
  '&min_price=10&max_price=50',
  '&in_stock=1',
  '&sort=price_asc',
  '&sort=new&in_stock=1',
  '&category_id=6',
  '',
  '',
  '',
];
const SUGGESTS = [
  'l',
  'la',
  'lap',
  'lapto',
  'm',
  'me',
  'men',
  'men s',
  'men sh',
  'wire',
  'wireless e',
  'n',
  'nor',
  'a',
  'air',
  'co',
  'coff',
  's',
  'sm',
  'smart',
  '电',
  '电脑',
  '衬衫',
  'スマ',
  'スマート',
  '셔',
  '셔츠',
  'เสื้อ',
  'y',
  'yog',
];

// The long tail: 3,000 different two-word searches (more than the server keeps answers for), so
// nearly every one is a real query of the indexes.
const WORDS = [
  'classic',
  'premium',
  'compact',
  'lightweight',
  'eco',
  'deluxe',
  'slim',
  'pro',
  'essential',
  'vintage',
  'smart',
  'ultra',
  'aurora',
  'nimbus',
  'kestrel',
  'solace',
  'vireo',
  'tundra',
  'halcyon',
  'lumen',
  'zephyr',
  'marlow',
  'cobalt',
  'juniper',
  'gift',
  'set',
  'limited',
  'shipping',
  'water',
  'model',
  'travel',
  'family',
  'laptop',
  'mouse',
  'shirt',
  'jacket',
  'tent',
  'tea',
  'honey',
  'puzzle',
  'kite',
  'phone',
  'case',
  'charger',
  'dress',
  'coat',
  'mat',
  'fryer',
  'kettle',
  'fan',
  'blender',
  'toaster',
  'backpack',
  'lantern',
  'candle',
  'towel',
  'pan',
  'yoga',
  'vitamin',
];
const longTail = [];
for (let i = 0; longTail.length < 3000; i++) {
  const a = WORDS[i % WORDS.length];
  const b = WORDS[Math.floor(i / WORDS.length) % WORDS.length];
  if (a !== b)
    longTail.push({
      method: 'GET',
      path: `/api/product/search?page=1&limit=10&title=${a}+${b.slice(0, 1 + (i % b.length))}`,
    });
}

const search = SEARCHES.map((q, i) => ({
  method: 'GET',
  path: `/api/product/search?page=1&limit=10&title=${encodeURIComponent(q)}${FILTERED[i % FILTERED.length]}`,
}));
const suggest = SUGGESTS.map((q) => ({ method: 'GET', path: `/api/product/suggest?title=${encodeURIComponent(q)}` }));
const hot = [1, 2, 3, 4, 5].map((page) => ({ method: 'GET', path: `/api/index/hot_product?page=${page}&limit=10` }));

let exitCode = 0;
try {
  await waitForHttp(`${base}/api/index/index`, { group: server, timeoutMs: 60_000 });
  const cards = await (await fetch(`${base}/api/index/hot_product?page=1&limit=50`)).json();
  const detail = cards.data.list.map((c) => ({
    method: 'GET',
    path: `/api/product/detail?product_id=${c.product_id}&mer_id=${c.mer_id}`,
  }));
  const total = (await (await fetch(`${base}/api/product/search?limit=1`)).json()).data.total;
  console.log(`Server on ${base}, ${total} products on sale`);

  const runs = [
    { name: 'search', requests: search, rate },
    { name: 'search (long tail)', requests: longTail, rate },
    { name: 'suggest', requests: suggest, rate },
    { name: 'hot products', requests: hot, rate: 200 },
    { name: 'product detail', requests: detail, rate: 200 },
  ];
  // Warm up (statement cache, page cache) at a low rate, then measure.
  for (const r of runs) {
    const requests = r.requests.slice(0, 50);
    await autocannon({ url: base, connections: 4, amount: requests.length * 4, requests });
  }
  const rows = [];
  for (const r of runs) rows.push({ endpoint: r.name, 'rate (req/s)': r.rate, ...(await atFixedRate(base, r)) });
  console.log(
    `\n${duration} s per endpoint at a fixed rate (${SLOTS} autocannon clients, one every ${1000 / SLOTS} ms of each second), ${os.cpus().length} CPUs:`,
  );
  console.table(rows);
  console.log('Budget (figures, not a test): search and suggest p99 <= 20 ms at 500 req/s, 0 errors.');
} catch (error) {
  console.error(error.message);
  exitCode = 1;
} finally {
  await stopAll();
}
process.exit(exitCode);

/**
 * Drives `r.requests` at `r.rate` requests a second. autocannon's rate is a count per second: a
 * client sends its share back to back when its second starts, so one client (or 20 started
 * together) would hit the server with the whole second's requests in one burst and measure that
 * queue, not a fixed rate. Here SLOTS clients start 1000/SLOTS ms apart, each at rate/SLOTS, so
 * requests arrive a few at a time all through each second (10 every 20 ms at 500/s). Latency is
 * every response's own time, from autocannon's 'response' events.
 */
async function atFixedRate(base, r) {
  const latencies = [];
  let errors = 0;
  let requests = 0;
  // One sequence shared by all clients (each would otherwise replay the list from its start).
  let next = 0;
  await Promise.all(
    Array.from(
      { length: SLOTS },
      (_, slot) =>
        new Promise((resolve, reject) => {
          setTimeout(
            () => {
              const instance = autocannon(
                {
                  url: base,
                  connections: 1,
                  overallRate: Math.max(1, Math.round(r.rate / SLOTS)),
                  duration,
                  requests: [
                    {
                      method: 'GET',
                      setupRequest: (req) => ({ ...req, path: r.requests[next++ % r.requests.length].path }),
                    },
                  ],
                },
                (error, result) => {
                  if (error) return reject(error);
                  // connection errors (timeouts included) and answers other than 2xx
                  errors += result.errors + result.non2xx;
                  requests += result.requests.total;
                  resolve();
                },
              );
              instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
            },
            (slot * 1000) / SLOTS,
          );
        }),
    ),
  );
  latencies.sort((a, b) => a - b);
  const at = (q) =>
    latencies.length
      ? Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] * 10) / 10
      : null;
  return { requests, 'p50 (ms)': at(0.5), 'p99 (ms)': at(0.99), 'max (ms)': at(1), errors };
}

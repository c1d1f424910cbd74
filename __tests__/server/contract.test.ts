/** @jest-environment node */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express, { type Express } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { loginAs, startTestServer, type TestServer } from '../../server/src/tools/testing/test-server';
import {
  Contract,
  formatCheck,
  formatHeader,
  formatSummary,
  runContract,
  type CheckResult,
  type ContractReport,
} from '../../scripts/contract/index';
import { passkeyOrigin } from '../../scripts/contract/passkeys';
import { FAMILY_ROUTES, familyFixtures, type FamilyOperation } from '../support/family-backend';

const IMPLEMENTED = [
  'getPlatform',
  'listLanguages',
  'getHelpSupport',
  'getLaw',
  'register',
  'login',
  'getUserInfo',
  'setLanguage',
  'logout',
];

/** The money path of --write (openapi/README.md), each called at least once. */
const MONEY_PATH = [
  'register',
  'login',
  'resetPayPassword',
  'saveAddress',
  'listAddresses',
  'getAddress',
  'addToCart',
  'getCart',
  'setCartQuantity',
  'previewOrder',
  'submitOrder',
  'verifyPayPassword',
  'payNewOrder',
  'payOrder',
  'getPaymentInfo',
  'getOrderDetail',
  'cancelOrder',
  'uploadImage',
  'createRecharge',
  'listRecharges',
  'createExtract',
  'listExtracts',
  'deleteCartLines',
  'deleteAddress',
];

/** The passkey extension's calls in the read-only run, and those of the money path (--write). */
const PASSKEYS = [
  'listPasskeys',
  'beginPasskeyLogin',
  'beginPasskeyRegistration',
  'finishPasskeyRegistration',
  'finishPasskeyLogin',
  'deletePasskey',
];
const PASSKEY_PAYMENT = ['beginPasskeyPayment', 'verifyPayPasskey'];

const find = (report: ContractReport, operationId: string, variant?: string): CheckResult | undefined =>
  report.checks.find((c) => c.operationId === operationId && c.variant === variant);
const variantOf = (report: ContractReport, operationId: string, pattern: RegExp): CheckResult | undefined =>
  report.checks.find((c) => c.operationId === operationId && c.variant !== undefined && pattern.test(c.variant));
const failures = (report: ContractReport) =>
  report.checks
    .filter((c) => c.outcome === 'FAIL')
    .map(formatCheck)
    .join('\n');

describe('contract checker against the reference server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  it('finds no failure; what the server implements passes, the rest is reported as not implemented', async () => {
    const report = await runContract({ baseUrl: server.baseUrl });
    expect(failures(report)).toBe('');
    expect(report.mode).toBe('read-only');
    expect(report.account.created).toBe(true);
    expect(formatHeader(report)).toMatch(/read-only run: .*no money moves/);
    expect(report.ok).toBe(true);
    expect(report.fatal).toBeUndefined();
    for (const id of IMPLEMENTED) expect([id, find(report, id)?.outcome]).toEqual([id, 'PASS']);
    for (const variant of ['no token', 'after setLanguage', 'token after logout']) {
      expect([variant, find(report, 'getUserInfo', variant)?.outcome]).toEqual([variant, 'PASS']);
    }
    expect(find(report, 'login', 'empty account and password')).toMatchObject({
      outcome: 'PASS',
      status: 200,
      code: 0,
      msg: 'Please input account and password',
    });
    expect(find(report, '(no operation)', 'unknown path')?.outcome).toBe('PASS');
    // Catalog, cart, orders, wallet lists: PASS once implemented, NOT IMPLEMENTED (404) until then.
    for (const c of report.checks) expect(['PASS', 'NOT IMPLEMENTED', 'SKIP']).toContain(c.outcome);
    const s = report.summary;
    expect(s.passed + s.failed + s.notImplemented + s.skipped).toBe(report.checks.length);
    // Money and shared data are never touched.
    for (const id of ['payOrder', 'payNewOrder', 'submitOrder', 'createExtract', 'createRecharge', 'addToCart']) {
      expect(report.notExercised).toContain(id);
    }
    // The reference server has every extension: the fields its answers carry are all present.
    expect(report.core.ok).toBe(true);
    expect(report.extensions.absent).toEqual([]);
    expect(report.extensions.present).toEqual(
      expect.arrayContaining(['getUserInfo data.order_after_sale', 'listHotProducts data.list[].id']),
    );
    expect([...report.extensions.implemented].sort()).toEqual(
      ['getNotificationSettings', 'suggestSearch', ...PASSKEYS].sort(),
    );
    expect(find(report, 'getNotificationSettings')?.extension).toBe(true);
    expect(formatSummary(report)).toMatch(/^family core: pass \(/m);
    expect(formatSummary(report)).toMatch(
      /^extensions \(informational, never a failure\): (\d+) of \1 fields present/m,
    );
  });

  it('adds a passkey to the throw-away account, signs in with it and removes it again, in the read-only run', async () => {
    const report = await runContract({ baseUrl: server.baseUrl });
    expect(failures(report)).toBe('');
    for (const id of PASSKEYS)
      expect([id, find(report, id)]).toEqual([id, expect.objectContaining({ outcome: 'PASS' })]);
    for (const [id, variant] of [
      ['listPasskeys', 'after finishPasskeyRegistration'],
      ['beginPasskeyLogin', 'to sign in'],
      ['getUserInfo', 'session of finishPasskeyLogin'],
      ['logout', 'session of finishPasskeyLogin'],
      ['listPasskeys', 'after deletePasskey'],
    ] as const) {
      expect([id, variant, find(report, id, variant)?.outcome]).toEqual([id, variant, 'PASS']);
    }
    expect(find(report, 'finishPasskeyLogin')).toMatchObject({ code: 1, extension: true });
    // The same answer again, and removing it without the password: refusals, HTTP 200 with code 0.
    expect(find(report, 'finishPasskeyLogin', 'the same answer again')).toMatchObject({
      outcome: 'PASS',
      status: 200,
      code: 0,
      msg: 'This passkey request was already used or is not valid. Please try again',
    });
    expect(find(report, 'deletePasskey', 'no password')).toMatchObject({
      outcome: 'PASS',
      code: 0,
      msg: 'Please enter your login password',
    });
    expect(find(report, 'deletePasskey')).toMatchObject({ outcome: 'PASS', code: 1 });
    expect(report.extensions.present).toContain('getUserInfo data.passkeys');
    // The money path's passkey calls wait for --write.
    for (const id of PASSKEY_PAYMENT) expect(report.notExercised).toContain(id);
    // It leaves no passkey and no open session behind on the account.
    const left = server.db
      .prepare<[string], { passkeys: number; sessions: number }>(
        `SELECT (SELECT COUNT(*) FROM passkeys WHERE user_id = u.id) AS passkeys,
                (SELECT COUNT(*) FROM sessions WHERE user_id = u.id) AS sessions
         FROM users u WHERE u.username = ?`,
      )
      .get(report.account.username);
    expect(left).toEqual({ passkeys: 0, sessions: 0 });
    expect(formatCheck(find(report, 'beginPasskeyRegistration') as CheckResult)).toMatch(
      /^PASS\s+beginPasskeyRegistration\s+POST \/api\/user\/passkey\/register_options\s+\d+ms {2}HTTP 200 code 1; .*extension operation$/,
    );
  });

  it('--write runs the money path on a throw-away account: each operation answers as the contract says', async () => {
    const report = await runContract({ baseUrl: server.baseUrl, write: true });
    expect(failures(report)).toBe('');
    expect(report.ok).toBe(true);
    expect(report.mode).toBe('write');
    expect(formatHeader(report)).toContain(`registers the throw-away account ${report.account.username}`);
    for (const id of MONEY_PATH) {
      expect([id, report.checks.filter((c) => c.operationId === id).map((c) => c.outcome)]).toEqual([
        id,
        expect.arrayContaining(['PASS']),
      ]);
    }
    // A new account has balance 0: the refusal is the expected outcome, HTTP 200 with code 0.
    expect(find(report, 'payNewOrder')).toMatchObject({
      outcome: 'PASS',
      status: 200,
      code: 0,
      msg: 'Insufficient balance',
    });
    expect(find(report, 'payNewOrder')?.expected).toMatch(/^refusal .*balance 0\.00/);
    expect(find(report, 'createExtract')).toMatchObject({ outcome: 'PASS', status: 200, code: 0 });
    expect(find(report, 'cancelOrder')).toMatchObject({ outcome: 'PASS', code: 1 });
    expect(find(report, 'createRecharge')).toMatchObject({ outcome: 'PASS', code: 1 });
    // Calls as the family's client makes them are served too.
    expect(variantOf(report, 'saveAddress', /no quhao/)?.outcome).toBe('PASS');
    expect(variantOf(report, 'setCartQuantity', /string ids/)?.outcome).toBe('PASS');
    expect(variantOf(report, 'payOrder', /no key/)).toMatchObject({ outcome: 'PASS', code: 0 });
    // What it made is gone again.
    expect(find(report, 'getCart', 'after deleteCartLines')?.outcome).toBe('PASS');
    expect(find(report, 'listAddresses', 'after deleteAddress')?.outcome).toBe('PASS');
    expect(find(report, 'getPaymentInfo')).toMatchObject({ outcome: 'PASS', extension: true });
    expect(report.notExercised).not.toContain('payNewOrder');
    // The same payment confirmed with the passkey: the challenge names the order's total, and at
    // balance 0 the payment is refused as with the payment code.
    expect(find(report, 'beginPasskeyPayment')).toMatchObject({ outcome: 'PASS', code: 1, extension: true });
    expect(find(report, 'beginPasskeyPayment')?.expected).toMatch(/amount \d+\.\d{2}, the order's total/);
    expect(find(report, 'verifyPayPasskey')).toMatchObject({ outcome: 'PASS', code: 1 });
    expect(find(report, 'payNewOrder', 'confirmed with a passkey')).toMatchObject({
      outcome: 'PASS',
      code: 0,
      msg: 'Insufficient balance',
    });
    expect(report.extensions.notImplemented).toEqual([]);
    expect([...report.extensions.implemented]).toEqual(expect.arrayContaining([...PASSKEYS, ...PASSKEY_PAYMENT]));
    expect(find(report, 'deletePasskey')).toMatchObject({ outcome: 'PASS', code: 1 });
  });

  it('--write on a backend without passkeys reports every passkey call as not implemented, none as failed', async () => {
    const app = express();
    app.use('/api/user/passkey', (_req, res) => {
      res.status(404).json({ code: 0, msg: 'Not found', data: null });
    });
    app.use(createProxyMiddleware({ target: server.baseUrl }));
    const front = await listen(app);
    try {
      const report = await runContract({ baseUrl: front.baseUrl, write: true });
      expect(failures(report)).toBe('');
      expect(report.ok).toBe(true);
      for (const id of [...PASSKEYS, ...PASSKEY_PAYMENT]) {
        expect([id, report.checks.filter((c) => c.operationId === id).map((c) => c.outcome)]).toEqual([
          id,
          ['NO EXTENSION'],
        ]);
      }
      expect(find(report, 'payNewOrder', 'confirmed with a passkey')).toBeUndefined();
      expect(report.extensions.notImplemented).toEqual(expect.arrayContaining([...PASSKEYS, ...PASSKEY_PAYMENT]));
    } finally {
      await front.stop();
    }
  });

  it('--write with a funded account pays for real: the balance goes down and the bill gets the line', async () => {
    const token = await loginAs(server);
    const before = await server.call<{ data: { money: string } }>('/api/user/getUserInfo', { token });
    const report = await runContract({
      baseUrl: server.baseUrl,
      account: 'demo',
      password: 'demo123',
      payCode: '123456',
      write: true,
    });
    expect(failures(report)).toBe('');
    expect(formatHeader(report)).toMatch(/--write on the given account demo/);
    expect(find(report, 'register')?.outcome).toBe('SKIP');
    expect(find(report, 'resetPayPassword')?.outcome).toBe('SKIP');
    expect(find(report, 'payNewOrder')).toMatchObject({ outcome: 'PASS', code: 1 });
    expect(variantOf(report, 'payOrder', /no key/)).toMatchObject({ outcome: 'PASS', code: 0 });
    expect(find(report, 'listBills', 'after paying')?.outcome).toBe('PASS');
    expect(find(report, 'createExtract')).toMatchObject({ outcome: 'PASS', code: 1 });
    // The paid order cannot be cancelled: a second one, ordered as the family's client does, is.
    expect(variantOf(report, 'submitOrder', /family client/)?.outcome).toBe('PASS');
    expect(find(report, 'cancelOrder')).toMatchObject({ outcome: 'PASS', code: 1 });
    // A given account gets no passkey from the checker, so none confirms a payment either.
    for (const id of PASSKEY_PAYMENT) expect([id, find(report, id)?.outcome]).toEqual([id, 'SKIP']);

    const after = await server.call<{ data: { money: string } }>('/api/user/getUserInfo', { token });
    expect(Number(after.body.data.money)).toBeLessThan(Number(before.body.data.money) - 1);
    const bills = await server.call<{ data: { list: { type: string; money: string }[] } }>(
      '/api/user/bill?page=1&limit=5',
      { token },
    );
    expect(bills.body.data.list.map((b) => b.type)).toEqual(expect.arrayContaining(['pay', 'extract']));
  });

  it('logs in with a given account instead of registering', async () => {
    const report = await runContract({ baseUrl: server.baseUrl, account: 'demo', password: 'demo123' });
    expect(failures(report)).toBe('');
    expect(find(report, 'register')?.outcome).toBe('SKIP');
    expect(find(report, 'login')?.outcome).toBe('PASS');
    expect(find(report, 'getUserInfo', 'after setLanguage')?.outcome).toBe('PASS');
    // Its passkeys are read, never added or removed: how it is entered is not the checker's to change.
    expect(find(report, 'listPasskeys')?.outcome).toBe('PASS');
    expect(find(report, 'beginPasskeyLogin')?.outcome).toBe('PASS');
    for (const id of ['beginPasskeyRegistration', 'finishPasskeyRegistration', 'finishPasskeyLogin', 'deletePasskey']) {
      expect([id, find(report, id)?.outcome, find(report, id)?.note]).toEqual([
        id,
        'SKIP',
        expect.stringMatching(/^a given account/),
      ]);
    }
  });

  it('fails login when the given password is wrong and skips what needs the token', async () => {
    const report = await runContract({ baseUrl: server.baseUrl, account: 'demo', password: 'wrong-password' });
    const login = find(report, 'login');
    expect(login?.outcome).toBe('FAIL');
    expect(login?.errors.join('\n')).toMatch(/expected success \(HTTP 200, code 1\), got HTTP 200, code 0/);
    expect(find(report, 'logout')?.outcome).toBe('SKIP');
    expect(report.ok).toBe(false);
  });
});

describe('the origin the passkey device signs for', () => {
  it("is the base URL's when its host is the RP ID or under it, else the RP ID's own site", () => {
    expect(passkeyOrigin('http://localhost:8080', 'localhost')).toBe('http://localhost:8080');
    expect(passkeyOrigin('http://127.0.0.1:9311/', '127.0.0.1')).toBe('http://127.0.0.1:9311');
    expect(passkeyOrigin('https://api.shop.example.com/v1', 'shop.example.com')).toBe('https://api.shop.example.com');
    expect(passkeyOrigin('http://127.0.0.1:9311', 'localhost')).toBe('https://localhost');
    expect(passkeyOrigin('https://backend.example.net', 'shop.example.com')).toBe('https://shop.example.com');
    expect(passkeyOrigin('https://myshop.example.com', 'shop.example.com')).toBe('https://shop.example.com');
    // No RP ID in the options: a browser takes the page's host.
    expect(passkeyOrigin('http://localhost:8080', undefined)).toBe('http://localhost:8080');
  });

  it("signs for https://<RP ID> when the server is reached at another address than its shop's", async () => {
    // Reached at 127.0.0.1, its shop at localhost (npm run server without PUBLIC_URL).
    const other = await startTestServer({ passkeyRpId: 'localhost' });
    try {
      const report = await runContract({ baseUrl: other.baseUrl, write: true });
      expect(failures(report)).toBe('');
      for (const id of [...PASSKEYS, ...PASSKEY_PAYMENT]) {
        expect([id, find(report, id)?.outcome]).toEqual([id, 'PASS']);
      }
    } finally {
      await other.stop();
    }
  });
});

/** Serves a stand-in app on a free port of 127.0.0.1. */
async function listen(app: Express): Promise<{ baseUrl: string; stop: () => Promise<void> }> {
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * A tiny server that answers getPlatform (with the given data), login with `loginAnswer` when given
 * ([status, envelope]), and a JSON 404 for the rest.
 */
async function standIn(
  platformData: unknown,
  opts: { htmlNotFound?: boolean; loginAnswer?: [number, Record<string, unknown>] } = {},
) {
  const app = express();
  app.get('/api/index/index', (_req, res) => {
    res.json({ code: 1, msg: 'Success', data: platformData });
  });
  const { loginAnswer } = opts;
  if (loginAnswer) app.post('/api/user/login', (_req, res) => res.status(loginAnswer[0]).json(loginAnswer[1]));
  app.use((_req, res) => {
    if (opts.htmlNotFound) res.status(404).type('html').send('<!doctype html><html><body>Not here</body></html>');
    else res.status(404).json({ code: 0, msg: 'Not found', data: null });
  });
  return listen(app);
}

describe('contract checker against a stand-in server', () => {
  it('reports a FAIL naming the fields when getPlatform answers the wrong shape', async () => {
    const stub = await standIn({ name: 42, logo: '/logo.png', merchant_link: 'https://m.example.com/' });
    try {
      const report = await runContract({ baseUrl: stub.baseUrl });
      const platform = find(report, 'getPlatform');
      expect(platform?.outcome).toBe('FAIL');
      expect(platform?.errors).toEqual(
        expect.arrayContaining([
          "/data must have required property 'custom_service'",
          '/data/name must be string (got 42)',
        ]),
      );
      expect(formatCheck(platform as CheckResult)).toMatch(
        /^FAIL\s+getPlatform\s+GET \/api\/index\/index\s+\d+ms {2}HTTP 200 code 1\n {4}\/data/,
      );
      // Everything else answers 404: not implemented, a warning only.
      expect(find(report, 'listLanguages')?.outcome).toBe('NOT IMPLEMENTED');
      expect(find(report, '(no operation)', 'unknown path')?.outcome).toBe('PASS');
      expect(report.summary.failed).toBe(1);
      expect(report.ok).toBe(false);
    } finally {
      await stub.stop();
    }
  });

  it('passes a correct getPlatform; --strict turns not implemented into failures; HTML for an unknown path fails', async () => {
    const good = {
      name: 'Shop',
      logo: '/logo.png',
      merchant_link: 'https://m.example.com/',
      custom_service: 'https://s.example.com/',
    };
    const stub = await standIn(good, { htmlNotFound: true });
    try {
      const report = await runContract({ baseUrl: stub.baseUrl, strict: true });
      expect(find(report, 'getPlatform')?.outcome).toBe('PASS');
      expect(report.summary.notImplemented).toBe(0);
      expect(find(report, 'listLanguages')?.errors).toEqual([expect.stringMatching(/HTTP 404: not implemented/)]);
      const unknown = find(report, '(no operation)', 'unknown path');
      expect(unknown?.outcome).toBe('FAIL');
      expect(unknown?.errors.join('\n')).toMatch(/answered HTML/);
    } finally {
      await stub.stop();
    }
  });

  it("fails login with the empty fields the family's client sends when refused with HTTP 400 (that client shows no msg then)", async () => {
    const refused = { code: 0, msg: 'account: is required', data: null };
    for (const [status, outcome] of [
      [400, 'FAIL'],
      [200, 'PASS'],
    ] as const) {
      const stub = await standIn({}, { loginAnswer: [status, refused] });
      try {
        const report = await runContract({ baseUrl: stub.baseUrl });
        const empty = find(report, 'login', 'empty account and password');
        expect([status, empty?.outcome]).toEqual([status, outcome]);
        if (outcome === 'FAIL') {
          expect(empty?.errors.join('\n')).toMatch(/expected refusal \(HTTP 200, code 0\), got HTTP 400, code 0/);
        }
      } finally {
        await stub.stop();
      }
    }
  });

  it('stops with a fatal error when the server cannot be reached', async () => {
    const stub = await standIn({});
    const { baseUrl } = stub;
    await stub.stop();
    const report = await runContract({ baseUrl, timeoutMs: 2000 });
    expect(report.fatal).toMatch(/cannot reach the server/);
    expect(report.checks).toHaveLength(0);
    expect(report.ok).toBe(false);
  });
});

/*
 * Answers shaped as the backend family sends them: the fixtures of the family-shaped stand-in
 * (../support/family-backend.ts, the one the SPA's integration tests render), written from
 * BACKEND-FAMILY.md's tables (what the family's own client reads from each call), not from our
 * server: exactly those fields, none of our extensions. Each must pass its operation's 200 schema (a
 * family backend passes the contract), and each with any one of those fields left out must fail
 * (the contract is not looser than the family). Values follow the family's conventions: money as
 * 2-decimal strings, dates as display text, image lists as comma strings.
 */
const FIXTURES = familyFixtures('https://family.example');

/**
 * [call as BACKEND-FAMILY.md names it, the stand-in's fixture for it]; null where the family's
 * client reads nothing from the answer (data null) and the stand-in has no fixture.
 */
const FAMILY_CALLS: [string, FamilyOperation | null][] = [
  // Catalog
  ['GET /api/index/banner', 'listBanners'],
  ['GET /api/index/category', 'listCategories'],
  ['GET /api/index/product', 'listCategoryProducts'],
  ['GET /api/index/hot_product', 'listHotProducts'],
  ['GET /api/product/search', 'searchProducts'],
  ['GET /api/product/recommend', 'listRecommendedProducts'],
  ['GET /api/product/index', 'listTopKeywords'],
  ['GET /api/product/searchs', 'searchShops'],
  ['GET /api/product/detail', 'getProductDetail'],
  ['POST /api/product/like', 'toggleProductLike'],
  ['GET /api/merchant/detail', 'getShopDetail'],
  ['POST /api/merchant/follow', 'toggleShopFollow'],
  ['GET /api/user/get_shops_kf', 'getShopService'],
  ['GET /api/index/index', 'getPlatform'],
  // Bag, checkout, payment
  ['GET /api/cart/index', 'getCart'],
  ['POST /api/cart/add', 'addToCart'],
  ['POST /api/cart/set_num', 'setCartQuantity'],
  ['POST /api/cart/del', 'deleteCartLines'],
  ['POST /api/order/merCreate', 'previewOrder'],
  ['POST /api/order/merSubmit', 'submitOrder'],
  ['POST /api/user/verify_pay', 'verifyPayPassword'],
  ['POST /api/order/merPay', 'payNewOrder'],
  ['POST /api/user/pay', 'payOrder'],
  // Orders, refunds, reviews
  ['GET /api/user/order_list', 'listOrders'],
  ['GET /api/order/detail', 'getOrderDetail'],
  ['POST /api/order/cancel', 'cancelOrder'],
  ['POST /api/order/received', 'confirmOrderReceived'],
  ['POST /api/order/delete', 'deleteOrder'],
  ['POST /api/order/refund', 'applyRefund'],
  ['POST /api/order/comment', null],
  ['POST /merchant/common/upload', 'uploadImage'],
  // Wallet and account
  ['POST /api/user/login', 'login'],
  ['GET /api/user/getUserInfo', 'getUserInfo'],
  ['POST /api/user/register', null],
  ['GET /api/user/getBlockchain', 'listBlockchains'],
  ['POST /api/user/recharge', 'createRecharge'],
  ['GET /api/user/extract', 'getExtractInfo'],
  ['POST /api/user/extract', 'createExtract'],
  ['GET /api/user/bill', 'listBills'],
  ['GET /api/user/recharge_log', 'listRecharges'],
  ['GET /api/user/extract_log', 'listExtracts'],
  ['POST /api/user/address_add', 'saveAddress'],
  ['GET /api/user/address_list', 'listAddresses'],
  ['GET /api/user/address', 'getAddress'],
  ['GET /api/user/language_list', 'listLanguages'],
  ['GET /api/user/set_language', 'setLanguage'],
  ['POST /api/user/logout', 'logout'],
];

/** [call, the data the family's client reads from its answer] */
const FAMILY: [string, unknown][] = FAMILY_CALLS.map(([call, operation]) => {
  if (operation === null) return [call, null];
  // The table does not say what a card_list entry holds (the stand-in shows the contract's bank
  // cards); an empty list is what a new account has.
  if (operation === 'getExtractInfo') return [call, { ...FIXTURES.getExtractInfo.data, card_list: [] }];
  return [call, FIXTURES[operation].data];
});

/** Every path of a field in the answer: object keys at every depth, an array's first element. */
function fieldPaths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.length ? fieldPaths(value[0], [...prefix, 0]) : [];
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => [[...prefix, k], ...fieldPaths(v, [...prefix, k])]);
}

function without(value: unknown, path: (string | number)[]): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let node = copy;
  for (const step of path.slice(0, -1)) node = node[step] as Record<string | number, unknown>;
  delete node[path[path.length - 1] as string | number];
  return copy;
}

describe('family-shaped answers (BACKEND-FAMILY.md) against the contract', () => {
  const contract = Contract.load();
  const operationOf = (call: string) => {
    const [method, path] = call.split(' ');
    const op = [...contract.operations.values()].find((o) => o.method === method && o.path === path);
    if (!op) throw new Error(`${call} is not in the contract`);
    return op;
  };
  const envelope = (data: unknown) => ({ code: 1, msg: 'Success', data });

  it('covers every call of BACKEND-FAMILY.md once, none of them an extension operation', () => {
    const calls = FAMILY.map(([call]) => call);
    expect(new Set(calls).size).toBe(calls.length);
    expect(calls).toHaveLength(47);
    for (const call of calls) expect([call, operationOf(call).isExtension]).toEqual([call, false]);
  });

  it("takes each answer from the stand-in's fixture of that operation, served at the family's method and path", () => {
    for (const [call, operation] of FAMILY_CALLS) {
      if (operation === null) continue;
      const route = FAMILY_ROUTES[operation];
      expect([operation, `${route.method} ${route.path}`, operationOf(call).operationId]).toEqual([
        operation,
        call,
        operation,
      ]);
    }
  });

  it.each(FAMILY)('%s: the fields the family client reads pass the 200 schema, with no extension', (call, data) => {
    const op = operationOf(call);
    const body = envelope(data);
    expect(contract.validate(op, 200, body).errors).toEqual([]);
    expect(contract.extensionsIn(op, body).present).toEqual([]);
  });

  it.each(FAMILY)('%s: an answer missing any one of those fields fails', (call, data) => {
    const op = operationOf(call);
    const body = envelope(data);
    const passing = fieldPaths(body)
      .filter((path) => contract.validate(op, 200, without(body, path)).errors.length === 0)
      .map((path) => path.join('.'));
    expect(passing).toEqual([]);
  });

  it('a family answer with a field of the wrong type or name fails, naming it', () => {
    const op = operationOf('GET /api/index/hot_product');
    const card = FIXTURES.listHotProducts.data.list[0]!;
    const flat = { ...card, goods: undefined, image: card.goods.image, title: 'x', price: '1.00' };
    const { errors } = contract.validate(op, 200, envelope({ list: [flat] }));
    expect(errors).toContain("/data/list/0 must have required property 'goods'");
    const shop = operationOf('GET /api/product/searchs');
    const { follow_count: fans, good_rate: favorable_rate, ...rest } = FIXTURES.searchShops.data.list[0]!;
    const renamed = { ...rest, fans, favorable_rate };
    expect(contract.validate(shop, 200, envelope({ list: [renamed] })).errors).toEqual(
      expect.arrayContaining([
        "/data/list/0 must have required property 'follow_count'",
        "/data/list/0 must have required property 'good_rate'",
      ]),
    );
  });
});

/**
 * A backend of the family, as far as BACKEND-FAMILY.md describes it: every call answers the answer
 * above, a token from login is needed outside the catalog, and it has none of our extension
 * operations (they answer 404). Reads the tables leave out (hot shops, likes, follows, help, law)
 * answer in the same shapes. Its sessions behave as the checker's read-only run needs: any account
 * logs in (the checker registers a throw-away one), logout ends the token, and set_language shows in
 * getUserInfo. startFamilyBackend() serves the same fixtures for the SPA's tests, but with one fixed
 * account and token that logout keeps, and without register, likes, follows, help and law.
 */
async function familyStandIn() {
  const extra: [string, unknown][] = [
    ['GET /api/index/hot_merchant', FIXTURES.listHotShops.data],
    ['GET /api/user/like_list', FIXTURES.listHotProducts.data],
    ['GET /api/user/follow_list', FIXTURES.searchShops.data],
    ['GET /api/user/help_support', [{ title: 'Top up', content: '<p>Open Wallet.</p>' }]],
    ['GET /api/user/law', { content: '<p>Terms</p>' }],
  ];
  const open = [
    /^\/api\/(index|product)\//,
    /^\/api\/merchant\/detail$/,
    /^\/api\/user\/(login|register|language_list|help_support|law)$/,
  ];
  const tokens = new Map<string, string>(); // token -> account
  const app = express();
  app.use(express.json());
  app.use((req, res, next) => {
    const token = req.header('token');
    if (open.some((r) => r.test(req.path)) || (token && tokens.has(token))) return next();
    res.status(401).json({ code: 401, msg: 'Please login first', data: null });
  });
  app.post('/api/user/login', (req, res) => {
    const { account, password } = (req.body ?? {}) as { account?: string; password?: string };
    if (!account || !password) return res.json({ code: 0, msg: 'Incorrect account or password', data: null });
    const token = `t${tokens.size + 1}x${Date.now()}`;
    tokens.set(token, account);
    res.json({ code: 1, msg: 'Login Success', data: { userinfo: { token } } });
  });
  app.post('/api/user/logout', (req, res) => {
    tokens.delete(req.header('token') ?? '');
    res.json({ code: 1, msg: '', data: null });
  });
  // The language a session chose with set_language, as getUserInfo's lang{file_name, language_name}.
  const languages = new Map<string, { file_name: string; language_name: string }>(); // token -> language
  app.get('/api/user/set_language', (req, res) => {
    const chosen = FIXTURES.listLanguages.data.list.find((l) => String(l.id) === req.query.lang_id);
    if (!chosen) return res.json({ code: 0, msg: 'Language not found', data: null });
    languages.set(req.header('token') ?? '', { file_name: chosen.file_name, language_name: chosen.language_name });
    res.json({ code: 1, msg: 'Success', data: null });
  });
  app.get('/api/user/getUserInfo', (req, res) => {
    const token = req.header('token') ?? '';
    const { lang } = FIXTURES.getUserInfo.data;
    const data = { ...FIXTURES.getUserInfo.data, username: tokens.get(token), lang: languages.get(token) ?? lang };
    res.json({ code: 1, msg: 'Success', data });
  });
  for (const [call, data] of [...FAMILY, ...extra]) {
    const [method, path] = call.split(' ') as [string, string];
    const route = method === 'GET' ? app.get.bind(app) : app.post.bind(app);
    route(path, (_req, res) => {
      res.json({ code: 1, msg: 'Success', data });
    });
  }
  app.use((_req, res) => {
    res.status(404).json({ code: 0, msg: 'Not found', data: null });
  });
  return listen(app);
}

describe('contract checker against a family-shaped backend', () => {
  it('passes the family core, reports every extension field as lacking and the extension operations as not implemented, even with --strict', async () => {
    const family = await familyStandIn();
    try {
      const report = await runContract({ baseUrl: family.baseUrl, strict: true });
      expect(failures(report)).toBe('');
      expect(report.ok).toBe(true);
      expect(report.core).toMatchObject({ ok: true, failed: 0, notImplemented: 0 });
      const settings = find(report, 'getNotificationSettings');
      expect(settings).toMatchObject({ outcome: 'NO EXTENSION', extension: true });
      expect(formatCheck(settings as CheckResult)).toMatch(/^NO EXTENSION .*extension not implemented \(HTTP 404/);
      expect(report.summary.noExtension).toBe(2 + PASSKEYS.length);
      expect(report.extensions.present).toEqual([]);
      expect(report.extensions.absent).toEqual(
        expect.arrayContaining([
          'getUserInfo data.order_after_sale',
          'listHotProducts data.list[].id',
          'login data.userinfo.username',
        ]),
      );
      expect([...report.extensions.notImplemented].sort()).toEqual(
        ['getNotificationSettings', 'suggestSearch', ...PASSKEYS].sort(),
      );
      // No passkeys: listPasskeys answered 404, and the rest of the extension is not called at all.
      expect(find(report, 'listPasskeys')).toMatchObject({ outcome: 'NO EXTENSION', status: 404 });
      for (const id of PASSKEYS.slice(1)) {
        const c = find(report, id);
        expect([id, c?.outcome, c?.extension, c?.status]).toEqual([id, 'NO EXTENSION', true, undefined]);
      }
      expect(formatCheck(find(report, 'finishPasskeyLogin') as CheckResult)).toMatch(
        /^NO EXTENSION +finishPasskeyLogin +POST \/api\/user\/passkey\/login +listPasskeys answered 404: the server has no passkeys$/,
      );
      expect(report.extensions.absent).toContain('getUserInfo data.passkeys');
      const summary = formatSummary(report);
      expect(summary).toMatch(/^family core: pass \(/m);
      expect(summary).toMatch(
        /^extensions \(informational, never a failure\): 0 of \d+ fields present, 0 of 8 operations implemented$/m,
      );
      expect(summary).toMatch(
        /^ {2}extension not implemented: suggestSearch, getNotificationSettings, listPasskeys, beginPasskeyLogin, beginPasskeyRegistration, finishPasskeyRegistration, finishPasskeyLogin, deletePasskey$/m,
      );
    } finally {
      await family.stop();
    }
  });
});

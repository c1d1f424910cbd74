/** @jest-environment node */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { startTestServer, type TestServer } from '../../server/src/testing/test-server';
import { formatCheck, runContract, type CheckResult, type ContractReport } from '../../scripts/contract/index';

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

const find = (report: ContractReport, operationId: string, variant?: string): CheckResult | undefined =>
  report.checks.find((c) => c.operationId === operationId && c.variant === variant);
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
    expect(report.ok).toBe(true);
    expect(report.fatal).toBeUndefined();
    for (const id of IMPLEMENTED) expect([id, find(report, id)?.outcome]).toEqual([id, 'PASS']);
    for (const variant of ['no token', 'after setLanguage', 'token after logout']) {
      expect([variant, find(report, 'getUserInfo', variant)?.outcome]).toEqual([variant, 'PASS']);
    }
    expect(find(report, 'login', 'empty body')?.outcome).toBe('PASS');
    expect(find(report, '(no operation)', 'unknown path')?.outcome).toBe('PASS');
    // Catalog, cart, orders, wallet lists: PASS once implemented, NOT IMPLEMENTED (404) until then.
    for (const c of report.checks) expect(['PASS', 'NOT IMPLEMENTED', 'SKIP']).toContain(c.outcome);
    const s = report.summary;
    expect(s.passed + s.failed + s.notImplemented + s.skipped).toBe(report.checks.length);
    // Money and shared data are never touched.
    for (const id of ['payOrder', 'payNewOrder', 'submitOrder', 'createExtract', 'createRecharge', 'addToCart']) {
      expect(report.notExercised).toContain(id);
    }
  });

  it('logs in with a given account instead of registering', async () => {
    const report = await runContract({ baseUrl: server.baseUrl, account: 'demo', password: 'demo123' });
    expect(failures(report)).toBe('');
    expect(find(report, 'register')?.outcome).toBe('SKIP');
    expect(find(report, 'login')?.outcome).toBe('PASS');
    expect(find(report, 'getUserInfo', 'after setLanguage')?.outcome).toBe('PASS');
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

/** A tiny server that answers getPlatform (with the given data) and a JSON 404 for the rest. */
async function standIn(platformData: unknown, opts: { htmlNotFound?: boolean } = {}) {
  const app = express();
  app.get('/api/index/index', (_req, res) => {
    res.json({ code: 1, msg: 'Success', data: platformData });
  });
  app.use((_req, res) => {
    if (opts.htmlNotFound) res.status(404).type('html').send('<!doctype html><html><body>Not here</body></html>');
    else res.status(404).json({ code: 0, msg: 'Not found', data: null });
  });
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
        /^FAIL\s+getPlatform\s+GET \/api\/index\/index\s+\d+ms\n {4}\/data/,
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

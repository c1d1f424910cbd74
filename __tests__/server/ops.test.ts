/** @jest-environment node */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startTestServer, type TestServer } from '../../server/src/tools/testing/test-server';
import { formatCents } from '../../server/src/shared/money';
import {
  balance,
  cents,
  idemKey,
  newShopper,
  setPayCode,
  uploadImage,
  verifyPay,
  type Env,
} from '../../server/src/tools/testing/wallet';

const ROOT = path.resolve(__dirname, '../..');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');
const OPS = path.join(ROOT, 'server/src/tools/ops/cli.ts');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the CLI as its own process on DATA_DIR, as an operator would, while the server runs. */
function ops(dataDir: string, ...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      TSX,
      [OPS, ...args],
      { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir } },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

// Each CLI run is a fresh tsx process (~1 s, more under a parallel jest run).
jest.setTimeout(60_000);

let dataDir: string;
let server: TestServer;
let token: string;
let username: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'shop-ops-'));
  // The server on a file database in WAL mode, exactly as `npm start` runs it (DATA_DIR/shop.sqlite).
  server = await startTestServer({ databaseFile: path.join(dataDir, 'shop.sqlite') });
  ({ token, username } = await newShopper(server, 'op'));
  await setPayCode(server, token);
});
afterAll(async () => {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function declareRecharge(price: string): Promise<number> {
  const image = (await uploadImage(server, token)).body.data!.fullurl;
  const res = await server.call<Env>('/api/user/recharge', {
    token,
    headers: { 'Idempotency-Key': idemKey() },
    json: { recharge_type: 1, network: 'TRC20', price, image },
  });
  expect(res.body.code).toBe(1);
  const log = await server.call<Env<{ list: { id: number }[] }>>('/api/user/recharge_log?limit=1', { token });
  return log.body.data.list[0]!.id;
}

async function requestExtract(price: string): Promise<number> {
  await verifyPay(server, token);
  const res = await server.call<Env>('/api/user/extract', {
    token,
    headers: { 'Idempotency-Key': idemKey() },
    json: { extract_type: 0, price, bank_card: '6222020200112233445', bank_name: 'Example Bank', real_name: 'Op Test' },
  });
  expect(res.body.code).toBe(1);
  const log = await server.call<Env<{ list: { id: number }[] }>>('/api/user/extract_log?limit=1', { token });
  return log.body.data.list[0]!.id;
}

const bills = async () =>
  (await server.call<Env<{ list: { title: string; type: string; money: string }[] }>>('/api/user/bill', { token })).body
    .data.list;

describe('npm run ops', () => {
  it('help lists every command (also without a database)', async () => {
    const run = await ops(path.join(dataDir, 'nowhere'), 'help');
    expect(run.code).toBe(0);
    for (const c of [
      'help',
      'list',
      'recharge:pass ID',
      'recharge:refuse ID REASON',
      'extract:pass ID',
      'extract:refuse ID REASON',
    ]) {
      expect(run.stdout).toContain(c);
    }
  });

  it('runs through the npm script', async () => {
    const run = await new Promise<Run>((resolve) =>
      execFile('npm', ['run', '--silent', 'ops', '--', 'help'], { cwd: ROOT }, (error, stdout, stderr) =>
        resolve({ code: error ? 1 : 0, stdout, stderr }),
      ),
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Usage: npm run ops -- <command> [args]');
  });

  it('refuses an unknown command with exit code 1', async () => {
    const run = await ops(dataDir, 'order:teleport', '1');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("Unknown command 'order:teleport'");
  });

  it('says when there is no database at DATA_DIR', async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'shop-ops-empty-'));
    try {
      const run = await ops(empty, 'list');
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`No database at ${path.join(empty, 'shop.sqlite')}`);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('list shows the pending recharges and withdrawals with ids, user, amounts and dates', async () => {
    const empty = await ops(dataDir, 'list');
    expect(empty.code).toBe(0);
    expect(empty.stdout).toContain('Pending recharges: none');
    expect(empty.stdout).toContain('Pending withdrawals: none');

    const rechargeId = await declareRecharge('150.25');
    const run = await ops(dataDir, 'list');
    expect(run.code).toBe(0);
    const line = run.stdout.split('\n').find((l) => l.trim().startsWith(`${rechargeId} `));
    expect(line).toContain(username);
    expect(line).toContain('150.25');
    expect(line).toContain('TRC20');
    expect(line).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC/);

    const json = JSON.parse((await ops(dataDir, 'list', '--json')).stdout) as Record<string, { id: number }[]>;
    expect(json['Pending recharges']?.map((r) => r.id)).toContain(rechargeId);
  });

  it('recharge:pass credits the balance with a Top up bill, while the server runs; twice is refused', async () => {
    const id = await declareRecharge('200.00');
    const before = await balance(server, token);
    const run = await ops(dataDir, 'recharge:pass', String(id));
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`recharge ${id} passed: credited 200.00`);
    expect(await balance(server, token)).toBe(formatCents(cents(before) + 20000));
    expect((await bills())[0]).toMatchObject({ title: 'Top up', type: 'recharge', money: '200.00' });
    const log = await server.call<Env<{ list: { id: number; status: number }[] }>>('/api/user/recharge_log?status=1', {
      token,
    });
    expect(log.body.data.list.map((r) => r.id)).toContain(id);

    const again = await ops(dataDir, 'recharge:pass', String(id));
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`recharge ${id} is already passed`);
    const refuse = await ops(dataDir, 'recharge:refuse', String(id), 'too', 'late');
    expect(refuse.code).toBe(1);
    expect(refuse.stderr).toContain(`recharge ${id} is already passed`);
  });

  it('recharge:refuse records the reason and moves no money', async () => {
    const id = await declareRecharge('99.00');
    const before = await balance(server, token);
    const run = await ops(dataDir, 'recharge:refuse', String(id), 'No', 'such', 'transaction');
    expect(run.code).toBe(0);
    expect(await balance(server, token)).toBe(before);
    const log = await server.call<Env<{ list: { id: number; admin_msg: string }[] }>>(
      '/api/user/recharge_log?status=2',
      { token },
    );
    expect(log.body.data.list.find((r) => r.id === id)?.admin_msg).toBe('No such transaction');
    const again = await ops(dataDir, 'recharge:pass', String(id));
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`recharge ${id} is already refused`);
  });

  it('extract:refuse returns the held amount with a bill; extract:pass only marks it passed', async () => {
    const before = await balance(server, token);
    const refuseId = await requestExtract('50.00');
    const passId = await requestExtract('20.00');
    expect(await balance(server, token)).toBe(formatCents(cents(before) - 7000));

    const refused = await ops(dataDir, 'extract:refuse', String(refuseId), 'Card', 'holder', 'mismatch');
    expect(refused.code).toBe(0);
    expect(refused.stdout).toContain(`extract ${refuseId} refused: returned 50.00`);
    const passed = await ops(dataDir, 'extract:pass', String(passId));
    expect(passed.code).toBe(0);
    expect(await balance(server, token)).toBe(formatCents(cents(before) - 2000));
    expect((await bills())[0]).toMatchObject({
      title: 'Withdrawal refused: returned',
      type: 'extract',
      money: '50.00',
    });

    const log = await server.call<Env<{ list: { id: number; status: number; admin_msg: string }[] }>>(
      '/api/user/extract_log',
      { token },
    );
    expect(log.body.data.list.filter((e) => [refuseId, passId].includes(e.id))).toEqual([
      expect.objectContaining({ id: passId, status: 1, admin_msg: '' }),
      expect.objectContaining({ id: refuseId, status: 2, admin_msg: 'Card holder mismatch' }),
    ]);
    const again = await ops(dataDir, 'extract:refuse', String(refuseId), 'again');
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`extract ${refuseId} is already refused`);
    expect(await balance(server, token)).toBe(formatCents(cents(before) - 2000));
  });

  it('refuses an unknown id, a malformed id and a refusal without a reason, each with exit code 1', async () => {
    const unknown = await ops(dataDir, 'recharge:pass', '999999');
    expect(unknown).toMatchObject({ code: 1 });
    expect(unknown.stderr).toContain('recharge 999999 not found');
    const unknownExtract = await ops(dataDir, 'extract:pass', '999999');
    expect(unknownExtract.stderr).toContain('extract 999999 not found');
    const malformed = await ops(dataDir, 'extract:pass', 'abc');
    expect(malformed.code).toBe(1);
    expect(malformed.stderr).toContain("extract id must be a positive integer, got 'abc'");
    const missing = await ops(dataDir, 'recharge:pass');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('missing recharge id');
    const id = await declareRecharge('1.00');
    const noReason = await ops(dataDir, 'recharge:refuse', String(id));
    expect(noReason.code).toBe(1);
    expect(noReason.stderr).toContain('a reason is required');
    expect((await ops(dataDir, 'list')).stdout).toContain('1.00');
  });

  it('uploads:clean removes an unused upload a day old, while the server runs, and keeps one in use', async () => {
    const used = (await uploadImage(server, token)).body.data!.fullurl;
    const unused = (await uploadImage(server, token)).body.data!.fullurl;
    expect(
      (
        await server.call<Env>('/api/user/recharge', {
          token,
          headers: { 'Idempotency-Key': idemKey() },
          json: { recharge_type: 1, network: 'TRC20', price: '3', image: used },
        })
      ).body.code,
    ).toBe(1);
    const nameOf = (url: string) => new URL(url).pathname.split('/').pop()!;
    server.db
      .prepare('UPDATE uploads SET created_at = created_at - 2 * 86400 WHERE file_name IN (?, ?)')
      .run(nameOf(used), nameOf(unused));
    const run = await ops(dataDir, 'uploads:clean');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(nameOf(unused));
    expect(run.stdout).not.toContain(nameOf(used));
    expect((await fetch(unused)).status).toBe(404);
    expect((await fetch(used)).status).toBe(200);
    expect((await ops(dataDir, 'uploads:clean')).stdout).toContain('no unused uploads older than a day');
  });
});

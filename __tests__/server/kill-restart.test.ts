/** @jest-environment node */
// The reference server as `npm start` runs it (server/src/main.ts, a file database in DATA_DIR) is
// killed with SIGKILL in the middle of 50 concurrent payments and withdrawals, then started again on
// the same DATA_DIR. What a crash may never leave behind (DESIGN.md: the ledger is the only way a
// balance changes; every money operation is one transaction with its idempotency record):
// - a balance that differs from the sum of its ledger;
// - an order paid twice, or half paid (status, paid_cents and `pay` bill lines disagreeing);
// - a withdrawal hold (an `extract` debit) without its withdrawal record, or the reverse;
// - an answer the shopper received (code 1) whose effect is gone after the restart;
// and a retry with the same Idempotency-Key after the restart takes effect exactly once.
// Killed at three points (once 5, 20 and 35 of the 50 have committed); the figures are printed.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Db } from '../../server/src/platform/db';
import { ADDRESS, TEA } from '../../server/src/tools/testing/orders';
import { callJson, type CallInit } from '../../server/src/tools/testing/raw-http';
import type { TestServer } from '../../server/src/tools/testing/test-server';
import {
  balance,
  cents,
  idemKey,
  ledgerSumCents,
  newShopper,
  setPayCode,
  topUp,
  verifyPay,
  type Env,
} from '../../server/src/tools/testing/wallet';

const ROOT = path.resolve(__dirname, '../..');
const BANK = { bank_card: '6222020200112233445', bank_name: 'Example Bank', real_name: 'Test Shopper' };
const SHOPPERS = 5;
const PAYMENTS_EACH = 5;
const WITHDRAWALS_EACH = 5;
const WITHDRAWAL = '50.00';
const KILL_AFTER_COMMITS = [5, 20, 35];

// Four server starts (tsx compiles the server each time), 15 shoppers and 150 payment-code checks.
jest.setTimeout(300_000);

interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output: string[];
}

/** `node --import tsx server/src/main.ts` on a free port with DATA_DIR, ready when it listens. */
async function startServerProcess(dataDir: string): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      DATA_DIR: dataDir,
      STATIC_DIR: '',
      API_TARGET: '',
      // Every shopper holds its five submitted orders unpaid until the storm.
      MAX_UNPAID_ORDERS: '20',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output.join('')}`)), 120_000);
    const onData = (chunk: Buffer) => {
      output.push(chunk.toString());
      const m = /Listening on http:\/\/localhost:(\d+)/.exec(output.join(''));
      if (m) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${m[1]}`);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code ?? signal}) before listening:\n${output.join('')}`));
    });
  });
  return { child, baseUrl, exited, output };
}

/**
 * The shape the wallet helpers take (call, baseUrl, db) over a server in another process; `db` is
 * this process's own connection to the same file (the operator's, as `npm run ops` opens it).
 */
function client(baseUrl: string, db: Db): TestServer {
  return {
    baseUrl,
    db,
    call: (p: string, init?: CallInit) => callJson(baseUrl, p, init),
  } as unknown as TestServer;
}

interface Intent {
  kind: 'pay' | 'withdraw';
  username: string;
  /** The shopper's session, verified once for each of its payments and withdrawals. */
  token: string;
  key: string;
  path: string;
  json: object;
  orderId?: number;
  /** What came back before the restart. */
  outcome?: 'answered' | 'lost';
  answeredBeforeKill?: boolean;
  body?: Env;
}

/** Whole-database checks; each list holds the offending rows (empty when sound). */
function invariants(db: Db) {
  const balanceVsLedger = db
    .prepare<[], { id: number; balance: number; ledger: number }>(
      `SELECT u.id, u.balance_cents AS balance, COALESCE(SUM(b.amount_cents), 0) AS ledger
       FROM users u LEFT JOIN bills b ON b.user_id = u.id GROUP BY u.id HAVING balance <> ledger`,
    )
    .all();
  const orderVsBills = db
    .prepare<[], { id: number; status: number; total: number; paid: number; bills: number; billed: number }>(
      `SELECT o.id, o.status, o.total_cents AS total, o.paid_cents AS paid,
              COUNT(b.id) AS bills, COALESCE(-SUM(b.amount_cents), 0) AS billed
       FROM orders o LEFT JOIN bills b ON b.type = 'pay' AND b.ref_type = 'order' AND b.ref_id = o.id
       GROUP BY o.id
       HAVING NOT ((o.status IN (0, -1) AND o.paid_cents = 0 AND COUNT(b.id) = 0)
                OR (o.status IN (1, 2, 3, 4) AND o.paid_cents = o.total_cents AND COUNT(b.id) = 1
                    AND -SUM(b.amount_cents) = o.total_cents))`,
    )
    .all();
  const payBillsWithoutOrder = db
    .prepare<[], { id: number }>(
      `SELECT b.id FROM bills b LEFT JOIN orders o ON o.id = b.ref_id
       WHERE b.type = 'pay' AND (b.ref_type <> 'order' OR o.id IS NULL OR o.user_id <> b.user_id)`,
    )
    .all();
  const extractVsHold = db
    .prepare<[], { id: number; amount: number; holds: number; held: number }>(
      `SELECT e.id, e.amount_cents AS amount, COUNT(b.id) AS holds, COALESCE(-SUM(b.amount_cents), 0) AS held
       FROM extracts e LEFT JOIN bills b
         ON b.type = 'extract' AND b.ref_type = 'extract' AND b.ref_id = e.id AND b.amount_cents < 0
       GROUP BY e.id HAVING holds <> 1 OR held <> e.amount_cents`,
    )
    .all();
  const holdsWithoutRecord = db
    .prepare<[], { id: number }>(
      `SELECT b.id FROM bills b LEFT JOIN extracts e ON e.id = b.ref_id
       WHERE b.type = 'extract' AND b.amount_cents < 0
         AND (b.ref_type <> 'extract' OR e.id IS NULL OR e.user_id <> b.user_id)`,
    )
    .all();
  return { balanceVsLedger, orderVsBills, payBillsWithoutOrder, extractVsHold, holdsWithoutRecord };
}

const count = (db: Db, sql: string, ...args: (string | number)[]) =>
  db.prepare<(string | number)[], { n: number }>(sql).get(...args)!.n;

let dataDir: string;
let server: ServerProcess | undefined;
let db: Db | undefined;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'orbit-market-kill-'));
  server = await startServerProcess(dataDir);
  // The operator's connection, opened once the server has created and migrated the database.
  db = openDatabase(path.join(dataDir, 'shop.sqlite'));
});

afterAll(async () => {
  db?.close();
  if (server && server.child.exitCode === null && server.child.signalCode === null) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Five shoppers with 1000.00 and a payment code, each with five submitted, unpaid orders and ten
 * verifications of its payment code (one per payment or withdrawal, DESIGN.md: verify_pay is used
 * once), prepared side by side.
 */
async function prepare(api: TestServer, round: number): Promise<Intent[]> {
  const perShopper = await Promise.all(
    Array.from({ length: SHOPPERS }, async () => {
      const intents: Intent[] = [];
      const { token, username } = await newShopper(api, `k${round}`);
      await setPayCode(api, token);
      await topUp(api, token, '1000.00');
      await api.call<Env>('/api/user/address_add', { token, json: ADDRESS });
      const list = await api.call<Env<{ list: { address_id: number }[] }>>('/api/user/address_list', { token });
      const addressId = list.body.data.list[0]!.address_id;
      for (let i = 0; i < PAYMENTS_EACH; i++) {
        const placed = await api.call<Env<{ out_trade_no: string } | null>>('/api/order/merSubmit', {
          token,
          json: { address_id: addressId, ...TEA, number: 1 },
          headers: { 'Idempotency-Key': idemKey() },
        });
        expect(placed.body).toMatchObject({ code: 1 });
        const orderId = db!
          .prepare<[string], { id: number }>('SELECT id FROM orders WHERE out_trade_no = ?')
          .get(placed.body.data!.out_trade_no)!.id;
        const json = { order_id: orderId };
        intents.push({ kind: 'pay', username, token, key: idemKey(), path: '/api/user/pay', json, orderId });
      }
      for (let i = 0; i < WITHDRAWALS_EACH; i++) {
        const json = { extract_type: 0, price: WITHDRAWAL, ...BANK };
        intents.push({ kind: 'withdraw', username, token, key: idemKey(), path: '/api/user/extract', json });
      }
      for (let i = 0; i < intents.length; i++) expect(await verifyPay(api, token)).toMatchObject({ code: 1 });
      return intents;
    }),
  );
  // Payments and withdrawals of every shopper interleaved, so the kill lands among both kinds.
  return perShopper.flat().sort((a, b) => (a.key < b.key ? -1 : 1));
}

const send = (api: TestServer, intent: Intent) =>
  api.call<Env>(intent.path, { token: intent.token, json: intent.json, headers: { 'Idempotency-Key': intent.key } });

describe('SIGKILL in the middle of 50 concurrent payments and withdrawals, then a restart', () => {
  it.each(KILL_AFTER_COMMITS.map((n, i) => [i + 1, n]))(
    'round %i (killed after %i commits): ledger, orders and holds stay whole; every answer kept; retries act once',
    async (round, killAfter) => {
      const before = client(server!.baseUrl, db!);
      const intents = await prepare(before, round);
      expect(intents).toHaveLength(50);

      // The storm: all 50 at once. The kill is timed by what the database holds (the operator's
      // connection sees each commit), not by the answers, so it can fall between a commit and its
      // answer: SIGKILL once `killAfter` of the 50 have committed.
      const victim = server!;
      const committedNow = db!.prepare<[string], { n: number }>(
        'SELECT COUNT(*) AS n FROM idempotency_keys WHERE idem_key IN (SELECT value FROM json_each(?))',
      );
      const keys = JSON.stringify(intents.map((i) => i.key));
      let killSent = false;
      let committedAtKill = 0;
      let answeredAtKill = 0;
      let answered = 0;
      const watcher = setInterval(() => {
        const n = committedNow.get(keys)!.n;
        if (n >= killAfter && !killSent) {
          killSent = true;
          committedAtKill = n;
          answeredAtKill = answered;
          victim.child.kill('SIGKILL');
          clearInterval(watcher);
        }
      }, 1);
      await Promise.all(
        intents.map(async (intent) => {
          try {
            const res = await send(before, intent);
            intent.outcome = 'answered';
            intent.body = res.body;
            intent.answeredBeforeKill = !killSent;
            answered += 1;
          } catch {
            intent.outcome = 'lost';
          }
        }),
      );
      clearInterval(watcher);
      expect(killSent).toBe(true);
      expect(await victim.exited).toEqual({ code: null, signal: 'SIGKILL' });

      // Restart on the same DATA_DIR.
      server = await startServerProcess(dataDir);
      const after = client(server.baseUrl, db!);

      const okBeforeKill = intents.filter((i) => i.answeredBeforeKill && i.body?.code === 1);
      const okAfterKillSent = intents.filter((i) => i.outcome === 'answered' && !i.answeredBeforeKill);
      const lost = intents.filter((i) => i.outcome === 'lost');
      const refusedAnswers = intents.filter((i) => i.outcome === 'answered' && i.body?.code !== 1);
      const committed = (i: Intent) =>
        count(
          db!,
          `SELECT COUNT(*) AS n FROM idempotency_keys k JOIN users u ON u.id = k.user_id
           WHERE u.username = ? AND k.idem_key = ?`,
          i.username,
          i.key,
        ) === 1;
      const lostButCommitted = lost.filter(committed);
      const checks = invariants(db!);

      // Every answer the shopper saw is still true after the restart.
      const answeredButGone = intents.filter((i) => i.outcome === 'answered' && i.body?.code === 1 && !committed(i));
      const paidAnswerButUnpaid = intents.filter(
        (i) =>
          i.kind === 'pay' &&
          i.outcome === 'answered' &&
          i.body?.code === 1 &&
          count(db!, 'SELECT COUNT(*) AS n FROM orders WHERE id = ? AND status = 1', i.orderId!) !== 1,
      );

      // The shopper's app retries what got no answer, with the same key, in the same session.
      const retries = await Promise.all(lost.map((i) => send(after, i)));
      const replayed = retries.filter((r) => r.headers.get('idempotent-replayed') === 'true').length;
      const afterRetry = invariants(db!);

      // Each of the 50 intents took effect exactly once.
      const users = [...new Set(intents.map((i) => i.username))];
      const perUser = await Promise.all(
        users.map(async (username) => {
          const token = intents.find((i) => i.username === username)!.token;
          const paidOrders = count(
            db!,
            `SELECT COUNT(*) AS n FROM orders o JOIN users u ON u.id = o.user_id WHERE u.username = ? AND o.status = 1`,
            username,
          );
          const paidCents = count(
            db!,
            `SELECT COALESCE(SUM(o.paid_cents), 0) AS n FROM orders o JOIN users u ON u.id = o.user_id WHERE u.username = ?`,
            username,
          );
          const withdrawals = count(
            db!,
            'SELECT COUNT(*) AS n FROM extracts e JOIN users u ON u.id = e.user_id WHERE u.username = ?',
            username,
          );
          return {
            username,
            paidOrders,
            withdrawals,
            expected: 100000 - paidCents - withdrawals * cents(WITHDRAWAL),
            balance: cents(await balance(after, token)),
            ledger: await ledgerSumCents(after, token),
          };
        }),
      );

      console.log(
        [
          `kill-and-restart round ${round}: SIGKILL sent when ${committedAtKill} of 50 had committed and ${answeredAtKill} were answered`,
          `  succeeded (answered code 1) before the kill: ${okBeforeKill.length} (refused: ${refusedAnswers.length}); ` +
            `answered after the kill was sent: ${okAfterKillSent.length}; ` +
            `in flight, no answer: ${lost.length} (of which had committed: ${lostButCommitted.length})`,
          `  after the restart: balance != ledger ${checks.balanceVsLedger.length}, ` +
            `orders paid twice or half paid ${checks.orderVsBills.length}, payments without an order ${checks.payBillsWithoutOrder.length}, ` +
            `withdrawals without exactly one hold ${checks.extractVsHold.length}, holds without a withdrawal ${checks.holdsWithoutRecord.length}, ` +
            `answers lost from the database ${answeredButGone.length + paidAnswerButUnpaid.length}`,
          `  retries with the same key: ${retries.filter((r) => r.body.code === 1).length} of ${lost.length} code 1 ` +
            `(${replayed} replayed, ${lost.length - replayed} acted now); then ` +
            `orders paid ${perUser.reduce((s, u) => s + u.paidOrders, 0)}/${SHOPPERS * PAYMENTS_EACH}, ` +
            `withdrawals ${perUser.reduce((s, u) => s + u.withdrawals, 0)}/${SHOPPERS * WITHDRAWALS_EACH}, ` +
            `balances = ledger ${perUser.filter((u) => u.balance === u.ledger && u.balance === u.expected).length}/${SHOPPERS}`,
        ].join('\n'),
      );

      expect(checks).toEqual({
        balanceVsLedger: [],
        orderVsBills: [],
        payBillsWithoutOrder: [],
        extractVsHold: [],
        holdsWithoutRecord: [],
      });
      expect(answeredButGone).toEqual([]);
      expect(paidAnswerButUnpaid).toEqual([]);
      expect(refusedAnswers.map((i) => i.body)).toEqual([]);
      expect(retries.map((r) => r.body.code)).toEqual(lost.map(() => 1));
      // A retry of a request that committed before the kill is answered from the record, not acted again.
      expect(replayed).toBe(lostButCommitted.length);
      expect(afterRetry).toEqual(checks);
      for (const u of perUser) {
        expect(u).toEqual({
          ...u,
          paidOrders: PAYMENTS_EACH,
          withdrawals: WITHDRAWALS_EACH,
          balance: u.expected,
          ledger: u.expected,
        });
      }
    },
  );
});

/** @jest-environment node */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { OpsError } from '../../server/src/tools/ops/wallet';
import {
  passRefund,
  pendingRefunds,
  pendingShipments,
  refuseRefund,
  shipOrder,
} from '../../server/src/tools/ops/order';
import { startTestServer, type TestServer } from '../../server/src/tools/testing/test-server';
import { formatCents } from '../../server/src/shared/money';
import {
  balance,
  cents,
  idemKey,
  newShopper,
  setPayCode,
  topUp,
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
jest.setTimeout(90_000);

const TEA = { mer_id: 7, product_id: 18, id: 18, spec: '' };
const ADDRESS = {
  name: 'Ops Shopper',
  quhao: '66',
  mobile: '812345678',
  country: 'Thailand, Bangkok',
  detail: '1 Sukhumvit Road',
  tag: 'Home',
  is_default: 1,
};

let dataDir: string;
let server: TestServer;
let token: string;
let username: string;
let addressId: number;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'shop-ops-order-'));
  // The server on a file database in WAL mode, exactly as `npm start` runs it (DATA_DIR/shop.sqlite).
  server = await startTestServer({ databaseFile: path.join(dataDir, 'shop.sqlite') });
  ({ token, username } = await newShopper(server, 'oo'));
  await setPayCode(server, token);
  await topUp(server, token, '500.00');
  await server.call<Env>('/api/user/address_add', { token, json: ADDRESS });
  const list = await server.call<Env<{ list: { address_id: number }[] }>>('/api/user/address_list', { token });
  addressId = list.body.data.list[0]!.address_id;
});
afterAll(async () => {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function paidOrder(number = 2): Promise<{ id: number; sn: string }> {
  const res = await server.call<Env<{ out_trade_no: string }>>('/api/order/merSubmit', {
    token,
    json: { address_id: addressId, ...TEA, number },
    headers: { 'Idempotency-Key': idemKey() },
  });
  const o = server.db
    .prepare<[string], { id: number; order_sn: string }>('SELECT id, order_sn FROM orders WHERE out_trade_no = ?')
    .get(res.body.data.out_trade_no)!;
  await verifyPay(server, token);
  const pay = await server.call<Env>('/api/user/pay', {
    token,
    json: { order_id: o.id },
    headers: { 'Idempotency-Key': idemKey() },
  });
  expect(pay.body.code).toBe(1);
  return { id: o.id, sn: o.order_sn };
}

async function applyRefund(order: { id: number; sn: string }, amount: string): Promise<void> {
  const line = server.db
    .prepare<[number], { id: number }>('SELECT id FROM order_products WHERE order_id = ?')
    .get(order.id)!;
  const res = await server.call<Env>('/api/order/refund', {
    token,
    json: {
      order_id: order.id,
      sn: order.sn,
      amount,
      service_type: 1,
      receiving_status: 1,
      reason_type: 'damaged',
      refund_explain: 'Crushed box',
      images: (await uploadImage(server, token)).body.data!.fullurl,
      order_product_id: String(line.id),
    },
  });
  expect(res.body.code).toBe(1);
}

const orderState = (id: number) =>
  server.db
    .prepare<[number], { status: number; refund_status: number }>(
      'SELECT status, refund_status FROM orders WHERE id = ?',
    )
    .get(id)!;
const detail = async (id: number) =>
  (
    await server.call<
      Env<{ status: number; delivery: { delivery_no: string }[]; refund: { status: number; admin_msg: string } | null }>
    >(`/api/order/detail?order_id=${id}`, { token })
  ).body.data;

describe('order operator functions', () => {
  it('shipOrder: only paid orders, not while a refund waits; a given tracking number is used', async () => {
    const unpaid = await server.call<Env<{ out_trade_no: string }>>('/api/order/merSubmit', {
      token,
      json: { address_id: addressId, ...TEA, number: 1 },
      headers: { 'Idempotency-Key': idemKey() },
    });
    const unpaidId = server.db
      .prepare<[string], { id: number }>('SELECT id FROM orders WHERE out_trade_no = ?')
      .get(unpaid.body.data.out_trade_no)!.id;
    expect(() => shipOrder(server.db, unpaidId)).toThrow(
      new OpsError(`order ${unpaidId} is waiting pay, not waiting deliver`),
    );
    expect(() => shipOrder(server.db, 99999999)).toThrow('order 99999999 not found');

    const o = await paidOrder();
    expect(pendingShipments(server.db).map((x) => x.orderId)).toContain(o.id);
    await applyRefund(o, '1.00');
    expect(pendingShipments(server.db).map((x) => x.orderId)).not.toContain(o.id);
    expect(() => shipOrder(server.db, o.id)).toThrow('has a refund request waiting');
    refuseRefund(server.db, o.id, 'Not yet shipped; nothing damaged');
    expect(() => shipOrder(server.db, o.id, 'bad tracking!')).toThrow('tracking number');
    const d = shipOrder(server.db, o.id, 'EX123456789TH');
    expect(d).toMatchObject({ kind: 'ship', orderId: o.id, status: 2, detail: 'EX123456789TH' });
    expect((await detail(o.id)).delivery.map((x) => x.delivery_no)).toEqual(['EX123456789TH', 'EX123456789TH']);
    expect(() => shipOrder(server.db, o.id)).toThrow(`order ${o.id} is delivered, not waiting deliver`);
  });

  it('passRefund: a partial refund keeps the status and credits the amount; refund:refuse needs a reason', async () => {
    const o = await paidOrder();
    shipOrder(server.db, o.id);
    const before = await balance(server, token);
    await applyRefund(o, '12.50');
    expect(pendingRefunds(server.db).find((r) => r.orderId === o.id)).toMatchObject({
      amountCents: 1250,
      paidCents: 3000,
      serviceType: 1,
      reasonType: 'damaged',
    });
    expect(() => refuseRefund(server.db, o.id, '  ')).toThrow('a reason is required');
    const d = passRefund(server.db, o.id);
    expect(d).toMatchObject({ kind: 'refund', status: 2, refundStatus: 2, amountCents: 1250, detail: 'passed' });
    expect(orderState(o.id)).toEqual({ status: 2, refund_status: 2 });
    expect(await balance(server, token)).toBe(formatCents(cents(before) + 1250));
    expect(() => passRefund(server.db, o.id)).toThrow(`order ${o.id} has no refund request waiting`);
    expect((await detail(o.id)).refund).toMatchObject({ status: 1, admin_msg: '' });
  });
});

describe('npm run ops: order commands', () => {
  it('help lists the order commands', async () => {
    const run = await ops(path.join(dataDir, 'nowhere'), 'help');
    expect(run.code).toBe(0);
    for (const c of ['order:ship ORDER_ID', 'refund:pass ORDER_ID', 'refund:refuse ORDER_ID REASON']) {
      expect(run.stdout).toContain(c);
    }
  });

  it('list shows paid orders waiting for shipment and refund requests; ship, pass and refuse from the CLI', async () => {
    const toShip = await paidOrder(1);
    const toRefund = await paidOrder(2);
    const toRefuse = await paidOrder(3);
    await applyRefund(toRefund, '30.00');
    await applyRefund(toRefuse, '5.00');

    const listed = await ops(dataDir, 'list');
    expect(listed.code).toBe(0);
    const shipments = listed.stdout.split('Pending shipments')[1]!.split('Pending refunds')[0]!;
    const refunds = listed.stdout.split('Pending refunds')[1]!;
    const shipLine = shipments.split('\n').find((l) => l.trim().startsWith(`${toShip.id} `));
    expect(shipLine).toContain(toShip.sn);
    expect(shipLine).toContain(username);
    expect(shipLine).toContain('17.50');
    expect(refunds.split('\n').find((l) => l.trim().startsWith(`${toRefund.id} `))).toContain('30.00');
    expect(refunds.split('\n').find((l) => l.trim().startsWith(`${toRefuse.id} `))).toContain('damaged: Crushed box');
    const json = JSON.parse((await ops(dataDir, 'list', '--json')).stdout) as Record<string, { orderId: number }[]>;
    expect(json['Pending refunds']?.map((r) => r.orderId)).toEqual(expect.arrayContaining([toRefund.id, toRefuse.id]));

    const ship = await ops(dataDir, 'order:ship', String(toShip.id));
    expect([ship.code, ship.stderr]).toEqual([0, '']);
    expect(ship.stdout).toMatch(new RegExp(`order ${toShip.id} shipped \\(tracking OM\\d{14}\\)`));
    expect((await detail(toShip.id)).status).toBe(2);

    const before = await balance(server, token);
    const pass = await ops(dataDir, 'refund:pass', String(toRefund.id));
    expect(pass.code).toBe(0);
    expect(pass.stdout).toContain(`refund of order ${toRefund.id} passed: credited 30.00; status cancelled`);
    expect(await balance(server, token)).toBe(formatCents(cents(before) + 3000));
    expect(orderState(toRefund.id)).toEqual({ status: -1, refund_status: 2 });

    const refuse = await ops(dataDir, 'refund:refuse', String(toRefuse.id), 'Refund', 'only', 'after', 'return');
    expect(refuse.code).toBe(0);
    expect(refuse.stdout).toContain(`refund of order ${toRefuse.id} refused: no money moved`);
    expect((await detail(toRefuse.id)).refund).toMatchObject({ status: 2, admin_msg: 'Refund only after return' });
    expect(orderState(toRefuse.id)).toEqual({ status: 1, refund_status: 0 });

    const again = await ops(dataDir, 'refund:pass', String(toRefund.id));
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`order ${toRefund.id} has no refund request waiting`);
    const bad = await ops(dataDir, 'order:ship', 'abc');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("order id must be a positive integer, got 'abc'");
  });
});

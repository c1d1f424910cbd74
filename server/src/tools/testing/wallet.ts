/**
 * Helpers for the wallet tests (and e2e set-up): fresh shoppers, uploads, verify_pay, withdrawals,
 * all over real HTTP, plus the operator's decisions through the same functions the ops CLI uses.
 */
import { randomUUID } from 'node:crypto';
import { passRecharge } from '../ops/wallet';
import { loginAs, type TestServer } from './test-server';

export interface Env<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

/**
 * A 1x1 PNG, red at half opacity: a picture the server decodes (uploads are re-encoded) and, being
 * really transparent, stores as PNG.
 */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

let counter = 0;

/** Registers a new shopper (balance 0, no payment code) and logs in; returns the token. */
export async function newShopper(server: TestServer, prefix = 'w'): Promise<{ token: string; username: string }> {
  counter += 1;
  const username = `${prefix}${process.pid % 10000}_${counter}`.slice(0, 20);
  const res = await server.call<Env>('/api/user/register', {
    json: {
      username,
      nickname: username,
      password: SHOPPER_PASSWORD,
      repPwd: SHOPPER_PASSWORD,
      email: `${username}@example.com`,
      mobile: '812345678',
      quhao: '66',
    },
  });
  if (res.body.code !== 1) throw new Error(`register failed: ${JSON.stringify(res.body)}`);
  return { token: await loginAs(server, username, SHOPPER_PASSWORD), username };
}

/** The login password of every newShopper. */
export const SHOPPER_PASSWORD = 'secret12';

/** Sets the first payment code, with the login password it asks for. */
export async function setPayCode(
  server: TestServer,
  token: string,
  code = '123456',
  password = SHOPPER_PASSWORD,
): Promise<void> {
  const res = await server.call<Env>('/api/user/resetPay', {
    token,
    json: { oldpassword: '', newpassword: code, is_verify: 0, password },
  });
  if (res.body.code !== 1) throw new Error(`resetPay failed: ${JSON.stringify(res.body)}`);
}

export async function uploadImage(
  server: TestServer,
  token: string | undefined,
  bytes: Buffer = TINY_PNG,
  name = 'evidence.png',
  type = 'image/png',
  lang?: string,
): Promise<{ status: number; body: Env<{ fullurl: string } | null> }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const headers: Record<string, string> = {};
  if (token !== undefined) headers.token = token;
  if (lang) headers.lang = lang;
  const res = await fetch(`${server.baseUrl}/merchant/common/upload`, { method: 'POST', headers, body: form });
  return { status: res.status, body: (await res.json()) as Env<{ fullurl: string } | null> };
}

export async function verifyPay(server: TestServer, token: string, code = '123456'): Promise<Env> {
  return (await server.call<Env>('/api/user/verify_pay', { token, json: { password_pay: code } })).body;
}

export const idemKey = () => randomUUID();

export async function balance(server: TestServer, token: string): Promise<string> {
  const res = await server.call<Env<{ balance: string }>>('/api/user/extract', { token });
  return res.body.data.balance;
}

/** Sum of every ledger entry of the user, as cents, read through listBills (page by page). */
export async function ledgerSumCents(server: TestServer, token: string): Promise<number> {
  let sum = 0;
  for (let page = 1; ; page += 1) {
    const res = await server.call<Env<{ count: number; list: { money: string }[] }>>(
      `/api/user/bill?page=${page}&limit=50`,
      { token },
    );
    for (const b of res.body.data.list) sum += cents(b.money);
    if (res.body.data.list.length < 50) return sum;
  }
}

/** "12.34" -> 1234 without floating point. */
export const cents = (money: string) => {
  const m = /^(-?)(\d+)\.(\d{2})$/.exec(money);
  if (!m) throw new Error(`not money: ${money}`);
  return (m[1] ? -1 : 1) * (Number(m[2]) * 100 + Number(m[3]));
};

/** Tops a shopper up the way it happens for real: evidence upload, recharge, operator passes it. */
export async function topUp(server: TestServer, token: string, price: string): Promise<void> {
  const up = await uploadImage(server, token);
  if (!up.body.data) throw new Error(`upload failed: ${JSON.stringify(up.body)}`);
  const res = await server.call<Env>('/api/user/recharge', {
    token,
    headers: { 'Idempotency-Key': idemKey() },
    json: { recharge_type: 1, network: 'TRC20', price, image: up.body.data.fullurl },
  });
  if (res.body.code !== 1) throw new Error(`recharge failed: ${JSON.stringify(res.body)}`);
  const log = await server.call<Env<{ list: { id: number }[] }>>('/api/user/recharge_log?status=0&limit=1', { token });
  const id = log.body.data.list[0]?.id;
  if (!id) throw new Error('recharge not listed');
  passRecharge(server.db, id);
}

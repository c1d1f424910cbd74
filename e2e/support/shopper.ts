import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { ops } from './ops';
import { solidPng } from './png';
import type { NewUser } from './users';

// Set-up through the API and the operators' CLI for journeys whose subject is elsewhere (e.g. buying):
// a payment code and a balance, as the wallet journey makes them through the screens.

interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

async function expectOk<T>(what: string, answer: Promise<{ json(): Promise<unknown> }>): Promise<T> {
  const envelope = (await (await answer).json()) as Envelope<T>;
  if (envelope.code !== 1) throw new Error(`${what} failed: ${envelope.msg}`);
  return envelope.data;
}

/** Logs `user` in through the API and returns the token (the browser's session is not touched). */
export async function apiToken(request: APIRequestContext, user: NewUser): Promise<string> {
  const data = await expectOk<{ userinfo: { token: string } }>(
    'login',
    request.post('/api/user/login', {
      data: { account: user.username, password: user.password },
      headers: { lang: 'en' },
    }),
  );
  return data.userinfo.token;
}

/**
 * Gives a registered user with no payment code yet the 6-digit `payCode` and a balance of `balance`
 * (e.g. "300.00"): an on-chain top-up with an evidence image, passed by the operator
 * (`ops recharge:pass`), so the ledger starts with one 'Top up' line.
 */
export async function fundShopper(
  request: APIRequestContext,
  user: NewUser,
  { payCode, balance }: { payCode: string; balance: string },
): Promise<void> {
  const token = await apiToken(request, user);
  const headers = { token, lang: 'en' };
  await expectOk(
    'setting the payment code',
    // A first payment code asks for the login password as well (a token alone must not set one).
    request.post('/api/user/resetPay', {
      data: { oldpassword: '', newpassword: payCode, is_verify: 0, password: user.password },
      headers,
    }),
  );
  const chains = await expectOk<{ network: string; blockchain: string }[]>(
    'listing the deposit addresses',
    request.get('/api/user/getBlockchain', { headers }),
  );
  const chain = chains[0];
  if (!chain) throw new Error('The server lists no deposit address.');
  const evidence = await expectOk<{ fullurl: string }>(
    'uploading the payment evidence',
    request.post('/merchant/common/upload', {
      multipart: { file: { name: 'evidence.png', mimeType: 'image/png', buffer: solidPng(8) } },
      headers,
    }),
  );
  await expectOk(
    'filing the top-up',
    request.post('/api/user/recharge', {
      data: {
        recharge_type: 1,
        network: chain.network,
        blockchain: chain.blockchain,
        price: balance,
        image: evidence.fullurl,
      },
      headers: { ...headers, 'Idempotency-Key': randomUUID() },
    }),
  );
  const listed = JSON.parse(ops('list', '--json')) as Record<string, { id: number; username: string }[] | undefined>;
  const mine = (listed['Pending recharges'] ?? []).filter((record) => record.username === user.username);
  if (mine.length !== 1) throw new Error(`Expected one pending recharge of ${user.username}, found ${mine.length}.`);
  ops('recharge:pass', String(mine[0]!.id));
}

/** Cents of an amount string as typed or sent ("200.00", "24.9", "$1,234.50" -> 123450), without floats. */
export function cents(amount: string): number {
  const plain = amount.replace(/[^0-9.-]/g, '');
  const negative = plain.startsWith('-');
  const [whole = '0', fraction = ''] = plain.replace('-', '').split('.');
  const value = Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
  return negative ? -value : value;
}

/** "$1,234.50" as the app writes dollars in English. */
export function dollars(amountCents: number): string {
  const sign = amountCents < 0 ? '-' : '';
  const abs = Math.abs(amountCents);
  const whole = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}$${whole}.${String(abs % 100).padStart(2, '0')}`;
}

/** The Me tab's balance, freshly loaded (a reload: what the shopper sees on opening the app). */
export async function expectBalanceOnMe(page: Page, nickname: string, amountCents: number): Promise<void> {
  await page.goto('/filter');
  const header = page.getByRole('region', { name: nickname });
  await expect(header.getByText('Balance', { exact: true })).toBeVisible();
  await expect(header.getByText(dollars(amountCents), { exact: true })).toBeVisible();
}

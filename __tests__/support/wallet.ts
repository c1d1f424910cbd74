import { expectOk, postJson, registerShopper, SHOPPER_PASSWORD, type Answer, type ReferenceServer } from './server';

/** A 1x1 PNG: the reference server sniffs uploads, so evidence must be a real image. */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Uploads payment evidence through the API (not the SPA) and returns its URL. */
export async function uploadEvidence(server: ReferenceServer, token: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([PNG_BYTES], { type: 'image/png' }), 'proof.png');
  const res = await fetch(`${server.baseUrl}/merchant/common/upload`, {
    method: 'POST',
    headers: { token },
    body: form,
  });
  return expectOk((await res.json()) as Answer<{ fullurl: string }>, 'upload').fullurl;
}

/** Files an on-chain recharge through the API; it waits for an operator (status 0). */
export async function fileRecharge(server: ReferenceServer, token: string, price: string): Promise<void> {
  const chains = expectOk(
    (await server.call<Answer<{ network: string; blockchain: string }[]>>('/api/user/getBlockchain', { token })).body,
    'getBlockchain',
  );
  const chain = chains[0]!;
  const image = await uploadEvidence(server, token);
  expectOk(
    await postJson(
      server,
      '/api/user/recharge',
      token,
      { recharge_type: 1, network: chain.network, blockchain: chain.blockchain, price, image },
      { 'Idempotency-Key': crypto.randomUUID() },
    ),
    'recharge',
  );
}

/** Verifies the payment code and files a withdrawal through the API. */
export async function fileWithdrawal(
  server: ReferenceServer,
  token: string,
  body: Record<string, unknown>,
  payCode = '123456',
): Promise<void> {
  expectOk(await postJson(server, '/api/user/verify_pay', token, { password_pay: payCode }), 'verify_pay');
  expectOk(
    await postJson(server, '/api/user/extract', token, body, { 'Idempotency-Key': crypto.randomUUID() }),
    'extract',
  );
}

/** A bank-card withdrawal body. */
export const bankWithdrawal = (price: string) => ({
  extract_type: 0,
  price,
  bank_card: '6222020200112233445',
  bank_name: 'Example Bank',
  real_name: 'Demo Shopper',
});

/** The balance as the server sees it. */
export async function balanceOf(server: ReferenceServer, token: string): Promise<string> {
  const answer = (await server.call<Answer<{ money: string }>>('/api/user/getUserInfo', { token })).body;
  return expectOk(answer, 'getUserInfo').money;
}

/**
 * Moves the jsdom page to the reference server's origin, as in production where one origin serves
 * the SPA and the API: jsdom's XMLHttpRequest (the upload) enforces CORS like a browser.
 */
export function servePageFrom(server: ReferenceServer): void {
  (globalThis as unknown as { __setPageUrl: (url: string) => void }).__setPageUrl(`${server.baseUrl}/`);
}

let fundedShoppers = 0;
/**
 * A new shopper of the test's own with `money` in the wallet (a recharge an operator passed; none when
 * null) and, unless `payCode` is null, that payment code set.
 */
export async function fundedShopper(
  server: ReferenceServer,
  money: string | null,
  payCode: string | null = '123456',
): Promise<string> {
  const token = await registerShopper(server, `funded_${Date.now() % 100000}_${++fundedShoppers}`);
  if (money) {
    await fileRecharge(server, token, money);
    const list = await server.call<Answer<{ list: { id: number }[] }>>('/api/user/recharge_log', { token });
    await server.ops('recharge:pass', String(expectOk(list.body, 'recharge_log').list[0]!.id));
  }
  if (payCode) {
    const set = await server.call<Answer>('/api/user/resetPay', {
      token,
      json: { oldpassword: '', newpassword: payCode, is_verify: 0, password: SHOPPER_PASSWORD },
    });
    expectOk(set.body, 'resetPay');
  }
  return token;
}

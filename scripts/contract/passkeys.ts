/**
 * The passkey extension (openapi.yaml listPasskeys and the calls beside it), with a software
 * authenticator (server/src/tools/testing/soft-authenticator.ts) as the shopper's device: on the
 * throw-away account the run registers, it adds a passkey, signs in with it, and removes it again
 * after the money path (which confirms one payment with it). These calls touch only that account,
 * like setLanguage, so they belong to the read-only run; a given account (--account) is only read,
 * since how it is entered is not the checker's to change, even for a moment.
 */
import { SoftAuthenticator } from '../../server/src/tools/testing/soft-authenticator';
import { check, noExtension, skip, type CheckContext, type Checked } from './check';
import { dataOf, isObj, posInt, type Obj } from './values';

type CreationOptions = Parameters<SoftAuthenticator['create']>[0];
type RequestOptions = Parameters<SoftAuthenticator['get']>[0];
type Assertion = ReturnType<SoftAuthenticator['get']>;

/** The passkey calls of the read-only run. */
export const PASSKEY_OPERATIONS = [
  'listPasskeys',
  'beginPasskeyLogin',
  'beginPasskeyRegistration',
  'finishPasskeyRegistration',
  'finishPasskeyLogin',
  'deletePasskey',
] as const;

/** Confirming a payment with the passkey instead of the payment code (--write, money-path.ts). */
export const PASSKEY_PAYMENT_OPERATIONS = ['beginPasskeyPayment', 'verifyPayPasskey'] as const;

/** What the device calls the passkey; the shopper's name for it (1-40 characters). */
const PASSKEY_NAME = 'Contract check';

/**
 * The page origin the device signs for. A browser only offers passkeys of an RP ID that is the
 * page's host or a parent domain of it, so the checker's base URL serves when it is such a host
 * (the reference server on localhost or a loopback address); else the backend is reached at another
 * address than its shop (an API host, a tunnel), and the shop's own site, https://<RP ID>, is the
 * origin a real shopper's browser would send.
 */
export function passkeyOrigin(baseUrl: string, rpId: string | undefined): string {
  const base = new URL(baseUrl);
  if (!rpId) return base.origin;
  const host = base.hostname.toLowerCase();
  const rp = rpId.toLowerCase();
  return host === rp || host.endsWith(`.${rp}`) ? base.origin : `https://${rpId}`;
}

/** A passkey the run added: its id on the server, and its device's answer to request options. */
export interface Passkey {
  id: number;
  credentialId: string;
  /** navigator.credentials.get() on the device; throws as a browser does when it cannot answer. */
  sign(options: unknown): Assertion;
}

/** The passkey for the money path, or why there is none (`lacking`: the server has no passkeys). */
export type PasskeyState = { passkey: Passkey } | { passkey?: undefined; why: string; lacking: boolean };

/** The device's answer, or the problem that it could not give one, for a check's further rules. */
function deviceAnswer<T>(answer: () => T, keep: (value: T) => void): string[] {
  try {
    keep(answer());
    return [];
  } catch (e) {
    return [`the device cannot answer these options: ${(e as Error).message}`];
  }
}

const passed = (c: Checked) => c.result.outcome === 'PASS';
/** The passkeys of a listPasskeys envelope. */
function passkeysIn(envelope: Obj | undefined): Obj[] {
  const data = envelope?.data;
  return isObj(data) && Array.isArray(data.list) ? data.list.filter(isObj) : [];
}

export interface PasskeyRunInput {
  token: string;
  baseUrl: string;
  /** The throw-away account this run registered; undefined for a given account. */
  registered?: string;
  /** Its login password (adding a passkey asks for it). */
  password?: string;
}

/**
 * listPasskeys and beginPasskeyLogin; then, on the throw-away account, adding a passkey and signing
 * in with it. Returns the passkey for the money path and removePasskey.
 */
export async function runPasskeys(ctx: CheckContext, input: PasskeyRunInput): Promise<PasskeyState> {
  const { token, baseUrl, registered, password } = input;
  const ceremony = ['beginPasskeyRegistration', 'finishPasskeyRegistration', 'finishPasskeyLogin', 'deletePasskey'];

  const list = await check(ctx, {
    operationId: 'listPasskeys',
    token,
    expect: 'success',
    why: registered ? 'none yet on a new account' : undefined,
    verify: (b) => (registered && passkeysIn(b).length ? ['/data/list is not empty on a new account'] : []),
  });
  // A backend without passkeys may guard every /api/user/ path with the token, answering the public
  // beginPasskeyLogin with 401 instead of 404; listPasskeys, sent with the token, gets its 404.
  if (list.result.outcome === 'NO EXTENSION') {
    const why = 'listPasskeys answered 404: the server has no passkeys';
    for (const operationId of ['beginPasskeyLogin', ...ceremony]) noExtension(ctx, { operationId }, why);
    return { why, lacking: true };
  }
  const loginOptions = await check(ctx, { operationId: 'beginPasskeyLogin', expect: 'success' });
  if (loginOptions.result.outcome === 'NO EXTENSION') {
    const why = 'beginPasskeyLogin answered 404: the server has no passkey sign-in';
    for (const operationId of ceremony) noExtension(ctx, { operationId }, why);
    return { why, lacking: true };
  }
  if (!registered) {
    const why = 'a given account: passkeys are added only to the throw-away account the run registers';
    for (const operationId of ceremony) skip(ctx, { operationId }, why);
    return { why, lacking: false };
  }

  // --- Adding one, with the login password ---------------------------------------------------------
  const device = new SoftAuthenticator();
  const made: { response?: ReturnType<SoftAuthenticator['create']> } = {};
  await check(ctx, {
    operationId: 'beginPasskeyRegistration',
    token,
    json: { password },
    expect: 'success',
    why: 'with the login password',
    verify: (b) => {
      const options = b.data as CreationOptions;
      return deviceAnswer(
        () => device.create(options, passkeyOrigin(baseUrl, options.rp.id)),
        (r) => (made.response = r),
      );
    },
  });
  if (!made.response) {
    const why = 'no passkey: beginPasskeyRegistration did not succeed';
    for (const operationId of ceremony.slice(1)) skip(ctx, { operationId }, why);
    return { why, lacking: false };
  }
  const credentialId = made.response.id;
  const added = await check(ctx, {
    operationId: 'finishPasskeyRegistration',
    token,
    json: { name: PASSKEY_NAME, response: made.response },
    expect: 'success',
    verify: (b) =>
      isObj(b.data) && b.data.credential_id === credentialId
        ? []
        : [`/data/credential_id is not the new passkey's (${credentialId})`],
  });
  const listed = await check(ctx, {
    operationId: 'listPasskeys',
    variant: 'after finishPasskeyRegistration',
    token,
    expect: 'success',
    verify: (b) =>
      passkeysIn(b).some((p) => p.credential_id === credentialId)
        ? []
        : [`the passkey just added (credential_id ${credentialId}) is not in the list`],
  });
  const addedData = dataOf(added);
  const row = passkeysIn(listed.body).find((p) => p.credential_id === credentialId);
  const id = [row?.id, isObj(addedData) ? addedData.id : undefined].find(posInt);
  if (!passed(added) || id === undefined) {
    const why = 'no passkey: finishPasskeyRegistration did not succeed';
    for (const operationId of ['finishPasskeyLogin', 'deletePasskey']) skip(ctx, { operationId }, why);
    return { why, lacking: false };
  }
  const passkey: Passkey = {
    id,
    credentialId,
    sign(options) {
      if (!isObj(options)) throw new Error('no request options');
      const request = options as unknown as RequestOptions;
      return device.get(request, passkeyOrigin(baseUrl, request.rpId), credentialId);
    },
  };

  // --- Signing in with it: a session like login's, once per answer -------------------------------
  const signed: { response?: Assertion } = {};
  await check(ctx, {
    operationId: 'beginPasskeyLogin',
    variant: 'to sign in',
    expect: 'success',
    verify: (b) =>
      deviceAnswer(
        () => passkey.sign(b.data),
        (r) => (signed.response = r),
      ),
  });
  if (!signed.response) {
    skip(ctx, { operationId: 'finishPasskeyLogin' }, 'no answer: beginPasskeyLogin did not succeed');
    return { passkey };
  }
  const response = signed.response;
  const login = await check(ctx, {
    operationId: 'finishPasskeyLogin',
    json: { response },
    expect: 'success',
    verify: (b) => {
      const t = isObj(b.data) && isObj(b.data.userinfo) ? b.data.userinfo.token : undefined;
      return typeof t === 'string' && t.length > 0 ? [] : ['/data/userinfo/token is empty'];
    },
  });
  const loginData = dataOf(login);
  const newToken =
    isObj(loginData) && isObj(loginData.userinfo) && typeof loginData.userinfo.token === 'string'
      ? loginData.userinfo.token
      : undefined;
  const variant = 'session of finishPasskeyLogin';
  if (newToken) {
    await check(ctx, {
      operationId: 'getUserInfo',
      variant,
      token: newToken,
      expect: 'success',
      verify: (b) => {
        const d = isObj(b.data) ? b.data : {};
        const problems: string[] = [];
        if (d.username !== registered)
          problems.push(`/data/username is ${JSON.stringify(d.username)}, expected ${registered}`);
        if (d.passkeys !== undefined && d.passkeys !== 1) problems.push(`/data/passkeys is ${d.passkeys}, expected 1`);
        return problems;
      },
    });
  } else {
    skip(ctx, { operationId: 'getUserInfo', variant }, 'no token: finishPasskeyLogin did not succeed');
  }
  await check(ctx, {
    operationId: 'finishPasskeyLogin',
    variant: 'the same answer again',
    json: { response },
    expect: 'refusal',
    why: 'a challenge is used once',
  });
  // The checker closes every session it opens.
  if (newToken) await check(ctx, { operationId: 'logout', variant, token: newToken, expect: 'success' });
  return { passkey };
}

/** Removes the passkey runPasskeys added: refused without the login password, then removed with it. */
export async function removePasskey(
  ctx: CheckContext,
  state: PasskeyState,
  token: string,
  password: string,
): Promise<void> {
  const { passkey } = state;
  if (!passkey) return;
  await check(ctx, {
    operationId: 'deletePasskey',
    variant: 'no password',
    token,
    json: { id: passkey.id },
    expect: 'refusal',
    why: "'Please enter your login password'",
  });
  const removed = await check(ctx, {
    operationId: 'deletePasskey',
    token,
    json: { id: passkey.id, password },
    expect: 'success',
  });
  if (!passed(removed)) return;
  await check(ctx, {
    operationId: 'listPasskeys',
    variant: 'after deletePasskey',
    token,
    expect: 'success',
    verify: (b) =>
      passkeysIn(b).some((p) => p.credential_id === passkey.credentialId)
        ? [`the passkey removed (credential_id ${passkey.credentialId}) is still in the list`]
        : [],
  });
}

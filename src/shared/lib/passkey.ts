/**
 * The browser's side of passkeys (WebAuthn) with @simplewebauthn/browser, which turns the server's
 * JSON options into the browser's call and its answer back into JSON. The library loads with the
 * first ceremony, not with the page. What this module knows of the device (which passkeys it made or
 * used, whether it was offered one) is in localStorage: credential ids and flags, never a secret.
 */
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';

import { passkeysSupported, rpIdFitsHere } from './passkey-support';

export { passkeysSupported, rpIdFitsHere } from './passkey-support';

type WebAuthnModule = typeof import('@simplewebauthn/browser');
let webauthn: Promise<WebAuthnModule> | undefined;
function loadWebAuthn(): Promise<WebAuthnModule> {
  webauthn ??= import(/* webpackChunkName: "webauthn" */ '@simplewebauthn/browser');
  webauthn.catch(() => {
    webauthn = undefined;
  });
  return webauthn;
}

/**
 * Whether this device can make a passkey itself (a platform authenticator that verifies its owner:
 * fingerprint, face, screen lock). False when unsure.
 */
export async function deviceCanMakePasskey(): Promise<boolean> {
  if (!passkeysSupported()) return false;
  try {
    return await window.PublicKeyCredential.isUserVerifyingPlatformAuthenticatorAvailable();
  } catch {
    return false;
  }
}

/** Whether the browser offers passkeys in a field's autofill (WebAuthn conditional mediation). */
export async function passkeyAutofillSupported(): Promise<boolean> {
  if (!passkeysSupported()) return false;
  try {
    return (await window.PublicKeyCredential.isConditionalMediationAvailable?.()) === true;
  } catch {
    return false;
  }
}

/**
 * How a ceremony ended without a passkey, each with its own message: the shopper cancelled (or the
 * device had none: WebAuthn does not tell these apart, on purpose); the browser cannot do it here;
 * the device already holds a passkey of this account; another ceremony took over ('aborted',
 * nothing to say); anything else ('failed').
 */
export type PasskeyProblem = 'cancelled' | 'unsupported' | 'exists' | 'aborted' | 'failed';

export class PasskeyError extends Error {
  constructor(
    readonly problem: PasskeyProblem,
    cause?: unknown,
  ) {
    super(`passkey ${problem}`, { cause });
    this.name = 'PasskeyError';
  }
}

/** The DOMException behind an error of the library (it wraps the browser's in `cause`). */
function domNameOf(error: unknown): string {
  const outer = error as { name?: string; code?: string; cause?: { name?: string } } | undefined;
  if (outer?.code === 'ERROR_CEREMONY_ABORTED') return 'AbortError';
  return outer?.cause?.name ?? outer?.name ?? '';
}

function problemOf(error: unknown): PasskeyProblem {
  switch (domNameOf(error)) {
    case 'NotAllowedError':
      return 'cancelled';
    case 'AbortError':
      return 'aborted';
    case 'InvalidStateError':
      return 'exists';
    case 'SecurityError':
    case 'NotSupportedError':
      return 'unsupported';
    default:
      return 'failed';
  }
}

/**
 * The server's options as the contract types them (openapi.yaml PasskeyCreationOptions,
 * PasskeyRequestOptions): WebAuthn's JSON forms with plain strings where the library lists the values
 * browsers know (a transport a browser does not know is ignored by it, as WebAuthn says).
 */
type ServerOptions<Kind extends 'create' | 'get'> = { challenge: string } & (Kind extends 'create'
  ? { rp: { id?: string } }
  : { rpId?: string });

/**
 * Asks the device for a new passkey; rejects with a PasskeyError. The server's options are fetched
 * after the shopper's tap, before this call: WebKit (every iPhone browser) no longer requires WebAuthn
 * to be called within the tap itself (WebKit pull request 20191, Safari 17).
 */
export async function createPasskey(optionsJSON: ServerOptions<'create'>): Promise<RegistrationResponseJSON> {
  if (!passkeysSupported() || !rpIdFitsHere(optionsJSON.rp.id)) throw new PasskeyError('unsupported');
  const { startRegistration } = await loadWebAuthn();
  try {
    return await startRegistration({ optionsJSON: optionsJSON as unknown as PublicKeyCredentialCreationOptionsJSON });
  } catch (error) {
    throw new PasskeyError(problemOf(error), error);
  }
}

/**
 * Asks the device to sign `optionsJSON`'s challenge with a passkey. `autofill`: quietly, from the
 * account field's autofill (conditional mediation), until the shopper picks a passkey there or
 * another ceremony (or cancelPasskeyRequest) aborts it. Rejects with a PasskeyError.
 */
export async function signWithPasskey(
  optionsJSON: ServerOptions<'get'>,
  { autofill = false }: { autofill?: boolean } = {},
): Promise<AuthenticationResponseJSON> {
  if (!passkeysSupported() || !rpIdFitsHere(optionsJSON.rpId)) throw new PasskeyError('unsupported');
  const { startAuthentication } = await loadWebAuthn();
  try {
    return await startAuthentication({
      optionsJSON: optionsJSON as unknown as PublicKeyCredentialRequestOptionsJSON,
      useBrowserAutofill: autofill,
    });
  } catch (error) {
    throw new PasskeyError(problemOf(error), error);
  }
}

/** Ends a ceremony under way (the account field's autofill when the screen goes). */
export function cancelPasskeyRequest(): void {
  void webauthn?.then(({ WebAuthnAbortService }) => WebAuthnAbortService.cancelCeremony());
}

/**
 * Tells the device's passkey manager that the server no longer knows a passkey (removed on the
 * server), so it stops offering it (WebAuthn's signals, where the browser has them).
 */
export function signalPasskeyRemoved(rpId: string | undefined, credentialId: string): void {
  const signal = (
    window.PublicKeyCredential as unknown as {
      signalUnknownCredential?: (options: { rpId: string; credentialId: string }) => Promise<void>;
    }
  )?.signalUnknownCredential;
  if (!signal || !rpId) return;
  void signal.call(window.PublicKeyCredential, { rpId, credentialId }).catch(() => undefined);
}

/**
 * The message for a payment or withdrawal not confirmed with a passkey; undefined when there is
 * nothing to say (another request took over, or the server refused and the request layer said why).
 */
export function payProblemMessageId(problem: PasskeyProblem | 'removed' | 'amount' | undefined): string | undefined {
  switch (problem) {
    case undefined:
    case 'aborted':
      return undefined;
    case 'cancelled':
      return 'passkey.payCancelled';
    case 'removed':
      return 'passkey.removedHere';
    case 'amount':
      return 'passkey.amountChanged';
    case 'unsupported':
      return 'account.passkey.unsupported';
    default:
      return 'account.passkey.failed';
  }
}

// ---- What this device knows ----------------------------------------------------------------------

const devicePasskeysKey = (account: string) => `passkeys:${account.toLowerCase()}`;

function readList(key: string): string[] {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(key) ?? '[]');
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

function writeList(key: string, list: string[]): void {
  try {
    if (list.length) window.localStorage.setItem(key, JSON.stringify(list));
    else window.localStorage.removeItem(key);
  } catch {
    // Storage full or off (a private window): the device is then not remembered, nothing else.
  }
}

/** The credential ids of `account`'s passkeys this device made or used. */
export function passkeysOnThisDevice(account: string): string[] {
  return readList(devicePasskeysKey(account));
}

/** Remembers that this device holds `credentialId` of `account` (it made or used it). */
export function rememberPasskeyHere(account: string, credentialId: string): void {
  const list = passkeysOnThisDevice(account);
  if (!list.includes(credentialId)) writeList(devicePasskeysKey(account), [...list, credentialId]);
}

/** Whether this device made or used a passkey of any account here. */
export function anyPasskeyKnownHere(): boolean {
  try {
    for (let i = 0; i < window.localStorage.length; i++) {
      if (window.localStorage.key(i)?.startsWith('passkeys:')) return true;
    }
  } catch {
    // Storage off: nothing known.
  }
  return false;
}

/** Forgets a passkey of `account` on this device (removed, or unknown to the server). */
export function forgetPasskeyHere(account: string, credentialId: string): void {
  writeList(
    devicePasskeysKey(account),
    passkeysOnThisDevice(account).filter((id) => id !== credentialId),
  );
}

const offeredKey = (account: string) => `passkey-offered:${account.toLowerCase()}`;

/** Whether `account` was already offered a passkey on this device (the offer after a login comes once). */
export function passkeyOffered(account: string): boolean {
  try {
    return window.localStorage.getItem(offeredKey(account)) === '1';
  } catch {
    return true;
  }
}

export function notePasskeyOffered(account: string): void {
  try {
    window.localStorage.setItem(offeredKey(account), '1');
  } catch {
    // As above: not remembered.
  }
}

/**
 * What a shopper would call this device, for a new passkey's name: a product's own name ('iPhone',
 * 'Mac', the same in every language) or, through `translate`, a kind of device ('Android phone').
 */
export function thisDeviceName(translate: (id: string) => string): string | undefined {
  const ua = navigator.userAgent;
  if (/iPhone/.test(ua)) return 'iPhone';
  if (/iPad/.test(ua) || (/Macintosh/.test(ua) && navigator.maxTouchPoints > 1)) return 'iPad';
  if (/Android/.test(ua))
    return translate(/Mobile/.test(ua) ? 'passkey.device.androidPhone' : 'passkey.device.androidTablet');
  if (/CrOS/.test(ua)) return 'Chromebook';
  if (/Macintosh/.test(ua)) return 'Mac';
  if (/Windows/.test(ua)) return translate('passkey.device.windows');
  if (/Linux/.test(ua)) return translate('passkey.device.linux');
  return undefined;
}

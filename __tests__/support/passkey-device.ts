import { SoftAuthenticator } from '../../server/src/tools/testing/soft-authenticator';

/**
 * A passkey device for jsdom, which has no WebAuthn: `navigator.credentials` and `PublicKeyCredential`
 * as a browser with a platform authenticator offers them, answered by a software authenticator
 * (server/src/tools/testing/soft-authenticator.ts: real keys and signatures, which the reference
 * server verifies). The page's origin is jsdom's (http://localhost); the reference server of the
 * browser-side tests has the RP ID localhost (reference-server-process.ts).
 *
 * Like the IntersectionObserver stand-in of setup.ts, this is the browser's part, not the app's: the
 * app's own code (@simplewebauthn/browser, src/shared/lib/passkey.ts) runs unchanged on top of it.
 */

type Json = Record<string, unknown>;

const toBase64Url = (bytes: ArrayBuffer | ArrayBufferView) =>
  Buffer.from(
    ArrayBuffer.isView(bytes)
      ? new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength)
      : new Uint8Array(bytes),
  ).toString('base64url');
const toBuffer = (text: string): ArrayBuffer => {
  const bytes = Buffer.from(text, 'base64url');
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
};

/** The browser's options (ArrayBuffers) back into WebAuthn's JSON form, which the authenticator reads. */
function optionsJson(publicKey: Json): Json {
  const ids = (list: unknown) =>
    Array.isArray(list) ? list.map((c: { id: ArrayBuffer }) => ({ ...c, id: toBase64Url(c.id) })) : undefined;
  const user = publicKey.user as { id: ArrayBuffer } | undefined;
  return {
    ...publicKey,
    challenge: toBase64Url(publicKey.challenge as ArrayBuffer),
    ...(user && { user: { ...user, id: toBase64Url(user.id) } }),
    excludeCredentials: ids(publicKey.excludeCredentials),
    allowCredentials: ids(publicKey.allowCredentials),
  };
}

/** What the authenticator answered, as the browser's PublicKeyCredential object. */
function credentialOf(answer: ReturnType<SoftAuthenticator['create']> | ReturnType<SoftAuthenticator['get']>) {
  const response = answer.response as Record<string, unknown>;
  const buffers = Object.fromEntries(
    Object.entries(response)
      .filter(([key]) =>
        ['clientDataJSON', 'attestationObject', 'authenticatorData', 'signature', 'userHandle'].includes(key),
      )
      .map(([key, value]) => [key, toBuffer(value as string)]),
  );
  return {
    id: answer.id,
    rawId: toBuffer(answer.rawId),
    type: answer.type,
    authenticatorAttachment: answer.authenticatorAttachment,
    getClientExtensionResults: () => answer.clientExtensionResults,
    response: {
      ...buffers,
      getTransports: () => response.transports,
      getPublicKeyAlgorithm: () => response.publicKeyAlgorithm,
      getPublicKey: () => (typeof response.publicKey === 'string' ? toBuffer(response.publicKey) : null),
      getAuthenticatorData: () => buffers.authenticatorData,
    },
  };
}

export interface PasskeyDevice {
  authenticator: SoftAuthenticator;
  /** The next request is refused as a shopper's cancel (NotAllowedError). */
  cancelNext(): void;
  /** How many times the device was asked to make or use a passkey (the autofill's quiet requests left out). */
  prompts: number;
  /** How many quiet requests the account field's autofill made (conditional mediation). */
  autofillRequests: number;
  uninstall(): void;
}

/**
 * Gives this jsdom window a passkey device. `autofill`: the browser offers passkeys in a field's
 * autofill (conditional mediation); the quiet request then waits until the test ends it, or, with
 * 'refused', is turned down at once.
 */
export function installPasskeyDevice({
  authenticator = new SoftAuthenticator(),
  autofill = false,
}: { authenticator?: SoftAuthenticator; autofill?: boolean | 'refused' } = {}): PasskeyDevice {
  const origin = window.location.origin;
  let cancel = false;
  const device: PasskeyDevice = {
    authenticator,
    prompts: 0,
    autofillRequests: 0,
    cancelNext: () => {
      cancel = true;
    },
    uninstall: () => {
      delete (window as { PublicKeyCredential?: unknown }).PublicKeyCredential;
      Object.defineProperty(navigator, 'credentials', { value: undefined, configurable: true });
    },
  };
  const refuseIfCancelled = () => {
    if (!cancel) return;
    cancel = false;
    throw new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError');
  };
  class PublicKeyCredential {
    static isUserVerifyingPlatformAuthenticatorAvailable = () => Promise.resolve(true);
    static isConditionalMediationAvailable = () => Promise.resolve(autofill !== false);
  }
  Object.defineProperty(window, 'PublicKeyCredential', { value: PublicKeyCredential, configurable: true });
  Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
  Object.defineProperty(navigator, 'credentials', {
    configurable: true,
    value: {
      create: async ({ publicKey }: { publicKey: Json }) => {
        device.prompts += 1;
        refuseIfCancelled();
        try {
          return credentialOf(authenticator.create(optionsJson(publicKey) as never, origin));
        } catch (error) {
          throw new DOMException((error as Error).message, (error as Error).name);
        }
      },
      get: ({ publicKey, mediation, signal }: { publicKey: Json; mediation?: string; signal?: AbortSignal }) => {
        if (mediation === 'conditional') {
          device.autofillRequests += 1;
          // 'refused': a browser that turns the quiet request down at once.
          if (autofill === 'refused') {
            return Promise.reject(new DOMException('The operation is not allowed.', 'NotAllowedError'));
          }
          // Waits for the shopper to pick a passkey in the field's autofill, which tests do not do.
          return new Promise((_resolve, reject) =>
            signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))),
          );
        }
        device.prompts += 1;
        return (async () => {
          refuseIfCancelled();
          try {
            return credentialOf(authenticator.get(optionsJson(publicKey) as never, origin));
          } catch (error) {
            throw new DOMException((error as Error).message, (error as Error).name);
          }
        })();
      },
    },
  });
  return device;
}

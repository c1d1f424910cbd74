/**
 * A software WebAuthn authenticator for tests and the contract checker: a passkey device as the
 * WebAuthn specification defines its answers (a discoverable ES256 credential, attestation 'none',
 * user verified), built with Node's crypto, so the server's ceremonies run for real without a
 * browser. It can also answer as no honest device would (user not verified, a counter that goes
 * back), which is how the refusals are tested.
 *
 * JSON in, JSON out: the options are the server's (WebAuthn's JSON forms), the answers are what
 * `PublicKeyCredential.toJSON()` gives (RegistrationResponseJSON, AuthenticationResponseJSON).
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

const UP = 0x01;
const UV = 0x04;
const BE = 0x08;
const BS = 0x10;
const AT = 0x40;

export interface SoftCredential {
  id: string;
  rpId: string;
  userHandle: string;
  privateKey: KeyObject;
  /** The signature counter the next answer carries (it grows by one each time unless `counts` is off). */
  counter: number;
}

interface CreationOptions {
  challenge: string;
  rp: { id?: string; name?: string };
  user: { id: string; name?: string };
  excludeCredentials?: { id: string }[];
}

interface RequestOptions {
  challenge: string;
  rpId?: string;
  allowCredentials?: { id: string }[];
}

export interface SoftAuthenticatorOptions {
  /** The device checks its owner (fingerprint, face, PIN): the UV flag. Default true. */
  userVerified?: boolean;
  /** A synced passkey (backup eligible and backed up). Default true. */
  backedUp?: boolean;
  /** The device keeps a signature counter. Default true; false sends 0 every time, as many synced passkeys do. */
  counts?: boolean;
}

const b64 = (bytes: Uint8Array | Buffer) => isoBase64URL.fromBuffer(new Uint8Array(bytes));
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

function clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

/** The credential public key in COSE form (EC2, P-256, ES256). */
function coseKeyOf(privateKey: KeyObject): Uint8Array {
  const jwk = privateKey.export({ format: 'jwk' });
  const x = isoBase64URL.toBuffer(jwk.x ?? '');
  const y = isoBase64URL.toBuffer(jwk.y ?? '');
  return isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, x],
      [-3, y],
    ]),
  );
}

export class SoftAuthenticator {
  readonly credentials: SoftCredential[] = [];
  private readonly options: Required<SoftAuthenticatorOptions>;

  constructor(options: SoftAuthenticatorOptions = {}) {
    this.options = { userVerified: true, backedUp: true, counts: true, ...options };
  }

  private flags(extra = 0): number {
    const { userVerified, backedUp } = this.options;
    return UP | (userVerified ? UV : 0) | (backedUp ? BE | BS : 0) | extra;
  }

  private authData(rpId: string, flags: number, counter: number, attested?: Uint8Array): Buffer {
    const head = Buffer.alloc(37);
    sha256(rpId).copy(head, 0);
    head.writeUInt8(flags, 32);
    head.writeUInt32BE(counter, 33);
    return attested ? Buffer.concat([head, attested]) : head;
  }

  /** navigator.credentials.create() with a passkey provider at `origin`. */
  create(options: CreationOptions, origin: string) {
    const rpId = options.rp.id ?? new URL(origin).hostname;
    const excluded = new Set((options.excludeCredentials ?? []).map((c) => c.id));
    if (this.credentials.some((c) => c.rpId === rpId && excluded.has(c.id))) {
      throw Object.assign(new Error('The authenticator already holds a credential of this account'), {
        name: 'InvalidStateError',
      });
    }
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const rawId = randomBytes(32);
    const credential: SoftCredential = {
      id: b64(rawId),
      rpId,
      userHandle: options.user.id,
      privateKey,
      counter: 0,
    };
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(rawId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, rawId, coseKeyOf(privateKey)]);
    const authData = this.authData(rpId, this.flags(AT), credential.counter, attested);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    this.credentials.push(credential);
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key' as const,
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: { credProps: { rk: true } },
      response: {
        clientDataJSON: b64(clientData('webauthn.create', options.challenge, origin)),
        attestationObject: b64(attestationObject),
        authenticatorData: b64(authData),
        transports: ['internal', 'hybrid'],
        publicKeyAlgorithm: -7,
        publicKey: b64(publicKey.export({ format: 'der', type: 'spki' })),
      },
    };
  }

  /**
   * navigator.credentials.get() at `origin`: the passkey `credentialId`, else the first one the
   * options allow (any of the RP ID's when allowCredentials is empty: a discoverable credential).
   * Throws a NotAllowedError when it holds none, as a browser does.
   */
  get(options: RequestOptions, origin: string, credentialId?: string) {
    const rpId = options.rpId ?? new URL(origin).hostname;
    const allowed = (options.allowCredentials ?? []).map((c) => c.id);
    const credential = this.credentials.find(
      (c) =>
        c.rpId === rpId &&
        (credentialId === undefined || c.id === credentialId) &&
        (!allowed.length || allowed.includes(c.id)),
    );
    if (!credential) {
      throw Object.assign(new Error('The operation either timed out or was not allowed'), { name: 'NotAllowedError' });
    }
    if (this.options.counts) credential.counter += 1;
    const authData = this.authData(rpId, this.flags(), credential.counter);
    const data = clientData('webauthn.get', options.challenge, origin);
    const signature = sign('sha256', Buffer.concat([authData, sha256(data)]), credential.privateKey);
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key' as const,
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64(data),
        authenticatorData: b64(authData),
        signature: b64(signature),
        userHandle: credential.userHandle,
      },
    };
  }

  /** Sets the counter the next answer of `credentialId` starts from (a cloned device's, say). */
  setCounter(credentialId: string, counter: number): void {
    const credential = this.credentials.find((c) => c.id === credentialId);
    if (credential) credential.counter = counter;
  }
}

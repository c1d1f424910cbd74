import { createHash, randomBytes, scrypt, scryptSync, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { refused } from '../http';

/** scrypt parameters for passwords and payment codes (N=2^14, r=8, p=1: ~16 MiB, tens of ms). */
const N = 16384;
const R = 8;
const P = 1;
const KEYLEN = 32;

/**
 * scrypt runs on libuv's thread pool (4 threads by default), shared with file reads and DNS. At
 * most SCRYPT_CONCURRENCY hashes run at once and at most SCRYPT_QUEUE wait; beyond that a request
 * is refused at once (code 0, 'busy') instead of queueing behind a flood of password checks.
 */
export const SCRYPT_CONCURRENCY = 2;
export const SCRYPT_QUEUE = 32;
let running = 0;
const waiting: (() => void)[] = [];

async function gated<T>(work: () => Promise<T>): Promise<T> {
  if (running >= SCRYPT_CONCURRENCY) {
    if (waiting.length >= SCRYPT_QUEUE) throw refused('The server is busy. Please try again in a moment');
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    running += 1;
  }
  try {
    return await work();
  } finally {
    // Hand the slot straight to the next waiter (running stays the same), else free it.
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

function scryptAsync(secret: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return gated(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scrypt(secret.normalize('NFKC'), salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key)));
      }),
  );
}

/** Hashes a secret with a fresh per-user salt. Format: scrypt$N$r$p$salt_b64$hash_b64. */
export async function hashSecret(secret: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(secret, salt, KEYLEN, { N, r: R, p: P, maxmem: 64 * 1024 * 1024 });
  return ['scrypt', N, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Constant-time comparison of a secret with a stored hash; false on any malformed hash. */
export async function verifySecret(secret: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, saltB64, keyB64] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(keyB64, 'base64');
  const key = await scryptAsync(secret, Buffer.from(saltB64, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 64 * 1024 * 1024,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/**
 * A hash nobody's password matches, checked when the account does not exist so that a wrong
 * account and a wrong password take the same time (no account enumeration by timing).
 */
let dummyHash: Promise<string> | undefined;
export function dummySecretHash(): Promise<string> {
  dummyHash ??= hashSecret(randomBytes(16).toString('hex'));
  return dummyHash;
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** A new session token: 32 random bytes as hex; only its sha256 is stored. */
export function newToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('hex');
  return { token, tokenHash: sha256Hex(token) };
}

/** Synchronous variant for the seed (a handful of hashes at start-up, before serving). */
export function hashSecretSync(secret: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(secret.normalize('NFKC'), salt, KEYLEN, { N, r: R, p: P, maxmem: 64 * 1024 * 1024 });
  return ['scrypt', N, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

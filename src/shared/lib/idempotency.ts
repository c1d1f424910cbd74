/**
 * Idempotency keys for money operations (DESIGN.md section 3.4): one key per intent of the shopper, sent
 * as the Idempotency-Key header, so a retry after a timeout returns the first result instead of moving
 * money twice.
 */

interface CryptoLike {
  randomUUID?: () => string;
  getRandomValues?: (array: Uint8Array<ArrayBuffer>) => Uint8Array<ArrayBuffer>;
}

/**
 * A new random key: crypto.randomUUID where the browser offers it (it does only in secure contexts,
 * i.e. HTTPS or localhost), else an RFC 4122 version 4 UUID from crypto.getRandomValues, which works
 * on plain HTTP too.
 */
export function newIdempotencyKey(source: CryptoLike | undefined = globalThis.crypto): string {
  if (typeof source?.randomUUID === 'function') return source.randomUUID();
  if (typeof source?.getRandomValues !== 'function') {
    throw new Error('No secure random source (crypto.getRandomValues) for an idempotency key');
  }
  const bytes = source.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40; // version 4
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // RFC 4122 variant
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** JSON with object keys sorted, so {a, b} and {b, a} are the same intent. */
export function stableFingerprint(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : item,
  );
}

/**
 * Remembers the key of the current intent: the same submitted values get the same key (a retry after
 * a timeout or a lost answer is the same intent), other values a new one, and after `settle()` (the
 * server answered for sure) the next submit is a new intent even with equal values.
 */
export class IntentKeys {
  private current: { fingerprint: string; key: string } | undefined;

  constructor(private readonly makeKey: () => string = () => newIdempotencyKey()) {}

  keyFor(values: unknown): string {
    const fingerprint = stableFingerprint(values);
    if (this.current?.fingerprint !== fingerprint) this.current = { fingerprint, key: this.makeKey() };
    return this.current.key;
  }

  settle(): void {
    this.current = undefined;
  }
}

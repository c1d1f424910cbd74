import { IntentKeys, newIdempotencyKey, stableFingerprint } from '../../src/shared/lib/idempotency';
import { isDefiniteRefusal, isUnknownOutcome } from '../../src/shared/lib/use-intent-key';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newIdempotencyKey', () => {
  it('uses crypto.randomUUID where the browser has it', () => {
    expect(newIdempotencyKey({ randomUUID: () => 'from-random-uuid' })).toBe('from-random-uuid');
  });

  it('builds a version 4 UUID from getRandomValues where randomUUID is missing (plain HTTP)', () => {
    const key = newIdempotencyKey({ getRandomValues: (array) => globalThis.crypto.getRandomValues(array) });
    expect(key).toMatch(UUID_V4);
  });

  it('sets the version and variant bits whatever the random bytes are', () => {
    expect(newIdempotencyKey({ getRandomValues: (array) => array.fill(0xff) })).toBe(
      'ffffffff-ffff-4fff-bfff-ffffffffffff',
    );
    expect(newIdempotencyKey({ getRandomValues: (array) => array.fill(0) })).toBe(
      '00000000-0000-4000-8000-000000000000',
    );
  });

  it('gives a different key each time with the real crypto', () => {
    const keys = new Set(Array.from({ length: 100 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(100);
  });

  it('refuses to make a key without a secure random source', () => {
    expect(() => newIdempotencyKey({})).toThrow(/random/);
  });
});

describe('stableFingerprint', () => {
  it('does not depend on the order of object keys', () => {
    expect(stableFingerprint({ price: '10.00', network: 'TRC20' })).toBe(
      stableFingerprint({ network: 'TRC20', price: '10.00' }),
    );
  });

  it('tells different values apart', () => {
    expect(stableFingerprint({ price: '10.00' })).not.toBe(stableFingerprint({ price: '10.01' }));
  });
});

describe('IntentKeys', () => {
  const counting = () => {
    let n = 0;
    return new IntentKeys(() => `key-${++n}`);
  };

  it('keeps the same key while the submitted values are unchanged (a retry after a timeout)', () => {
    const keys = counting();
    const first = keys.keyFor({ extract_type: 0, price: '100.00' });
    expect(keys.keyFor({ price: '100.00', extract_type: 0 })).toBe(first);
    expect(keys.keyFor({ extract_type: 0, price: '100.00' })).toBe(first);
  });

  it('makes a new key when the values change', () => {
    const keys = counting();
    const first = keys.keyFor({ price: '100.00' });
    const second = keys.keyFor({ price: '100.01' });
    expect(second).not.toBe(first);
    // Going back to the first values is a new intent too: only the latest intent is retried.
    expect(keys.keyFor({ price: '100.00' })).not.toBe(first);
  });

  it('makes a new key after the intent settled (success), even for equal values', () => {
    const keys = counting();
    const first = keys.keyFor({ price: '100.00' });
    keys.settle();
    expect(keys.keyFor({ price: '100.00' })).not.toBe(first);
  });

  it('makes real UUIDs by default', () => {
    expect(new IntentKeys().keyFor({ price: '1.00' })).toMatch(UUID_V4);
  });
});

describe('isDefiniteRefusal', () => {
  it.each([
    ['a business failure', { kind: 'business', status: 200 }],
    ['a missing login', { kind: 'unauthorized', status: 401 }],
    ['a refused request (4xx)', { kind: 'http', status: 400 }],
  ])('says the server did not act after %s', (_case, error) => {
    expect(isDefiniteRefusal(error)).toBe(true);
  });

  it.each([
    ['a timeout', { kind: 'timeout' }],
    ['a network failure', { kind: 'network' }],
    ['a server error (5xx)', { kind: 'http', status: 503 }],
    ['a server error answered with an envelope (5xx)', { kind: 'business', status: 500 }],
    ['an HTTP failure without a status', { kind: 'http' }],
    ['the duplicate-submit guard', { kind: 'duplicate' }],
    ['something that is not a request failure', undefined],
  ])('keeps the outcome unknown after %s', (_case, error) => {
    expect(isDefiniteRefusal(error)).toBe(false);
  });
});

describe('isUnknownOutcome', () => {
  it.each([
    ['a timeout', { kind: 'timeout' }],
    ['a network failure', { kind: 'network' }],
    ['a page that is not an envelope (5xx)', { kind: 'http', status: 502 }],
    ['an envelope with a 5xx status', { kind: 'business', status: 500 }],
  ])('asks the screen to read the state again after %s', (_case, error) => {
    expect(isUnknownOutcome(error)).toBe(true);
  });

  it.each([
    ['a business failure', { kind: 'business', status: 200 }],
    ['a missing login', { kind: 'unauthorized', status: 401 }],
    ['the duplicate-submit guard (the first call still answers)', { kind: 'duplicate' }],
    ['a call cut because the session ended', { kind: 'cancelled' }],
    ['a call aborted before it settled', { name: 'AbortError', message: 'Aborted' }],
  ])('has nothing to find out after %s', (_case, error) => {
    expect(isUnknownOutcome(error)).toBe(false);
  });
});

import { useRef } from 'react';
import type { ApiError } from '../../../api';
import { IntentKeys } from '../../../shared/lib/idempotency';

/**
 * The Idempotency-Key of the shopper's current money intent (issue 3, item 6). `keyFor(values)` at
 * submit: the same values give the same key, so a retry after a timeout is answered with the first
 * result instead of moving money twice; changed values give a new key. Call `settled(error?)` when the
 * call ends: after a success or a refusal the server surely gave, the next submit is a new intent (a
 * refused key would only replay the refusal); when the outcome is unknown (timeout, network, a 5xx, or
 * the duplicate-submit guard holding back a copy of a request still in flight) the key is kept.
 */
export function useIntentKey() {
  const keys = useRef<IntentKeys | null>(null);
  keys.current ??= new IntentKeys();
  const current = keys.current;
  return {
    keyFor: (values: unknown) => current.keyFor(values),
    settled: (error?: unknown) => {
      if (!error || isDefiniteRefusal(error)) current.settle();
    },
  };
}

/** True when the server answered that it did not act (a business failure, 401, or another 4xx). */
export function isDefiniteRefusal(error: unknown): boolean {
  const { kind, status } = (error ?? {}) as Partial<ApiError>;
  return kind === 'business' || kind === 'unauthorized' || (kind === 'http' && status !== undefined && status < 500);
}

import { useRef } from 'react';
import { IntentKeys } from './idempotency';

/**
 * The parts of the request layer's failure (api/types.ts ApiError) that tell whether the server acted.
 * Written out here because shared/ never imports the API layer; an ApiError fits it.
 */
export interface RequestFailure {
  kind?: string;
  status?: number;
  /** 'AbortError' when the call was aborted before it settled. */
  name?: string;
}

/**
 * True when the server answered that it did not act (a business failure, 401, or another 4xx). A 5xx
 * is never one, even with an envelope: the server failed, and whether it acted first is not known.
 */
export function isDefiniteRefusal(error: unknown): boolean {
  const { kind, status } = (error ?? {}) as RequestFailure;
  if (status !== undefined && status >= 500) return false;
  return kind === 'business' || kind === 'unauthorized' || (kind === 'http' && status !== undefined && status < 500);
}

/**
 * True when a failed call may have acted after all: no answer (timeout, network), a 5xx, or an answer
 * that is not an envelope. The screen then re-reads what the call would have changed before it says
 * anything. A copy held back by the duplicate-submit guard is not one (the first call still answers),
 * nor a call cut because the session ended ('cancelled': the screen that asked is gone).
 */
export function isUnknownOutcome(error: unknown): boolean {
  const { kind, name } = (error ?? {}) as RequestFailure;
  // RTK Query rejects an aborted call at once with an AbortError (resetting the cache on logout aborts).
  if (kind === 'duplicate' || kind === 'cancelled' || name === 'AbortError') return false;
  return !isDefiniteRefusal(error);
}

/**
 * The Idempotency-Key of the shopper's current money intent (a top-up, a withdrawal, an order
 * submission). `keyFor(values)` at submit: the same values give the same key, so a double tap or a
 * retry after a timeout is answered with the first result instead of acting twice; changed values give
 * a new key. Call `settled(error?)` when the call ends: after a success or a refusal the server surely
 * gave, the next submit is a new intent (a refused key would only replay the refusal); when the outcome
 * is unknown (timeout, network, a 5xx, or the duplicate-submit guard holding back a copy of a request
 * still in flight) the key is kept.
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

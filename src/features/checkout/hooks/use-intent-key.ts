import { useRef } from 'react';
import type { ApiError } from '../../../api';
import { IntentKeys } from '../../../shared/lib/idempotency';

/**
 * The Idempotency-Key of the shopper's current order submission (issue 6, item 2), with the same rules
 * as the wallet's (features/wallet/hooks/use-intent-key.ts; a feature never imports another, and only
 * IntentKeys is shared): the same order asked again (a double tap, a retry after a timeout) carries the
 * same key, so the server answers with the first order instead of creating a second; after an answer
 * the server surely gave, the next submit is a new intent.
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
function isDefiniteRefusal(error: unknown): boolean {
  const { kind, status } = (error ?? {}) as Partial<ApiError>;
  return kind === 'business' || kind === 'unauthorized' || (kind === 'http' && status !== undefined && status < 500);
}

import type { FaultName } from './support/faults';
import type { FlowName } from './support/fault-flows';

/**
 * The fault suite's cases (e2e/faults.spec.ts) that fail on the SPA as it is today, each with why:
 * they run as `test.fail(reason)`, so CI stays green while they fail and turns red the day one
 * passes. Delete an entry when the fix that makes it pass lands (the run says which ones pass
 * unexpectedly). The assertions themselves are the correct behaviour and are not relaxed here.
 */
export const KNOWN_FAILURES: Partial<Record<`${FlowName}/${FaultName}`, string>> = {
  // A 401 on the two screens that go back after saving: the form comes back filled after the new
  // login (checked), and the retry is sent, but the suite sees neither its success nor a failure
  // within 15 s, and the page ends where the shopper was before the form. Not yet explained.
  'payCode/unauthorized':
    "after logging in again, the retry's 'Setting Success' is not seen; the page ends before the form",
  'address/unauthorized':
    "after logging in again, the retry's 'Save successful' is not seen; the page ends before the form",
};

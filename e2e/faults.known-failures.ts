import type { FaultName } from './support/faults';
import type { FlowName } from './support/fault-flows';

/**
 * The fault suite's cases (e2e/faults.spec.ts) that fail on the SPA as it is today, each with why:
 * they run as `test.fail(reason)`, so CI stays green while they fail and turns red the day one
 * passes. Delete an entry when the fix that makes it pass lands (the run says which ones pass
 * unexpectedly). The assertions themselves are the correct behaviour and are not relaxed here.
 */
export const KNOWN_FAILURES: Partial<Record<`${FlowName}/${FaultName}`, string>> = {};

import { useIntl } from 'react-intl';
import { toast } from '../ui/toast';
import { isUnknownOutcome } from './use-intent-key';

/**
 * What reading the state again found after a call whose outcome was unknown: it took effect (true),
 * it surely did not (false), or the state could not be read ('unknown').
 */
export type Finding = boolean | 'unknown';

export interface VerifiedAction {
  /** Sends the call; resolves when the server said it was done (an RTK Query `unwrap()`). */
  send: () => Promise<unknown>;
  /**
   * After no answer, a late one or a broken one (isUnknownOutcome): reads again what the call would
   * have changed and says whether it did. A throw counts as 'unknown'.
   */
  recheck: () => Promise<Finding>;
  /** Message id said when the call surely did not take effect (and may be tried again). */
  notDone: string;
  /** Message id said when the re-read failed too: what to check before trying again. */
  unknown: string;
  /** The intent's key (useIntentKey): settled once the outcome is known, kept while it is not. */
  intent?: { settled: (error?: unknown) => void };
}

/**
 * A change whose screen finds out what happened before it says anything: SPEC.md section 8's network
 * and timeout toasts would say 'failed' of a change that was made and only its answer lost, so the
 * request layer's `verifiesUnknown` (api/enhance.ts) leaves these calls untoasted then. The
 * returned function resolves true when the change was made, even if only its answer was lost: the
 * screen then says its success message. Otherwise something true was said already: the server's
 * refusal (toasted by the request layer), 'not done, try again', or 'could not check'. The caller
 * keeps everything typed; a retry sends the same intent key, so it takes effect once.
 */
export function useVerifiedAction(): (action: VerifiedAction) => Promise<boolean> {
  const intl = useIntl();
  return async ({ send, recheck, notDone, unknown, intent }) => {
    try {
      await send();
      intent?.settled();
      return true;
    } catch (error) {
      intent?.settled(error);
      // A refusal the server surely gave was toasted; a call cut by the session's end says nothing.
      if (!isUnknownOutcome(error)) return false;
      let found: Finding;
      try {
        found = await recheck();
      } catch {
        found = 'unknown';
      }
      if (found === true) {
        intent?.settled();
        return true;
      }
      // Not done: the key stays all the same (a retry of the same intent can still act only once).
      toast.fail(intl.formatMessage({ id: found === false ? notDone : unknown }));
      return false;
    }
  };
}

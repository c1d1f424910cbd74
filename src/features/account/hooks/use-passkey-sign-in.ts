import { useCallback, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useBeginPasskeyLoginMutation, useFinishPasskeyLoginMutation } from '../../../api/passkey-api';
import {
  anyPasskeyKnownHere,
  cancelPasskeyRequest,
  passkeyAutofillSupported,
  PasskeyError,
  passkeysSupported,
  rememberPasskeyHere,
  rpIdFitsHere,
  signWithPasskey,
} from '../../../shared/lib/passkey';
import { toast } from '../../../shared/ui/toast';

/** An autofill request that ended sooner than this is not asked again by itself (see below). */
const AUTOFILL_RETRY_AFTER_MS = 2000;

/** The message for a sign-in that ended without a passkey; undefined when there is nothing to say. */
export function signInProblemMessageId(error: unknown): string | undefined {
  if (!(error instanceof PasskeyError)) return undefined;
  switch (error.problem) {
    case 'aborted':
      return undefined;
    case 'cancelled':
      // WebAuthn answers the same whether the shopper cancelled or the device had no passkey for
      // the shop. A device that never made or used one here most likely has none.
      return anyPasskeyKnownHere() ? 'account.passkey.signInCancelled' : 'account.passkey.noneHere';
    case 'unsupported':
      return 'account.passkey.unsupported';
    default:
      return 'account.passkey.failed';
  }
}

/**
 * Signing in with a passkey on /login (an extension; openapi.yaml beginPasskeyLogin): offered only
 * when this browser can use passkeys here and the backend has them (its challenge answers; a family
 * backend's 404 is quiet and shows nothing). Where the browser supports it, the account field's
 * autofill offers the device's passkeys too (WebAuthn conditional mediation), waiting quietly until
 * the shopper picks one or taps the button; the button asks the device at once.
 */
export function usePasskeySignIn(onSignedIn: (token: string) => void) {
  const intl = useIntl();
  const [beginLogin] = useBeginPasskeyLoginMutation();
  const [finishLogin] = useFinishPasskeyLoginMutation();
  const [offered, setOffered] = useState(false);
  const [busy, setBusy] = useState(false);
  /** Each round of the account field's autofill: a new one starts after a request that ended. */
  const [round, setRound] = useState(0);
  /** The button's request is under way: the autofill's next round must not abort it. */
  const buttonAsking = useRef(false);
  const signedIn = useRef(onSignedIn);
  useEffect(() => {
    signedIn.current = onSignedIn;
  }, [onSignedIn]);

  /** A fresh challenge, or undefined when the backend has no passkeys (or they cannot work here). */
  const challenge = useCallback(async () => {
    try {
      const answer = await beginLogin().unwrap();
      return answer.code === 1 && rpIdFitsHere(answer.data.rpId) ? answer.data : undefined;
    } catch {
      return undefined;
    }
  }, [beginLogin]);

  /** The device's answer sent to the server; true once signed in (a refusal was shown by the request layer). */
  const finish = useCallback(
    async (response: Awaited<ReturnType<typeof signWithPasskey>>) => {
      try {
        const answer = await finishLogin({ passkeyAssertionRequest: { response } }).unwrap();
        if (answer.code !== 1) return false;
        const { token, username } = answer.data.userinfo;
        if (username) rememberPasskeyHere(username, response.id);
        signedIn.current(token);
        return true;
      } catch {
        return false;
      }
    },
    [finishLogin],
  );

  // The first challenge tells whether the backend has passkeys; then, where the browser can, the
  // account field's autofill waits for the shopper to pick one, round after round, until the screen
  // goes or the button takes over (it aborts the autofill's request, and starts the next round when
  // it ends without a sign-in).
  useEffect(() => {
    if (!passkeysSupported()) return undefined;
    let live = true;
    void (async () => {
      const options = await challenge();
      if (!options || !live) return;
      setOffered(true);
      if (!(await passkeyAutofillSupported()) || !live || buttonAsking.current) return;
      const started = Date.now();
      try {
        if (await finish(await signWithPasskey(options, { autofill: true }))) return;
      } catch (error) {
        if (error instanceof PasskeyError && error.problem === 'aborted') return;
      }
      // A request that ended on its own within moments was not the shopper's doing (a browser that
      // refuses autofill requests at once): asking again would only ask the server for challenge after
      // challenge. The button stays, and its use starts another round.
      if (live && !buttonAsking.current && Date.now() - started >= AUTOFILL_RETRY_AFTER_MS) setRound((n) => n + 1);
    })();
    return () => {
      live = false;
      cancelPasskeyRequest();
    };
  }, [challenge, finish, round]);

  /** The button: asks the device now (ending the autofill's request), then signs in. */
  const signIn = async () => {
    if (busy) return;
    setBusy(true);
    buttonAsking.current = true;
    let done = false;
    try {
      const options = await challenge();
      if (!options) {
        toast.fail(intl.formatMessage({ id: 'account.passkey.failed' }));
        return;
      }
      done = await finish(await signWithPasskey(options));
    } catch (error) {
      const messageId = signInProblemMessageId(error);
      if (messageId) toast.fail(intl.formatMessage({ id: messageId }));
    } finally {
      buttonAsking.current = false;
      setBusy(false);
      if (!done) setRound((n) => n + 1);
    }
  };

  return { offered, busy, signIn };
}

import { useState } from 'react';
import { useDispatch } from 'react-redux';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { passkeyApi, type BeginPasskeyPaymentRequest } from './passkey-api';
import type { UserInfo } from './views';
import { toDecimal } from '../shared/lib/money';
import {
  forgetPasskeyHere,
  passkeysOnThisDevice,
  passkeysSupported,
  PasskeyError,
  rememberPasskeyHere,
  signalPasskeyRemoved,
  signWithPasskey,
  type PasskeyProblem,
} from '../shared/lib/passkey';

// ---- Passkeys in the money screens (an extension; openapi.yaml beginPasskeyPayment) --------------
// /payment and /withDraw confirm with a passkey where the shopper has one on this device, the
// payment code staying the other way. Both run the same three steps, so they live here, beside the
// endpoints, rather than in either feature.

/**
 * Whether `user` can confirm payments with a passkey here: the backend has passkeys (getUserInfo
 * names how many: a family backend leaves `passkeys` out), the account has one, this browser can use
 * one, and this device made or used one of the account's (WebAuthn cannot ask a device what it
 * holds; a passkey removed meanwhile is forgotten at its first refusal).
 */
export function canPayWithPasskey(user: UserInfo | null | undefined): boolean {
  if (!user || !user.passkeys || !passkeysSupported()) return false;
  return passkeysOnThisDevice(user.username).length > 0;
}

/**
 * How a confirmation ended: confirmed, refused by the server (it said why), a PasskeyProblem, or
 * 'removed': the passkeys this device holds are no longer the account's; 'amount': the server would
 * take another amount than the screen shows.
 */
export type PasskeyConfirmation = { ok: true } | { ok: false; problem?: PasskeyProblem | 'removed' | 'amount' };

/** Whether this device made or used one of `allowed` (the account's passkeys, as a challenge lists them). */
function holdsAnyOf(account: string, allowed: readonly { id: string }[] | undefined): boolean {
  const here = passkeysOnThisDevice(account);
  return (allowed ?? []).some((descriptor) => here.includes(descriptor.id));
}

/**
 * Confirms one payment or withdrawal with a passkey: the server's challenge naming it and its amount
 * (beginPasskeyPayment), the device's signature, the server's check (verifyPayPasskey). The payment
 * itself is then sent as after the payment code. The server's refusals are shown by the request
 * layer; after one, a passkey the account no longer has is forgotten on this device.
 */
export function usePasskeyConfirmation(user: UserInfo | null | undefined) {
  const dispatch = useDispatch<ThunkDispatch<unknown, unknown, UnknownAction>>();
  const [begin] = passkeyApi.useBeginPasskeyPaymentMutation();
  const [verify] = passkeyApi.useVerifyPayPasskeyMutation();
  const [confirming, setConfirming] = useState(false);

  /** After a refusal: the account's passkeys, read again; `credentialId` forgotten here when gone. */
  const forgetIfRemoved = async (credentialId: string, rpId: string | undefined) => {
    if (!user) return;
    const reading = dispatch(passkeyApi.endpoints.listPasskeys.initiate(undefined, { forceRefetch: true }));
    try {
      const answer = await reading.unwrap();
      if (answer.code === 1 && !answer.data.list.some((passkey) => passkey.credential_id === credentialId)) {
        forgetPasskeyHere(user.username, credentialId);
        signalPasskeyRemoved(rpId, credentialId);
      }
    } catch {
      // Could not read them: the passkey stays offered, and the server refuses it again if need be.
    } finally {
      reading.unsubscribe();
    }
  };

  /** Confirms `request`, whose amount the screen shows as `amount`. */
  const confirm = async (request: BeginPasskeyPaymentRequest, amount: string): Promise<PasskeyConfirmation> => {
    setConfirming(true);
    try {
      const started = await begin({ beginPasskeyPaymentRequest: request }).unwrap();
      if (started.code !== 1) return { ok: false };
      const { options } = started.data;
      // What the shopper agreed to is what the screen shows: the device is not asked for another amount.
      if (!toDecimal(started.data.amount).eq(toDecimal(amount))) return { ok: false, problem: 'amount' };
      // The challenge lists the account's passkeys: when none of this device's is among them, they
      // were removed (on another device, say), and the device is not asked for what it cannot do.
      if (user && !holdsAnyOf(user.username, options.allowCredentials)) {
        for (const id of passkeysOnThisDevice(user.username)) {
          forgetPasskeyHere(user.username, id);
          signalPasskeyRemoved(options.rpId, id);
        }
        return { ok: false, problem: 'removed' };
      }
      const response = await signWithPasskey(options);
      try {
        await verify({ passkeyAssertionRequest: { response } }).unwrap();
      } catch {
        await forgetIfRemoved(response.id, options.rpId);
        return { ok: false };
      }
      if (user) rememberPasskeyHere(user.username, response.id);
      return { ok: true };
    } catch (error) {
      return { ok: false, problem: error instanceof PasskeyError ? error.problem : undefined };
    } finally {
      setConfirming(false);
    }
  };

  return { confirm, confirming };
}

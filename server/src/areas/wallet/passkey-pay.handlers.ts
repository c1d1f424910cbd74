/**
 * Confirming one payment or withdrawal with a passkey instead of the payment code (an extension;
 * openapi.yaml beginPasskeyPayment, verifyPayPasskey). The challenge names the operation and the
 * amount the server computed; the passkey's answer to it gives this session one authorization for
 * exactly that operation and amount (shared/paycode.ts), which payNewOrder, payOrder or createExtract
 * then uses up as they use verify_pay's.
 */
import type { Request, RequestHandler } from 'express';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { Db } from '../../platform/db';
import { ApiError, ok, positiveInt, refuse, refused, requireAuth, str } from '../../platform/http';
import { t, type MessageKey } from '../../platform/i18n';
import { formatCents, parseMoney } from '../../shared/money';
import { nothingToPay, payableOrders, paymentTarget, unpaidOf, type PaymentOf } from '../../shared/payable-orders';
import { grantPayAuthorization, type PayTarget } from '../../shared/paycode';
import {
  assertionOptions,
  checkAssertion,
  countChallenge,
  passkeysOf,
  takeChallenge,
  type AssertionFailure,
} from '../../shared/passkeys';
import { fieldError } from './wallet-refusals';
import type { WalletDeps } from './wallet.deps';
import { destinationOf, extractTarget, minimumCents } from './withdrawals';

/** What the unpaid orders of `of` take now; refuses when nothing of them can be paid. */
function ordersTarget(db: Db, req: Request, userId: number, of: PaymentOf): PayTarget {
  const orders = payableOrders(db, userId, of);
  const unpaid = unpaidOf(orders);
  if (!unpaid.length) throw refuse(req, nothingToPay(orders));
  return paymentTarget(of, unpaid);
}

/** The operation a beginPasskeyPayment request names, checked as the operation itself checks it. */
function targetOf(db: Db, req: Request, userId: number): PayTarget {
  const body = req.body as unknown;
  const action = str(body, 'action');
  if (action === 'pay_new') {
    const outTradeNo = str(body, 'out_trade_no').trim();
    return ordersTarget(db, req, userId, { outTradeNo });
  }
  if (action === 'pay_order') return ordersTarget(db, req, userId, { orderId: positiveInt(body, 'order_id') ?? 0 });
  // 'extract' (the contract's enum): createExtract's rules, then where the money goes.
  const type = Number(str(body, 'extract_type'));
  if (type !== 0 && type !== 1) throw fieldError(req, 'extract_type', 'must be one of: {n}', '0, 1');
  const cents = parseMoney(str(body, 'price'));
  if (!cents) throw refused('Draw amount cannot be less than or equal to 0 or empty');
  const minimum = minimumCents(db);
  if (cents < minimum)
    throw new ApiError(200, null, t(req.locale, 'The minimum withdrawal is {n}', formatCents(minimum)));
  return extractTarget(type, cents, destinationOf(db, req, type));
}

export function beginPasskeyPayment({ db, guards, passkeys }: WalletDeps): RequestHandler {
  return async (req, res) => {
    const auth = requireAuth(req);
    const target = targetOf(db, req, auth.userId);
    if (!passkeysOf(db, auth.userId).length) throw refused('Add a passkey in Security first');
    await countChallenge(guards, req);
    const options = await assertionOptions(db, passkeys, {
      purpose: 'pay',
      userId: auth.userId,
      sessionId: auth.sessionId,
      target,
    });
    ok(req, res, { options, amount: formatCents(target.cents) });
  };
}

const PAY_REFUSALS: Record<AssertionFailure, MessageKey> = {
  removed: 'This passkey was removed from your account',
  unverified: 'The passkey could not be verified',
  counter: 'This passkey was refused: its signature counter went back, so it may have been copied',
};

export function verifyPayPasskey({ db, passkeys }: WalletDeps): RequestHandler {
  return async (req, res) => {
    const auth = requireAuth(req);
    const response = (req.body as { response?: AuthenticationResponseJSON }).response;
    if (!response) throw refused('The passkey could not be verified');
    // This session's challenge only: another user's (or another session's) is not valid here.
    const challenge = takeChallenge(db, passkeys, response, { purpose: 'pay', sessionId: auth.sessionId });
    const result = await checkAssertion(db, passkeys, response, challenge);
    if (!result.ok) throw refused(PAY_REFUSALS[result.reason]);
    if (result.passkey.user_id !== auth.userId) throw refused('This passkey belongs to another account');
    const { action, amount_cents: cents } = challenge.row;
    if (action === null || cents === null) throw refused('The passkey could not be verified');
    // The orders' amount is the server's: if what they take changed since the challenge (one of a
    // payment number's orders paid or cancelled alone meanwhile), the shopper confirms again.
    const orders = /^(trade|order):(.+)$/.exec(action);
    if (orders) {
      const of: PaymentOf = orders[1] === 'trade' ? { outTradeNo: orders[2] ?? '' } : { orderId: Number(orders[2]) };
      if (ordersTarget(db, req, auth.userId, of).cents !== cents) {
        throw refused('The amount has changed. Please confirm again');
      }
    }
    grantPayAuthorization(db, auth.userId, auth.sessionId, {
      target: { action, cents },
      passkeyId: result.passkey.id,
    });
    ok(req, res, null);
  };
}

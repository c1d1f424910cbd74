import type { FaultName } from './support/faults';
import type { FlowName } from './support/fault-flows';

/**
 * The fault suite's cases (e2e/faults.spec.ts) that fail on the SPA as it is today, each with why:
 * they run as `test.fail(reason)`, so CI stays green while they fail and turns red the day one
 * passes. Delete an entry when the fix that makes it pass lands (the run says which ones pass
 * unexpectedly). The assertions themselves are the correct behaviour and are not relaxed here.
 */
export const KNOWN_FAILURES: Partial<Record<`${FlowName}/${FaultName}`, string>> = {
  // Not exactly once: the retry after a lost or late answer does it again.
  'addToBag/lost': 'the retry adds the product again: quantity 2 for one tap that worked',
  'addToBag/late': 'the retry adds the product again: quantity 2 for one tap that worked',
  'address/lost': 'the retry saves a second identical address',
  'address/late': 'the retry saves a second identical address',

  // Untrue: the wallet was charged, but the screen says it was not.
  'payNew/lost': "'Pay Fail - The order was not paid and your balance has not changed' although the server charged it",
  'payNew/late': "'Pay Fail - The order was not paid and your balance has not changed' although the server charged it",
  'payUnpaid/lost':
    "'Pay Fail - The order was not paid and your balance has not changed' although the server charged it",
  'payUnpaid/late':
    "'Pay Fail - The order was not paid and your balance has not changed' although the server charged it",

  // A 401: what was typed is lost, and calls cut by the logout say 'Backend connection abnormal'.
  'topUp/unauthorized': 'after logging in again the top-up form is empty (amount, network, evidence)',
  'withdraw/unauthorized': 'after logging in again the withdrawal form is empty',
  'payCode/unauthorized':
    "'Backend connection abnormal' after 'Please login first'; after logging in again the payment code form is empty",
  'submitOrder/unauthorized':
    "'Backend connection abnormal' after 'Please login first'; after logging in again the checkout has lost the bag's selection",
  'payNew/unauthorized': "'Backend connection abnormal' after 'Please login first'",
  'payUnpaid/unauthorized': "'Backend connection abnormal' after 'Please login first'",
  'cancel/unauthorized': "'Backend connection abnormal' after 'Please login first' (and again after the retry)",
  'confirm/unauthorized': "'Backend connection abnormal' after 'Please login first'",
  'refund/unauthorized':
    "'Backend connection abnormal' after 'Please login first'; after logging in again the refund form is empty",
  'review/unauthorized': 'after logging in again the review form is empty',
  'addToBag/unauthorized': 'after logging in again the shopper lands on /home, not back on the product',
  'address/unauthorized': 'after logging in again the address form is empty',
};

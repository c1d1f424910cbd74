/**
 * The only code that changes a balance. Every change is one conditional UPDATE of users plus one
 * row in `bills` (the ledger), run inside the caller's transaction, so the ledger always sums to
 * the balance and a debit can never take a balance below zero.
 */
import type { Db } from '../platform/db';
import { nowSeconds } from '../platform/db';
import { localizeStored, type Locale } from '../platform/i18n';

export type BillType = 'recharge' | 'extract' | 'pay' | 'refund';

export interface Posting {
  userId: number;
  type: BillType;
  /** Signed cents: > 0 credits, < 0 debits. */
  amountCents: number;
  /** English title; a catalog key is localized when listed (see billTitle). */
  title: string;
  /** What caused it: 'recharge' | 'extract' | 'order' | 'refund' | 'opening'. */
  refType: string;
  refId: number | null;
  now?: number;
}

export interface PostedBill {
  billId: number;
  balanceAfterCents: number;
}

/**
 * Applies a posting. Must run inside a transaction (it throws otherwise). Returns null, changing
 * nothing, when a debit is larger than the balance: the UPDATE is conditional
 * (`... WHERE id = ? AND balance_cents >= ?`), so two concurrent debits can never both pass on a
 * stale balance, whatever the caller read before.
 */
export function postBill(db: Db, p: Posting): PostedBill | null {
  if (!db.inTransaction) throw new Error('postBill must run inside a transaction');
  if (!Number.isSafeInteger(p.amountCents) || p.amountCents === 0) {
    throw new RangeError(`not a non-zero integer amount of cents: ${p.amountCents}`);
  }
  const now = p.now ?? nowSeconds();
  const row =
    p.amountCents < 0
      ? db
          .prepare<[number, number, number, number], { balance_cents: number }>(
            `UPDATE users SET balance_cents = balance_cents - ?, updated_at = ?
             WHERE id = ? AND balance_cents >= ? RETURNING balance_cents`,
          )
          .get(-p.amountCents, now, p.userId, -p.amountCents)
      : db
          .prepare<[number, number, number], { balance_cents: number }>(
            `UPDATE users SET balance_cents = balance_cents + ?, updated_at = ?
             WHERE id = ? RETURNING balance_cents`,
          )
          .get(p.amountCents, now, p.userId);
  if (!row) return null;
  if (!Number.isSafeInteger(row.balance_cents)) throw new RangeError('balance out of range');
  const billId = Number(
    db
      .prepare(
        `INSERT INTO bills (user_id, type, title, amount_cents, balance_after_cents, ref_type, ref_id, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(p.userId, p.type, p.title, p.amountCents, row.balance_cents, p.refType, p.refId, now).lastInsertRowid,
  );
  return { billId, balanceAfterCents: row.balance_cents };
}

/** Titles written by this server; listBills localizes them by the `lang` header. */
export const BILL_TITLES = {
  opening: 'Opening balance',
  recharge: 'Top up',
  extract: 'Withdrawal',
  extractReturned: 'Withdrawal refused: returned',
  /** An order paid from the balance (payNewOrder, payOrder): one `pay` entry per order. */
  pay: 'Order payment',
  /** A refund passed by an operator (refund:pass): one `refund` entry per refund. */
  refund: 'Refund',
} as const;

/** A stored title in the request's language (catalog titles), else as stored. */
export function billTitle(locale: Locale, stored: string): string {
  return localizeStored(locale, stored);
}

/** Sum of the ledger of a user, in cents (equals the balance). */
export function ledgerSum(db: Db, userId: number): number {
  return (
    db
      .prepare<[number], { s: number }>('SELECT COALESCE(SUM(amount_cents), 0) AS s FROM bills WHERE user_id = ?')
      .get(userId)?.s ?? 0
  );
}

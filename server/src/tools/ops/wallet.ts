/**
 * Operator decisions on recharges and withdrawals, as functions on a Database (the ops CLI, tests
 * and e2e call them). Each decision is one immediate transaction: the status changes only from 0
 * (auditing), and the money moves with its ledger entry in the same transaction.
 */
import type { Db } from '../../platform/db';
import { nowSeconds } from '../../platform/db';
import { BILL_TITLES, postBill } from '../../shared/ledger';

/** A refusal of an operator command: printed as is, exit code 1. */
export class OpsError extends Error {}

const STATUS_NAME: Record<number, string> = { 0: 'auditing', 1: 'passed', 2: 'refused' };

export interface PendingRecharge {
  id: number;
  userId: number;
  username: string;
  amountCents: number;
  network: string;
  image: string;
  createdAt: number;
}

export interface PendingExtract {
  id: number;
  userId: number;
  username: string;
  extractType: 0 | 1;
  amountCents: number;
  feeCents: number;
  realCents: number;
  /** 'Example Bank 6222...3445 (Demo Shopper)' or 'TRC20 T...' */
  destination: string;
  createdAt: number;
}

export interface Decision {
  kind: 'recharge' | 'extract';
  id: number;
  userId: number;
  status: 1 | 2;
  amountCents: number;
  /** The user's balance after the decision. */
  balanceCents: number;
}

export function pendingRecharges(db: Db): PendingRecharge[] {
  return db
    .prepare<[], PendingRecharge>(
      `SELECT r.id, r.user_id AS userId, u.username, r.amount_cents AS amountCents, r.network, r.image,
              r.created_at AS createdAt
       FROM recharges r JOIN users u ON u.id = r.user_id WHERE r.status = 0 ORDER BY r.created_at, r.id`,
    )
    .all();
}

export function pendingExtracts(db: Db): PendingExtract[] {
  return db
    .prepare<
      [],
      Omit<PendingExtract, 'destination'> & {
        bankName: string;
        bankCard: string;
        realName: string;
        network: string;
        blockchain: string;
      }
    >(
      `SELECT e.id, e.user_id AS userId, u.username, e.extract_type AS extractType, e.amount_cents AS amountCents,
              e.fee_cents AS feeCents, e.real_cents AS realCents, e.bank_name AS bankName, e.bank_card AS bankCard,
              e.real_name AS realName, e.network, e.blockchain, e.created_at AS createdAt
       FROM extracts e JOIN users u ON u.id = e.user_id WHERE e.status = 0 ORDER BY e.created_at, e.id`,
    )
    .all()
    .map(({ bankName, bankCard, realName, network, blockchain, ...rest }) => ({
      ...rest,
      destination: rest.extractType === 0 ? `${bankName} ${bankCard} (${realName})` : `${network} ${blockchain}`,
    }));
}

function balanceOf(db: Db, userId: number): number {
  return db.prepare<[number], { b: number }>('SELECT balance_cents AS b FROM users WHERE id = ?').get(userId)?.b ?? 0;
}

/** Moves a record from 0 (auditing) to `status`; explains why not otherwise. */
function decide(
  db: Db,
  kind: 'recharge' | 'extract',
  id: number,
  status: 1 | 2,
  reason: string,
): { user_id: number; amount_cents: number } {
  if (!Number.isSafeInteger(id) || id <= 0) throw new OpsError(`${kind} id must be a positive integer, got '${id}'`);
  const table = kind === 'recharge' ? 'recharges' : 'extracts';
  const row = db
    .prepare<[number], { user_id: number; amount_cents: number; status: number }>(
      `SELECT user_id, amount_cents, status FROM ${table} WHERE id = ?`,
    )
    .get(id);
  if (!row) throw new OpsError(`${kind} ${id} not found`);
  if (row.status !== 0) throw new OpsError(`${kind} ${id} is already ${STATUS_NAME[row.status] ?? row.status}`);
  const changed = db
    .prepare(`UPDATE ${table} SET status = ?, admin_msg = ?, audited_at = ? WHERE id = ? AND status = 0`)
    .run(status, reason, nowSeconds(), id).changes;
  if (changed !== 1) throw new OpsError(`${kind} ${id} was decided meanwhile`);
  return row;
}

function requireReason(reason: string): string {
  const text = reason.trim();
  if (!text) throw new OpsError('a reason is required (it is shown to the shopper as admin_msg)');
  if (text.length > 200) throw new OpsError('the reason must be at most 200 characters');
  return text;
}

/** Passes a recharge: credits the amount with a `recharge` ledger entry. */
export function passRecharge(db: Db, id: number): Decision {
  return db
    .transaction((): Decision => {
      const row = decide(db, 'recharge', id, 1, '');
      const posted = postBill(db, {
        userId: row.user_id,
        type: 'recharge',
        amountCents: row.amount_cents,
        title: BILL_TITLES.recharge,
        refType: 'recharge',
        refId: id,
      });
      if (!posted) throw new OpsError(`recharge ${id}: user ${row.user_id} not found`);
      return {
        kind: 'recharge',
        id,
        userId: row.user_id,
        status: 1,
        amountCents: row.amount_cents,
        balanceCents: posted.balanceAfterCents,
      };
    })
    .immediate();
}

/** Refuses a recharge: no money moves; the reason becomes admin_msg. */
export function refuseRecharge(db: Db, id: number, reason: string): Decision {
  const text = requireReason(reason);
  return db
    .transaction((): Decision => {
      const row = decide(db, 'recharge', id, 2, text);
      return {
        kind: 'recharge',
        id,
        userId: row.user_id,
        status: 2,
        amountCents: row.amount_cents,
        balanceCents: balanceOf(db, row.user_id),
      };
    })
    .immediate();
}

/** Passes a withdrawal: the amount was held at request time, so only the status changes. */
export function passExtract(db: Db, id: number): Decision {
  return db
    .transaction((): Decision => {
      const row = decide(db, 'extract', id, 1, '');
      return {
        kind: 'extract',
        id,
        userId: row.user_id,
        status: 1,
        amountCents: row.amount_cents,
        balanceCents: balanceOf(db, row.user_id),
      };
    })
    .immediate();
}

/** Refuses a withdrawal: returns the held amount with a positive `extract` ledger entry. */
export function refuseExtract(db: Db, id: number, reason: string): Decision {
  const text = requireReason(reason);
  return db
    .transaction((): Decision => {
      const row = decide(db, 'extract', id, 2, text);
      const posted = postBill(db, {
        userId: row.user_id,
        type: 'extract',
        amountCents: row.amount_cents,
        title: BILL_TITLES.extractReturned,
        refType: 'extract',
        refId: id,
      });
      if (!posted) throw new OpsError(`extract ${id}: user ${row.user_id} not found`);
      return {
        kind: 'extract',
        id,
        userId: row.user_id,
        status: 2,
        amountCents: row.amount_cents,
        balanceCents: posted.balanceAfterCents,
      };
    })
    .immediate();
}

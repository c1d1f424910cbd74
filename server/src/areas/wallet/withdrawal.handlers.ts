/** Withdrawals: getExtractInfo, createExtract, listExtracts. */
import type { RequestHandler } from 'express';
import { nowSeconds, type Db } from '../../platform/db';
import { ApiError, displayTime, ok, paging, refused, requireAuth, str, type AuthContext } from '../../platform/http';
import { t } from '../../platform/i18n';
import { idempotencyKey, runIdempotent, sendResult } from '../../platform/idempotency';
import { BILL_TITLES, postBill } from '../../shared/ledger';
import { formatBasisPoints, formatCents, parseMoney, withdrawalFeeCents } from '../../shared/money';
import { consumePayAuthorization, PAY_AUTHORIZATION_REFUSALS } from '../../shared/paycode';
import { fieldError, statusFilter } from './wallet-refusals';
import type { WalletDeps } from './wallet.deps';
import {
  balanceOf,
  destinationOf,
  extractMark,
  extractTarget,
  feeBasisPoints,
  minimumCents,
  type Destination,
} from './withdrawals';

export function getExtractInfo({ db }: WalletDeps): RequestHandler {
  return (req, res) => {
    const auth = requireAuth(req);
    const cards = db
      .prepare<[number], { bank_name: string; bank_card: string; real_name: string }>(
        'SELECT bank_name, bank_card, real_name FROM bank_cards WHERE user_id = ? ORDER BY created_at DESC, id DESC',
      )
      .all(auth.userId);
    ok(req, res, {
      balance: formatCents(balanceOf(db, auth.userId)),
      service_charge: formatBasisPoints(feeBasisPoints(db)),
      min_price: formatCents(minimumCents(db)),
      card_list: cards,
    });
  };
}

/**
 * The withdrawal and its hold, inside the caller's transaction: the use of the session's
 * authorization (verify_pay's, or a passkey's for exactly this withdrawal), the record, the conditional debit with its ledger entry, the remembered card. A
 * refusal throws and rolls it all back (the authorization stays usable).
 */
function holdWithdrawal(db: Db, auth: AuthContext, type: number, cents: number, to: Destination): void {
  const use = consumePayAuthorization(db, auth.userId, auth.sessionId, extractTarget(type, cents, to));
  if (use !== 'ok') throw refused(PAY_AUTHORIZATION_REFUSALS[use]);
  const { bank, chain } = to;
  const now = nowSeconds();
  const fee = withdrawalFeeCents(cents, feeBasisPoints(db));
  const extractId = Number(
    db
      .prepare(
        `INSERT INTO extracts (user_id, extract_type, amount_cents, fee_cents, real_cents, bank_card, bank_name,
           real_name, blockchain, network, status, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?)`,
      )
      .run(
        auth.userId,
        type,
        cents,
        fee,
        cents - fee,
        bank.card,
        bank.name,
        bank.holder,
        chain.address,
        chain.network,
        now,
      ).lastInsertRowid,
  );
  // The hold: UPDATE users SET balance_cents = balance_cents - ? WHERE id = ? AND balance_cents >= ?
  const posted = postBill(db, {
    userId: auth.userId,
    type: 'extract',
    amountCents: -cents,
    title: BILL_TITLES.extract,
    refType: 'extract',
    refId: extractId,
    now,
  });
  if (!posted) throw refused('Draw amount cannot be larger than balance');
  if (type === 0) {
    // Remembered for card_list; re-inserted so the most recently used card comes first.
    db.prepare('DELETE FROM bank_cards WHERE user_id = ? AND bank_card = ?').run(auth.userId, bank.card);
    db.prepare(
      'INSERT INTO bank_cards (user_id, bank_name, bank_card, real_name, created_at) VALUES (?, ?, ?, ?, ?)',
    ).run(auth.userId, bank.name, bank.card, bank.holder, now);
  }
}

export function createExtract({ db }: WalletDeps): RequestHandler {
  return (req, res) => {
    const auth = requireAuth(req);
    const body = req.body as unknown;
    const type = Number(str(body, 'extract_type'));
    if (type !== 0 && type !== 1) throw fieldError(req, 'extract_type', 'must be one of: {n}', '0, 1');
    const cents = parseMoney(str(body, 'price'));
    if (!cents) throw refused('Draw amount cannot be less than or equal to 0 or empty');
    const minimum = minimumCents(db);
    if (cents < minimum) {
      throw new ApiError(200, null, t(req.locale, 'The minimum withdrawal is {n}', formatCents(minimum)));
    }
    const to = destinationOf(db, req, type);
    // One immediate transaction: the idempotency record and everything holdWithdrawal does.
    const result = runIdempotent(
      db,
      { userId: auth.userId, operation: 'createExtract', key: idempotencyKey(req), body },
      () => {
        holdWithdrawal(db, auth, type, cents, to);
        return { status: 200, body: { code: 1, msg: t(req.locale, 'Draw Success'), data: null } };
      },
    );
    sendResult(res, result);
  };
}

interface ExtractRow {
  id: number;
  extract_type: number;
  amount_cents: number;
  fee_cents: number;
  real_cents: number;
  status: number;
  admin_msg: string;
  created_at: number;
  bank_card: string;
  network: string;
  blockchain: string;
}

export function listExtracts({ db }: WalletDeps): RequestHandler {
  return (req, res) => {
    const auth = requireAuth(req);
    const { limit, offset } = paging(req.query);
    const status = statusFilter(req);
    const where = `user_id = ?${status === null ? '' : ' AND status = ?'}`;
    const params: number[] = status === null ? [auth.userId] : [auth.userId, status];
    const count =
      db.prepare<number[], { n: number }>(`SELECT COUNT(*) AS n FROM extracts WHERE ${where}`).get(...params)?.n ?? 0;
    const rows = db
      .prepare<number[], ExtractRow>(
        `SELECT id, extract_type, amount_cents, fee_cents, real_cents, status, admin_msg, created_at, bank_card,
           network, blockchain
         FROM extracts WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`,
      )
      .all(...params, limit, offset);
    ok(req, res, {
      count,
      list: rows.map((x) => ({
        id: x.id,
        mark: extractMark(req.locale, x),
        extract_type: x.extract_type,
        extract_price: formatCents(x.amount_cents),
        fee: formatCents(x.fee_cents),
        real_price: formatCents(x.real_cents),
        status: x.status,
        admin_msg: x.admin_msg,
        createtime: displayTime(x.created_at),
      })),
    });
  };
}

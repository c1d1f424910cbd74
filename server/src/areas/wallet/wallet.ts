/**
 * Wallet operations under /api/user: deposit addresses, recharges, withdrawals, the ledger and the
 * payment code. Money is integer cents; every balance change goes through ledger.postBill inside
 * one transaction with the record it belongs to.
 */
import { Router, type Request } from 'express';
import { nowSeconds, type Db } from '../../platform/db';
import { ApiError, displayTime, ok, paging, refused, requireAuth, str } from '../../platform/http';
import { t, type Locale, type MessageKey } from '../../platform/i18n';
import { findReplay, idempotencyKey, runIdempotent, sendResult } from '../../platform/idempotency';
import { BILL_TITLES, billTitle, postBill } from '../../shared/ledger';
import { formatBasisPoints, formatCents, parseMoney, withdrawalFeeCents } from '../../shared/money';
import {
  checkPaymentCode,
  consumePayAuthorization,
  grantPayAuthorization,
  revokePayAuthorizations,
  type CodeCheck,
} from '../../shared/paycode';
import { hashSecret } from '../../platform/auth/secrets';
import type { AttemptGuards } from '../../platform/auth/attempt-limits';
import { requireLoginPassword } from '../../platform/auth/step-up';
import { uploadedFileOf } from '../../shared/uploads';

const PAY_CODE = /^\d{6}$/;
const BANK_CARD = /^\d{12,19}$/;
/** Receiving-address shapes of the common networks; other networks get the generic check. */
const ADDRESS_BY_NETWORK: Record<string, RegExp> = {
  TRC20: /^T[1-9A-HJ-NP-Za-km-z]{33}$/,
  ERC20: /^0x[0-9a-fA-F]{40}$/,
  BEP20: /^0x[0-9a-fA-F]{40}$/,
};
const GENERIC_ADDRESS = /^[A-Za-z0-9]{20,100}$/;

export function isPlausibleAddress(network: string, address: string): boolean {
  return (ADDRESS_BY_NETWORK[network.toUpperCase()] ?? GENERIC_ADDRESS).test(address);
}

/**
 * The title line of a withdrawal record (extract_log's mark, BACKEND-FAMILY.md, Wallet), built at
 * read time in the request's language: 'Bank card withdrawal ****3445' or
 * 'USDT-TRC20 withdrawal TQ5N…gUa' (the network as the family's client names it).
 */
export function extractMark(
  locale: Locale,
  x: { extract_type: number; bank_card: string; network: string; blockchain: string },
): string {
  if (x.extract_type === 0) return t(locale, 'Bank card withdrawal {n}', `****${x.bank_card.slice(-4)}`);
  const address = x.blockchain.length > 10 ? `${x.blockchain.slice(0, 4)}…${x.blockchain.slice(-3)}` : x.blockchain;
  return t(locale, '{network} withdrawal {n}', { network: `USDT-${x.network}`, n: address });
}

/** An audit-status filter value ('all' | '0' | '1' | '2') as a status, or null for all. */
function statusFilter(req: Request): number | null {
  const v = str(req.query, 'status');
  return v === '0' || v === '1' || v === '2' ? Number(v) : null;
}

const fieldError = (req: Request, field: string, key: MessageKey, n?: string) =>
  new ApiError(400, null, `${field}: ${t(req.locale, key, n)}`);

function codeRefusal(req: Request, check: Exclude<CodeCheck, { result: 'ok' }>, wrong: MessageKey): ApiError {
  if (check.result === 'locked') {
    return new ApiError(
      200,
      null,
      t(req.locale, 'Too many wrong payment codes. Try again in {n} minutes', check.minutes),
    );
  }
  return refused(check.result === 'unset' ? 'Pay Fail' : wrong);
}

export function walletRouter(db: Db, guards: AttemptGuards): Router {
  const r = Router();

  const networks = () =>
    db
      .prepare<[], { network: string; address: string }>(
        'SELECT network, address FROM blockchains WHERE enabled = 1 ORDER BY sort, id',
      )
      .all();
  /**
   * A network of getBlockchain by its name, or by the family client's name for it: that client
   * offers 'USDT-TRC20' and 'USDT-ERC20' (BACKEND-FAMILY.md, Wallet), meaning TRC20 and ERC20.
   */
  const findNetwork = (name: string) => {
    const wanted = name
      .trim()
      .toUpperCase()
      .replace(/^USDT-/, '');
    return networks().find((n) => n.network.toUpperCase() === wanted);
  };
  const feeBasisPoints = () =>
    db.prepare<[], { extract_fee_bp: number }>('SELECT extract_fee_bp FROM platform WHERE id = 1').get()
      ?.extract_fee_bp ?? 0;
  /** The platform's smallest withdrawal (platform.extract_min_cents; the seed sets 10.00). */
  const minimumCents = () =>
    db.prepare<[], { extract_min_cents: number }>('SELECT extract_min_cents FROM platform WHERE id = 1').get()
      ?.extract_min_cents ?? 0;
  const balanceOf = (userId: number) =>
    db.prepare<[number], { balance_cents: number }>('SELECT balance_cents FROM users WHERE id = ?').get(userId)
      ?.balance_cents ?? 0;

  r.get('/getBlockchain', (req, res) => {
    requireAuth(req);
    ok(
      req,
      res,
      networks().map((n) => ({ blockchain: n.address, network: n.network })),
    );
  });

  // ---- recharges ---------------------------------------------------------------------------

  r.post('/recharge', (req, res) => {
    const auth = requireAuth(req);
    const body = req.body as unknown;
    const type = Number(str(body, 'recharge_type') || '1');
    if (type !== 0 && type !== 1) throw fieldError(req, 'recharge_type', 'must be one of: {n}', '0, 1');
    const cents = parseMoney(str(body, 'price'));
    if (!cents) throw refused('Please fill correct amount');

    let network = '';
    let address = '';
    if (type === 1) {
      const chosen = str(body, 'network').trim();
      const found = chosen ? findNetwork(chosen) : undefined;
      if (!found) throw refused('Please choose charge network');
      const sent = str(body, 'blockchain').trim();
      if (sent && sent !== found.address) throw refused('The deposit address does not match the network');
      network = found.network;
      address = found.address;
    }
    // The evidence must be an image this user uploaded (uploadImage), not any URL.
    const upload = uploadedFileOf(db, auth.userId, str(body, 'image'));
    if (!upload) throw refused('Please upload payment evidence');

    const result = runIdempotent(
      db,
      { userId: auth.userId, operation: 'createRecharge', key: idempotencyKey(req), body },
      () => {
        db.prepare(
          `INSERT INTO recharges (user_id, recharge_type, network, blockchain, amount_cents, image, status, created_at)
           VALUES (?, ?, ?, ?, ?, ?, 0, ?)`,
        ).run(auth.userId, type, network, address, cents, upload, nowSeconds());
        return { status: 200, body: { code: 1, msg: t(req.locale, 'Application successful'), data: null } };
      },
    );
    sendResult(res, result);
  });

  r.get('/recharge_log', (req, res) => {
    const auth = requireAuth(req);
    const { limit, offset } = paging(req.query);
    const status = statusFilter(req);
    const where = `user_id = ?${status === null ? '' : ' AND status = ?'}`;
    const params: number[] = status === null ? [auth.userId] : [auth.userId, status];
    const count =
      db.prepare<number[], { n: number }>(`SELECT COUNT(*) AS n FROM recharges WHERE ${where}`).get(...params)?.n ?? 0;
    const rows = db
      .prepare<
        number[],
        {
          id: number;
          recharge_type: number;
          network: string;
          amount_cents: number;
          status: number;
          admin_msg: string;
          created_at: number;
        }
      >(
        `SELECT id, recharge_type, network, amount_cents, status, admin_msg, created_at FROM recharges WHERE ${where}
         ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`,
      )
      .all(...params, limit, offset);
    ok(req, res, {
      count,
      list: rows.map((x) => ({
        id: x.id,
        network: x.network,
        price: formatCents(x.amount_cents),
        status: x.status,
        admin_msg: x.admin_msg,
        type: x.recharge_type,
        createtime: displayTime(x.created_at),
      })),
    });
  });

  // ---- withdrawals -------------------------------------------------------------------------

  r.get('/extract', (req, res) => {
    const auth = requireAuth(req);
    const cards = db
      .prepare<[number], { bank_name: string; bank_card: string; real_name: string }>(
        'SELECT bank_name, bank_card, real_name FROM bank_cards WHERE user_id = ? ORDER BY created_at DESC, id DESC',
      )
      .all(auth.userId);
    ok(req, res, {
      balance: formatCents(balanceOf(auth.userId)),
      service_charge: formatBasisPoints(feeBasisPoints()),
      min_price: formatCents(minimumCents()),
      card_list: cards,
    });
  });

  r.post('/extract', (req, res) => {
    const auth = requireAuth(req);
    const body = req.body as unknown;
    const type = Number(str(body, 'extract_type'));
    if (type !== 0 && type !== 1) throw fieldError(req, 'extract_type', 'must be one of: {n}', '0, 1');
    const cents = parseMoney(str(body, 'price'));
    if (!cents) throw refused('Draw amount cannot be less than or equal to 0 or empty');
    const minimum = minimumCents();
    if (cents < minimum) {
      throw new ApiError(200, null, t(req.locale, 'The minimum withdrawal is {n}', formatCents(minimum)));
    }

    const bank = { card: '', name: '', holder: '' };
    const chain = { network: '', address: '' };
    if (type === 0) {
      bank.card = str(body, 'bank_card').replace(/[\s-]/g, '');
      bank.name = str(body, 'bank_name').trim();
      bank.holder = str(body, 'real_name').trim();
      if (!BANK_CARD.test(bank.card)) throw refused('Please enter a correct bank card number');
      if (!bank.name || bank.name.length > 60) throw refused('Please enter the bank name');
      if (!bank.holder || bank.holder.length > 60) throw refused('Please enter the card holder name');
    } else {
      const found = findNetwork(str(body, 'network'));
      if (!found) throw refused('Please choose the withdrawal network');
      chain.network = found.network;
      chain.address = str(body, 'blockchain').trim();
      if (!isPlausibleAddress(chain.network, chain.address)) throw refused('Please enter a correct receiving address');
    }

    // Everything below is one immediate transaction: the idempotency record, the use of the
    // verify_pay authorization, the conditional debit, the withdrawal and its ledger entry.
    // A refusal throws and rolls it all back (the authorization stays usable).
    const result = runIdempotent(
      db,
      { userId: auth.userId, operation: 'createExtract', key: idempotencyKey(req), body },
      () => {
        if (!consumePayAuthorization(db, auth.userId, auth.sessionId)) {
          throw refused('Please verify the payment code first');
        }
        const now = nowSeconds();
        const fee = withdrawalFeeCents(cents, feeBasisPoints());
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
        return { status: 200, body: { code: 1, msg: t(req.locale, 'Draw Success'), data: null } };
      },
    );
    sendResult(res, result);
  });

  r.get('/extract_log', (req, res) => {
    const auth = requireAuth(req);
    const { limit, offset } = paging(req.query);
    const status = statusFilter(req);
    const where = `user_id = ?${status === null ? '' : ' AND status = ?'}`;
    const params: number[] = status === null ? [auth.userId] : [auth.userId, status];
    const count =
      db.prepare<number[], { n: number }>(`SELECT COUNT(*) AS n FROM extracts WHERE ${where}`).get(...params)?.n ?? 0;
    const rows = db
      .prepare<
        number[],
        {
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
      >(
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
  });

  // ---- ledger ------------------------------------------------------------------------------

  r.get('/bill', (req, res) => {
    const auth = requireAuth(req);
    const { limit, offset } = paging(req.query);
    const type = str(req.query, 'type');
    const filtered = ['recharge', 'extract', 'pay', 'refund'].includes(type);
    const where = `user_id = ?${filtered ? ' AND type = ?' : ''}`;
    const params: (number | string)[] = filtered ? [auth.userId, type] : [auth.userId];
    const count =
      db.prepare<(number | string)[], { n: number }>(`SELECT COUNT(*) AS n FROM bills WHERE ${where}`).get(...params)
        ?.n ?? 0;
    const rows = db
      .prepare<
        (number | string)[],
        { id: number; title: string; created_at: number; type: string; amount_cents: number }
      >(
        `SELECT id, title, created_at, type, amount_cents FROM bills WHERE ${where}
         ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`,
      )
      .all(...params, limit, offset);
    ok(req, res, {
      count,
      list: rows.map((x) => ({
        id: x.id,
        title: billTitle(req.locale, x.title),
        createtime: displayTime(x.created_at),
        type: x.type,
        money: formatCents(x.amount_cents),
      })),
    });
  });

  // ---- payment code ------------------------------------------------------------------------

  r.post('/verify_pay', async (req, res) => {
    const auth = requireAuth(req);
    const code = str(req.body, 'password_pay');
    if (!PAY_CODE.test(code)) throw refused('Payment code must be exactly 6 digits');
    const check = await checkPaymentCode(db, auth.userId, code);
    if (check.result !== 'ok') throw codeRefusal(req, check, 'Pay Fail');
    grantPayAuthorization(db, auth.userId, auth.sessionId);
    ok(req, res, null);
  });

  /**
   * With an Idempotency-Key a retry whose first request set the code gets that first answer (a retry
   * would otherwise check the old code, which is no longer the current one: 'Incorrect payment code',
   * counted towards the lockout). The remembered fingerprint leaves the codes and the login password
   * out: a 6-digit code's plain hash beside the key would be guessed in a second from a stolen
   * database. So the same key with other codes is answered with the first answer and changes nothing.
   */
  r.post('/resetPay', async (req, res) => {
    const auth = requireAuth(req);
    const run = {
      userId: auth.userId,
      operation: 'resetPayPassword',
      key: idempotencyKey(req),
      body: { is_verify: str(req.body, 'is_verify') },
      keyless: 'act' as const,
    };
    const replay = findReplay(db, run);
    if (replay) return sendResult(res, replay);
    const oldCode = str(req.body, 'oldpassword');
    const newCode = str(req.body, 'newpassword');
    if (!PAY_CODE.test(newCode)) throw refused('Payment code must be exactly 6 digits');
    const user = db
      .prepare<[number], { pay_password_hash: string | null }>('SELECT pay_password_hash FROM users WHERE id = ?')
      .get(auth.userId);
    const changing = Boolean(user?.pay_password_hash);
    if (changing) {
      // Changing needs the current code (is_verify 1); it counts towards the same lockout as verify_pay.
      if (!oldCode) throw refused('Please enter the current payment code');
      if (!PAY_CODE.test(oldCode)) throw refused('Incorrect payment code');
      if (newCode === oldCode) throw refused('New password must be different from the old one');
      const check = await checkPaymentCode(db, auth.userId, oldCode);
      if (check.result !== 'ok') throw codeRefusal(req, check, 'Incorrect payment code');
    } else {
      // The first code opens withdrawals: a token alone must not set it (the login password too).
      await requireLoginPassword(db, guards, req, auth.userId, req.body);
    }
    const hash = await hashSecret(newCode);
    // Conditional on the code we checked: a concurrent change in between makes this one fail (or, with
    // the same key, answers with that change's answer).
    const result = runIdempotent(db, run, () => {
      const changes = db
        .prepare('UPDATE users SET pay_password_hash = ?, updated_at = ? WHERE id = ? AND pay_password_hash IS ?')
        .run(hash, nowSeconds(), auth.userId, user?.pay_password_hash ?? null).changes;
      if (changes !== 1) throw refused('Incorrect payment code');
      revokePayAuthorizations(db, auth.userId);
      const msg = t(req.locale, changing ? 'Change Successful' : 'Setting Success');
      return { status: 200, body: { code: 1, msg, data: null } };
    });
    sendResult(res, result);
  });

  return r;
}

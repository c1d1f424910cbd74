/** Deposit addresses and recharges: listBlockchains, createRecharge, listRecharges. */
import type { RequestHandler } from 'express';
import { nowSeconds } from '../../platform/db';
import { displayTime, ok, paging, refused, requireAuth, str } from '../../platform/http';
import { t } from '../../platform/i18n';
import { idempotencyKey, runIdempotent, sendResult } from '../../platform/idempotency';
import { formatCents, parseMoney } from '../../shared/money';
import { uploadedFileOf } from '../../shared/uploads';
import { findNetwork, networks } from './deposit-networks';
import { fieldError, statusFilter } from './wallet-refusals';
import type { WalletDeps } from './wallet.deps';

export function listBlockchains({ db }: WalletDeps): RequestHandler {
  return (req, res) => {
    requireAuth(req);
    ok(
      req,
      res,
      networks(db).map((n) => ({ blockchain: n.address, network: n.network })),
    );
  };
}

export function createRecharge({ db }: WalletDeps): RequestHandler {
  return (req, res) => {
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
      const found = chosen ? findNetwork(db, chosen) : undefined;
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
  };
}

interface RechargeRow {
  id: number;
  recharge_type: number;
  network: string;
  amount_cents: number;
  status: number;
  admin_msg: string;
  created_at: number;
}

export function listRecharges({ db }: WalletDeps): RequestHandler {
  return (req, res) => {
    const auth = requireAuth(req);
    const { limit, offset } = paging(req.query);
    const status = statusFilter(req);
    const where = `user_id = ?${status === null ? '' : ' AND status = ?'}`;
    const params: number[] = status === null ? [auth.userId] : [auth.userId, status];
    const count =
      db.prepare<number[], { n: number }>(`SELECT COUNT(*) AS n FROM recharges WHERE ${where}`).get(...params)?.n ?? 0;
    const rows = db
      .prepare<number[], RechargeRow>(
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
  };
}

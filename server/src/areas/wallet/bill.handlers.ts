/** The ledger as the shopper reads it: listBills. */
import type { RequestHandler } from 'express';
import { displayTime, ok, paging, requireAuth, str } from '../../platform/http';
import { billTitle } from '../../shared/ledger';
import { formatCents } from '../../shared/money';
import type { WalletDeps } from './wallet.deps';

interface BillRow {
  id: number;
  title: string;
  created_at: number;
  type: string;
  amount_cents: number;
}

export function listBills({ db }: WalletDeps): RequestHandler {
  return (req, res) => {
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
      .prepare<(number | string)[], BillRow>(
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
  };
}

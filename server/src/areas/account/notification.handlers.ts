/** Notification preferences: getNotificationSettings, updateNotificationSettings (/api/user/notification). */
import type { RequestHandler } from 'express';
import { nowSeconds, type Db } from '../../platform/db';
import { ApiError, badRequest, ok, requireAuth } from '../../platform/http';
import { t } from '../../platform/i18n';
import { has } from './account-fields';
import type { AccountDeps } from './account.deps';

const NOTIFICATION_FIELDS = ['order_updates', 'wallet_updates', 'promotions'] as const;
type NotificationField = (typeof NOTIFICATION_FIELDS)[number];

function readSettings(db: Db, userId: number): Record<NotificationField, boolean> {
  const row = db
    .prepare<[number], Record<NotificationField, number>>(
      'SELECT order_updates, wallet_updates, promotions FROM notification_settings WHERE user_id = ?',
    )
    .get(userId);
  // No row yet: everything on.
  return {
    order_updates: row ? row.order_updates === 1 : true,
    promotions: row ? row.promotions === 1 : true,
    wallet_updates: row ? row.wallet_updates === 1 : true,
  };
}

export function getNotificationSettings({ db }: AccountDeps): RequestHandler {
  return (req, res) => {
    const auth = requireAuth(req);
    ok(req, res, readSettings(db, auth.userId));
  };
}

export function updateNotificationSettings({ db }: AccountDeps): RequestHandler {
  return (req, res) => {
    const auth = requireAuth(req);
    const body = req.body as unknown;
    const changes = NOTIFICATION_FIELDS.filter((f) => has(body, f));
    if (changes.length === 0) throw badRequest('Please change at least one field');
    for (const f of changes) {
      if (typeof (body as Record<string, unknown>)[f] !== 'boolean')
        throw new ApiError(400, null, `${f}: ${t(req.locale, 'has the wrong type')}`);
    }
    const now = nowSeconds();
    db.transaction(() => {
      db.prepare(
        `INSERT INTO notification_settings (user_id, order_updates, wallet_updates, promotions, updated_at)
         VALUES (?, 1, 1, 1, ?) ON CONFLICT(user_id) DO NOTHING`,
      ).run(auth.userId, now);
      db.prepare(
        `UPDATE notification_settings SET ${changes.map((f) => `${f} = ?`).join(', ')}, updated_at = ? WHERE user_id = ?`,
      ).run(...changes.map((f) => ((body as Record<string, unknown>)[f] ? 1 : 0)), now, auth.userId);
    })();
    ok(req, res, readSettings(db, auth.userId), 'Save successful');
  };
}

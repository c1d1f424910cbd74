/**
 * Shipping addresses under /api/user: listAddresses (address_list), getAddress (address),
 * saveAddress (address_add, also edits with address_id), setDefaultAddress (address_set_default)
 * and deleteAddress (address_del).
 *
 * Every query is scoped to the caller (`user_id = ?`): another user's address answers exactly
 * like an unknown one ('Address not found'), never with its data. A user with addresses has
 * exactly one default (the partial unique index addresses_one_default backs "at most one"; the
 * transactions below keep "at least one"): the first address becomes the default, and when the
 * default is deleted (or switched off) the newest remaining address takes over.
 */
import { Router, type Request } from 'express';
import { nowSeconds, type Db } from '../../platform/db';
import { ApiError, ok, paging, refused, requireAuth, str } from '../../platform/http';
import { t, type MessageKey } from '../../platform/i18n';
import type { CountryCode } from 'libphonenumber-js';
import type { AddressRow } from '../../shared/addresses';
import { readMobile } from '../../shared/phone';
import { sendOnce } from '../../platform/idempotency';

/** Most addresses one user can keep. */
export const MAX_ADDRESSES = 20;

interface AddressFields {
  name: string;
  quhao: string;
  mobile: string;
  country: string;
  detail: string;
  tag: string;
}

const toApi = (a: AddressRow) => ({
  address_id: a.id,
  name: a.name,
  mobile: a.mobile,
  quhao: a.quhao,
  country: a.country,
  detail: a.detail,
  tag: a.tag,
  is_default: a.is_default === 1 ? 1 : 0,
});

const tooLong = (req: Request, n: number) =>
  new ApiError(200, null, t(req.locale, 'Please enter at most {n} characters', n));

/**
 * Every field but quhao is required (trimmed), with the form's own message (a refusal: HTTP 200,
 * code 0, as for everything a shopper types); the mobile is checked
 * per country: for quhao when sent, else as an international number ('+...') or one of the shop's
 * default region (readMobile), and stored as calling code + national number either way.
 */
function readFields(req: Request, defaultRegion: CountryCode): AddressFields {
  const body = req.body as unknown;
  const text = (field: string, missing: MessageKey, max: number) => {
    const v = str(body, field).trim();
    if (!v) throw refused(missing);
    if ([...v].length > max) throw tooLong(req, max);
    return v;
  };
  const name = text('name', 'Please enter the addressee', 50);
  const phone = readMobile(str(body, 'mobile'), str(body, 'quhao').trim().replace(/^\+/, ''), defaultRegion);
  if (!phone) throw refused('Please enter a correct mobile phone number');
  const country = text('country', 'Please choose the area', 200);
  const detail = text('detail', 'Please enter the detailed address', 200);
  const tag = text('tag', 'Please enter a tag', 20);
  return { name, quhao: phone.quhao, mobile: phone.national, country, detail, tag };
}

/** address_id from a query or body: a positive integer, else 0 (which matches nothing). */
function addressId(source: unknown): number {
  const n = Number(str(source, 'address_id'));
  return Number.isInteger(n) && n > 0 ? n : 0;
}

export function addressRouter(db: Db, defaultRegion: CountryCode): Router {
  const r = Router();
  const COLUMNS = 'id, name, mobile, quhao, country, detail, tag, is_default';
  const own = db.prepare<[number, number], AddressRow>(`SELECT ${COLUMNS} FROM addresses WHERE id = ? AND user_id = ?`);
  const clearDefault = db.prepare('UPDATE addresses SET is_default = 0 WHERE user_id = ? AND is_default = 1');
  const setDefault = db.prepare('UPDATE addresses SET is_default = 1, updated_at = ? WHERE id = ? AND user_id = ?');
  const newestOther = db.prepare<[number, number], { id: number }>(
    'SELECT id FROM addresses WHERE user_id = ? AND id <> ? ORDER BY created_at DESC, id DESC LIMIT 1',
  );
  const count = db.prepare<[number], { n: number }>('SELECT COUNT(*) AS n FROM addresses WHERE user_id = ?');

  /** The caller's address, or a business failure that looks the same for unknown and foreign ids. */
  const mine = (id: number, userId: number): AddressRow => {
    const row = id > 0 ? own.get(id, userId) : undefined;
    if (!row) throw refused('Address not found');
    return row;
  };

  /** Makes `id` the only default of the user (inside the caller's transaction). */
  const makeDefault = (userId: number, id: number) => {
    clearDefault.run(userId);
    setDefault.run(nowSeconds(), id, userId);
  };

  r.get('/address_list', (req, res) => {
    const auth = requireAuth(req);
    const { limit, offset } = paging(req.query);
    const list = db
      .prepare<[number, number, number], AddressRow>(
        `SELECT ${COLUMNS} FROM addresses WHERE user_id = ?
         ORDER BY is_default DESC, created_at DESC, id DESC LIMIT ? OFFSET ?`,
      )
      .all(auth.userId, limit, offset);
    ok(req, res, { count: count.get(auth.userId)?.n ?? 0, list: list.map(toApi) });
  });

  r.get('/address', (req, res) => {
    const auth = requireAuth(req);
    ok(req, res, toApi(mine(addressId(req.query), auth.userId)));
  });

  // With an Idempotency-Key a retried save is answered with the first answer and saves nothing more
  // (a lost answer must not leave two identical addresses); without one each request saves.
  r.post('/address_add', (req, res) => {
    const auth = requireAuth(req);
    const body = req.body as unknown;
    sendOnce(db, req, res, { userId: auth.userId, operation: 'saveAddress' }, () => {
      const editing = str(body, 'address_id') !== '';
      const id = addressId(body);
      const current = editing ? mine(id, auth.userId) : undefined;
      const f = readFields(req, defaultRegion);
      const wantsDefault = str(body, 'is_default') === '1';
      const now = nowSeconds();
      if (current) {
        db.prepare(
          `UPDATE addresses SET name = ?, quhao = ?, mobile = ?, country = ?, detail = ?, tag = ?, updated_at = ?
           WHERE id = ? AND user_id = ?`,
        ).run(f.name, f.quhao, f.mobile, f.country, f.detail, f.tag, now, id, auth.userId);
        if (wantsDefault && current.is_default !== 1) makeDefault(auth.userId, id);
        if (!wantsDefault && current.is_default === 1) {
          // Switching the default off hands it to the newest other address; a lone address stays default.
          const other = newestOther.get(auth.userId, id);
          if (other) makeDefault(auth.userId, other.id);
        }
      } else {
        const n = count.get(auth.userId)?.n ?? 0;
        if (n >= MAX_ADDRESSES)
          throw new ApiError(200, null, t(req.locale, 'You can save at most {n} addresses', MAX_ADDRESSES));
        const isDefault = wantsDefault || n === 0;
        if (isDefault) clearDefault.run(auth.userId);
        db.prepare(
          `INSERT INTO addresses (user_id, name, quhao, mobile, country, detail, tag, is_default, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        ).run(auth.userId, f.name, f.quhao, f.mobile, f.country, f.detail, f.tag, isDefault ? 1 : 0, now, now);
      }
      return { status: 200, body: { code: 1, msg: t(req.locale, 'Save successful'), data: null } };
    });
  });

  r.post('/address_set_default', (req, res) => {
    const auth = requireAuth(req);
    const id = addressId(req.body);
    db.transaction(() => {
      mine(id, auth.userId);
      makeDefault(auth.userId, id);
    })();
    ok(req, res, null, 'Setting Success');
  });

  // A retried delete with the same Idempotency-Key gets the first 'Delete Success', not 'Address not found'.
  r.get('/address_del', (req, res) => {
    const auth = requireAuth(req);
    sendOnce(db, req, res, { userId: auth.userId, operation: 'deleteAddress', body: req.query }, () => {
      const id = addressId(req.query);
      const row = mine(id, auth.userId);
      db.prepare('DELETE FROM addresses WHERE id = ? AND user_id = ?').run(id, auth.userId);
      if (row.is_default === 1) {
        const next = newestOther.get(auth.userId, id);
        if (next) setDefault.run(nowSeconds(), next.id, auth.userId);
      }
      return { status: 200, body: { code: 1, msg: t(req.locale, 'Delete Success'), data: null } };
    });
  });

  return r;
}

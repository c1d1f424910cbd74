/** The address operations; address-book.ts has their rules. */
import type { Request, RequestHandler } from 'express';
import { nowSeconds } from '../../platform/db';
import { ApiError, ok, paging, requireAuth, str } from '../../platform/http';
import { t } from '../../platform/i18n';
import { sendOnce } from '../../platform/idempotency';
import { addressToApi, type AddressRow } from '../../shared/addresses';
import { ADDRESS_COLUMNS, addressBook, addressId, MAX_ADDRESSES, readFields, type AddressFields } from './address-book';
import type { AddressDeps } from './address.deps';

type Book = ReturnType<typeof addressBook>;

export function listAddresses({ db }: AddressDeps): RequestHandler {
  const book = addressBook(db);
  return (req, res) => {
    const auth = requireAuth(req);
    const { limit, offset } = paging(req.query);
    const list = db
      .prepare<[number, number, number], AddressRow>(
        `SELECT ${ADDRESS_COLUMNS} FROM addresses WHERE user_id = ?
         ORDER BY is_default DESC, created_at DESC, id DESC LIMIT ? OFFSET ?`,
      )
      .all(auth.userId, limit, offset);
    ok(req, res, { count: book.count.get(auth.userId)?.n ?? 0, list: list.map(addressToApi) });
  };
}

export function getAddress({ db }: AddressDeps): RequestHandler {
  const book = addressBook(db);
  return (req, res) => {
    const auth = requireAuth(req);
    ok(req, res, addressToApi(book.mine(addressId(req.query), auth.userId)));
  };
}

/** An edit of the caller's address `current`; switching the default off hands it on. */
function editAddress(book: Book, userId: number, current: AddressRow, f: AddressFields, wantsDefault: boolean) {
  const { db } = book;
  db.prepare(
    `UPDATE addresses SET name = ?, quhao = ?, mobile = ?, country = ?, detail = ?, tag = ?, updated_at = ?
     WHERE id = ? AND user_id = ?`,
  ).run(f.name, f.quhao, f.mobile, f.country, f.detail, f.tag, nowSeconds(), current.id, userId);
  if (wantsDefault && current.is_default !== 1) book.makeDefault(userId, current.id);
  if (!wantsDefault && current.is_default === 1) {
    // Switching the default off hands it to the newest other address; a lone address stays default.
    const other = book.newestOther.get(userId, current.id);
    if (other) book.makeDefault(userId, other.id);
  }
}

/** A new address: the first one, or one asked to be, is the default. */
function addAddress(book: Book, req: Request, userId: number, f: AddressFields, wantsDefault: boolean) {
  const { db } = book;
  const n = book.count.get(userId)?.n ?? 0;
  if (n >= MAX_ADDRESSES)
    throw new ApiError(200, null, t(req.locale, 'You can save at most {n} addresses', MAX_ADDRESSES));
  const isDefault = wantsDefault || n === 0;
  if (isDefault) book.clearDefault.run(userId);
  const now = nowSeconds();
  db.prepare(
    `INSERT INTO addresses (user_id, name, quhao, mobile, country, detail, tag, is_default, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(userId, f.name, f.quhao, f.mobile, f.country, f.detail, f.tag, isDefault ? 1 : 0, now, now);
}

/**
 * With an Idempotency-Key a retried save is answered with the first answer and saves nothing more
 * (a lost answer must not leave two identical addresses); without one each request saves.
 */
export function saveAddress({ db, defaultRegion }: AddressDeps): RequestHandler {
  const book = addressBook(db);
  return (req, res) => {
    const auth = requireAuth(req);
    const body = req.body as unknown;
    sendOnce(db, req, res, { userId: auth.userId, operation: 'saveAddress' }, () => {
      const editing = str(body, 'address_id') !== '';
      const current = editing ? book.mine(addressId(body), auth.userId) : undefined;
      const f = readFields(req, defaultRegion);
      const wantsDefault = str(body, 'is_default') === '1';
      if (current) editAddress(book, auth.userId, current, f, wantsDefault);
      else addAddress(book, req, auth.userId, f, wantsDefault);
      return { status: 200, body: { code: 1, msg: t(req.locale, 'Save successful'), data: null } };
    });
  };
}

export function setDefaultAddress({ db }: AddressDeps): RequestHandler {
  const book = addressBook(db);
  return (req, res) => {
    const auth = requireAuth(req);
    const id = addressId(req.body);
    db.transaction(() => {
      book.mine(id, auth.userId);
      book.makeDefault(auth.userId, id);
    })();
    ok(req, res, null, 'Setting Success');
  };
}

/** A retried delete with the same Idempotency-Key gets the first 'Delete Success', not 'Address not found'. */
export function deleteAddress({ db }: AddressDeps): RequestHandler {
  const book = addressBook(db);
  return (req, res) => {
    const auth = requireAuth(req);
    sendOnce(db, req, res, { userId: auth.userId, operation: 'deleteAddress', body: req.query }, () => {
      const id = addressId(req.query);
      const row = book.mine(id, auth.userId);
      db.prepare('DELETE FROM addresses WHERE id = ? AND user_id = ?').run(id, auth.userId);
      if (row.is_default === 1) {
        const next = book.newestOther.get(auth.userId, id);
        if (next) book.setDefault.run(nowSeconds(), next.id, auth.userId);
      }
      return { status: 200, body: { code: 1, msg: t(req.locale, 'Delete Success'), data: null } };
    });
  };
}

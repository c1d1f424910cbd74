/**
 * Every query is scoped to the caller (`user_id = ?`): another user's address answers exactly
 * like an unknown one ('Address not found'), never with its data. A user with addresses has
 * exactly one default (the partial unique index addresses_one_default backs "at most one"; the
 * transactions of the handlers keep "at least one"): the first address becomes the default, and when
 * the default is deleted (or switched off) the newest remaining address takes over.
 */
import type { Request } from 'express';
import type { CountryCode } from 'libphonenumber-js';
import { nowSeconds, type Db } from '../../platform/db';
import { ApiError, refused, str } from '../../platform/http';
import { t, type MessageKey } from '../../platform/i18n';
import type { AddressRow } from '../../shared/addresses';
import { readMobile } from '../../shared/phone';

/** Most addresses one user can keep. */
export const MAX_ADDRESSES = 20;

export const ADDRESS_COLUMNS = 'id, name, mobile, quhao, country, detail, tag, is_default';

export interface AddressFields {
  name: string;
  quhao: string;
  mobile: string;
  country: string;
  detail: string;
  tag: string;
}

const tooLong = (req: Request, n: number) =>
  new ApiError(200, null, t(req.locale, 'Please enter at most {n} characters', n));

/**
 * Every field but quhao is required (trimmed), with the form's own message (a refusal: HTTP 200,
 * code 0, as for everything a shopper types); the mobile is checked
 * per country: for quhao when sent, else as an international number ('+...') or one of the shop's
 * default region (readMobile), and stored as calling code + national number either way.
 */
export function readFields(req: Request, defaultRegion: CountryCode): AddressFields {
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
export function addressId(source: unknown): number {
  const n = Number(str(source, 'address_id'));
  return Number.isInteger(n) && n > 0 ? n : 0;
}

/** The statements of the address operations, prepared once per handler. */
export function addressBook(db: Db) {
  const own = db.prepare<[number, number], AddressRow>(
    `SELECT ${ADDRESS_COLUMNS} FROM addresses WHERE id = ? AND user_id = ?`,
  );
  const clearDefault = db.prepare('UPDATE addresses SET is_default = 0 WHERE user_id = ? AND is_default = 1');
  const setDefault = db.prepare('UPDATE addresses SET is_default = 1, updated_at = ? WHERE id = ? AND user_id = ?');
  const newestOther = db.prepare<[number, number], { id: number }>(
    'SELECT id FROM addresses WHERE user_id = ? AND id <> ? ORDER BY created_at DESC, id DESC LIMIT 1',
  );
  const count = db.prepare<[number], { n: number }>('SELECT COUNT(*) AS n FROM addresses WHERE user_id = ?');
  return {
    db,
    clearDefault,
    setDefault,
    newestOther,
    count,
    /** The caller's address, or a business failure that looks the same for unknown and foreign ids. */
    mine(id: number, userId: number): AddressRow {
      const row = id > 0 ? own.get(id, userId) : undefined;
      if (!row) throw refused('Address not found');
      return row;
    },
    /** Makes `id` the only default of the user (inside the caller's transaction). */
    makeDefault(userId: number, id: number): void {
      clearDefault.run(userId);
      setDefault.run(nowSeconds(), id, userId);
    },
  };
}

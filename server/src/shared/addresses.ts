/**
 * The shopper's address book as the address operations and the checkout read it. Every query is
 * scoped to the caller: another user's address answers exactly like an unknown one.
 */
import type { Request } from 'express';
import type { Db } from '../platform/db';
import { refuse } from '../platform/http';

export interface AddressRow {
  id: number;
  name: string;
  mobile: string;
  quhao: string;
  country: string;
  detail: string;
  tag: string;
  is_default: number;
}

const ADDRESS_COLUMNS = 'id, name, mobile, quhao, country, detail, tag, is_default';

/** The caller's address `id` (unknown and foreign ids alike: 'Address not found'). */
export function ownAddress(db: Db, req: Request, userId: number, id: number): AddressRow {
  const row = db
    .prepare<[number, number], AddressRow>(`SELECT ${ADDRESS_COLUMNS} FROM addresses WHERE id = ? AND user_id = ?`)
    .get(id, userId);
  if (!row) throw refuse(req, 'Address not found');
  return row;
}

export const defaultAddress = (db: Db, userId: number) =>
  db
    .prepare<[number], AddressRow>(
      `SELECT ${ADDRESS_COLUMNS} FROM addresses WHERE user_id = ? ORDER BY is_default DESC, created_at DESC, id DESC LIMIT 1`,
    )
    .get(userId);

export const addressToApi = (a: AddressRow) => ({
  address_id: a.id,
  name: a.name,
  mobile: a.mobile,
  quhao: a.quhao,
  country: a.country,
  detail: a.detail,
  tag: a.tag,
  is_default: a.is_default === 1 ? 1 : 0,
});

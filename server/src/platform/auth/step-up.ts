/**
 * Step-up: operations that would hand the account or the wallet to whoever holds a session token
 * ask for the login password as well. Changing the recovery phone or email (forgot password then
 * takes the account) and setting the first payment code (withdrawals then empty the wallet) need it;
 * a stolen token alone must not be a permanent takeover.
 *
 * A wrong password here counts towards the same failed-login limits as login (attempt-limits.ts):
 * otherwise a stolen token would be an unthrottled password oracle.
 */
import type { Request } from 'express';
import { checkPasswordGuarded, type AttemptGuards } from './attempt-limits';
import type { Db } from '../db';
import { refused } from '../http';

/**
 * Whether `password` is the user's login password (false for an unknown or disabled user), counted
 * as a login attempt of the account: a locked account is refused with the time left.
 */
export async function verifyLoginPassword(
  db: Db,
  guards: AttemptGuards,
  req: Request,
  userId: number,
  password: string,
): Promise<boolean> {
  const user = db
    .prepare<[number], { password_hash: string }>('SELECT password_hash FROM users WHERE id = ? AND status = 1')
    .get(userId);
  if (!user || !password) return false;
  return checkPasswordGuarded(guards, req, `id:${userId}`, password, user.password_hash);
}

/** The login password of a JSON body's `password` field; '' when absent or not a string. */
export function loginPasswordOf(body: unknown): string {
  if (!body || typeof body !== 'object') return '';
  const v = (body as Record<string, unknown>).password;
  return typeof v === 'string' ? v : '';
}

/**
 * Refuses (code 0, translated) unless the request carries the user's login password: 'Please enter
 * your login password' without one, 'The login password is incorrect' for a wrong one.
 */
export async function requireLoginPassword(
  db: Db,
  guards: AttemptGuards,
  req: Request,
  userId: number,
  body: unknown,
): Promise<void> {
  const password = loginPasswordOf(body);
  if (!password) throw refused('Please enter your login password');
  if (!(await verifyLoginPassword(db, guards, req, userId, password))) throw refused('The login password is incorrect');
}

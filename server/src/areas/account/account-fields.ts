/** What a shopper types into the account's forms, and the refusals that answer it. */
import type { Request } from 'express';
import { ApiError, refused } from '../../platform/http';
import { t, type MessageKey } from '../../platform/i18n';

export const USERNAME = /^[A-Za-z0-9_]{3,20}$/;
// Deliberately simple: one @, no spaces, a dot in the domain. The mailbox is the proof.
export const EMAIL = /^[^\s@]{1,64}@[^\s@.]+(\.[^\s@.]+)+$/;

/** A field present in a JSON body (null counts as absent). */
export function has(body: unknown, field: string): boolean {
  if (!body || typeof body !== 'object') return false;
  const v = (body as Record<string, unknown>)[field];
  return v !== undefined && v !== null;
}

/** A business failure whose message takes a number ('Please wait {n} seconds ...'). */
export const refusedN = (req: Request, key: MessageKey, n: number) => new ApiError(200, null, t(req.locale, key, n));

export const checkNewPassword = (password: string) => {
  if (password.length < 6) throw refused('Password must be at least 6 characters');
  if (password.length > 64) throw refused('Password must be at most 64 characters');
};

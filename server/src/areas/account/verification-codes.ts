/**
 * Verification codes for the forgot-password flow: 6 digits, only their sha256 (bound to the phone)
 * is stored, valid CODE_TTL_SECONDS, at most CODE_MAX_ATTEMPTS checks (the attempt is counted before
 * the comparison), used once, and one live code per phone (a new one retires the others). One code
 * per phone per CODE_RESEND_SECONDS; sends and checks are further capped per phone, per account and
 * per client address (platform/auth/attempt-limits.ts). An unknown number gets the same answer (and
 * the same rate limit) as a known one, so send_code cannot tell which numbers have accounts.
 */
import { timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';
import { refusedMinutes, type Counter } from '../../platform/auth/attempt-limits';
import { sha256Hex } from '../../platform/auth/secrets';
import { nowSeconds, type Db } from '../../platform/db';
import { refused } from '../../platform/http';
import type { MessageKey } from '../../platform/i18n';
import { normalizeMobile } from '../../shared/phone';

export const CODE_TTL_SECONDS = 10 * 60;
export const CODE_MAX_ATTEMPTS = 5;
export const CODE_RESEND_SECONDS = 60;
export const RESET_PURPOSE = 'reset_password';

export interface PhoneUser {
  id: number;
  quhao: string;
  mobile: string;
  password_hash: string;
}

export interface CodeRow {
  id: number;
  target: string;
  code_hash: string;
  attempts: number;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export const codeHash = (target: string, code: string) => sha256Hex(`${target}:${code}`);

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

/** The newest code of a purpose and phone. */
export function newestCodeOf(db: Db) {
  return db.prepare<[string, string], CodeRow>(
    `SELECT id, target, code_hash, attempts, created_at, expires_at, used_at FROM verification_codes
     WHERE purpose = ? AND target = ? ORDER BY created_at DESC, id DESC LIMIT 1`,
  );
}

/** Takes one from each counter; refuses with `message` and the minutes left when one is used up. */
export async function takeEach(req: Request, caps: [Counter, string][], message: MessageKey): Promise<void> {
  for (const [counter, key] of caps) {
    const taken = await counter.take(key);
    if (taken.wait !== null) throw refusedMinutes(req, message, taken.wait);
  }
}

/**
 * The one phone a send_code / forgot-password request names, and its account. A code proves
 * exactly one phone (calling code + national number), so both calls of a flow meet on the same
 * target '+<quhao> <national>' with or without quhao, and a phone resets at most one account.
 * With quhao the number is validated and normalized for that country. Without it (the backend
 * family's client sends none) the national digits are looked up in every country: the phone of
 * the matching accounts when they all share one, else the shopper is asked for the calling code
 * (never one code for several phones). An unknown number gets a target too, so it is answered and
 * limited like a known one.
 */
export function lookupPhone(
  db: Db,
  mobileRaw: string,
  quhaoRaw: string,
): { target: string; user: PhoneUser | undefined } {
  const quhao = quhaoRaw.trim().replace(/^\+/, '');
  const mobile = mobileRaw.trim();
  if (!mobile) throw refused('Please enter a correct mobile phone number');
  let users: PhoneUser[];
  let target: string;
  if (quhao) {
    const national = normalizeMobile(mobile, quhao);
    if (!national) throw refused('Please enter a correct mobile phone number');
    users = db
      .prepare<[string, string], PhoneUser>(
        'SELECT id, quhao, mobile, password_hash FROM users WHERE quhao = ? AND mobile = ? AND status = 1 ORDER BY id',
      )
      .all(quhao, national);
    target = `+${quhao} ${national}`;
  } else {
    const digits = mobile.replace(/[\s()-]/g, '');
    if (!/^\d{4,15}$/.test(digits)) throw refused('Please enter a correct mobile phone number');
    const national = digits.replace(/^0+/, '') || digits;
    users = db
      .prepare<[string, string], PhoneUser>(
        'SELECT id, quhao, mobile, password_hash FROM users WHERE mobile IN (?, ?) AND status = 1 ORDER BY id',
      )
      .all(digits, national);
    const phones = new Set(users.map((u) => `+${u.quhao} ${u.mobile}`));
    if (phones.size > 1)
      throw refused('This number is registered in more than one country. Please choose the calling code');
    target = [...phones][0] ?? `+? ${national}`;
  }
  // Registration does not make a phone unique; which of its accounts a code would reset is then
  // not the phone's to say.
  if (users.length > 1) throw refused('This number belongs to more than one account. Please contact customer service');
  return { target, user: users[0] };
}

/** Seconds until the phone may be sent another code (0 or less: now). */
export function resendWait(newestCode: ReturnType<typeof newestCodeOf>, target: string): number {
  const last = newestCode.get(RESET_PURPOSE, target);
  return last ? last.created_at + CODE_RESEND_SECONDS - nowSeconds() : 0;
}

/**
 * Account operations under /api/user: updateProfile (profile), resetPassword (resetpwd: the
 * forgot variant with a verification code and the change variant with the old password),
 * sendVerificationCode (send_code) and the notification preferences (notification).
 *
 * Verification codes: 6 digits, only their sha256 (bound to the phone) is stored, valid
 * CODE_TTL_SECONDS, at most CODE_MAX_ATTEMPTS checks (the attempt is counted before the
 * comparison), used once, and one live code per phone (a new one retires the others). One code per
 * phone per CODE_RESEND_SECONDS; sends and checks are further capped per phone, per account and
 * per client address (attempt-limits.ts). The demo has no SMS gateway: the code is written to the server log as
 * `[send_code] mobile +<quhao> <mobile> code <123456>`. An unknown number gets the same answer
 * (and the same rate limit) as a known one, so send_code cannot tell which numbers have accounts.
 */
import { randomInt, timingSafeEqual } from 'node:crypto';
import { Router, type Request } from 'express';
import { nowSeconds, type Db } from '../../platform/db';
import {
  ApiError,
  badRequest,
  namesStoredPath,
  ok,
  refused,
  requireAuth,
  str,
  unauthorized,
} from '../../platform/http';
import { t, type MessageKey } from '../../platform/i18n';
import {
  addressOf,
  checkPasswordGuarded,
  refusedMinutes,
  type AttemptGuards,
  type Counter,
} from '../../platform/auth/attempt-limits';
import { hashSecret, sha256Hex, verifySecret } from '../../platform/auth/secrets';
import { requireLoginPassword } from '../../platform/auth/step-up';
import { uploadedFileOf } from '../../shared/uploads';
import { normalizeMobile } from '../../shared/phone';
import { EMAIL } from './user';

export const CODE_TTL_SECONDS = 10 * 60;
export const CODE_MAX_ATTEMPTS = 5;
export const CODE_RESEND_SECONDS = 60;
const RESET_PURPOSE = 'reset_password';

interface UserRow {
  id: number;
  nickname: string;
  email: string;
  quhao: string;
  mobile: string;
  avatar: string;
  password_hash: string;
}

interface PhoneUser {
  id: number;
  quhao: string;
  mobile: string;
  password_hash: string;
}

interface CodeRow {
  id: number;
  target: string;
  code_hash: string;
  attempts: number;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

const NOTIFICATION_FIELDS = ['order_updates', 'wallet_updates', 'promotions'] as const;
type NotificationField = (typeof NOTIFICATION_FIELDS)[number];

/** A field present in a JSON body (null counts as absent). */
function has(body: unknown, field: string): boolean {
  if (!body || typeof body !== 'object') return false;
  const v = (body as Record<string, unknown>)[field];
  return v !== undefined && v !== null;
}

/** A business failure whose message takes a number ('Please wait {n} seconds ...'). */
const refusedN = (req: Request, key: MessageKey, n: number) => new ApiError(200, null, t(req.locale, key, n));

const codeHash = (target: string, code: string) => sha256Hex(`${target}:${code}`);

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
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
function lookupPhone(db: Db, mobileRaw: string, quhaoRaw: string): { target: string; user: PhoneUser | undefined } {
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

export function accountRouter(db: Db, guards: AttemptGuards, log: (line: string) => void): Router {
  const r = Router();
  const userById = db.prepare<[number], UserRow>(
    'SELECT id, nickname, email, quhao, mobile, avatar, password_hash FROM users WHERE id = ?',
  );
  const newestCode = db.prepare<[string, string], CodeRow>(
    `SELECT id, target, code_hash, attempts, created_at, expires_at, used_at FROM verification_codes
     WHERE purpose = ? AND target = ? ORDER BY created_at DESC, id DESC LIMIT 1`,
  );

  // ---- updateProfile -------------------------------------------------------------------------
  r.post('/profile', async (req, res) => {
    const auth = requireAuth(req);
    const body = req.body as unknown;
    const user = userById.get(auth.userId);
    if (!user) throw unauthorized();
    const changes: Partial<Record<'avatar' | 'nickname' | 'email' | 'quhao' | 'mobile', string>> = {};
    let sent = 0;

    if (has(body, 'avatar')) {
      sent += 1;
      const avatar = str(body, 'avatar').trim();
      // The current avatar as getUserInfo wrote it, on whichever allowed host the client used then.
      const unchanged = avatar === user.avatar || (user.avatar !== '' && namesStoredPath(avatar, user.avatar));
      if (!unchanged) {
        const stored = avatar ? uploadedFileOf(db, auth.userId, avatar) : null;
        if (!stored) throw refused('The avatar must be an image you uploaded');
        changes.avatar = stored;
      }
    }
    if (has(body, 'nickname')) {
      sent += 1;
      const nickname = str(body, 'nickname').trim();
      if (!nickname) throw refused('Please enter a nickname');
      if ([...nickname].length > 30) throw refused('Nickname must be at most 30 characters');
      changes.nickname = nickname;
    }
    if (has(body, 'email')) {
      sent += 1;
      const email = str(body, 'email').trim();
      if (!EMAIL.test(email) || email.length > 100) throw refused('Please fill correct email');
      if (email.toLowerCase() !== user.email.toLowerCase()) {
        const taken = db
          .prepare<[string, number], { id: number }>('SELECT id FROM users WHERE email = ? AND id <> ?')
          .get(email, auth.userId);
        if (taken) throw refused('This email is already used by another account');
      }
      changes.email = email;
    }
    if (has(body, 'mobile') || has(body, 'quhao')) {
      sent += 1;
      // A mobile is only valid with its calling code: the one sent, else the saved one (and the
      // other way round), so changing either re-checks the pair.
      const quhao = has(body, 'quhao') ? str(body, 'quhao').trim().replace(/^\+/, '') : user.quhao;
      const mobile = has(body, 'mobile') ? str(body, 'mobile') : user.mobile;
      if (!quhao) throw refused('Please enter the calling code');
      const national = normalizeMobile(mobile, quhao);
      if (!national) throw refused('Please enter a correct mobile phone number');
      changes.quhao = quhao;
      changes.mobile = national;
    }
    if (sent === 0) throw refused('Please change at least one field');
    // The phone and email recover the account (forgot password): a token alone must not move them.
    const recoveryChanges =
      (changes.email !== undefined && changes.email !== user.email) ||
      (changes.mobile !== undefined && (changes.mobile !== user.mobile || changes.quhao !== user.quhao));
    if (recoveryChanges) await requireLoginPassword(db, guards, req, auth.userId, body);

    const columns = Object.keys(changes) as (keyof typeof changes)[];
    if (columns.length > 0) {
      try {
        db.prepare(`UPDATE users SET ${columns.map((c) => `${c} = ?`).join(', ')}, updated_at = ? WHERE id = ?`).run(
          ...columns.map((c) => changes[c]),
          nowSeconds(),
          auth.userId,
        );
      } catch (e) {
        // Two accounts racing for one email meet the UNIQUE constraint here.
        if (e instanceof Error && /UNIQUE/.test(e.message))
          throw refused('This email is already used by another account');
        throw e;
      }
    }
    ok(req, res, null, 'Save successful');
  });

  // ---- sendVerificationCode ------------------------------------------------------------------
  const insertCode = db.prepare(
    `INSERT INTO verification_codes (purpose, target, code_hash, attempts, created_at, expires_at)
     VALUES (?, ?, ?, 0, ?, ?)`,
  );
  const retireCodes = db.prepare(
    'UPDATE verification_codes SET used_at = ? WHERE purpose = ? AND target = ? AND used_at IS NULL',
  );
  const resendWait = (target: string) => {
    const last = newestCode.get(RESET_PURPOSE, target);
    return last ? last.created_at + CODE_RESEND_SECONDS - nowSeconds() : 0;
  };
  r.post('/send_code', async (req, res) => {
    const body = req.body as unknown;
    const { target, user } = lookupPhone(db, str(body, 'mobile'), str(body, 'quhao'));
    const early = resendWait(target);
    if (early > 0) throw refusedN(req, 'Please wait {n} seconds before asking for another code', early);
    // Against text-message bombing: sends per client address, per phone and per account.
    const caps: [Counter, string][] = [
      [guards.sendAddress, addressOf(req)],
      [guards.sendPhone, target],
    ];
    if (user) caps.push([guards.sendAccount, `id:${user.id}`]);
    for (const [counter, key] of caps) {
      const taken = await counter.take(key);
      if (taken.wait !== null)
        throw refusedMinutes(req, 'Too many codes asked for. Try again in {n} minutes', taken.wait);
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    // Synchronous from the check to the insert: two parallel requests cannot both pass the wait.
    db.transaction(() => {
      const now = nowSeconds();
      const wait = resendWait(target);
      if (wait > 0) throw refusedN(req, 'Please wait {n} seconds before asking for another code', wait);
      db.prepare('DELETE FROM verification_codes WHERE expires_at < ?').run(now - 24 * 60 * 60);
      // One live code per phone: the new one replaces every earlier one.
      retireCodes.run(now, RESET_PURPOSE, target);
      // Unknown numbers get a row too (with a code nobody receives), so the limits, like the
      // answer, are the same for every number.
      insertCode.run(RESET_PURPOSE, target, codeHash(target, code), now, now + CODE_TTL_SECONDS);
    })();
    if (user) log(`[send_code] mobile ${target} code ${code}`);
    else log(`[send_code] mobile ${target} has no account; no code sent`);
    ok(req, res, null, 'Verification code sent');
  });

  // ---- resetPassword -------------------------------------------------------------------------
  const checkNewPassword = (password: string) => {
    if (password.length < 6) throw refused('Password must be at least 6 characters');
    if (password.length > 64) throw refused('Password must be at most 64 characters');
  };

  r.post('/resetpwd', async (req, res) => {
    const body = req.body as unknown;
    const newpassword = str(body, 'newpassword');
    const forgot = has(body, 'code') || (has(body, 'mobile') && !has(body, 'oldpassword'));

    if (!forgot) {
      // Change variant: the signed-in user, the old password, a different new one.
      const auth = req.auth;
      if (!auth) throw unauthorized();
      const oldpassword = str(body, 'oldpassword');
      if (!oldpassword) throw refused('Please enter the old password');
      checkNewPassword(newpassword);
      const user = userById.get(auth.userId);
      if (!user) throw unauthorized();
      // Under the same failed-attempt limits as login: a stolen token must not guess the password.
      if (!(await checkPasswordGuarded(guards, req, `id:${user.id}`, oldpassword, user.password_hash)))
        throw refused('The old password is incorrect');
      if (newpassword.normalize('NFKC') === oldpassword.normalize('NFKC'))
        throw refused('New password must be different from the old one');
      const hash = await hashSecret(newpassword);
      db.transaction(() => {
        db.prepare('UPDATE users SET password_hash = ?, updated_at = ? WHERE id = ?').run(
          hash,
          nowSeconds(),
          auth.userId,
        );
        // Every other device signs in again; this one keeps its session.
        db.prepare('DELETE FROM sessions WHERE user_id = ? AND id <> ?').run(auth.userId, auth.sessionId);
      })();
      ok(req, res, null, 'Change Successful');
      return;
    }

    // Forgot variant: the code from send_code proves the phone.
    const code = str(body, 'code').trim();
    if (!/^\d{6}$/.test(code)) throw refused('Please enter the 6-digit verification code');
    checkNewPassword(newpassword);
    const { target, user } = lookupPhone(db, str(body, 'mobile'), str(body, 'quhao'));
    // Against guessing across codes: checks per client address, per phone and per account, each
    // counted before the comparison (a right code is one check too).
    const caps: [Counter, string][] = [
      [guards.guessAddress, addressOf(req)],
      [guards.guessPhone, `phone:${target}`],
    ];
    if (user) caps.push([guards.guessPhone, `id:${user.id}`]);
    for (const [counter, key] of caps) {
      const taken = await counter.take(key);
      if (taken.wait !== null) throw refusedMinutes(req, 'Too many wrong codes. Try again in {n} minutes', taken.wait);
    }
    const now = nowSeconds();
    const row = newestCode.get(RESET_PURPOSE, target);
    if (!row || row.used_at !== null || row.expires_at <= now)
      throw refused('The verification code has expired. Please ask for a new one');
    if (row.attempts >= CODE_MAX_ATTEMPTS) throw refused('Too many wrong codes. Please ask for a new one');
    // Counted before the comparison, so parallel guesses cannot get past the limit.
    db.prepare('UPDATE verification_codes SET attempts = attempts + 1 WHERE id = ?').run(row.id);
    if (!sameHash(codeHash(target, code), row.code_hash) || !user) {
      throw refused(
        row.attempts + 1 >= CODE_MAX_ATTEMPTS
          ? 'Too many wrong codes. Please ask for a new one'
          : 'Incorrect verification code',
      );
    }
    // The code stays valid when the new password is refused, so the user can pick another.
    if (await verifySecret(newpassword, user.password_hash))
      throw refused('New password must be different from the old one');
    const hash = await hashSecret(newpassword);
    const done = db.transaction(() => {
      const used = db
        .prepare('UPDATE verification_codes SET used_at = ? WHERE id = ? AND used_at IS NULL AND expires_at > ?')
        .run(nowSeconds(), row.id, nowSeconds());
      if (used.changes !== 1) return false;
      db.prepare('UPDATE users SET password_hash = ?, updated_at = ? WHERE id = ?').run(hash, nowSeconds(), user.id);
      // A reset signs the account out everywhere.
      db.prepare('DELETE FROM sessions WHERE user_id = ?').run(user.id);
      return true;
    })();
    if (!done) throw refused('The verification code has expired. Please ask for a new one');
    ok(req, res, null, 'Change Successful');
  });

  // ---- notification preferences --------------------------------------------------------------
  const readSettings = (userId: number): Record<NotificationField, boolean> => {
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
  };

  r.get('/notification', (req, res) => {
    const auth = requireAuth(req);
    ok(req, res, readSettings(auth.userId));
  });

  r.post('/notification', (req, res) => {
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
    ok(req, res, readSettings(auth.userId), 'Save successful');
  });

  return r;
}

/**
 * Passwords under /api/user: sendVerificationCode (send_code) and resetPassword (resetpwd: the
 * forgot variant with a verification code and the change variant with the old password). The demo
 * has no SMS gateway: the code is written to the server log as
 * `[send_code] mobile +<quhao> <mobile> code <123456>` (verification-codes.ts has the rules).
 */
import { randomInt } from 'node:crypto';
import type { Request, Response, RequestHandler } from 'express';
import { addressOf, checkPasswordGuarded, type Counter } from '../../platform/auth/attempt-limits';
import { hashSecret, verifySecret } from '../../platform/auth/secrets';
import { nowSeconds } from '../../platform/db';
import { ok, refused, str, unauthorized } from '../../platform/http';
import { checkNewPassword, has, refusedN } from './account-fields';
import type { AccountDeps } from './account.deps';
import {
  CODE_MAX_ATTEMPTS,
  CODE_TTL_SECONDS,
  codeHash,
  lookupPhone,
  newestCodeOf,
  RESET_PURPOSE,
  resendWait,
  sameHash,
  takeEach,
} from './verification-codes';

export function sendVerificationCode({ db, guards, log }: AccountDeps): RequestHandler {
  const newestCode = newestCodeOf(db);
  const insertCode = db.prepare(
    `INSERT INTO verification_codes (purpose, target, code_hash, attempts, created_at, expires_at)
     VALUES (?, ?, ?, 0, ?, ?)`,
  );
  const retireCodes = db.prepare(
    'UPDATE verification_codes SET used_at = ? WHERE purpose = ? AND target = ? AND used_at IS NULL',
  );
  return async (req, res) => {
    const body = req.body as unknown;
    const { target, user } = lookupPhone(db, str(body, 'mobile'), str(body, 'quhao'));
    const early = resendWait(newestCode, target);
    if (early > 0) throw refusedN(req, 'Please wait {n} seconds before asking for another code', early);
    // Against text-message bombing: sends per client address, per phone and per account.
    const caps: [Counter, string][] = [
      [guards.sendAddress, addressOf(req)],
      [guards.sendPhone, target],
    ];
    if (user) caps.push([guards.sendAccount, `id:${user.id}`]);
    await takeEach(req, caps, 'Too many codes asked for. Try again in {n} minutes');
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    // Synchronous from the check to the insert: two parallel requests cannot both pass the wait.
    db.transaction(() => {
      const now = nowSeconds();
      const wait = resendWait(newestCode, target);
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
  };
}

type PasswordOf = (userId: number) => { id: number; password_hash: string } | undefined;

/** Change variant: the signed-in user, the old password, a different new one. */
async function changePassword({ db, guards }: AccountDeps, passwordOf: PasswordOf, req: Request, res: Response) {
  const body = req.body as unknown;
  const newpassword = str(body, 'newpassword');
  const auth = req.auth;
  if (!auth) throw unauthorized();
  const oldpassword = str(body, 'oldpassword');
  if (!oldpassword) throw refused('Please enter the old password');
  checkNewPassword(newpassword);
  const user = passwordOf(auth.userId);
  if (!user) throw unauthorized();
  // Under the same failed-attempt limits as login: a stolen token must not guess the password.
  if (!(await checkPasswordGuarded(guards, req, `id:${user.id}`, oldpassword, user.password_hash)))
    throw refused('The old password is incorrect');
  if (newpassword.normalize('NFKC') === oldpassword.normalize('NFKC'))
    throw refused('New password must be different from the old one');
  const hash = await hashSecret(newpassword);
  db.transaction(() => {
    db.prepare('UPDATE users SET password_hash = ?, updated_at = ? WHERE id = ?').run(hash, nowSeconds(), auth.userId);
    // Every other device signs in again; this one keeps its session.
    db.prepare('DELETE FROM sessions WHERE user_id = ? AND id <> ?').run(auth.userId, auth.sessionId);
  })();
  ok(req, res, null, 'Change Successful');
}

/** Forgot variant: the code from send_code proves the phone. */
async function forgotPassword(
  { db, guards }: AccountDeps,
  newestCode: ReturnType<typeof newestCodeOf>,
  req: Request,
  res: Response,
) {
  const body = req.body as unknown;
  const newpassword = str(body, 'newpassword');
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
  await takeEach(req, caps, 'Too many wrong codes. Try again in {n} minutes');
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
}

export function resetPassword(deps: AccountDeps): RequestHandler {
  const passwordById = deps.db.prepare<[number], { id: number; password_hash: string }>(
    'SELECT id, nickname, email, quhao, mobile, avatar, password_hash FROM users WHERE id = ?',
  );
  const newestCode = newestCodeOf(deps.db);
  return (req, res) => {
    const body = req.body as unknown;
    const forgot = has(body, 'code') || (has(body, 'mobile') && !has(body, 'oldpassword'));
    return forgot
      ? forgotPassword(deps, newestCode, req, res)
      : changePassword(deps, (id) => passwordById.get(id), req, res);
  };
}

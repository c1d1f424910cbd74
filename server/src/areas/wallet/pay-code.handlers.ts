/** The payment code: verifyPayPassword (verify_pay) and resetPayPassword (resetPay). */
import type { Request, RequestHandler } from 'express';
import { hashSecret } from '../../platform/auth/secrets';
import { requireLoginPassword } from '../../platform/auth/step-up';
import { nowSeconds } from '../../platform/db';
import { ok, refused, requireAuth, str } from '../../platform/http';
import { t } from '../../platform/i18n';
import { findReplay, idempotencyKey, runIdempotent, sendResult } from '../../platform/idempotency';
import { checkPaymentCode, grantPayAuthorization, revokePayAuthorizations } from '../../shared/paycode';
import { codeRefusal, PAY_CODE } from './wallet-refusals';
import type { WalletDeps } from './wallet.deps';

export function verifyPayPassword({ db }: WalletDeps): RequestHandler {
  return async (req, res) => {
    const auth = requireAuth(req);
    const code = str(req.body, 'password_pay');
    if (!PAY_CODE.test(code)) throw refused('Payment code must be exactly 6 digits');
    const check = await checkPaymentCode(db, auth.userId, code);
    if (check.result !== 'ok') throw codeRefusal(req, check, 'Pay Fail');
    grantPayAuthorization(db, auth.userId, auth.sessionId);
    ok(req, res, null);
  };
}

/**
 * Changing a code needs the current one (is_verify 1), counted towards the same lockout as
 * verify_pay; the first code opens withdrawals, so a token alone must not set it: the login password
 * too.
 */
async function checkCodeChange(
  { db, guards }: WalletDeps,
  req: Request,
  userId: number,
  changing: boolean,
  newCode: string,
): Promise<void> {
  const oldCode = str(req.body, 'oldpassword');
  if (changing) {
    if (!oldCode) throw refused('Please enter the current payment code');
    if (!PAY_CODE.test(oldCode)) throw refused('Incorrect payment code');
    if (newCode === oldCode) throw refused('New password must be different from the old one');
    const check = await checkPaymentCode(db, userId, oldCode);
    if (check.result !== 'ok') throw codeRefusal(req, check, 'Incorrect payment code');
  } else {
    await requireLoginPassword(db, guards, req, userId, req.body);
  }
}

/**
 * With an Idempotency-Key a retry whose first request set the code gets that first answer (a retry
 * would otherwise check the old code, which is no longer the current one: 'Incorrect payment code',
 * counted towards the lockout). The remembered fingerprint leaves the codes and the login password
 * out: a 6-digit code's plain hash beside the key would be guessed in a second from a stolen
 * database. So the same key with other codes is answered with the first answer and changes nothing.
 */
export function resetPayPassword(deps: WalletDeps): RequestHandler {
  const { db } = deps;
  return async (req, res) => {
    const auth = requireAuth(req);
    const run = {
      userId: auth.userId,
      operation: 'resetPayPassword',
      key: idempotencyKey(req),
      body: { is_verify: str(req.body, 'is_verify') },
      keyless: 'act' as const,
    };
    const replay = findReplay(db, run);
    if (replay) return sendResult(res, replay);
    const newCode = str(req.body, 'newpassword');
    if (!PAY_CODE.test(newCode)) throw refused('Payment code must be exactly 6 digits');
    const user = db
      .prepare<[number], { pay_password_hash: string | null }>('SELECT pay_password_hash FROM users WHERE id = ?')
      .get(auth.userId);
    const changing = Boolean(user?.pay_password_hash);
    await checkCodeChange(deps, req, auth.userId, changing, newCode);
    const hash = await hashSecret(newCode);
    // Conditional on the code we checked: a concurrent change in between makes this one fail (or, with
    // the same key, answers with that change's answer).
    const result = runIdempotent(db, run, () => {
      const changes = db
        .prepare('UPDATE users SET pay_password_hash = ?, updated_at = ? WHERE id = ? AND pay_password_hash IS ?')
        .run(hash, nowSeconds(), auth.userId, user?.pay_password_hash ?? null).changes;
      if (changes !== 1) throw refused('Incorrect payment code');
      revokePayAuthorizations(db, auth.userId);
      const msg = t(req.locale, changing ? 'Change Successful' : 'Setting Success');
      return { status: 200, body: { code: 1, msg, data: null } };
    });
    sendResult(res, result);
  };
}

/** Sign-up and sessions: login, register, logout. */
import { randomBytes } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { checkPasswordGuarded } from '../../platform/auth/attempt-limits';
import { hashSecret } from '../../platform/auth/secrets';
import { createSession, deleteSession } from '../../platform/auth/sessions';
import { nowSeconds, type Db } from '../../platform/db';
import { absoluteUrl, ok, refused, requireAuth, str } from '../../platform/http';
import { normalizeMobile } from '../../shared/phone';
import { EMAIL, USERNAME } from './account-fields';
import type { AccountDeps } from './account.deps';

interface LoginRow {
  id: number;
  username: string;
  nickname: string;
  avatar: string;
  password_hash: string;
}

export function login({ db, guards }: AccountDeps): RequestHandler {
  const byAccount = db.prepare<[string, string], LoginRow>(
    'SELECT * FROM users WHERE (username = ? OR email = ?) AND status = 1',
  );
  return async (req, res) => {
    const account = str(req.body, 'account').trim();
    const password = str(req.body, 'password');
    if (!account || !password) throw refused('Please input account and password');
    const user = byAccount.get(account, account);
    // Same work, limits and message for an unknown account and a wrong password. An account is
    // counted by its id, so its username and email share one budget.
    const key = user ? `id:${user.id}` : `name:${account.toLowerCase()}`;
    const valid = await checkPasswordGuarded(guards, req, key, password, user?.password_hash);
    if (!user || !valid) throw refused('Account or password is incorrect');
    signIn(db, req, res, user, { password: true });
  };
}

/**
 * Opens a session for `user` and answers as login does (`data.userinfo.token`), for login and for
 * signing in with a passkey alike. A login with the password also answers `passkey_grant`: the
 * client that typed the password may add a passkey with it, once, within 10 minutes, without typing
 * the password again (the offer after a login). A session a passkey opened gets none, and records
 * the passkey.
 */
export function signIn(
  db: Db,
  req: Request,
  res: Response,
  user: { id: number; username: string; nickname: string; avatar: string },
  how: { password: true } | { passkeyId: number },
): void {
  const grant = 'password' in how ? randomBytes(32).toString('base64url') : undefined;
  const token = createSession(db, user.id, 'password' in how ? { passkeyGrant: grant } : { passkeyId: how.passkeyId });
  ok(
    req,
    res,
    {
      userinfo: {
        token,
        id: user.id,
        username: user.username,
        nickname: user.nickname,
        avatar: absoluteUrl(req, user.avatar),
        ...(grant && { passkey_grant: grant }),
      },
    },
    'Login Success',
  );
}

interface Registration {
  username: string;
  nickname: string;
  password: string;
  email: string;
  quhao: string;
  mobile: string;
}

/**
 * The sign-up form, checked. Limits repeat openapi/openapi.yaml RegisterRequest, so the server is
 * safe without the validator too; each a refusal (HTTP 200, code 0) with the form's own message, in
 * the form's order.
 */
function readRegistration(body: unknown): Registration {
  const fields = ['username', 'nickname', 'password', 'repPwd', 'email', 'mobile', 'quhao'] as const;
  const v = Object.fromEntries(fields.map((f) => [f, str(body, f)])) as Record<(typeof fields)[number], string>;
  const username = v.username.trim();
  const nickname = v.nickname.trim();
  const email = v.email.trim();
  const quhao = v.quhao.trim().replace(/^\+/, '');
  if (!USERNAME.test(username)) throw refused('Username must be 3-20 letters, digits or underscores');
  if (!nickname) throw refused('Please enter a nickname');
  if ([...nickname].length > 30) throw refused('Nickname must be at most 30 characters');
  if (v.password.length < 6) throw refused('Password must be at least 6 characters');
  if (v.password.length > 64) throw refused('Password must be at most 64 characters');
  if (v.repPwd !== v.password) throw refused('Passwords do not match');
  if (!EMAIL.test(email) || email.length > 100) throw refused('Please fill correct email');
  if (!quhao) throw refused('Please enter the calling code');
  const mobile = normalizeMobile(v.mobile, quhao);
  if (!mobile) throw refused('Please enter a correct mobile phone number');
  return { username, nickname, password: v.password, email, quhao, mobile };
}

export function register({ db }: AccountDeps): RequestHandler {
  return async (req, res) => {
    const { username, nickname, password, email, quhao, mobile } = readRegistration(req.body as unknown);
    const exists = db
      .prepare<[string, string], { id: number }>('SELECT id FROM users WHERE username = ? OR email = ?')
      .get(username, email);
    if (exists) throw refused('This account already exists');

    const passwordHash = await hashSecret(password);
    const now = nowSeconds();
    // The language the shopper signed up in (the request's `lang` header), so the first login keeps
    // the interface as it was (SPEC.md section 4: a saved language that differs switches it); else
    // the shop's default.
    const signUpLang =
      db
        .prepare<[string], { id: number }>('SELECT id FROM languages WHERE file_name = ? COLLATE NOCASE')
        .get(req.locale) ?? db.prepare<[], { id: number }>('SELECT id FROM languages WHERE is_default = 1').get();
    try {
      db.prepare(
        `INSERT INTO users (username, nickname, email, quhao, mobile, password_hash, lang_id, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(username, nickname, email, quhao, mobile, passwordHash, signUpLang?.id ?? null, now, now);
    } catch (e) {
      // Two registrations racing past the check above meet the UNIQUE constraints here.
      if (e instanceof Error && /UNIQUE/.test(e.message)) throw refused('This account already exists');
      throw e;
    }
    ok(req, res, null, 'Register Success');
  };
}

export function logout({ db }: AccountDeps): RequestHandler {
  return (req, res) => {
    const auth = requireAuth(req);
    deleteSession(db, auth.sessionId);
    ok(req, res, null, 'Logout Success');
  };
}

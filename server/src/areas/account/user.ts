import { Router } from 'express';
import { createSession, deleteSession } from '../../platform/auth/sessions';
import { nowSeconds, type Db } from '../../platform/db';
import { formatCents } from '../../shared/money';
import { ApiError, absoluteUrl, ok, paging, refused, requireAuth, str } from '../../platform/http';
import { checkPasswordGuarded, type AttemptGuards } from '../../platform/auth/attempt-limits';
import { hashSecret } from '../../platform/auth/secrets';
import { normalizeMobile } from '../../shared/phone';

const USERNAME = /^[A-Za-z0-9_]{3,20}$/;
// Deliberately simple: one @, no spaces, a dot in the domain. The mailbox is the proof.
export const EMAIL = /^[^\s@]{1,64}@[^\s@.]+(\.[^\s@.]+)+$/;

interface UserRow {
  id: number;
  username: string;
  nickname: string;
  email: string;
  quhao: string;
  mobile: string;
  avatar: string;
  password_hash: string;
  pay_password_hash: string | null;
  balance_cents: number;
  lang_id: number | null;
}

/** getUserInfo's language when the languages table has neither the user's nor English. */
const ENGLISH = { language_name: 'English', chinese_name: '英语', file_name: 'en' };

interface LanguageRow {
  id: number;
  language_name: string;
  chinese_name: string;
  file_name: string;
  is_default: number;
}

export function userRouter(db: Db, guards: AttemptGuards): Router {
  const r = Router();
  const byAccount = db.prepare<[string, string], UserRow>(
    'SELECT * FROM users WHERE (username = ? OR email = ?) AND status = 1',
  );
  const byId = db.prepare<[number], UserRow>('SELECT * FROM users WHERE id = ?');

  r.post('/login', async (req, res) => {
    const account = str(req.body, 'account').trim();
    const password = str(req.body, 'password');
    if (!account || !password) throw refused('Please input account and password');
    const user = byAccount.get(account, account);
    // Same work, limits and message for an unknown account and a wrong password. An account is
    // counted by its id, so its username and email share one budget.
    const key = user ? `id:${user.id}` : `name:${account.toLowerCase()}`;
    const valid = await checkPasswordGuarded(guards, req, key, password, user?.password_hash);
    if (!user || !valid) throw refused('Account or password is incorrect');
    const token = createSession(db, user.id);
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
        },
      },
      'Login Success',
    );
  });

  r.post('/register', async (req, res) => {
    const body = req.body as unknown;
    const fields = ['username', 'nickname', 'password', 'repPwd', 'email', 'mobile', 'quhao'] as const;
    const v = Object.fromEntries(fields.map((f) => [f, str(body, f)])) as Record<(typeof fields)[number], string>;
    const username = v.username.trim();
    const nickname = v.nickname.trim();
    const email = v.email.trim();
    const quhao = v.quhao.trim().replace(/^\+/, '');
    // Limits repeat openapi/openapi.yaml RegisterRequest, so the server is safe without the validator
    // too; each a refusal (HTTP 200, code 0) with the form's own message, in the form's order.
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

    const exists = db
      .prepare<[string, string], { id: number }>('SELECT id FROM users WHERE username = ? OR email = ?')
      .get(username, email);
    if (exists) throw refused('This account already exists');

    const passwordHash = await hashSecret(v.password);
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
  });

  r.post('/logout', (req, res) => {
    const auth = requireAuth(req);
    deleteSession(db, auth.sessionId);
    ok(req, res, null, 'Logout Success');
  });

  type UserLanguage = Omit<LanguageRow, 'id' | 'is_default'>;
  const languageById = db.prepare<[number], UserLanguage>(
    'SELECT language_name, chinese_name, file_name FROM languages WHERE id = ?',
  );
  const languageByFile = db.prepare<[string], UserLanguage>(
    'SELECT language_name, chinese_name, file_name FROM languages WHERE file_name = ? COLLATE NOCASE',
  );

  r.get('/getUserInfo', (req, res) => {
    const auth = requireAuth(req);
    const user = byId.get(auth.userId);
    if (!user) throw new ApiError(401, 'Please login first');
    const counts = db
      .prepare<[number], { unpaid: number; undelivered: number; unreceived: number; after_sale: number }>(
        `SELECT
           COALESCE(SUM(status = 0), 0) AS unpaid,
           COALESCE(SUM(status = 1), 0) AS undelivered,
           COALESCE(SUM(status = 2), 0) AS unreceived,
           COALESCE(SUM(refund_status > 0), 0) AS after_sale
         FROM orders WHERE user_id = ? AND user_deleted = 0`,
      )
      .get(user.id) ?? { unpaid: 0, undelivered: 0, unreceived: 0, after_sale: 0 };
    // Never null: the family's client reads lang.file_name and lang.language_name without a check
    // (BACKEND-FAMILY.md, Wallet and account). The saved language; for a user who never chose one,
    // the language the request is in (a client comparing it with its interface language switches
    // nothing), else English.
    const saved = user.lang_id === null ? undefined : languageById.get(user.lang_id);
    const lang = saved ?? languageByFile.get(req.locale) ?? languageByFile.get('en') ?? ENGLISH;
    ok(req, res, {
      id: user.id,
      username: user.username,
      nickname: user.nickname,
      avatar: absoluteUrl(req, user.avatar),
      email: user.email,
      mobile: user.mobile,
      quhao: user.quhao,
      money: formatCents(user.balance_cents),
      order_unpaid: counts.unpaid,
      order_undelivered: counts.undelivered,
      order_unreceived: counts.unreceived,
      order_after_sale: counts.after_sale,
      have_pay: user.pay_password_hash ? 1 : 0,
      lang,
    });
  });

  r.get('/language_list', (req, res) => {
    const { limit, offset } = paging(req.query);
    const count = db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM languages').get()?.n ?? 0;
    const list = db
      .prepare<[number, number], LanguageRow>(
        'SELECT id, language_name, chinese_name, file_name, is_default FROM languages ORDER BY sort, id LIMIT ? OFFSET ?',
      )
      .all(limit, offset);
    ok(req, res, { count, list });
  });

  r.get('/set_language', (req, res) => {
    const auth = requireAuth(req);
    const langId = Number(str(req.query, 'lang_id'));
    const fileName = str(req.query, 'lang');
    // lang_id names the language; lang (its file_name) must agree with it when both are sent.
    const lang =
      Number.isInteger(langId) && langId > 0
        ? db
            .prepare<[number], { id: number; file_name: string }>('SELECT id, file_name FROM languages WHERE id = ?')
            .get(langId)
        : fileName
          ? db
              .prepare<[string], { id: number; file_name: string }>(
                'SELECT id, file_name FROM languages WHERE file_name = ? COLLATE NOCASE',
              )
              .get(fileName)
          : undefined;
    if (lang && fileName && lang.file_name.toLowerCase() !== fileName.toLowerCase())
      throw refused('Language not found');
    if (!lang) throw refused('Language not found');
    db.prepare('UPDATE users SET lang_id = ?, updated_at = ? WHERE id = ?').run(lang.id, nowSeconds(), auth.userId);
    ok(req, res, null, 'Setting Success');
  });

  r.get('/help_support', (req, res) => {
    const list = db
      .prepare<[], { title: string; content: string }>(
        'SELECT title, content_html AS content FROM help_topics ORDER BY sort, id',
      )
      .all();
    ok(req, res, list);
  });

  r.get('/law', (req, res) => {
    const page = db
      .prepare<[], { content: string }>("SELECT content_html AS content FROM pages WHERE slug = 'law'")
      .get();
    ok(req, res, { content: page?.content ?? '' });
  });

  return r;
}

/** The signed-in user and the interface languages: getUserInfo, listLanguages, setLanguage. */
import type { RequestHandler } from 'express';
import { nowSeconds } from '../../platform/db';
import { ApiError, absoluteUrl, ok, paging, refused, requireAuth, str } from '../../platform/http';
import { formatCents } from '../../shared/money';
import type { AccountDeps } from './account.deps';

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

interface LanguageRow {
  id: number;
  language_name: string;
  chinese_name: string;
  file_name: string;
  is_default: number;
}

type UserLanguage = Omit<LanguageRow, 'id' | 'is_default'>;

/** getUserInfo's language when the languages table has neither the user's nor English. */
const ENGLISH = { language_name: 'English', chinese_name: '英语', file_name: 'en' };

interface OrderCounts {
  unpaid: number;
  undelivered: number;
  unreceived: number;
  after_sale: number;
}

export function getUserInfo({ db }: AccountDeps): RequestHandler {
  const byId = db.prepare<[number], UserRow>('SELECT * FROM users WHERE id = ?');
  const passkeyCount = db.prepare<[number], { n: number }>('SELECT COUNT(*) AS n FROM passkeys WHERE user_id = ?');
  const languageById = db.prepare<[number], UserLanguage>(
    'SELECT language_name, chinese_name, file_name FROM languages WHERE id = ?',
  );
  const languageByFile = db.prepare<[string], UserLanguage>(
    'SELECT language_name, chinese_name, file_name FROM languages WHERE file_name = ? COLLATE NOCASE',
  );
  return (req, res) => {
    const auth = requireAuth(req);
    const user = byId.get(auth.userId);
    if (!user) throw new ApiError(401, 'Please login first');
    const counts = db
      .prepare<[number], OrderCounts>(
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
      passkeys: passkeyCount.get(user.id)?.n ?? 0,
      lang,
    });
  };
}

export function listLanguages({ db }: AccountDeps): RequestHandler {
  return (req, res) => {
    const { limit, offset } = paging(req.query);
    const count = db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM languages').get()?.n ?? 0;
    const list = db
      .prepare<[number, number], LanguageRow>(
        'SELECT id, language_name, chinese_name, file_name, is_default FROM languages ORDER BY sort, id LIMIT ? OFFSET ?',
      )
      .all(limit, offset);
    ok(req, res, { count, list });
  };
}

export function setLanguage({ db }: AccountDeps): RequestHandler {
  return (req, res) => {
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
  };
}

/** updateProfile (/api/user/profile): avatar, nickname, email and phone, each only when sent. */
import type { RequestHandler } from 'express';
import { requireLoginPassword } from '../../platform/auth/step-up';
import { nowSeconds, type Db } from '../../platform/db';
import { namesStoredPath, ok, refused, requireAuth, str, unauthorized } from '../../platform/http';
import { normalizeMobile } from '../../shared/phone';
import { uploadedFileOf } from '../../shared/uploads';
import { EMAIL, has } from './account-fields';
import type { AccountDeps } from './account.deps';

interface ProfileRow {
  id: number;
  nickname: string;
  email: string;
  quhao: string;
  mobile: string;
  avatar: string;
  password_hash: string;
}

type ProfileChanges = Partial<Record<'avatar' | 'nickname' | 'email' | 'quhao' | 'mobile', string>>;

/** The changes a profile request asks for, each checked, and how many fields it sent. */
function profileChanges(db: Db, user: ProfileRow, body: unknown): { changes: ProfileChanges; sent: number } {
  const changes: ProfileChanges = {};
  let sent = 0;
  if (has(body, 'avatar')) {
    sent += 1;
    const avatar = str(body, 'avatar').trim();
    // The current avatar as getUserInfo wrote it, on whichever allowed host the client used then.
    const unchanged = avatar === user.avatar || (user.avatar !== '' && namesStoredPath(avatar, user.avatar));
    if (!unchanged) {
      const stored = avatar ? uploadedFileOf(db, user.id, avatar) : null;
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
        .get(email, user.id);
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
  return { changes, sent };
}

function saveProfile(db: Db, userId: number, changes: ProfileChanges): void {
  const columns = Object.keys(changes) as (keyof typeof changes)[];
  if (columns.length === 0) return;
  try {
    db.prepare(`UPDATE users SET ${columns.map((c) => `${c} = ?`).join(', ')}, updated_at = ? WHERE id = ?`).run(
      ...columns.map((c) => changes[c]),
      nowSeconds(),
      userId,
    );
  } catch (e) {
    // Two accounts racing for one email meet the UNIQUE constraint here.
    if (e instanceof Error && /UNIQUE/.test(e.message)) throw refused('This email is already used by another account');
    throw e;
  }
}

export function updateProfile({ db, guards }: AccountDeps): RequestHandler {
  const userById = db.prepare<[number], ProfileRow>(
    'SELECT id, nickname, email, quhao, mobile, avatar, password_hash FROM users WHERE id = ?',
  );
  return async (req, res) => {
    const auth = requireAuth(req);
    const body = req.body as unknown;
    const user = userById.get(auth.userId);
    if (!user) throw unauthorized();
    const { changes, sent } = profileChanges(db, user, body);
    if (sent === 0) throw refused('Please change at least one field');
    // The phone and email recover the account (forgot password): a token alone must not move them.
    const recoveryChanges =
      (changes.email !== undefined && changes.email !== user.email) ||
      (changes.mobile !== undefined && (changes.mobile !== user.mobile || changes.quhao !== user.quhao));
    if (recoveryChanges) await requireLoginPassword(db, guards, req, auth.userId, body);
    saveProfile(db, auth.userId, changes);
    ok(req, res, null, 'Save successful');
  };
}

/**
 * The account under /api/user: sign-up, login and logout, the user's info and language, the
 * profile, passwords (change, and forgot with a code sent to the phone), notification preferences,
 * and passkeys (adding, listing and removing them, and signing in with one).
 */
import { Router } from 'express';
import type { AccountDeps } from './account.deps';
import { getNotificationSettings, updateNotificationSettings } from './notification.handlers';
import {
  beginPasskeyLogin,
  beginPasskeyRegistration,
  deletePasskey,
  finishPasskeyLogin,
  finishPasskeyRegistration,
  listPasskeys,
} from './passkey.handlers';
import { resetPassword, sendVerificationCode } from './password.handlers';
import { updateProfile } from './profile.handlers';
import { login, logout, register } from './session.handlers';
import { getUserInfo, listLanguages, setLanguage } from './user-info.handlers';

export function accountRouter(deps: AccountDeps): Router {
  const r = Router();
  r.post('/api/user/login', login(deps));
  r.post('/api/user/register', register(deps));
  r.post('/api/user/logout', logout(deps));
  r.get('/api/user/getUserInfo', getUserInfo(deps));
  r.get('/api/user/language_list', listLanguages(deps));
  r.get('/api/user/set_language', setLanguage(deps));
  r.post('/api/user/profile', updateProfile(deps));
  r.post('/api/user/send_code', sendVerificationCode(deps));
  r.post('/api/user/resetpwd', resetPassword(deps));
  r.get('/api/user/notification', getNotificationSettings(deps));
  r.post('/api/user/notification', updateNotificationSettings(deps));
  r.get('/api/user/passkey/list', listPasskeys(deps));
  r.post('/api/user/passkey/register_options', beginPasskeyRegistration(deps));
  r.post('/api/user/passkey/register', finishPasskeyRegistration(deps));
  r.post('/api/user/passkey/delete', deletePasskey(deps));
  r.post('/api/user/passkey/login_options', beginPasskeyLogin(deps));
  r.post('/api/user/passkey/login', finishPasskeyLogin(deps));
  return r;
}

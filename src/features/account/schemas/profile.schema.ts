import { getCountries, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { object, string } from 'yup';
import type { UpdateProfileRequest, UserInfo } from '../../../api';
import { emailField } from './email.schema';
import { mobileFields } from './mobile.schema';
import { callingCodeOf, type CountryCode } from '../../../shared/lib/phone';

export const MAX_NICKNAME_LENGTH = 30;

export interface ProfileValues {
  avatar: string;
  nickname: string;
  email: string;
  country: CountryCode;
  mobile: string;
  /** The login password: asked only when the mobile or email changes (they recover the account). */
  password: string;
}

/** Messages are translation ids (SPEC.md section 5: 'Please fill correct email', the mobile message). */
export const profileSchema = object({
  nickname: string()
    .trim()
    .required('validation.nicknameRequired')
    .max(MAX_NICKNAME_LENGTH, 'validation.nicknameLength'),
  email: emailField(),
  ...mobileFields(),
});

/**
 * The country of a saved number. A calling code alone is ambiguous (+1 is the US, Canada and more),
 * so the number decides.
 */
export function countryOfNumber(quhao: string, mobile: string, fallback: CountryCode): CountryCode {
  if (!/^\d{1,4}$/.test(quhao)) return fallback;
  const parsed = parsePhoneNumberFromString(`+${quhao}${mobile.replace(/[\s-]/g, '')}`);
  if (parsed?.country) return parsed.country;
  // An unknown or invalid number: the shopper's own country if it has that code, else the first that has.
  if (callingCodeOf(fallback) === quhao) return fallback;
  return getCountries().find((country) => callingCodeOf(country) === quhao) ?? fallback;
}

/** The form as the saved profile fills it. */
export function profileValuesOf(
  user: Pick<UserInfo, 'avatar' | 'nickname' | 'email' | 'quhao' | 'mobile'> & { username?: string },
  fallbackCountry: CountryCode,
): ProfileValues {
  return {
    avatar: user.avatar ?? '',
    // A backend without display names (nickname is an extension): the account name stands in.
    nickname: user.nickname ?? user.username ?? '',
    email: user.email ?? '',
    country: countryOfNumber(user.quhao ?? '', user.mobile ?? '', fallbackCountry),
    mobile: user.mobile ?? '',
    password: '',
  };
}

const nationalDigits = (mobile: string) => mobile.replace(/[\s-]/g, '');

/**
 * DESIGN.md section 3.1: updateProfile takes only what changed. A mobile number only means something
 * with its calling code, so a new number or a new country sends both. An avatar removed without a new
 * one is no change (the contract has no way to clear it). A new mobile or email goes with the login
 * password (the contract's `password`: a stolen session token alone must not move what recovers the
 * account; a server that does not ask for it ignores it).
 */
export function profileChanges(saved: ProfileValues, values: ProfileValues): UpdateProfileRequest {
  const changes = fieldChanges(saved, values);
  if (values.password && (changes.email !== undefined || changes.mobile !== undefined))
    changes.password = values.password;
  return changes;
}

/** Whether the form changes the mobile or the email, so that the login password is asked for. */
export function changesRecovery(saved: ProfileValues, values: ProfileValues): boolean {
  const changes = fieldChanges(saved, values);
  return changes.email !== undefined || changes.mobile !== undefined;
}

/**
 * The profile form's schema for this saved profile: profileSchema, plus the login password when the
 * mobile or email changes (only then; a nickname or photo alone never asks for it).
 */
export const profileSchemaFor = (saved: ProfileValues) =>
  profileSchema.shape({
    password: string().test('login-password-for-recovery', 'validation.loginPasswordRequired', (value, context) => {
      // Formik validates '' as undefined.
      const typed = context.parent as Partial<ProfileValues>;
      const contact = { email: typed.email ?? '', mobile: typed.mobile ?? '', country: typed.country ?? saved.country };
      return Boolean(value) || !changesRecovery(saved, { ...saved, ...contact });
    }),
  });

function fieldChanges(saved: ProfileValues, values: ProfileValues): UpdateProfileRequest {
  const changes: UpdateProfileRequest = {};
  if (values.avatar && values.avatar !== saved.avatar) changes.avatar = values.avatar;
  const nickname = values.nickname.trim();
  if (nickname !== saved.nickname) changes.nickname = nickname;
  const email = values.email.trim();
  if (email !== saved.email) changes.email = email;
  const mobile = nationalDigits(values.mobile);
  if (mobile !== nationalDigits(saved.mobile) || callingCodeOf(values.country) !== callingCodeOf(saved.country)) {
    changes.mobile = mobile;
    changes.quhao = callingCodeOf(values.country);
  }
  return changes;
}

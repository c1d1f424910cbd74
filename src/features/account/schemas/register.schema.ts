import { object, string } from 'yup';
import { emailField } from './email.schema';
import { isValidMobile, type CountryCode } from '../../../shared/lib/phone';

export const MIN_PASSWORD_LENGTH = 6;

export interface RegisterValues {
  username: string;
  nickname: string;
  email: string;
  country: CountryCode;
  mobile: string;
  password: string;
  repPwd: string;
}

/** Messages are translation ids (SPEC.md section 5 wording where it has one). */
export const registerSchema = object({
  username: string()
    .trim()
    .required('validation.accountRequired')
    .matches(/^[A-Za-z0-9_]{3,20}$/, 'validation.accountFormat'),
  nickname: string().trim().required('validation.nicknameRequired').max(30, 'validation.nicknameLength'),
  email: emailField(),
  country: string().required('validation.mobile'),
  mobile: string()
    .trim()
    .required('validation.mobileRequired')
    .test('mobile-for-country', 'validation.mobile', (value, context) =>
      Boolean(value && isValidMobile(value, (context.parent as RegisterValues).country)),
    ),
  password: string().required('validation.passwordRequired').min(MIN_PASSWORD_LENGTH, 'validation.passwordMin'),
  repPwd: string()
    .required('validation.confirmRequired')
    // A test, not oneOf: yup runs oneOf before required, which would hide 'enter it again'.
    .test(
      'same-as-password',
      'validation.passwordMismatch',
      (value, context) => !value || value === (context.parent as RegisterValues).password,
    ),
});

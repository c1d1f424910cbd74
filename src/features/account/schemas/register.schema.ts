import { object, string } from 'yup';
import { emailField } from './email.schema';
import type { CountryCode } from '../../../shared/lib/phone';
import { mobileFields } from './mobile.schema';
import { newPasswordField, sameAs } from './password.schema';

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
  ...mobileFields(),
  password: newPasswordField(),
  repPwd: sameAs('password'),
});

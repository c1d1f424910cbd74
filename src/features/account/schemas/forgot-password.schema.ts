import { object, string } from 'yup';
import type { CountryCode } from '../../../shared/lib/phone';
import { mobileFields } from './mobile.schema';
import { newPasswordField, sameAs } from './password.schema';

/** The verification code sendVerificationCode sends: 6 digits (DESIGN.md section 3.2). */
export const VERIFICATION_CODE_LENGTH = 6;

export interface ForgotPasswordValues {
  country: CountryCode;
  mobile: string;
  code: string;
  newpassword: string;
  confirm: string;
}

const mobileRules = mobileFields();

/** Step 1: the account's mobile number, checked for its country before a code is sent. */
export const forgotMobileSchema = object(mobileRules);

/** Step 2: the code, and the new password twice (SPEC.md section 5). */
export const forgotResetSchema = object({
  ...mobileRules,
  code: string()
    .trim()
    .required('validation.codeRequired')
    .matches(/^\d{6}$/, 'validation.codeFormat'),
  newpassword: newPasswordField(),
  confirm: sameAs('newpassword'),
});

import { object, string } from 'yup';
import { MIN_PASSWORD_LENGTH } from './register.schema';

export interface ChangePasswordValues {
  oldpassword: string;
  newpassword: string;
  confirm: string;
}

/** SPEC.md section 5 and DESIGN.md section 4: at least 6, new differs from old, confirmation matches. */
export const changePasswordSchema = object({
  oldpassword: string().required('validation.oldPasswordRequired'),
  newpassword: string()
    .required('validation.passwordRequired')
    .min(MIN_PASSWORD_LENGTH, 'validation.passwordMin')
    .test(
      'differs-from-old',
      'validation.passwordSameAsOld',
      (value, context) => !value || value !== (context.parent as ChangePasswordValues).oldpassword,
    ),
  confirm: string()
    .required('validation.confirmRequired')
    // A test, not oneOf: yup runs oneOf before required, which would hide 'enter it again'.
    .test(
      'same-as-new',
      'validation.passwordMismatch',
      (value, context) => !value || value === (context.parent as ChangePasswordValues).newpassword,
    ),
});

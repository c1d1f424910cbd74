import { object, string } from 'yup';
import { newPasswordField, sameAs } from './password.schema';

export interface ChangePasswordValues {
  oldpassword: string;
  newpassword: string;
  confirm: string;
}

/** SPEC.md section 5 and DESIGN.md section 4: at least 6, new differs from old, confirmation matches. */
export const changePasswordSchema = object({
  oldpassword: string().required('validation.oldPasswordRequired'),
  newpassword: newPasswordField().test(
    'differs-from-old',
    'validation.passwordSameAsOld',
    (value, context) => !value || value !== (context.parent as ChangePasswordValues).oldpassword,
  ),
  confirm: sameAs('newpassword'),
});

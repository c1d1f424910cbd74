import { string } from 'yup';
import { isValidMobile, type CountryCode } from '../../../shared/lib/phone';

/**
 * The `country` and `mobile` fields of a form: the number is required and must be valid for the
 * chosen country (libphonenumber-js). Messages are translation ids (SPEC.md section 5).
 */
export const mobileFields = () => ({
  country: string().required('validation.mobile'),
  mobile: string()
    .trim()
    .required('validation.mobileRequired')
    .test('mobile-for-country', 'validation.mobile', (value, context) =>
      Boolean(value && isValidMobile(value, (context.parent as { country: CountryCode }).country)),
    ),
});

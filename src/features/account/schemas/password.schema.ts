import { string } from 'yup';

/** SPEC.md section 5: a login password has at least 6 characters. */
export const MIN_PASSWORD_LENGTH = 6;

/** A new login password: required, at least MIN_PASSWORD_LENGTH characters. */
export const newPasswordField = () =>
  string().required('validation.passwordRequired').min(MIN_PASSWORD_LENGTH, 'validation.passwordMin');

/**
 * A password (or payment code) typed again: required, then equal to the form's `field`. Messages are
 * translation ids.
 */
export const sameAs = (field: string, requiredMessage = 'validation.confirmRequired') =>
  string()
    .required(requiredMessage)
    // A test, not oneOf: yup runs oneOf before required, which would hide 'enter it again'.
    .test(
      `same-as-${field}`,
      'validation.passwordMismatch',
      (value, context) => !value || value === (context.parent as Record<string, unknown>)[field],
    );

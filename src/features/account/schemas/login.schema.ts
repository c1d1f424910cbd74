import { object, string } from 'yup';

/** SPEC.md section 5: 'Please input account and password'. */
export const loginSchema = object({
  account: string().trim().required('validation.loginRequired'),
  password: string().required('validation.loginRequired'),
});

export type LoginValues = { account: string; password: string };

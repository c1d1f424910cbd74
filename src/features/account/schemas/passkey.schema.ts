import { object, string, type InferType } from 'yup';

/** The longest passkey name the server keeps (openapi.yaml finishPasskeyRegistration). */
export const PASSKEY_NAME_MAX = 40;

/** A passkey's name (what the shopper calls the device) and, when asked, the login password. */
export const passkeyNameField = () =>
  string()
    .trim()
    .required('validation.passkeyName')
    .test('length', 'validation.passkeyNameLong', (value) => [...(value ?? '')].length <= PASSKEY_NAME_MAX);

export const addPasskeySchema = object({
  name: passkeyNameField(),
  password: string().required('validation.passwordRequired'),
});
export type AddPasskeyValues = InferType<typeof addPasskeySchema>;

export const namePasskeySchema = object({ name: passkeyNameField() });
export type NamePasskeyValues = InferType<typeof namePasskeySchema>;

export const removePasskeySchema = object({ password: string().required('validation.passwordRequired') });
export type RemovePasskeyValues = InferType<typeof removePasskeySchema>;

import { ValidationError, type AnyObjectSchema } from 'yup';

/**
 * The translation id of each refused field, as Formik shows them: the first message per field, an
 * array item's message under the array's name ('images[2]' -> 'images'). `context` is passed to the
 * schema's tests (e.g. the refund's ceiling, the wallet's balance).
 */
export async function errorsOf(
  schema: AnyObjectSchema,
  values: object,
  context?: object,
): Promise<Record<string, string>> {
  try {
    await schema.validate(values, { abortEarly: false, context });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const found: Record<string, string> = {};
    for (const inner of error.inner) found[(inner.path ?? '').replace(/\[\d+\]$/, '')] ??= inner.message;
    return found;
  }
}

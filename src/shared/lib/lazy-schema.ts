import { validateYupSchema, yupToFormErrors, type FormikErrors, type FormikValues } from 'formik';
import type { Schema } from 'yup';

/**
 * A Formik `validate` for a Yup schema whose code loads on demand: Yup is 11 KiB of Brotli that a
 * first visit of /login does not need before the shopper touches the form (the first-visit budget,
 * DESIGN.md 'Performance'). `preload()` starts the download (call it on the form's first focus);
 * `validate` waits for it, then validates exactly as Formik's `validationSchema` does (same error
 * shape). If the code cannot be loaded (offline before the service worker cached it), the form is
 * not blocked: the values go to the server, which checks them too and answers in the shopper's
 * language, and the next validation tries the download again.
 */
export function lazySchema<Values extends FormikValues>(load: () => Promise<Schema>) {
  let loading: Promise<Schema> | null = null;
  const schema = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    }));

  return {
    preload(): void {
      schema().catch(() => undefined);
    },
    async validate(values: Values): Promise<FormikErrors<Values>> {
      let loaded: Schema;
      try {
        loaded = await schema();
      } catch {
        return {};
      }
      try {
        await validateYupSchema(values, loaded);
        return {};
      } catch (error) {
        if ((error as { name?: string } | null)?.name === 'ValidationError') {
          return yupToFormErrors<Values>(error);
        }
        throw error;
      }
    },
  };
}

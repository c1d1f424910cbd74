import { useEffect, type RefObject } from 'react';
import { useFormikContext } from 'formik';

/**
 * After a submit that validation refused, moves focus to the first refused field of `form` (which
 * scrolls it into view): on a phone the messages are often above the submit button, out of sight.
 */
export function FocusFirstError({ form }: { form: RefObject<HTMLFormElement | null> }) {
  const { submitCount, isSubmitting, isValid } = useFormikContext();
  useEffect(() => {
    if (submitCount === 0 || isSubmitting || isValid) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"], .radio-chips--invalid input')?.focus();
  }, [submitCount, isSubmitting, isValid, form]);
  return null;
}

import { useEffect, type RefObject } from 'react';
import { useFormikContext } from 'formik';

/** What a refused field carries: form-field, text-area-field and most inputs set aria-invalid. */
export const REFUSED_FIELD = '[aria-invalid="true"]';

export interface FocusFirstErrorProps {
  form: RefObject<HTMLFormElement | null>;
  /** CSS selector of a refused field; widen it for controls that mark an error otherwise. */
  selector?: string;
}

/**
 * After a submit that validation refused, moves focus to the first refused field of `form` (which
 * scrolls it into view): on a phone the messages are often above the submit button, out of sight.
 * Render it inside the Formik form.
 */
export function FocusFirstError({ form, selector = REFUSED_FIELD }: FocusFirstErrorProps) {
  const { submitCount, isSubmitting, isValid } = useFormikContext();
  useEffect(() => {
    if (submitCount === 0 || isSubmitting || isValid) return;
    form.current?.querySelector<HTMLElement>(selector)?.focus();
  }, [submitCount, isSubmitting, isValid, form, selector]);
  return null;
}

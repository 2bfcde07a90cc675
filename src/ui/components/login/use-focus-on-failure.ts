import { useEffect, useRef } from 'react';
import type { ErrorInfo, FieldError } from '../../../machines/errors.ts';

/**
 * After a refused login the busy submit button is disabled, which drops the focus to the page
 * body: the dialog then no longer hears Esc and a keyboard user is lost. This puts the focus
 * back in the form, on the first field the failure names, else on `fallbackField` (the
 * password, which is what is usually wrong), else the first input.
 */
export function useFocusOnFailure(
  error: ErrorInfo | null,
  fieldErrors: readonly FieldError[],
  fallbackField: string,
) {
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const form = formRef.current;
    if (!form || (error === null && fieldErrors.length === 0)) return;
    const byName = (name: string | undefined) =>
      // Field names are plain identifiers (username, captchaCode); anything else is no input.
      name && /^[A-Za-z]\w*$/.test(name)
        ? form.querySelector<HTMLInputElement>(`input[name="${name}"]`)
        : null;
    const target =
      byName(fieldErrors[0]?.field) ??
      byName(fallbackField) ??
      form.querySelector<HTMLInputElement>('input');
    target?.focus();
    target?.select();
  }, [error, fieldErrors, fallbackField]);
  return formRef;
}

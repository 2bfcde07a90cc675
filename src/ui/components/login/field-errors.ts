import type { FieldError } from '../../../machines/errors.ts';

/** The message for one field, from the contract rules or the server's `data.fields`. */
export function fieldMessage(errors: readonly FieldError[], field: string): string | undefined {
  return errors.find((error) => error.field === field || error.field === `body.${field}`)?.message;
}

/** The captcha field's message: its code, or the captcha itself (expired, unknown). */
export const captchaMessage = (errors: readonly FieldError[]): string | undefined =>
  fieldMessage(errors, 'captchaCode') ?? fieldMessage(errors, 'captchaId');

/**
 * Binds a form's text fields to its values: `field('username')` gives the name, the value, a
 * change handler that keeps the other values, and the field's message.
 */
export function bindFields<V extends { [K in keyof V]: string }>(
  values: V,
  onChange: (values: V) => void,
  errors: readonly FieldError[],
) {
  return <K extends keyof V & string>(name: K) => ({
    name,
    value: values[name],
    onChange: (value: string) => onChange({ ...values, [name]: value }),
    error: fieldMessage(errors, name),
  });
}

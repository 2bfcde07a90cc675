import type { FieldError } from '../../../machines/errors.ts';

/** The message for one field, from the contract rules or the server's `data.fields`. */
export function fieldMessage(errors: readonly FieldError[], field: string): string | undefined {
  return errors.find((error) => error.field === field || error.field === `body.${field}`)?.message;
}

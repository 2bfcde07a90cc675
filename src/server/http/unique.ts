import pg from 'pg';
import { validationError } from './validation-error.ts';

/**
 * Runs a write whose unique constraint may refuse it (a taken name or code), answering a
 * VALIDATION error that names the field instead of a 500. With `constraint`, only that one's
 * refusal: a table with several unique fields names the one that was taken.
 */
export async function refuseDuplicate<T>(
  write: () => Promise<T>,
  field: string,
  message: string,
  constraint?: string,
): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (
      err instanceof pg.DatabaseError &&
      err.code === '23505' &&
      (constraint === undefined || err.constraint === constraint)
    ) {
      throw validationError([{ field, message }]);
    }
    throw err;
  }
}

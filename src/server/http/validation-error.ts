import type { z } from 'zod';
import {
  fieldErrorsOf,
  illFormedTextErrors,
  validationSummary,
  zhIssueMessage,
} from '../../contract/validation.ts';
import type { FieldError } from '../../contract/validation.ts';
import { AppError } from './app-error.ts';

/** A VALIDATION failure naming the fields: `参数校验失败：body.username 用户名至少 3 个字符`. */
export function validationError(fields: FieldError[]): AppError {
  return new AppError('VALIDATION', validationSummary(fields), { fields });
}

/**
 * Parses `input` with `schema`, or throws a VALIDATION error whose fields start with `source`.
 * Text no column can store (NUL, a lone surrogate) is refused first, whatever the schema says.
 */
export function parseOrThrow<S extends z.ZodType>(
  schema: S,
  input: unknown,
  source: 'query' | 'body',
): z.output<S> {
  const illFormed = illFormedTextErrors(input, source);
  if (illFormed.length > 0) throw validationError(illFormed);
  const result = schema.safeParse(input, { error: zhIssueMessage });
  if (result.success) return result.data;
  throw validationError(fieldErrorsOf(result.error.issues, source));
}

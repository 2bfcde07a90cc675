import type { z } from 'zod';
import {
  fieldErrorsOf,
  illFormedTextErrors,
  validationSummary,
  zhIssueMessage,
} from '../../contract/validation.ts';
import { decodeTextFields } from '../../contract/text-input.ts';
import type { FieldError } from '../../contract/validation.ts';
import { AppError } from './app-error.ts';

/** A VALIDATION failure naming the fields: `参数校验失败：body.username 用户名至少 3 个字符`. */
export function validationError(fields: FieldError[]): AppError {
  return new AppError('VALIDATION', validationSummary(fields), { fields });
}

/**
 * What carried the input: `json` (a sealed or plain JSON body, whose integers are JSON numbers)
 * or `text` (a query string, a multipart form, a provider's form post: every value is text, so
 * plain digits are read as an integer where the schema takes one, contract/text-input.ts).
 */
export type Carrier = 'json' | 'text';

/**
 * Parses `input` with `schema`, or throws a VALIDATION error whose fields start with `source`.
 * Text no column can store (NUL, a lone surrogate) is refused first, whatever the schema says.
 * A query is always text; a body is JSON unless its carrier says otherwise.
 */
export function parseOrThrow<S extends z.ZodType>(
  schema: S,
  input: unknown,
  source: 'query' | 'body',
  carrier: Carrier = source === 'query' ? 'text' : 'json',
): z.output<S> {
  const illFormed = illFormedTextErrors(input, source);
  if (illFormed.length > 0) throw validationError(illFormed);
  const decoded = carrier === 'text' ? decodeTextFields(schema, input) : input;
  const result = schema.safeParse(decoded, { error: zhIssueMessage });
  if (result.success) return result.data;
  throw validationError(fieldErrorsOf(result.error.issues, source));
}

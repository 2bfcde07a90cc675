/**
 * What a machine keeps of a failure. Invoked actors reject with Error objects (ApiError from the
 * transport carries `code`), but a replayed log holds the same error as a plain JSON object
 * (src/streams/event-log.ts serialises errors on capture). Reading errors only through this
 * function keeps live and replayed contexts identical.
 */
export interface ErrorInfo {
  message: string | null;
  code: number | null;
}

export function describeError(error: unknown): ErrorInfo {
  if (typeof error === 'string') return { message: error || null, code: null };
  if (typeof error !== 'object' || error === null) return { message: null, code: null };
  const { message, code } = error as { message?: unknown; code?: unknown };
  // A refusal that names its fields is told in their own words (用户名至少 3 个字符), not in
  // the envelope's summary, which names the field by its wire path (参数校验失败：body.username …).
  const fieldWords = [...new Set(serverFieldErrors(error).map((f) => f.message))];
  return {
    message:
      fieldWords.length > 0
        ? fieldWords.join('；')
        : typeof message === 'string' && message !== ''
          ? message
          : null,
    code: typeof code === 'number' && Number.isFinite(code) ? code : null,
  };
}

/** A message for one form field; a list of these, not a record, survives export (scrub.ts). */
export interface FieldError {
  field: string;
  message: string;
}

/**
 * Field failures the server reported with a VALIDATION error (`data.fields`, named like
 * `body.username`), under the form's field names. Read from the error the same way whether it is
 * a live ApiError or its JSON form in a replayed log, like describeError.
 */
export function serverFieldErrors(error: unknown): FieldError[] {
  const data = (error as { data?: unknown } | null)?.data;
  const fields = (data as { fields?: unknown } | null)?.fields;
  if (!Array.isArray(fields)) return [];
  return fields.flatMap((entry: unknown) => {
    const { field, message } = (entry ?? {}) as { field?: unknown; message?: unknown };
    if (typeof field !== 'string' || typeof message !== 'string') return [];
    return [{ field: field.replace(/^body\./, ''), message }];
  });
}

import { ErrorCode, QUOTA_USED_UP_PHRASE, envelopeMessages } from '../contract/errors.ts';

/** Where a failure came from: the API said no, the envelope failed, or the request never landed. */
export type ApiErrorKind = 'api' | 'envelope' | 'transport';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly kind: ApiErrorKind,
    readonly status: number | undefined,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The field-level failures of a validation error, as `{ 'body.username': '…' }`. */
  get fieldErrors(): Record<string, string> {
    const fields = (this.data as { fields?: { field: string; message: string }[] } | null)?.fields;
    return Object.fromEntries((fields ?? []).map((f) => [f.field, f.message]));
  }
}

/**
 * Fallback when a failure carries no message (docs/product-rules.md#errors: "request exception").
 */
export const FALLBACK_MESSAGE = '请求异常';

/** Transport-level messages, worded as docs/product-rules.md#errors lists them. */
export const transportMessages = {
  aborted: 'Request aborted',
  network: 'Network Error',
  timeout: (ms: number) => `timeout of ${ms}ms exceeded`,
  status: (status: number) => `Request failed with status code ${status}`,
};

export const signatureError = () =>
  new ApiError(envelopeMessages.signature, ErrorCode.ENVELOPE, 'envelope', undefined);
export const decryptionError = () =>
  new ApiError(envelopeMessages.decrypt, ErrorCode.ENVELOPE, 'envelope', undefined);

/**
 * A quota failure gets the persistent "buy a vip card" notification (docs/product-rules.md#errors).
 */
export function isQuotaUsedUp(error: ApiError): boolean {
  return error.code === ErrorCode.QUOTA_USED_UP || error.message.includes(QUOTA_USED_UP_PHRASE);
}

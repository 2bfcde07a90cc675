import { ErrorCode, errorCatalogue } from '../../contract/errors.ts';
import type { ErrorCodeName } from '../../contract/errors.ts';

/**
 * A failure a handler or plugin means to report: it becomes `{success:false, code, message,
 * data}` with the catalogue's HTTP status. Anything else thrown is an internal error.
 */
export class AppError extends Error {
  readonly code: number;
  /** Read by Fastify and @fastify/rate-limit. */
  readonly statusCode: number;

  constructor(
    readonly codeName: ErrorCodeName,
    message: string = errorCatalogue[codeName].message,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'AppError';
    this.code = ErrorCode[codeName];
    this.statusCode = errorCatalogue[codeName].status;
  }
}

export const fail = (codeName: ErrorCodeName, message?: string, data?: unknown): AppError =>
  new AppError(codeName, message, data);

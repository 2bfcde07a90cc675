import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX } from '../../contract/envelope.ts';
import { ErrorCode, errorCatalogue } from '../../contract/errors.ts';
import { AppError } from './app-error.ts';
import { traceOf } from './call-trace.ts';
import { validationError } from './validation-error.ts';
import { UNAVAILABLE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../db/unavailable.ts';

/**
 * Maps what Fastify itself throws (body parsing, size limit) to catalogue errors; everything
 * unknown becomes INTERNAL with a fixed message. Stack traces only go to the log.
 */
export function toAppError(err: unknown): AppError | null {
  if (err instanceof AppError) return err;
  if (isDatabaseUnavailable(err)) return new AppError('SERVICE_UNAVAILABLE');
  const e = err as Partial<FastifyError> & { statusCode?: number };
  switch (e.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('PAYLOAD_TOO_LARGE', '请求内容过大：body 超过大小限制', {
        fields: [{ field: 'body', message: '请求内容过大' }],
      });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return validationError([{ field: 'header.content-type', message: '应为 application/json' }]);
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return validationError([{ field: 'body', message: '请求体不能为空' }]);
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return validationError([{ field: 'body', message: '请求体不是合法的 JSON' }]);
  }
  if (err instanceof SyntaxError && e.statusCode === 400) {
    return validationError([{ field: 'body', message: '请求体不是合法的 JSON' }]);
  }
  if (e.statusCode === 404) return new AppError('NOT_FOUND');
  if (e.statusCode === 413) return new AppError('PAYLOAD_TOO_LARGE');
  if (e.statusCode === 429) return new AppError('RATE_LIMITED');
  if (e.statusCode !== undefined && e.statusCode >= 400 && e.statusCode < 500) {
    return validationError([{ field: 'request', message: '请求格式不正确' }]);
  }
  return null;
}

export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((err: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const known = toAppError(err);
    const trace = traceOf(request);
    if (trace) trace.refusal = known ?? new AppError('INTERNAL');
    if (!known) {
      request.log.error({ err }, 'unhandled error');
      return reply.status(errorCatalogue.INTERNAL.status).send({
        success: false,
        code: ErrorCode.INTERNAL,
        message: errorCatalogue.INTERNAL.message,
        data: null,
      });
    }
    // Envelope failures can be probes or tampering: worth a warning, not just a line.
    const level =
      known.codeName === 'ENVELOPE' || known.codeName === 'SERVICE_UNAVAILABLE' ? 'warn' : 'info';
    // What lay under a refusal (the file store's connection error) is the operator's, not the
    // client's: logged, never sent.
    const under = known.cause as { name?: unknown; code?: unknown; message?: unknown } | undefined;
    const cause = under
      ? { cause: [under.name, under.code, under.message].filter(Boolean).join(' ') }
      : {};
    request.log[level](
      { errorCode: known.code, reason: known.message, ...cause },
      'request refused',
    );
    if (known.codeName === 'SERVICE_UNAVAILABLE') {
      reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
    }
    return reply
      .status(known.statusCode)
      .send({ success: false, code: known.code, message: known.message, data: known.data });
  });
}

/** The answer to an unknown API path: a NOT_FOUND envelope like every other failure. */
export function apiNotFound(reply: FastifyReply): FastifyReply {
  return reply.status(404).send({
    success: false,
    code: ErrorCode.NOT_FOUND,
    message: '接口不存在',
    data: null,
  });
}

export const isApiPath = (url: string) => url === API_PREFIX || url.startsWith(`${API_PREFIX}/`);

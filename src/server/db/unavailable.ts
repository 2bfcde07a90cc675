/**
 * Whether an error means the database cannot be reached right now (down, restarting, shutting
 * down, or the connection was cut), as opposed to a query that is wrong. The answer to such a
 * request is 503 SERVICE_UNAVAILABLE, which clients retry, never a 4xx that blames the input.
 */
const UNREACHABLE_SYSCALL_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
]);

/** SQLSTATE class 08 (connection exception) and 57P01–57P03 (shutdown, crash, starting up). */
const UNAVAILABLE_SQLSTATES = /^(08\d\d\d|57P0[123])$/;

/** node-postgres' own messages for a lost or impossible connection. */
const CONNECTION_MESSAGES = [
  'Connection terminated',
  'connection timeout',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Connection refused',
];

export function isDatabaseUnavailable(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const { code, message } = err as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (UNREACHABLE_SYSCALL_CODES.has(code) || UNAVAILABLE_SQLSTATES.test(code)) return true;
  }
  if (typeof message === 'string' && CONNECTION_MESSAGES.some((m) => message.includes(m))) {
    return true;
  }
  const cause = (err as { cause?: unknown }).cause;
  if (cause !== undefined && cause !== err && isDatabaseUnavailable(cause)) return true;
  // An AggregateError (several addresses refused) carries its reasons in `errors`.
  const errors = (err as { errors?: unknown }).errors;
  return Array.isArray(errors) && errors.some(isDatabaseUnavailable);
}

/** Seconds a client should wait before trying again while the database comes back. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 2;

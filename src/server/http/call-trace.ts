/**
 * What a request did, kept until it has answered: the call, the caller, the input as parsed,
 * the answer or the refusal. Read after the answer by the system log (server/sys-log/), which
 * records it without the handlers saying anything.
 */
import type { FastifyRequest } from 'fastify';
import type { CallDef } from '../../contract/call.ts';
import type { AppError } from './app-error.ts';
import type { Auth } from './sessions.ts';

export interface CallTrace {
  readonly call: CallDef;
  /** The session's caller; after a sign-in, the account that signed in. */
  auth: Auth | null;
  query?: unknown;
  body?: unknown;
  /** What the handler answered (not a file's bytes, never sent twice). */
  answer?: unknown;
  /** The catalogue error the request was refused with. */
  refusal?: AppError;
}

const traces = new WeakMap<FastifyRequest, CallTrace>();

export function startTrace(request: FastifyRequest, call: CallDef): CallTrace {
  const trace: CallTrace = { call, auth: null };
  traces.set(request, trace);
  return trace;
}

export const traceOf = (request: FastifyRequest): CallTrace | undefined => traces.get(request);

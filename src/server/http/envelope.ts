import type { FastifyRequest } from 'fastify';
import type { CallDef } from '../../contract/call.ts';
import { ENVELOPE_KEY_HEADER } from '../../contract/envelope.ts';
import { envelopeMessages } from '../../contract/errors.ts';
import { EnvelopeError, isSealedEnvelope } from '../../transport/envelope-crypto.ts';
import type { EnvelopeKeyring } from '../envelope/keyring.ts';
import { acceptServerSession, openServerRequest } from '../envelope/node-envelope.ts';
import type { ChannelSecrets, ServerEnvelopeSession } from '../envelope/node-envelope.ts';
import pg from 'pg';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { AppError } from './app-error.ts';

/** What the envelope step hands on: the plaintext body and the key to seal the answer with. */
export interface OpenedRequest {
  session: ServerEnvelopeSession | null;
  body: unknown;
}

export interface EnvelopeDeps {
  keyring: EnvelopeKeyring;
  claimNonce: (nonce: string, expiresAt: number) => Promise<boolean>;
  /** Version-2 channels this process has agreed (node-envelope.ts). */
  channels: ChannelSecrets;
  now: () => number;
}

/** Uploads travel as plain multipart (docs/product-rules.md#requests). */
export const isUploadPath = (path: string) => path.endsWith('common/file/upload');

/**
 * An envelope that fails its checks is code -1. Anything else thrown while opening it (the
 * nonce store's database being down) is not the client's fault and goes on as it is.
 */
function envelopeFailure(err: unknown): unknown {
  if (err instanceof EnvelopeError) return new AppError('ENVELOPE', envelopeMessages[err.reason]);
  if (isDatabaseUnavailable(err) || err instanceof pg.DatabaseError) return err;
  return new AppError('ENVELOPE', envelopeMessages.malformed);
}

/**
 * Opens the request envelope before anything else looks at the input (protocol §3): a body
 * must be sealed, verified, decrypted, bound to this method and path, fresh and never seen.
 * Any failure is code -1 and nothing after this step runs.
 */
export async function openRequestEnvelope(
  call: CallDef,
  request: FastifyRequest,
  deps: EnvelopeDeps,
): Promise<OpenedRequest> {
  const raw: unknown = request.body;
  const hasBody = raw !== undefined && raw !== null && request.method !== 'GET';
  // The upload travels unencrypted (docs/product-rules.md#requests); a client that seals its fields anyway is
  // answered like any other call, so its envelope is opened rather than read as the fields.
  if (isUploadPath(call.path) && !isSealedEnvelope(raw)) {
    return { session: null, body: hasBody ? raw : undefined };
  }

  // What the answer is bound to (version 2): this request's method and path.
  const path = request.url.split('?')[0]!;
  const boundTo = { method: request.method, path };
  try {
    if (hasBody) {
      if (!isSealedEnvelope(raw)) throw new EnvelopeError('malformed', 'body is not sealed');
      const session = acceptServerSession(
        raw.key,
        deps.keyring.privateScalar,
        boundTo,
        deps.channels,
      );
      const plain = await openServerRequest(
        session,
        raw,
        { method: request.method, path, now: deps.now() },
        deps.claimNonce,
      );
      return { session, body: plain.body };
    }
    const headerKey = request.headers[ENVELOPE_KEY_HEADER];
    if (typeof headerKey === 'string' && headerKey !== '') {
      return {
        session: acceptServerSession(headerKey, deps.keyring.privateScalar, boundTo, deps.channels),
        body: undefined,
      };
    }
    return { session: null, body: undefined };
  } catch (err) {
    throw envelopeFailure(err);
  }
}

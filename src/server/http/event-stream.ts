/**
 * A server-sent event response (text/event-stream) on a hijacked Fastify reply, for every stream
 * the server sends (an answer's judge status, an AI reply): the headers that keep proxies from
 * buffering it, a comment line now and then so they do not close a quiet one, and one end
 * however it comes — the handler ends it, or the reader goes away.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A comment line now and then keeps proxies from closing a quiet stream. */
const KEEPALIVE_MS = 15_000;

export interface EventStream {
  /** Writes one event (`data` as JSON); nothing once the response has ended. */
  send(event: string, data: unknown, id?: number): void;
  /** Ends the response; safe to call again. */
  end(): void;
  /** Resolves when the response has ended, whoever ended it. */
  closed: Promise<void>;
  isClosed(): boolean;
}

export function openEventStream(request: FastifyRequest, reply: FastifyReply): EventStream {
  reply.hijack();
  const out = reply.raw;
  out.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  out.flushHeaders();
  let ended = false;
  let resolveClosed: () => void = () => undefined;
  const closed = new Promise<void>((resolve) => (resolveClosed = resolve));
  const keepalive = setInterval(() => out.write(': keepalive\n\n'), KEEPALIVE_MS);
  const end = () => {
    if (ended) return;
    ended = true;
    clearInterval(keepalive);
    out.end();
    resolveClosed();
  };
  request.raw.once('close', end);
  out.once('close', end);
  return {
    send(event, data, id) {
      if (ended) return;
      out.write(
        `event: ${event}\n${id === undefined ? '' : `id: ${id}\n`}data: ${JSON.stringify(data)}\n\n`,
      );
    },
    end,
    closed,
    isClosed: () => ended,
  };
}

/**
 * The answer's event stream (oj/aiSession/message/chatStream): `event: delta` (id = seq) for
 * every delta after `after` — replayed from memory or the database, then live — and one
 * `event: done` at the end, after which the response ends. A reader that disconnects only
 * unsubscribes: generation goes on (registry.ts).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AiDeltaEvent, AiDoneEvent } from '../../contract/ai/calls.ts';
import type { Pool } from '../db/pool.ts';
import { openEventStream } from '../http/event-stream.ts';
import { balanceOf, ledgerAccount } from '../ledger/ledger.ts';
import { endOrphan, type AiRegistry } from './registry.ts';
import { findOwnMessage, storedDeltas } from './store.ts';
import { sleep } from './providers/types.ts';

/** How often a reply that is not live here is read again. */
const POLL_MS = 500;

export interface EventWriter {
  delta(seq: number, text: string): void;
  done(event: AiDoneEvent): void;
  /** Ends the response without a `done` (the reader reconnects and reads the stored reply). */
  drop(): void;
  /** Resolves when the response has ended (done sent, or the reader went away). */
  closed: Promise<void>;
  isClosed(): boolean;
}

/** The reply's events on an event stream (http/event-stream.ts). */
export function openReplyStream(request: FastifyRequest, reply: FastifyReply): EventWriter {
  const stream = openEventStream(request, reply);
  return {
    delta: (seq, text) => stream.send('delta', { seq, text } satisfies AiDeltaEvent, seq),
    done(event) {
      stream.send('done', event);
      stream.end();
    },
    drop: stream.end,
    closed: stream.closed,
    isClosed: stream.isClosed,
  };
}

async function doneOf(pool: Pool, memberId: number, replyId: number): Promise<AiDoneEvent | null> {
  const row = await findOwnMessage(pool, memberId, replyId);
  if (!row || row.status === 'streaming') return null;
  return {
    messageId: row.id,
    status: row.status,
    tokens: row.tokens,
    balance: await balanceOf(pool, ledgerAccount.aiTokens(memberId)),
    ...(row.error ? { message: row.error } : {}),
  };
}

/**
 * How long a reply may stay `streaming` in the database without being live here and without a
 * new delta before it is taken for an orphan (one API process owns its replies): long enough
 * for a reply between its commit and its start, short enough that no reader spins for ever.
 */
export const ORPHAN_AFTER_MS = 5_000;

/** Streams one reply to `writer` from `after` on, live or stored. */
export async function streamReply(options: {
  pool: Pool;
  registry: AiRegistry;
  memberId: number;
  replyId: number;
  after: number;
  writer: EventWriter;
  /** This API process (server/instance.ts): a reply another live process generates is theirs. */
  self: string;
  /** Tests shorten it. */
  orphanAfterMs?: number;
}): Promise<void> {
  const { pool, registry, memberId, replyId, writer } = options;
  const orphanAfterMs = options.orphanAfterMs ?? ORPHAN_AFTER_MS;
  let last = options.after;
  let progressAt = Date.now();
  const abort = new AbortController();
  void writer.closed.then(() => abort.abort(new Error('closed')));
  try {
    for (;;) {
      // Live here (now, or since the last look): followed from the last seq written.
      const unfollow = registry.follow(replyId, last, writer);
      if (unfollow) {
        await writer.closed;
        unfollow();
        return;
      }
      // Not live here: ended (the row is final), or about to start, or an orphan.
      const done = await doneOf(pool, memberId, replyId);
      for (const d of await storedDeltas(pool, replyId, last)) {
        writer.delta(d.seq, d.text);
        last = d.seq;
        progressAt = Date.now();
      }
      if (done) {
        writer.done(done);
        return;
      }
      if (
        !registry.isLive(replyId) &&
        Date.now() - progressAt >= orphanAfterMs &&
        (await endOrphan(pool, replyId, options.self))
      ) {
        // Ended failed, uncharged; the next look reads that end and sends it as `done`. A reply
        // another live process generates is not ended here: it is waited for like any other.
        continue;
      }
      await sleep(POLL_MS, abort.signal);
    }
  } catch {
    // The reader went away (the sleep was aborted), or the database failed: the response ends
    // without `done`, and a reader that is still there reconnects.
    if (!abort.signal.aborted) writer.drop();
  }
}

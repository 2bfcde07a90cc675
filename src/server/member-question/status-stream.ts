/**
 * The status stream of one answer (memberQuestion/status): `event: status` whenever its job's
 * status or progress changes, ending after the final state. Changes come from the process's
 * JobStatusHub; each one re-reads the answer, so what is sent is what queryById would say.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StatusEvent } from '../../contract/member-question/calls.ts';
import type { Pool } from '../db/pool.ts';
import { findOwnAnswer, toDetail } from './answers.ts';
import type { AnswerRow } from './answers.ts';
import { statusHubFor } from './status-hub.ts';

/** A comment line now and then keeps proxies from closing a quiet stream. */
const KEEPALIVE_MS = 15_000;

export function statusEventOf(row: AnswerRow): StatusEvent {
  const d = toDetail(row);
  return {
    id: d.id,
    status: d.status,
    progress: d.progress,
    verdict: d.verdict,
    score: d.score,
    maxScore: d.maxScore,
    timeMs: d.timeMs,
    memoryKiB: d.memoryKiB,
  };
}

const isFinal = (e: StatusEvent) => e.status === 'done' || e.status === 'failed';

export async function streamAnswerStatus(options: {
  pool: Pool;
  memberId: number;
  row: AnswerRow;
  request: FastifyRequest;
  reply: FastifyReply;
}): Promise<void> {
  const { pool, memberId, row, request, reply } = options;
  reply.hijack();
  const out = reply.raw;
  out.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });

  let ended = false;
  let last = '';
  let unfollow: () => void = () => undefined;
  const keepalive = setInterval(() => out.write(': keepalive\n\n'), KEEPALIVE_MS);
  const end = () => {
    if (ended) return;
    ended = true;
    clearInterval(keepalive);
    unfollow();
    out.end();
  };
  const send = (event: StatusEvent) => {
    const data = JSON.stringify(event);
    if (!ended && data !== last) {
      last = data;
      out.write(`event: status\ndata: ${data}\n\n`);
    }
    if (isFinal(event)) end();
  };
  // Re-reads are chained so events leave in the order the changes happened.
  let reading = Promise.resolve();
  const reread = () => {
    reading = reading
      .then(async () => {
        if (ended) return;
        const current = await findOwnAnswer(pool, memberId, row.id);
        if (current) send(statusEventOf(current));
        else end();
      })
      .catch(() => end());
  };
  request.raw.once('close', end);

  const jobId = row.judge_job_id === null ? null : Number(row.judge_job_id);
  if (jobId !== null && !isFinal(statusEventOf(row))) {
    // Follow first, then read: a change between the two is not missed.
    unfollow = await statusHubFor(pool).follow(jobId, { changed: reread, closed: end });
    if (ended) unfollow();
    reread();
  } else {
    send(statusEventOf(row));
  }
}

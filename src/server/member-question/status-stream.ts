/**
 * The status stream of one answer (memberQuestion/status): `event: status` whenever its job's
 * status or progress changes, ending after the final state. The answer was read in full once,
 * to check it is the member's own; from then on the process's JobStatusHub reads its small
 * status row once per change for every stream following it.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StatusEvent } from '../../contract/member-question/calls.ts';
import type { Pool } from '../db/pool.ts';
import { toStatusEvent } from './answers.ts';
import type { AnswerRow } from './answers.ts';
import { statusHubFor } from './status-hub.ts';

/** A comment line now and then keeps proxies from closing a quiet stream. */
const KEEPALIVE_MS = 15_000;

const isFinal = (e: StatusEvent) => e.status === 'done' || e.status === 'failed';

export async function streamAnswerStatus(options: {
  pool: Pool;
  row: AnswerRow;
  request: FastifyRequest;
  reply: FastifyReply;
}): Promise<void> {
  const { pool, row, request, reply } = options;
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
  request.raw.once('close', end);

  const first = toStatusEvent(row);
  send(first);
  const jobId = row.judge_job_id === null ? null : Number(row.judge_job_id);
  if (jobId === null || isFinal(first)) {
    end();
    return;
  }
  // The hub reads the status again once listening: a change since `row` was read is not missed.
  unfollow = await statusHubFor(pool).follow(jobId, { status: send, closed: end });
  if (ended) unfollow();
}

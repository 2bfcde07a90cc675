/**
 * The status stream of one answer (memberQuestion/status): `event: status` whenever its job's
 * status or progress changes, ending after the final state. The answer was read in full once,
 * to check it is the member's own; from then on the process's JobStatusHub reads its small
 * status row once per change for every stream following it.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StatusEvent } from '../../contract/member-question/calls.ts';
import type { Pool } from '../db/pool.ts';
import { openEventStream } from '../http/event-stream.ts';
import { toStatusEvent } from './answers.ts';
import type { AnswerRow } from './answers.ts';
import { statusHubFor } from './status-hub.ts';

const isFinal = (e: StatusEvent) => e.status === 'done' || e.status === 'failed';

export async function streamAnswerStatus(options: {
  pool: Pool;
  row: AnswerRow;
  request: FastifyRequest;
  reply: FastifyReply;
}): Promise<void> {
  const { pool, row, request, reply } = options;
  const stream = openEventStream(request, reply);
  let last = '';
  let unfollow: () => void = () => undefined;
  void stream.closed.then(() => unfollow());
  const send = (event: StatusEvent) => {
    const data = JSON.stringify(event);
    if (data !== last) {
      last = data;
      stream.send('status', event);
    }
    if (isFinal(event)) stream.end();
  };

  const first = toStatusEvent(row);
  send(first);
  const jobId = row.judge_job_id === null ? null : Number(row.judge_job_id);
  if (jobId === null || isFinal(first)) {
    stream.end();
    return;
  }
  // The hub reads the status again once listening: a change since `row` was read is not missed.
  unfollow = await statusHubFor(pool).follow(jobId, { status: send, closed: stream.end });
  if (stream.isClosed()) unfollow();
}

/**
 * A member's bell (message.stream): `event: unread` with the count at once, then each time it
 * changes — a message written by any API process, or one read in another tab. Counts are read
 * at most once per bell at a time: a burst of messages costs one more read, not one per message.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Pool } from '../db/pool.ts';
import { openEventStream } from '../http/event-stream.ts';
import type { Logger } from '../logger.ts';
import { messageHubFor } from './hub.ts';
import { unreadCount } from './list.ts';

export async function streamUnread(options: {
  pool: Pool;
  logger: Logger;
  memberId: number;
  request: FastifyRequest;
  reply: FastifyReply;
}): Promise<void> {
  const { pool, logger, memberId, request, reply } = options;
  const stream = openEventStream(request, reply);
  let last: number | undefined;
  let reading = false;
  let again = false;
  const count = async () => {
    if (reading) {
      again = true;
      return;
    }
    reading = true;
    try {
      do {
        again = false;
        const unread = await unreadCount(pool, memberId);
        if (unread !== last && !stream.isClosed()) {
          last = unread;
          stream.send('unread', { unread });
        }
      } while (again && !stream.isClosed());
    } catch (err) {
      logger.warn({ err: (err as Error).message }, '读取未读消息数失败，铃铛断开后重连');
      stream.end();
    } finally {
      reading = false;
    }
  };
  // Following first, then counting: a message written between the two is not missed.
  const unfollow = await messageHubFor(pool, logger).follow(memberId, () => void count());
  void stream.closed.then(unfollow);
  await count();
}

/** message calls (contract/message/). */
import { message } from '../../contract/message/calls.ts';
import { handle } from '../http/handler.ts';
import { messageHubFor } from './hub.ts';
import { messagePage, readAllMessages, readMessage, unreadCount } from './list.ts';
import { streamUnread } from './stream.ts';

export const messageHandlers = [
  handle(message['message.queryList'], (ctx) =>
    messagePage(ctx.services.pool, ctx.requireAuth().memberId, ctx.body, ctx.query),
  ),
  handle(message['message.read'], async (ctx) => {
    const { memberId } = ctx.requireAuth();
    const item = await readMessage(ctx.services.pool, memberId, ctx.query.id);
    // The member's other tabs in this process; another process's catch up on their next change.
    messageHubFor(ctx.services.pool, ctx.services.logger).ring(memberId);
    return item;
  }),
  handle(message['message.readAll'], async (ctx) => {
    const { memberId } = ctx.requireAuth();
    const read = await readAllMessages(ctx.services.pool, memberId);
    messageHubFor(ctx.services.pool, ctx.services.logger).ring(memberId);
    return { read };
  }),
  handle(message['message.queryUnreadCount'], async (ctx) => ({
    unread: await unreadCount(ctx.services.pool, ctx.requireAuth().memberId),
  })),
  handle(message['message.stream'], async (ctx) => {
    await streamUnread({
      pool: ctx.services.pool,
      logger: ctx.services.logger,
      memberId: ctx.requireAuth().memberId,
      request: ctx.request,
      reply: ctx.reply,
    });
    return undefined as never;
  }),
];

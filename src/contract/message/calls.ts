/**
 * Messages (issue 27 item 4; server/messages/): in-app notices to a member on the events they
 * care about, written in the same transaction as the event. Each member reads only their own;
 * a message names only what its reader may see (their own order, homework, exam, prize).
 */
import { z } from 'zod';
import { defineCalls, spec } from '../call.ts';
import * as f from '../fields.ts';
import { pageOf, pageQueryOf } from '../paging.ts';

export const MESSAGE_KINDS = [
  'orderPaid',
  'orderRefunded',
  'enrolled',
  'membershipPassed',
  'membershipRejected',
  'homeworkAssigned',
  'homeworkDue',
  'homeworkGraded',
  'examReport',
  'prizeAwarded',
  'quitDecided',
  'feedbackAnswered',
] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

export const messageItem = z.object({
  id: z.number().int(),
  kind: z.enum(MESSAGE_KINDS),
  title: z.string(),
  body: z.string(),
  /** Where the web app opens what the message is about (a path below /web), or null. */
  link: z.string().nullable(),
  read: z.boolean(),
  createdAt: f.isoTime,
});
export type MessageItem = z.infer<typeof messageItem>;

export const unreadCount = z.object({ unread: z.number().int().min(0) });

export const MESSAGE_SORT = ['createdAt'] as const;

export const message = defineCalls({
  'message.queryList': spec({
    method: 'POST',
    access: 'member',
    summary: '本人的消息，最新的在前（可只看未读）',
    query: pageQueryOf(MESSAGE_SORT),
    body: z.strictObject({
      unread: z.boolean('是否只看未读须为 true 或 false').optional(),
    }),
    response: pageOf(messageItem),
  }),
  'message.read': spec({
    method: 'GET',
    access: 'member',
    summary: '把本人的一条消息标为已读',
    query: z.strictObject({ id: f.id }),
    response: messageItem,
  }),
  'message.readAll': spec({
    method: 'PUT',
    access: 'member',
    summary: '把本人的消息全部标为已读',
    response: z.object({ read: z.number().int().min(0) }),
  }),
  'message.queryUnreadCount': spec({
    method: 'GET',
    access: 'member',
    summary: '本人的未读消息数',
    response: unreadCount,
  }),
  'message.stream': spec({
    method: 'GET',
    access: 'member',
    responseKind: 'event-stream',
    summary:
      '未读消息数的事件流（text/event-stream）：连上即发一次 event: unread，之后每有变化再发',
    response: unreadCount,
  }),
});

/**
 * A member's own messages (issue 27 item 4): the bell's latest few and the full list. Keyed by
 * the member, and read again whenever the bell's unread count changes (use-unread.ts).
 */
import type { CallResult } from '../../contract/call.ts';
import { message as messageApi } from '../../contract/message/refs.ts';
import { DEFAULT_PAGE_SIZE, pageKey } from '../../streams/paging.ts';
import { definedQuery, memberKey } from './defined-query.ts';
import type { QueryDef } from './queries.ts';
import type { Runtime } from './runtime.ts';

export type MessagePage = CallResult<(typeof messageApi)['message.queryList']>;

/** Every key of these reads starts so; a new count marks them stale. */
export const MESSAGES_PREFIX = 'messages:';

/** What the bell's popover shows. */
export const BELL_SIZE = 5;

export function myMessages(
  runtime: Runtime,
  unreadOnly: boolean,
  page: number,
  size = DEFAULT_PAGE_SIZE,
): QueryDef<MessagePage> {
  const key = pageKey(
    `${MESSAGES_PREFIX}${memberKey(runtime)}:${unreadOnly ? 'unread' : 'all'}:${size}`,
    page,
  );
  return definedQuery(runtime, key, () =>
    runtime.transport.call(messageApi['message.queryList'], {
      query: { page, size },
      body: unreadOnly ? { unread: true } : {},
    }),
  );
}

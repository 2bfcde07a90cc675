/** A member's own messages: the list, the unread count, reading one or all. */
import type { MessageItem } from '../../contract/message/calls.ts';
import type { PageQuery } from '../../contract/paging.ts';
import type { Queryable } from '../db/pool.ts';
import { fail } from '../http/app-error.ts';
import { orderBy, pagedRows } from '../http/paging.ts';

interface MessageRow {
  id: string;
  kind: MessageItem['kind'];
  title: string;
  body: string;
  link: string | null;
  read_at: Date | null;
  created_at: Date;
}

const toItem = (r: MessageRow): MessageItem => ({
  id: Number(r.id),
  kind: r.kind,
  title: r.title,
  body: r.body,
  link: r.link,
  read: r.read_at !== null,
  createdAt: r.created_at.toISOString(),
});

const SELECT = 'id, kind, title, body, link, read_at, created_at';

export async function messagePage(
  db: Queryable,
  memberId: number,
  filter: { unread?: boolean | undefined },
  query: PageQuery,
) {
  const page = await pagedRows<MessageRow>(
    db,
    {
      select: SELECT,
      from: `FROM messages WHERE member_id = $1${filter.unread ? ' AND read_at IS NULL' : ''}`,
      params: [memberId],
      order: orderBy(query, { createdAt: 'created_at' }, 'created_at DESC', 'id DESC'),
    },
    query,
  );
  return { ...page, content: page.content.map(toItem) };
}

export async function unreadCount(db: Queryable, memberId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM messages WHERE member_id = $1 AND read_at IS NULL',
    [memberId],
  );
  return rows[0]!.n;
}

/** Marks one of the member's own messages read; another's is NOT_FOUND, as if absent. */
export async function readMessage(db: Queryable, memberId: number, id: number) {
  const { rows } = await db.query<MessageRow>(
    `UPDATE messages SET read_at = coalesce(read_at, now())
      WHERE id = $1 AND member_id = $2 RETURNING ${SELECT}`,
    [id, memberId],
  );
  if (!rows[0]) throw fail('NOT_FOUND', `消息 ${id} 不存在`);
  return toItem(rows[0]);
}

export async function readAllMessages(db: Queryable, memberId: number): Promise<number> {
  const { rowCount } = await db.query(
    'UPDATE messages SET read_at = now() WHERE member_id = $1 AND read_at IS NULL',
    [memberId],
  );
  return rowCount ?? 0;
}

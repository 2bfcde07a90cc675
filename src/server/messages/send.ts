/**
 * Writes a message to a member inside the caller's transaction, and announces it on commit
 * (NOTIFY is delivered only if the transaction commits), so a message exists exactly when its
 * event does and every API process's open bells hear of it (./hub.ts).
 */
import type { MessageKind } from '../../contract/message/calls.ts';
import type { Queryable } from '../db/pool.ts';

export const MESSAGES_CHANNEL = 'xinao_messages';

export interface MessageInput {
  memberId: number;
  kind: MessageKind;
  title: string;
  body?: string;
  /** A path of the web app below /web, opened from the message. */
  link?: string;
  /**
   * One message per member and key: `once` keeps the first (a reminder is told once), `latest`
   * replaces it and makes it unread again (a homework graded again).
   */
  dedupe?: { key: string; keep: 'once' | 'latest' };
}

export async function sendMessage(db: Queryable, message: MessageInput): Promise<void> {
  const conflict = !message.dedupe
    ? ''
    : message.dedupe.keep === 'once'
      ? 'ON CONFLICT (member_id, dedupe_key) WHERE dedupe_key IS NOT NULL DO NOTHING'
      : `ON CONFLICT (member_id, dedupe_key) WHERE dedupe_key IS NOT NULL DO UPDATE
           SET title = EXCLUDED.title, body = EXCLUDED.body, link = EXCLUDED.link,
               created_at = now(), read_at = NULL`;
  const { rowCount } = await db.query(
    `INSERT INTO messages (member_id, kind, title, body, link, dedupe_key)
     VALUES ($1, $2, $3, $4, $5, $6) ${conflict}`,
    [
      message.memberId,
      message.kind,
      message.title,
      message.body ?? '',
      message.link ?? null,
      message.dedupe?.key ?? null,
    ],
  );
  if (rowCount) {
    await db.query('SELECT pg_notify($1, $2)', [MESSAGES_CHANNEL, String(message.memberId)]);
  }
}

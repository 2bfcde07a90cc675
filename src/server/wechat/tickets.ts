/**
 * Tickets: what an exchanged WeChat code proves (one identity, and for a phone-number code a
 * mobile), kept 10 minutes and spent once — signing in or binding with the same proof twice is
 * refused, as WeChat refuses a code twice.
 */
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/pool.ts';
import { fail } from '../http/app-error.ts';
import type { WechatApp, WechatIdentity } from './provider.ts';

const TICKET_TTL_MS = 10 * 60_000;

export interface Ticket extends WechatIdentity {
  app: WechatApp;
  mobile: string | null;
}

export async function issueTicket(
  db: Queryable,
  app: WechatApp,
  identity: WechatIdentity,
  mobile: string | null = null,
): Promise<{ ticket: string; expiresAt: string }> {
  const ticket = randomBytes(24).toString('hex');
  const { rows } = await db.query<{ expires_at: Date }>(
    `INSERT INTO wechat_tickets (id, app, openid, unionid, mobile, expires_at)
     VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6)) RETURNING expires_at`,
    [ticket, app, identity.openid, identity.unionid, mobile, TICKET_TTL_MS / 1000],
  );
  return { ticket, expiresAt: rows[0]!.expires_at.toISOString() };
}

/** Spends a ticket (of `app`, when named); refused when unknown, spent or expired. */
export async function spendTicket(db: Queryable, ticket: string, app?: WechatApp): Promise<Ticket> {
  const { rows } = await db.query<{
    app: WechatApp;
    openid: string;
    unionid: string | null;
    mobile: string | null;
  }>(
    `UPDATE wechat_tickets SET spent_at = now()
      WHERE id = $1 AND spent_at IS NULL AND expires_at > now() AND ($2::text IS NULL OR app = $2)
      RETURNING app, openid, unionid, mobile`,
    [ticket, app ?? null],
  );
  const row = rows[0];
  if (!row) throw fail('FORBIDDEN', '微信凭证无效、已使用或已过期，请重新用微信授权');
  return row;
}

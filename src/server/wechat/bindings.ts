/**
 * Which account a WeChat identity signs in to (user_wechat): bound in the same app by openid, or
 * in the other app by unionid. A WeChat identity belongs to one person; a person has one
 * identity per app, and binding another replaces it.
 */
import type { Queryable } from '../db/pool.ts';
import { fail } from '../http/app-error.ts';
import type { WechatApp, WechatIdentity } from './provider.ts';

export async function boundUserId(
  db: Queryable,
  app: WechatApp,
  identity: WechatIdentity,
): Promise<number | null> {
  const { rows } = await db.query<{ user_id: number }>(
    `SELECT user_id FROM user_wechat
      WHERE (app = $1 AND openid = $2) OR ($3::text IS NOT NULL AND unionid = $3)
      ORDER BY (app = $1 AND openid = $2) DESC LIMIT 1`,
    [app, identity.openid, identity.unionid],
  );
  return rows[0]?.user_id ?? null;
}

/** Binds the identity to `userId`; refused when it is another person's. */
export async function bindIdentity(
  db: Queryable,
  userId: number,
  app: WechatApp,
  identity: WechatIdentity,
): Promise<void> {
  const owner = await boundUserId(db, app, identity);
  if (owner !== null && owner !== userId) {
    throw fail('CONFLICT', '该微信已绑定其他账号；请先在那个账号解除绑定，或用那个账号登录');
  }
  await db.query(
    `INSERT INTO user_wechat (user_id, app, openid, unionid) VALUES ($1, $2, $3, $4)
     ON CONFLICT (user_id, app) DO UPDATE
       SET openid = EXCLUDED.openid, unionid = EXCLUDED.unionid, bound_at = now()`,
    [userId, app, identity.openid, identity.unionid],
  );
}

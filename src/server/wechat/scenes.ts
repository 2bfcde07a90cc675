/**
 * The web's scan-to-sign-in: a scene lives 5 minutes; a phone's WeChat confirms it (naming the
 * account that WeChat is bound to, or none); the page that showed it takes it once.
 */
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/pool.ts';
import { fail } from '../http/app-error.ts';
import type { SCENE_STATES } from '../../contract/wechat/calls.ts';

const SCENE_TTL_MS = 5 * 60_000;

type SceneState = (typeof SCENE_STATES)[number];

interface SceneRow {
  expires_at: Date;
  confirmed_at: Date | null;
  user_id: number | null;
  taken_at: Date | null;
}

const stateOf = (row: SceneRow): SceneState =>
  row.taken_at
    ? 'taken'
    : row.expires_at.getTime() <= Date.now()
      ? 'expired'
      : !row.confirmed_at
        ? 'pending'
        : row.user_id === null
          ? 'unbound'
          : 'confirmed';

export async function openScene(db: Queryable): Promise<{ scene: string; expiresAt: string }> {
  const scene = randomBytes(16).toString('hex');
  const { rows } = await db.query<{ expires_at: Date }>(
    `INSERT INTO wechat_scenes (id, expires_at) VALUES ($1, now() + make_interval(secs => $2))
     RETURNING expires_at`,
    [scene, SCENE_TTL_MS / 1000],
  );
  return { scene, expiresAt: rows[0]!.expires_at.toISOString() };
}

async function readScene(db: Queryable, scene: string): Promise<SceneRow> {
  const { rows } = await db.query<SceneRow>(
    `SELECT expires_at, confirmed_at, user_id, taken_at FROM wechat_scenes WHERE id = $1`,
    [scene],
  );
  if (!rows[0]) throw fail('NOT_FOUND', '扫码登录已失效，请刷新二维码');
  return rows[0];
}

export async function sceneState(db: Queryable, scene: string) {
  const row = await readScene(db, scene);
  return { status: stateOf(row), expiresAt: row.expires_at.toISOString() };
}

/** The phone confirms a pending scene for the account its WeChat is bound to (null: none). */
export async function confirmScene(db: Queryable, scene: string, userId: number | null) {
  const { rowCount } = await db.query(
    `UPDATE wechat_scenes SET confirmed_at = now(), user_id = $2
      WHERE id = $1 AND confirmed_at IS NULL AND taken_at IS NULL AND expires_at > now()`,
    [scene, userId],
  );
  if (rowCount === 0) {
    const state = stateOf(await readScene(db, scene));
    throw fail(
      'CONFLICT',
      state === 'expired' ? '二维码已过期，请在电脑上刷新' : '这个二维码已确认过',
    );
  }
}

/** The page takes its confirmed scene once: the account to sign in. */
export async function takeScene(db: Queryable, scene: string): Promise<number> {
  const { rows } = await db.query<{ user_id: number }>(
    `UPDATE wechat_scenes SET taken_at = now()
      WHERE id = $1 AND confirmed_at IS NOT NULL AND user_id IS NOT NULL AND taken_at IS NULL
        AND expires_at > now()
      RETURNING user_id`,
    [scene],
  );
  if (rows[0]) return rows[0].user_id;
  const state = stateOf(await readScene(db, scene));
  throw fail(
    'CONFLICT',
    {
      pending: '请先用手机微信扫码并确认',
      unbound: '该微信尚未绑定账号：请用密码登录后，在「我的账号」绑定微信',
      taken: '这个二维码已用于登录，请刷新',
      expired: '二维码已过期，请刷新',
      confirmed: '请重试',
    }[state],
  );
}

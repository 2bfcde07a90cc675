/**
 * The blacklist (contract/blacklist/; docs/decisions/admin-and-identity.md, "The blacklist"). A
 * block holds for the person, every account of the user: their sessions end in the block's own
 * transaction, signing in is refused with the end and the reason (accounts/auth-handlers.ts),
 * and a session found later is not honoured (http/sessions.ts), so nothing they could do —
 * enroll, pay, submit — is left open. Lifting it, or its end passing, restores everything.
 */
import { BLOCK_IN_FORCE } from '../db/block-in-force.ts';
import type { z } from 'zod';
import type {
  BlockItem,
  blockCreate,
  blockFilter,
  blockUpdate,
} from '../../contract/blacklist/calls.ts';
import type { BLOCK_SORT } from '../../contract/blacklist/calls.ts';
import type { PageQuery } from '../../contract/paging.ts';
import { withTransaction } from '../db/pool.ts';
import type { Queryable } from '../db/pool.ts';
import { SqlParams } from '../db/sql-params.ts';
import { fail } from '../http/app-error.ts';
import { containsPattern, orderBy, pagedRows } from '../http/paging.ts';
import type { SortColumns } from '../http/paging.ts';
import type { Auth } from '../http/sessions.ts';
import { refuseDuplicate } from '../http/unique.ts';
import { validationError } from '../http/validation-error.ts';
import { shanghai } from '../http/xlsx.ts';

interface BlockRow {
  id: number;
  user_id: number;
  member_id: number;
  username: string;
  nickname: string;
  mobile: string | null;
  organization_name: string;
  reason: string;
  ends_at: Date | null;
  state: BlockItem['state'];
  created_by: string;
  created_at: Date;
  updated_at: Date;
  lifted_by: string | null;
  lifted_at: Date | null;
}

const STATE = `CASE WHEN b.lifted_by IS NOT NULL THEN 'lifted'
  WHEN b.lifted_at IS NOT NULL OR b.ends_at <= now() THEN 'ended' ELSE 'active' END`;

const SELECT = `b.id, b.user_id, b.member_id, u.username, m.nickname, u.mobile,
  o.name AS organization_name, b.reason, b.ends_at, ${STATE} AS state,
  cu.username AS created_by, b.created_at, b.updated_at, lu.username AS lifted_by, b.lifted_at`;
const FROM = `FROM member_blocks b
  JOIN users u ON u.id = b.user_id
  JOIN members m ON m.id = b.member_id
  JOIN organizations o ON o.id = m.organization_id
  JOIN users cu ON cu.id = b.created_by
  LEFT JOIN users lu ON lu.id = b.lifted_by`;

const toItem = (r: BlockRow): BlockItem => ({
  id: r.id,
  userId: r.user_id,
  memberId: r.member_id,
  username: r.username,
  nickname: r.nickname,
  mobile: r.mobile,
  organizationName: r.organization_name,
  reason: r.reason,
  endsAt: r.ends_at?.toISOString() ?? null,
  state: r.state,
  createdBy: r.created_by,
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
  liftedBy: r.lifted_by,
  liftedAt: r.lifted_at?.toISOString() ?? null,
});

async function block(db: Queryable, id: number): Promise<BlockItem> {
  const { rows } = await db.query<BlockRow>(`SELECT ${SELECT} ${FROM} WHERE b.id = $1`, [id]);
  if (!rows[0]) throw fail('NOT_FOUND', `黑名单记录 ${id} 不存在`);
  return toItem(rows[0]);
}

/** An end must lie ahead: a block that ends before it starts blocks nothing. */
async function assertAhead(db: Queryable, endsAt: string | null) {
  if (endsAt === null) return;
  const { rows } = await db.query<{ ahead: boolean }>('SELECT $1::timestamptz > now() AS ahead', [
    endsAt,
  ]);
  if (!rows[0]!.ahead) {
    throw validationError([{ field: 'body.endsAt', message: '解封时间须晚于现在' }]);
  }
}

const endSessions = (db: Queryable, userId: number) =>
  db.query('UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL', [
    userId,
  ]);

export async function createBlock(
  pool: Parameters<typeof withTransaction>[0],
  auth: Auth,
  input: z.output<typeof blockCreate>,
): Promise<BlockItem> {
  await assertAhead(pool, input.endsAt);
  const { rows } = await pool.query<{ user_id: number; platform_admin: boolean }>(
    `SELECT m.user_id, u.platform_admin FROM members m JOIN users u ON u.id = m.user_id
      WHERE m.id = $1`,
    [input.memberId],
  );
  const target = rows[0];
  if (!target) throw validationError([{ field: 'body.memberId', message: '该账号不存在' }]);
  if (target.platform_admin) {
    throw validationError([
      { field: 'body.memberId', message: '平台用户不能拉黑；请在“平台用户”中停用该账号' },
    ]);
  }
  return block(pool, await insertBlock(pool, auth, input, target.user_id));
}

async function insertBlock(
  pool: Parameters<typeof withTransaction>[0],
  auth: Auth,
  input: z.output<typeof blockCreate>,
  userId: number,
): Promise<number> {
  return withTransaction(pool, async (db) => {
    // A block whose end has passed is closed, so the person can be blocked again.
    await db.query(
      `UPDATE member_blocks SET lifted_at = ends_at
        WHERE user_id = $1 AND lifted_at IS NULL AND ends_at <= now()`,
      [userId],
    );
    const { rows } = await refuseDuplicate(
      () =>
        db.query<{ id: number }>(
          `INSERT INTO member_blocks (user_id, member_id, reason, ends_at, created_by)
           VALUES ($1, $2, $3, $4, $5) RETURNING id`,
          [userId, input.memberId, input.reason, input.endsAt, auth.userId],
        ),
      'body.memberId',
      '此人已在黑名单中，请修改原有记录',
      'member_blocks_open_idx',
    );
    await endSessions(db, userId);
    return rows[0]!.id;
  });
}

/** A block still open (in force, or past its end and not yet closed), locked for the change. */
async function openBlock(db: Queryable, id: number) {
  const { rows } = await db.query<{ user_id: number; lifted_at: Date | null }>(
    'SELECT user_id, lifted_at FROM member_blocks WHERE id = $1 FOR UPDATE',
    [id],
  );
  if (!rows[0]) throw fail('NOT_FOUND', `黑名单记录 ${id} 不存在`);
  if (rows[0].lifted_at) throw fail('CONFLICT', '这条拉黑已经解除或到期，不能再修改');
  return rows[0];
}

export async function updateBlock(
  pool: Parameters<typeof withTransaction>[0],
  input: z.output<typeof blockUpdate>,
): Promise<BlockItem> {
  await assertAhead(pool, input.endsAt);
  await withTransaction(pool, async (db) => {
    const { user_id: userId } = await openBlock(db, input.id);
    await db.query(
      `UPDATE member_blocks SET reason = $2, ends_at = $3, updated_at = now() WHERE id = $1`,
      [input.id, input.reason, input.endsAt],
    );
    // A block made longer again may hold a session opened after its old end.
    await endSessions(db, userId);
  });
  return block(pool, input.id);
}

/** Lifts a block: the person may sign in again; the entry stays, naming who lifted it. */
export async function liftBlock(
  pool: Parameters<typeof withTransaction>[0],
  auth: Auth,
  id: number,
): Promise<BlockItem> {
  await withTransaction(pool, async (db) => {
    await openBlock(db, id);
    await db.query(
      `UPDATE member_blocks SET lifted_at = now(), lifted_by = $2, updated_at = now()
        WHERE id = $1`,
      [id, auth.userId],
    );
  });
  return block(pool, id);
}

const SORT: SortColumns<typeof BLOCK_SORT> = { createdAt: 'b.created_at', endsAt: 'b.ends_at' };

export async function blockPage(
  db: Queryable,
  filter: z.output<typeof blockFilter>,
  query: PageQuery,
) {
  const sql = new SqlParams();
  const where: string[] = [];
  if (filter.keyword) {
    const p = sql.add(containsPattern(filter.keyword));
    where.push(`(u.username ILIKE ${p} OR m.nickname ILIKE ${p} OR u.mobile LIKE ${p})`);
  }
  if (filter.state) where.push(`${STATE} = ${sql.add(filter.state)}`);
  const page = await pagedRows<BlockRow>(
    db,
    {
      select: SELECT,
      from: `${FROM} ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}`,
      params: sql.values,
      order: orderBy(query, SORT, 'b.created_at DESC', 'b.id DESC'),
    },
    query,
  );
  return { ...page, content: page.content.map(toItem) };
}

/**
 * Why a person may not sign in, or null: the block's end (Beijing time) and its reason, told to
 * whoever proved they own the account.
 */
export async function blockedSignIn(db: Queryable, userId: number): Promise<string | null> {
  const { rows } = await db.query<{ reason: string; ends_at: Date | null }>(
    `SELECT b.reason, b.ends_at FROM member_blocks b WHERE b.user_id = $1 AND ${BLOCK_IN_FORCE}`,
    [userId],
  );
  const held = rows[0];
  if (!held) return null;
  const until = held.ends_at ? `，解封时间 ${shanghai(held.ends_at)}` : '，未设解封时间';
  return `账号已被封禁${until}。原因：${held.reason}`;
}

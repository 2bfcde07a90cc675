/**
 * Teaching groups (教研组) of an organization and who is in them (teacherGroup,
 * teacherMember addToGroup, removeFromGroup, setGroups). Staff of the organization read them;
 * its admin changes them (the calls' access says so).
 */
import type { z } from 'zod';
import type { Page, PageQuery } from '../../contract/paging.ts';
import type {
  TEACHER_GROUP_SORT,
  teacherGroupCreate,
  teacherGroupFilter,
  teacherGroupItem,
  teacherGroupUpdate,
} from '../../contract/organization/teacher-groups.ts';
import { managedBy } from '../access/predicates.ts';
import type { Scope } from '../access/scope.ts';
import { withTransaction, type Pool, type Queryable } from '../db/pool.ts';
import { SqlParams } from '../db/sql-params.ts';
import { fail } from '../http/app-error.ts';
import { orderBy, pagedRows, type SortColumns } from '../http/paging.ts';
import { refuseDuplicate } from '../http/unique.ts';

type GroupItem = z.infer<typeof teacherGroupItem>;

interface GroupRow {
  id: number;
  name: string;
  description: string;
  sort: number;
  member_count: number;
  organization_id: number;
  created_at: Date;
}

const COLUMNS = `tg.id, tg.name, tg.description, tg.sort, tg.organization_id, tg.created_at,
  (SELECT count(*) FROM teacher_group_members tgm WHERE tgm.group_id = tg.id)::int AS member_count`;

const toItem = (r: GroupRow): GroupItem => ({
  id: r.id,
  name: r.name,
  description: r.description,
  sort: r.sort,
  memberCount: r.member_count,
  organizationId: r.organization_id,
  createdAt: r.created_at.toISOString(),
});

const sortable: SortColumns<typeof TEACHER_GROUP_SORT> = {
  sort: 'tg.sort',
  id: 'tg.id',
  name: 'tg.name',
};

/** Staff only: a teaching group belongs to an organization. */
const staffOrg = (scope: Scope): number => {
  if (scope.kind !== 'organization') throw fail('FORBIDDEN', '教研分组属于机构');
  return scope.organizationId;
};

export async function readGroup(db: Queryable, scope: Scope, id: number): Promise<GroupItem> {
  const sql = new SqlParams();
  const where = `${managedBy(scope, 'tg.organization_id', sql)} AND tg.id = ${sql.add(id)}`;
  const { rows } = await db.query<GroupRow>(
    `SELECT ${COLUMNS} FROM teacher_groups tg WHERE ${where}`,
    sql.values,
  );
  if (!rows[0]) throw fail('NOT_FOUND', `教研分组 ${id} 不存在`);
  return toItem(rows[0]);
}

export async function listGroups(
  db: Queryable,
  scope: Scope,
  filter: z.output<typeof teacherGroupFilter>,
  page: PageQuery,
): Promise<Page<GroupItem>> {
  const sql = new SqlParams();
  const clauses = [managedBy(scope, 'tg.organization_id', sql)];
  if (filter.keyword) clauses.push(`strpos(tg.name, ${sql.add(filter.keyword)}) > 0`);
  const rows = await pagedRows<GroupRow>(
    db,
    {
      select: COLUMNS,
      from: `FROM teacher_groups tg WHERE ${clauses.join(' AND ')}`,
      params: sql.values,
      order: orderBy(page, sortable, 'tg.sort ASC', 'tg.id ASC'),
    },
    page,
  );
  return { ...rows, content: rows.content.map(toItem) };
}

const DUPLICATE = '本机构已有同名分组';

export async function createGroup(
  pool: Pool,
  scope: Scope,
  input: z.output<typeof teacherGroupCreate>,
): Promise<GroupItem> {
  const org = staffOrg(scope);
  const { rows } = await refuseDuplicate(
    () =>
      pool.query<{ id: number }>(
        `INSERT INTO teacher_groups (organization_id, name, description, sort)
         VALUES ($1, $2, $3, $4) RETURNING id`,
        [org, input.name, input.description, input.sort],
      ),
    'body.name',
    DUPLICATE,
  );
  return readGroup(pool, scope, rows[0]!.id);
}

export async function updateGroup(
  pool: Pool,
  scope: Scope,
  input: z.output<typeof teacherGroupUpdate>,
): Promise<GroupItem> {
  await readGroup(pool, scope, input.id);
  await refuseDuplicate(
    () =>
      pool.query(
        `UPDATE teacher_groups SET name = coalesce($2, name),
                description = coalesce($3, description), sort = coalesce($4, sort),
                updated_at = now() WHERE id = $1`,
        [input.id, input.name ?? null, input.description ?? null, input.sort ?? null],
      ),
    'body.name',
    DUPLICATE,
  );
  return readGroup(pool, scope, input.id);
}

/** Deleting a group takes nobody out of the organization: only the grouping goes. */
export async function deleteGroup(pool: Pool, scope: Scope, id: number): Promise<void> {
  await readGroup(pool, scope, id);
  await pool.query('DELETE FROM teacher_groups WHERE id = $1', [id]);
}

/** The staff of the scope's organization among `memberIds`; any other id is NOT_FOUND. */
async function assertOwnStaff(db: Queryable, scope: Scope, memberIds: number[]) {
  const org = staffOrg(scope);
  const { rows } = await db.query<{ id: number }>(
    `SELECT id FROM members WHERE id = ANY($1::int[]) AND organization_id = $2
        AND role IN ('teacher', 'orgAdmin')`,
    [memberIds, org],
  );
  const found = new Set(rows.map((r) => r.id));
  const missing = memberIds.filter((id) => !found.has(id));
  if (missing.length > 0) throw fail('NOT_FOUND', `本机构没有教师 ${missing.join('、')}`);
}

export async function changeGroupMembers(
  pool: Pool,
  scope: Scope,
  input: { groupId: number; memberIds: number[] },
  change: 'add' | 'remove',
) {
  await readGroup(pool, scope, input.groupId);
  await assertOwnStaff(pool, scope, input.memberIds);
  const result =
    change === 'add'
      ? await pool.query(
          `INSERT INTO teacher_group_members (group_id, member_id)
           SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING`,
          [input.groupId, input.memberIds],
        )
      : await pool.query(
          'DELETE FROM teacher_group_members WHERE group_id = $1 AND member_id = ANY($2::int[])',
          [input.groupId, input.memberIds],
        );
  const group = await readGroup(pool, scope, input.groupId);
  return { groupId: input.groupId, changed: result.rowCount ?? 0, memberCount: group.memberCount };
}

/** Puts one teacher in exactly these groups. */
export async function setTeacherGroups(
  pool: Pool,
  scope: Scope,
  memberId: number,
  groupIds: number[],
): Promise<void> {
  await assertOwnStaff(pool, scope, [memberId]);
  const org = staffOrg(scope);
  await withTransaction(pool, async (client) => {
    const { rows } = await client.query<{ id: number }>(
      'SELECT id FROM teacher_groups WHERE id = ANY($1::int[]) AND organization_id = $2',
      [groupIds, org],
    );
    const missing = groupIds.filter((id) => !rows.some((r) => r.id === id));
    if (missing.length > 0) throw fail('NOT_FOUND', `本机构没有教研分组 ${missing.join('、')}`);
    await client.query('DELETE FROM teacher_group_members WHERE member_id = $1', [memberId]);
    await client.query(
      `INSERT INTO teacher_group_members (group_id, member_id) SELECT unnest($1::int[]), $2`,
      [groupIds, memberId],
    );
  });
}

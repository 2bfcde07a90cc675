/**
 * Looking after people already in an organization: profile edits, roles, deletion, member
 * cards, statistics, the points ranking, the anonymised lookup, and which teachers a learner
 * has. Who may do what is people.ts's `assertMayEdit` and the scope's predicates.
 */
import { setMemberRoles } from '../permission/holders.ts';
import type { z } from 'zod';
import type { MemberRole } from '../../contract/accounts/calls.ts';
import type { profileUpdate } from '../../contract/organization/current-member.ts';
import type { memberUpdate } from '../../contract/organization/members.ts';
import type { Page, PageQuery } from '../../contract/paging.ts';
import { learnerRows, managedBy } from '../access/predicates.ts';
import { controlAllows } from '../grade-controls/controls.ts';
import { isAdminScope, type Scope } from '../access/scope.ts';
import { withTransaction, type Pool, type Queryable } from '../db/pool.ts';
import { SqlParams } from '../db/sql-params.ts';
import { fail } from '../http/app-error.ts';
import { pagedRows } from '../http/paging.ts';
import { assertMayEdit, readPerson, type PeopleKind } from './people.ts';
import { maskMobile, maskName } from './masking.ts';

type MemberUpdate = z.output<typeof memberUpdate>;
/** What an edit may change: a member's (memberUpdate) or a teacher's (teacherUpdate) fields. */
export type PersonChanges = Partial<Omit<MemberUpdate, 'id'>> & { id: number; role?: MemberRole };

function setClause(fields: [string, unknown][], sql: SqlParams): string[] {
  return fields
    .filter(([, value]) => value !== undefined)
    .map(([col, value]) => `${col} = ${sql.add(value)}`);
}

/** Refuses leaving an organization without an active admin. */
async function assertAnotherAdmin(db: Queryable, organizationId: number, memberId: number) {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM members WHERE organization_id = $1 AND role = 'orgAdmin'
        AND status = 'active' AND approval = 'passed' AND id <> $2`,
    [organizationId, memberId],
  );
  if (rows[0]!.n === 0) throw fail('CONFLICT', '机构至少要保留一名启用的机构管理员');
}

export async function updatePerson(
  pool: Pool,
  scope: Scope,
  kind: PeopleKind,
  m: PersonChanges,
  /** More of the same change, in its transaction (the custom roles of configRoles). */
  alsoIn?: (client: Queryable) => Promise<void>,
): Promise<void> {
  const row = await readPerson(pool, scope, kind, m.id);
  assertMayEdit(scope, row);
  if ((m.status !== undefined || m.role !== undefined) && !isAdminScope(scope)) {
    throw fail('FORBIDDEN', '停用账号或更改角色需机构管理员操作');
  }
  if (m.id === scope.memberId && (m.status === 'disabled' || m.role !== undefined)) {
    throw fail('CONFLICT', '不能停用本人或更改本人的角色');
  }
  await withTransaction(pool, async (client) => {
    const demotes =
      row.role === 'orgAdmin' &&
      ((m.role !== undefined && m.role !== 'orgAdmin') || m.status === 'disabled');
    if (demotes) {
      await client.query('SELECT 1 FROM organizations WHERE id = $1 FOR UPDATE', [
        row.organization_id,
      ]);
      await assertAnotherAdmin(client, row.organization_id, row.id);
    }
    const sql = new SqlParams();
    const sets = setClause(
      [
        ['nickname', m.nickname],
        ['real_name', m.realName],
        ['tags', m.tags],
        ['student_no', m.studentNo],
        ['school', m.school],
        ['grade_level', m.gradeLevel],
        ['remark', m.remark],
        ['status', m.status],
        ['role', m.role],
      ],
      sql,
    );
    await alsoIn?.(client);
    if (sets.length === 0) return;
    try {
      await client.query(
        `UPDATE members SET ${sets.join(', ')}, updated_at = now() WHERE id = ${sql.add(row.id)}`,
        sql.values,
      );
    } catch (err) {
      if ((err as { code?: string }).code === '23505') {
        throw fail('CONFLICT', '该用户在本机构已有此角色的账号');
      }
      throw err;
    }
  });
}

/**
 * configRoles: an admin sets a member's built-in role (never their own) and, when `roleIds` is
 * given, the organization's custom roles they hold (server/permission/holders.ts).
 */
export async function configRole(
  pool: Pool,
  scope: Scope,
  id: number,
  role: MemberRole,
  roleIds?: readonly number[],
) {
  if (!isAdminScope(scope)) throw fail('FORBIDDEN', '更改角色需机构管理员操作');
  const row = await readPerson(pool, scope, 'members', id);
  if (scope.kind === 'organization' && row.organization_id !== scope.organizationId) {
    throw fail('NOT_FOUND', `成员 ${id} 不存在`);
  }
  await updatePerson(pool, scope, 'members', { id, role }, (client) =>
    setMemberRoles(client, { id, organizationId: row.organization_id, role }, roleIds),
  );
}

/**
 * Deletes a person with no history; one who learned, bought or taught is switched off
 * instead (their records are the organization's and the learner's).
 */
export async function deletePerson(pool: Pool, id: number): Promise<void> {
  await withTransaction(pool, async (client) => {
    const { rows } = await client.query<{ used: boolean; role: string; org: number }>(
      `SELECT m.role, m.organization_id AS org,
              EXISTS (SELECT 1 FROM orders WHERE member_id = m.id)
              OR EXISTS (SELECT 1 FROM member_questions WHERE member_id = m.id)
              OR EXISTS (SELECT 1 FROM grade_teachers WHERE member_id = m.id)
              OR EXISTS (SELECT 1 FROM exam_paper_enrolls WHERE member_id = m.id) AS used
         FROM members m WHERE m.id = $1 FOR UPDATE`,
      [id],
    );
    const row = rows[0];
    if (!row) throw fail('NOT_FOUND', `成员 ${id} 不存在`);
    if (row.used) throw fail('CONFLICT', '该成员已有学习、订单或授课记录，不能删除（可停用）');
    if (row.role === 'orgAdmin') await assertAnotherAdmin(client, row.org, id);
    await client.query('UPDATE users SET last_member_id = NULL WHERE last_member_id = $1', [id]);
    try {
      await client.query('DELETE FROM members WHERE id = $1', [id]);
    } catch (err) {
      // Anything else they left a mark on (a class they created, a review they made …).
      if ((err as { code?: string }).code === '23503') {
        throw fail('CONFLICT', '该成员在平台上有操作记录，不能删除（可停用）');
      }
      throw err;
    }
  });
}

/** oj member update: the learner's own profile. */
export async function updateProfile(
  pool: Pool,
  memberId: number,
  input: z.output<typeof profileUpdate>,
): Promise<void> {
  const sql = new SqlParams();
  const sets = setClause(
    [
      ['nickname', input.nickname],
      ['real_name', input.realName],
      ['school', input.school],
      ['grade_level', input.gradeLevel],
    ],
    sql,
  );
  if (sets.length === 0) return;
  await pool.query(
    `UPDATE members SET ${sets.join(', ')}, updated_at = now() WHERE id = ${sql.add(memberId)}`,
    sql.values,
  );
}

/**
 * A printable member card. The check code is a checksum over the card number (mod 97, as
 * IBANs): it catches a mistyped number at the desk; it is not a signature.
 */
export async function memberCard(pool: Pool, scope: Scope, id: number) {
  const row = await readPerson(pool, scope, 'members', id);
  const cardNo = `XA${String(row.organization_id).padStart(4, '0')}${String(row.id).padStart(8, '0')}`;
  const digits = cardNo.slice(2);
  const check = 98 - Number((BigInt(digits) * 100n) % 97n);
  return {
    memberId: row.id,
    cardNo,
    nickname: row.nickname,
    realName: row.real_name,
    role: row.role,
    studentNo: row.student_no,
    organizationName: row.organization_name,
    issuedAt: new Date().toISOString(),
    verifyCode: String(check).padStart(2, '0'),
  };
}

export async function memberStatistics(db: Queryable, scope: Scope) {
  const sql = new SqlParams();
  const where = learnerRows(scope, 'm.id', sql);
  const { rows } = await db.query<Record<string, number>>(
    `SELECT count(*) FILTER (WHERE m.role = 'student')::int AS students,
            count(*) FILTER (WHERE m.role = 'parent')::int AS parents,
            count(*) FILTER (WHERE m.role = 'teacher')::int AS teachers,
            count(*) FILTER (WHERE m.role = 'orgAdmin')::int AS admins,
            count(*) FILTER (WHERE m.approval = 'reviewing')::int AS pending,
            count(*) FILTER (WHERE m.status = 'disabled')::int AS disabled,
            count(*) FILTER (WHERE m.created_at >= date_trunc('month', now()))::int AS new_this_month,
            count(*) FILTER (WHERE m.last_login_at >= now() - interval '7 days')::int AS active7
       FROM members m WHERE ${where}`,
    sql.values,
  );
  const r = rows[0]!;
  return {
    students: r.students!,
    parents: r.parents!,
    teachers: r.teachers!,
    admins: r.admins!,
    pending: r.pending!,
    disabled: r.disabled!,
    newThisMonth: r.new_this_month!,
    activeLast7Days: r.active7!,
  };
}

/** The points ranking: the caller's organization (platform staff: everyone). */
export async function pointsRanking(db: Queryable, scope: Scope, size: number) {
  if (scope.kind === 'learner' && !(await controlAllows(db, scope.memberId, 'viewRanking'))) {
    throw fail('FORBIDDEN', '你所在的班级未开放排行榜');
  }
  const sql = new SqlParams();
  const where = managedBy(scope, 'm.organization_id', sql);
  const { rows } = await db.query<{
    member_id: number;
    nickname: string;
    organization_name: string;
    points: number;
    rank: number;
  }>(
    `SELECT m.id AS member_id, m.nickname, o.name AS organization_name, t.points,
            rank() OVER (ORDER BY t.points DESC)::int AS rank
       FROM (SELECT member_id, sum(points)::int AS points FROM member_points GROUP BY member_id) t
       JOIN members m ON m.id = t.member_id JOIN organizations o ON o.id = m.organization_id
      WHERE ${where} AND t.points > 0 ORDER BY t.points DESC, m.id LIMIT ${sql.add(size)}`,
    sql.values,
  );
  return rows.map((r) => ({
    rank: r.rank,
    memberId: r.member_id,
    nickname: r.nickname,
    organizationName: r.organization_name,
    points: r.points,
  }));
}

/** A lookup by exact mobile or username across the platform, with names and numbers masked. */
export async function anonQuery(db: Queryable, keyword: string, page: PageQuery) {
  const rows = await pagedRows<{
    id: number;
    nickname: string;
    mobile: string | null;
    role: MemberRole;
    organization_name: string;
  }>(
    db,
    {
      select: 'm.id, m.nickname, u.mobile, m.role, o.name AS organization_name',
      from: `FROM members m JOIN users u ON u.id = m.user_id
             JOIN organizations o ON o.id = m.organization_id
            WHERE m.status = 'active' AND (u.mobile = $1 OR lower(u.username) = lower($1))`,
      params: [keyword],
      order: 'm.id',
    },
    page,
  );
  return {
    ...rows,
    content: rows.content.map((r) => ({
      id: r.id,
      maskedName: maskName(r.nickname),
      maskedMobile: maskMobile(r.mobile),
      role: r.role,
      organizationName: r.organization_name,
    })),
  } satisfies Page<unknown>;
}

/** The teachers of a learner: through the classes they are in, or bound to them directly. */
export async function teachersOfMember(db: Queryable, memberId: number) {
  const { rows } = await db.query<{
    member_id: number;
    nickname: string;
    organization_name: string;
    grade_names: string[];
    bound: boolean;
  }>(
    `SELECT t.id AS member_id, t.nickname, o.name AS organization_name,
            coalesce(array_agg(DISTINCT g.name) FILTER (WHERE g.id IS NOT NULL), '{}') AS grade_names,
            bool_or(b.bound) AS bound
       FROM (SELECT gt.member_id AS teacher, gt.grade_id, false AS bound
               FROM grade_teachers gt JOIN grade_members gm ON gm.grade_id = gt.grade_id
              WHERE gm.member_id = $1
             UNION ALL
             SELECT gm.teacher_member_id, gm.grade_id, true FROM grade_members gm
              WHERE gm.member_id = $1 AND gm.teacher_member_id IS NOT NULL
             UNION ALL
             SELECT teacher_member_id, NULL, true FROM member_teachers
              WHERE student_member_id = $1) b
       JOIN members t ON t.id = b.teacher JOIN organizations o ON o.id = t.organization_id
       LEFT JOIN grades g ON g.id = b.grade_id AND g.deleted_at IS NULL
      GROUP BY t.id, t.nickname, o.name ORDER BY t.id`,
    [memberId],
  );
  return rows.map((r) => ({
    memberId: r.member_id,
    nickname: r.nickname,
    organizationName: r.organization_name,
    gradeNames: r.grade_names,
    bound: r.bound,
  }));
}

/** addMemberToMine: a learner of the teacher's organization becomes theirs to follow. */
export async function addMemberToMine(pool: Pool, scope: Scope, memberId: number) {
  if (scope.kind !== 'organization') throw fail('FORBIDDEN', '只有机构教师可以添加本人学员');
  const { rows } = await pool.query<{ role: MemberRole }>(
    `SELECT role FROM members WHERE id = $1 AND organization_id = $2`,
    [memberId, scope.organizationId],
  );
  if (!rows[0]) throw fail('NOT_FOUND', `本机构没有成员 ${memberId}`);
  if (rows[0].role !== 'student') throw fail('CONFLICT', '只能添加学员');
  await pool.query(
    `INSERT INTO member_teachers (teacher_member_id, student_member_id) VALUES ($1, $2)
     ON CONFLICT DO NOTHING`,
    [scope.memberId, memberId],
  );
  return { teacherMemberId: scope.memberId, memberId };
}

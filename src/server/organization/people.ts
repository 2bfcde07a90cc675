/**
 * Reading the people of organizations: learners and parents (organizationMember, member) and
 * staff (teacherMember), each under the caller's scope (access/predicates.ts): platform staff
 * everyone, an organization admin their organization, a teacher their own students (and
 * their organization's staff, as colleagues), a learner themselves.
 */
import type { z } from 'zod';
import type { Page, PageQuery } from '../../contract/paging.ts';
import type { MemberItem, MEMBER_SORT, memberFilter } from '../../contract/organization/members.ts';
import type {
  TEACHER_SORT,
  teacherFilter,
  teacherItem,
} from '../../contract/organization/teachers.ts';
import { learnerRows } from '../access/predicates.ts';
import type { Scope } from '../access/scope.ts';
import type { Queryable } from '../db/pool.ts';
import { SqlParams } from '../db/sql-params.ts';
import { fail } from '../http/app-error.ts';
import { orderBy, pagedRows, type SortColumns } from '../http/paging.ts';

type TeacherItem = z.infer<typeof teacherItem>;
type Ref = { id: number; name: string };

export interface PersonRow {
  id: number;
  user_id: number;
  username: string;
  nickname: string;
  real_name: string;
  mobile: string | null;
  role: MemberItem['role'];
  status: MemberItem['status'];
  approval: MemberItem['approval'];
  tags: string[];
  student_no: string;
  school: string;
  grade_level: string;
  remark: string;
  organization_id: number;
  organization_name: string;
  created_at: Date;
  last_login_at: Date | null;
  grades: Ref[];
  groups: Ref[];
  roles: Ref[];
}

const PERSON_COLUMNS = `m.id, m.user_id, u.username, m.nickname, m.real_name, u.mobile, m.role,
  m.status, m.approval, m.tags, m.student_no, m.school, m.grade_level, m.remark,
  m.organization_id, o.name AS organization_name, m.created_at, m.last_login_at,
  coalesce((SELECT json_agg(json_build_object('id', g.id, 'name', g.name) ORDER BY g.id)
     FROM grades g WHERE g.deleted_at IS NULL
      AND (EXISTS (SELECT 1 FROM grade_members gm WHERE gm.grade_id = g.id AND gm.member_id = m.id)
        OR EXISTS (SELECT 1 FROM grade_teachers gt WHERE gt.grade_id = g.id AND gt.member_id = m.id))),
    '[]'::json) AS grades,
  coalesce((SELECT json_agg(json_build_object('id', tg.id, 'name', tg.name) ORDER BY tg.sort, tg.id)
     FROM teacher_group_members tgm JOIN teacher_groups tg ON tg.id = tgm.group_id
    WHERE tgm.member_id = m.id), '[]'::json) AS groups,
  coalesce((SELECT json_agg(json_build_object('id', r.id, 'name', r.name) ORDER BY r.id)
     FROM member_roles mr JOIN roles r ON r.id = mr.role_id WHERE mr.member_id = m.id),
    '[]'::json) AS roles`;
const PERSON_FROM = `FROM members m JOIN users u ON u.id = m.user_id
  JOIN organizations o ON o.id = m.organization_id`;

const iso = (d: Date | null) => d?.toISOString() ?? null;

export const toMemberItem = (r: PersonRow): MemberItem => ({
  id: r.id,
  userId: r.user_id,
  username: r.username,
  nickname: r.nickname,
  realName: r.real_name,
  mobile: r.mobile,
  role: r.role,
  status: r.status,
  approval: r.approval,
  tags: r.tags,
  studentNo: r.student_no,
  school: r.school,
  gradeLevel: r.grade_level,
  remark: r.remark,
  organizationId: r.organization_id,
  organizationName: r.organization_name,
  grades: r.grades,
  roles: r.roles,
  createdAt: r.created_at.toISOString(),
  lastLoginAt: iso(r.last_login_at),
});

export const toTeacherItem = (r: PersonRow): TeacherItem => ({
  id: r.id,
  userId: r.user_id,
  username: r.username,
  nickname: r.nickname,
  realName: r.real_name,
  mobile: r.mobile,
  role: r.role === 'orgAdmin' ? 'orgAdmin' : 'teacher',
  status: r.status,
  organizationId: r.organization_id,
  organizationName: r.organization_name,
  groups: r.groups,
  grades: r.grades,
  roles: r.roles,
  createdAt: r.created_at.toISOString(),
  lastLoginAt: iso(r.last_login_at),
});

export const LEARNER_ROLES = ['student', 'parent'] as const;

/** Which people a list shows: learners' records, or an organization's staff. */
export type PeopleKind = 'members' | 'teachers';

/** The people rows the scope may read. */
export function visiblePeople(scope: Scope, kind: PeopleKind, sql: SqlParams): string {
  if (kind === 'teachers') {
    const staff = `m.role IN ('teacher', 'orgAdmin')`;
    if (scope.kind === 'platform') return staff;
    if (scope.kind === 'learner') return 'false';
    return `${staff} AND m.organization_id = ${sql.add(scope.organizationId)}`;
  }
  return learnerRows(scope, 'm.id', sql);
}

type MemberFilter = z.output<typeof memberFilter>;
type TeacherFilter = z.output<typeof teacherFilter>;

function keywordClause(keyword: string, sql: SqlParams): string {
  const k = sql.add(keyword);
  return `(strpos(m.nickname, ${k}) > 0 OR strpos(m.real_name, ${k}) > 0
    OR strpos(lower(u.username), lower(${k})) > 0 OR strpos(coalesce(u.mobile, ''), ${k}) > 0)`;
}

/** The filters members and teachers share, after who the scope may read. */
function peopleClauses(
  scope: Scope,
  kind: PeopleKind,
  filter: Pick<MemberFilter, 'keyword' | 'role' | 'status' | 'organizationId'>,
  sql: SqlParams,
): string[] {
  const clauses = [visiblePeople(scope, kind, sql)];
  if (filter.keyword) clauses.push(keywordClause(filter.keyword, sql));
  if (filter.role) clauses.push(`m.role = ${sql.add(filter.role)}`);
  if (filter.status) clauses.push(`m.status = ${sql.add(filter.status)}`);
  if (filter.organizationId) clauses.push(`m.organization_id = ${sql.add(filter.organizationId)}`);
  return clauses;
}

function memberWhere(scope: Scope, filter: MemberFilter, sql: SqlParams): string {
  const clauses = peopleClauses(scope, 'members', filter, sql);
  if (filter.approval) clauses.push(`m.approval = ${sql.add(filter.approval)}`);
  if (filter.tag) clauses.push(`${sql.add(filter.tag)} = ANY(m.tags)`);
  if (filter.gradeId) {
    clauses.push(`EXISTS (SELECT 1 FROM grade_members gm WHERE gm.member_id = m.id
      AND gm.grade_id = ${sql.add(filter.gradeId)})`);
  }
  return clauses.join(' AND ');
}

function teacherWhere(scope: Scope, filter: TeacherFilter, sql: SqlParams): string {
  const clauses = peopleClauses(scope, 'teachers', filter, sql);
  if (filter.groupId) {
    clauses.push(`EXISTS (SELECT 1 FROM teacher_group_members tgm WHERE tgm.member_id = m.id
      AND tgm.group_id = ${sql.add(filter.groupId)})`);
  }
  return clauses.join(' AND ');
}

const memberSortable: SortColumns<typeof MEMBER_SORT> = {
  id: 'm.id',
  nickname: 'm.nickname',
  createdAt: 'm.created_at',
  lastLoginAt: 'm.last_login_at',
};
const teacherSortable: SortColumns<typeof TEACHER_SORT> = {
  id: 'm.id',
  nickname: 'm.nickname',
  createdAt: 'm.created_at',
};

async function pageOfPeople(
  db: Queryable,
  where: string,
  sql: SqlParams,
  order: string,
  page: PageQuery,
): Promise<Page<PersonRow>> {
  return pagedRows<PersonRow>(
    db,
    { select: PERSON_COLUMNS, from: `${PERSON_FROM} WHERE ${where}`, params: sql.values, order },
    page,
  );
}

export async function listMembers(
  db: Queryable,
  scope: Scope,
  filter: MemberFilter,
  page: PageQuery,
): Promise<Page<MemberItem>> {
  const sql = new SqlParams();
  const where = memberWhere(scope, filter, sql);
  const rows = await pageOfPeople(
    db,
    where,
    sql,
    orderBy(page, memberSortable, 'm.id DESC', 'm.id DESC'),
    page,
  );
  return { ...rows, content: rows.content.map(toMemberItem) };
}

export async function listTeachers(
  db: Queryable,
  scope: Scope,
  filter: TeacherFilter,
  page: PageQuery,
): Promise<Page<TeacherItem>> {
  const sql = new SqlParams();
  const where = teacherWhere(scope, filter, sql);
  const rows = await pageOfPeople(
    db,
    where,
    sql,
    orderBy(page, teacherSortable, 'm.id ASC', 'm.id ASC'),
    page,
  );
  return { ...rows, content: rows.content.map(toTeacherItem) };
}

/** One person the scope may read, or NOT_FOUND (another organization's too). */
export async function readPerson(
  db: Queryable,
  scope: Scope,
  kind: PeopleKind,
  id: number,
): Promise<PersonRow> {
  const sql = new SqlParams();
  const where = `${visiblePeople(scope, kind, sql)} AND m.id = ${sql.add(id)}`;
  const { rows } = await db.query<PersonRow>(
    `SELECT ${PERSON_COLUMNS} ${PERSON_FROM} WHERE ${where}`,
    sql.values,
  );
  const row = rows[0];
  if (!row) throw fail('NOT_FOUND', `${kind === 'teachers' ? '教师' : '成员'} ${id} 不存在`);
  return row;
}

/** People by their mobile, as the scope may read them. */
export async function peopleByMobile(
  db: Queryable,
  scope: Scope,
  mobile: string,
): Promise<MemberItem[]> {
  const sql = new SqlParams();
  const where = `${visiblePeople(scope, 'members', sql)} AND u.mobile = ${sql.add(mobile)}`;
  const { rows } = await db.query<PersonRow>(
    `SELECT ${PERSON_COLUMNS} ${PERSON_FROM} WHERE ${where} ORDER BY m.id`,
    sql.values,
  );
  return rows.map(toMemberItem);
}

/**
 * Throws unless the scope may change this person's record: platform staff anyone; an
 * organization admin anyone in their organization; a teacher only their own learners.
 */
export function assertMayEdit(scope: Scope, row: PersonRow): void {
  if (scope.kind === 'platform') return;
  if (scope.kind === 'learner') throw fail('FORBIDDEN');
  if (row.organization_id !== scope.organizationId) throw fail('NOT_FOUND');
  if (scope.role === 'orgAdmin') return;
  if (!(LEARNER_ROLES as readonly string[]).includes(row.role)) {
    throw fail('FORBIDDEN', '教师只能修改本人学员的资料');
  }
}

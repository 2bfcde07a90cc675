/**
 * Organizations (issue 8 item 1): a teacher applies to open one and platform staff pass it —
 * its applicant becomes its first organization admin in the same transaction — or reject it
 * with a reason the applicant can act on (lifecycles/organization.ts). Platform staff create
 * organizations directly. An organization admin edits their own; switching it off (status) and
 * making it the public one are the platform's.
 */
import type { z } from 'zod';
import type { Page, PageQuery } from '../../contract/paging.ts';
import type {
  ORGANIZATION_SORT,
  OrganizationItem,
  organizationCreate,
  organizationFilter,
  organizationUpdate,
} from '../../contract/organization/organizations.ts';
import { nextState } from '../../machines/lifecycles/lifecycle.ts';
import { organizationLifecycle } from '../../machines/lifecycles/organization.ts';
import { submitDetails } from '../../machines/lifecycles/review.ts';
import { rightsOfCards, VALID_CARD } from '../accounts/rights.ts';
import type { Scope } from '../access/scope.ts';
import { withTransaction, type Pool, type PoolClient, type Queryable } from '../db/pool.ts';
import { SqlParams } from '../db/sql-params.ts';
import { fail } from '../http/app-error.ts';
import { orderBy, pagedRows, type SortColumns } from '../http/paging.ts';
import { refuseDuplicate } from '../http/unique.ts';
import { validationError } from '../http/validation-error.ts';
import { recordTransition, transitionRow, type LifecycleRows } from '../lifecycle/transition.ts';

export const ORGANIZATION_ROWS: LifecycleRows = {
  entity: 'organization',
  table: 'organizations',
  column: 'state',
};

interface OrganizationRow {
  id: number;
  name: string;
  short_name: string;
  description: string;
  contact_name: string;
  contact_mobile: string;
  address: string;
  is_public: boolean;
  status: OrganizationItem['status'];
  state: OrganizationItem['state'];
  review_reason: string | null;
  member_approval: boolean;
  homework_review: boolean;
  exam_review: boolean;
  applicant_name: string | null;
  applicant_user_id: number | null;
  student_count: number;
  teacher_count: number;
  grade_count: number;
  created_at: Date;
}

const COLUMNS = `o.id, o.name, o.short_name, o.description, o.contact_name, o.contact_mobile,
  o.address, o.is_public, o.status, o.state, o.review_reason, o.member_approval,
  o.homework_review, o.exam_review, au.nickname AS applicant_name, o.applicant_user_id, o.created_at,
  (SELECT count(*) FROM members x WHERE x.organization_id = o.id
      AND x.role IN ('student', 'parent'))::int AS student_count,
  (SELECT count(*) FROM members x WHERE x.organization_id = o.id
      AND x.role IN ('teacher', 'orgAdmin'))::int AS teacher_count,
  (SELECT count(*) FROM grades g WHERE g.organization_id = o.id
      AND g.deleted_at IS NULL)::int AS grade_count`;
const FROM = 'FROM organizations o LEFT JOIN users au ON au.id = o.applicant_user_id';

const toItem = (r: OrganizationRow): OrganizationItem => ({
  id: r.id,
  name: r.name,
  shortName: r.short_name,
  description: r.description,
  contactName: r.contact_name,
  contactMobile: r.contact_mobile,
  address: r.address,
  isPublic: r.is_public,
  status: r.status,
  state: r.state,
  reviewReason: r.review_reason,
  memberApproval: r.member_approval,
  homeworkReview: r.homework_review,
  examReview: r.exam_review,
  applicantName: r.applicant_name,
  studentCount: r.student_count,
  teacherCount: r.teacher_count,
  gradeCount: r.grade_count,
  createdAt: r.created_at.toISOString(),
});

/** Platform staff every organization; staff their own and the applications they made. */
function visibleOrganizations(scope: Scope, sql: SqlParams): string {
  if (scope.kind === 'platform') return 'true';
  const me = sql.add(scope.memberId);
  return `(o.id = ${sql.add(scope.organizationId)}
    OR o.applicant_user_id = (SELECT user_id FROM members WHERE id = ${me}))`;
}

async function readRow(db: Queryable, scope: Scope, id: number): Promise<OrganizationRow> {
  const sql = new SqlParams();
  const where = `${visibleOrganizations(scope, sql)} AND o.id = ${sql.add(id)}`;
  const { rows } = await db.query<OrganizationRow>(
    `SELECT ${COLUMNS} ${FROM} WHERE ${where}`,
    sql.values,
  );
  if (!rows[0]) throw fail('NOT_FOUND', `机构 ${id} 不存在`);
  return rows[0];
}

export const readOrganization = async (db: Queryable, scope: Scope, id: number) =>
  toItem(await readRow(db, scope, id));

const sortable: SortColumns<typeof ORGANIZATION_SORT> = {
  id: 'o.id',
  name: 'o.name',
  createdAt: 'o.created_at',
};

export async function listOrganizations(
  db: Queryable,
  scope: Scope,
  filter: z.output<typeof organizationFilter>,
  page: PageQuery,
): Promise<Page<OrganizationItem>> {
  const sql = new SqlParams();
  const clauses = [visibleOrganizations(scope, sql)];
  if (filter.keyword) {
    const k = sql.add(filter.keyword);
    clauses.push(`(strpos(o.name, ${k}) > 0 OR strpos(o.short_name, ${k}) > 0)`);
  }
  if (filter.state) clauses.push(`o.state = ${sql.add(filter.state)}`);
  if (filter.status) clauses.push(`o.status = ${sql.add(filter.status)}`);
  const rows = await pagedRows<OrganizationRow>(
    db,
    {
      select: COLUMNS,
      from: `${FROM} WHERE ${clauses.join(' AND ')}`,
      params: sql.values,
      order: orderBy(page, sortable, 'o.id DESC', 'o.id DESC'),
    },
    page,
  );
  return { ...rows, content: rows.content.map(toItem) };
}

type Actor = { userId: number; memberId: number };

/** Makes `userId` an admin of the organization (their existing admin account kept). */
async function addAdmin(client: PoolClient, organizationId: number, userId: number) {
  await client.query(
    `INSERT INTO members (user_id, organization_id, role, nickname)
     SELECT id, $2, 'orgAdmin', nickname FROM users WHERE id = $1
     ON CONFLICT (user_id, organization_id, role) DO NOTHING`,
    [userId, organizationId],
  );
}

/**
 * Creates an organization: platform staff's passed at once (with a first admin when they name
 * one by mobile), a teacher's as an application for review. One open application per person.
 */
export async function createOrganization(
  pool: Pool,
  scope: Scope,
  input: z.output<typeof organizationCreate>,
  actor: Actor,
  requestId: string,
): Promise<OrganizationItem> {
  const trusted = scope.kind === 'platform';
  if (!trusted && input.adminMobile !== undefined) {
    throw validationError([
      { field: 'body.adminMobile', message: '申请人即机构管理员，不能另行指定' },
    ]);
  }
  const id = await withTransaction(pool, async (client) => {
    let adminUserId: number | null = null;
    if (input.adminMobile) {
      const user = await client.query<{ id: number }>('SELECT id FROM users WHERE mobile = $1', [
        input.adminMobile,
      ]);
      adminUserId = user.rows[0]?.id ?? null;
      if (adminUserId === null) {
        throw validationError([{ field: 'body.adminMobile', message: '该手机号尚未注册' }]);
      }
    }
    const applicant = trusted
      ? null
      : (
          await client.query<{ user_id: number }>('SELECT user_id FROM members WHERE id = $1', [
            scope.memberId,
          ])
        ).rows[0]!.user_id;
    if (applicant !== null) {
      // Serialises one person's applications: the check below cannot race itself.
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`orgApply:${applicant}`]);
      const open = await client.query(
        `SELECT name FROM organizations WHERE applicant_user_id = $1 AND state = 'reviewing'`,
        [applicant],
      );
      if (open.rows.length > 0) {
        throw fail('CONFLICT', '您已有一份待审核的开设申请，请等待审核结果');
      }
    }
    const state = nextState(organizationLifecycle, 'none', 'submit', submitDetails(trusted))!;
    const inserted = await refuseDuplicate(
      () =>
        client.query<{ id: number }>(
          `INSERT INTO organizations (name, short_name, description, contact_name, contact_mobile,
                                      address, member_approval, homework_review, exam_review,
                                      state, applicant_user_id)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
          [
            input.name,
            input.shortName,
            input.description,
            input.contactName,
            input.contactMobile,
            input.address,
            input.memberApproval,
            input.homeworkReview,
            input.examReview,
            state,
            applicant,
          ],
        ),
      'body.name',
      '机构名称已被使用',
    );
    const orgId = inserted.rows[0]!.id;
    await recordTransition(
      client,
      ORGANIZATION_ROWS.entity,
      { id: orgId, action: 'submit', actor, requestId },
      'none',
      state,
    );
    if (adminUserId !== null) await addAdmin(client, orgId, adminUserId);
    return orgId;
  });
  return readOrganization(pool, scope, id);
}

/**
 * Changes an organization: platform staff any field; its admin their organization's profile
 * and settings; the applicant a rejected application, which goes back to review.
 */
export async function updateOrganization(
  pool: Pool,
  scope: Scope,
  input: z.output<typeof organizationUpdate>,
  actor: Actor,
  requestId: string,
): Promise<OrganizationItem> {
  const row = await readRow(pool, scope, input.id);
  const admin =
    scope.kind === 'platform' ||
    (scope.kind === 'organization' && scope.role === 'orgAdmin' && row.id === scope.organizationId);
  const applicantResubmits = !admin && row.state === 'rejected';
  if (!admin && !applicantResubmits) {
    throw fail(
      'FORBIDDEN',
      row.state === 'reviewing' ? '申请审核中，暂不能修改' : '只有机构管理员可以修改机构资料',
    );
  }
  if (scope.kind !== 'platform' && (input.status !== undefined || input.isPublic !== undefined)) {
    throw fail('FORBIDDEN', '停用机构或设为公共机构需平台管理员操作');
  }
  await withTransaction(pool, async (client) => {
    const sets: string[] = [];
    const sql = new SqlParams();
    const set = (col: string, value: unknown) => {
      if (value !== undefined) sets.push(`${col} = ${sql.add(value)}`);
    };
    set('name', input.name);
    set('short_name', input.shortName);
    set('description', input.description);
    set('contact_name', input.contactName);
    set('contact_mobile', input.contactMobile);
    set('address', input.address);
    set('member_approval', input.memberApproval);
    set('homework_review', input.homeworkReview);
    set('exam_review', input.examReview);
    set('status', input.status);
    set('is_public', input.isPublic);
    if (sets.length > 0) {
      await refuseDuplicate(
        () =>
          client.query(
            `UPDATE organizations SET ${sets.join(', ')}, updated_at = now()
              WHERE id = ${sql.add(input.id)}`,
            sql.values,
          ),
        'body.name',
        '机构名称已被使用',
      );
    }
    if (applicantResubmits) {
      await transitionRow(client, organizationLifecycle, ORGANIZATION_ROWS, {
        id: input.id,
        action: 'submit',
        actor,
        requestId,
      });
    }
  });
  return readOrganization(pool, scope, input.id);
}

/** Platform staff pass (the applicant becomes its admin) or reject (with the reason kept). */
export async function reviewOrganization(
  pool: Pool,
  id: number,
  action: 'pass' | 'reject',
  reason: string | undefined,
  actor: Actor,
  requestId: string,
): Promise<void> {
  await withTransaction(pool, async (client) => {
    await transitionRow(client, organizationLifecycle, ORGANIZATION_ROWS, {
      id,
      action,
      actor,
      reason,
      requestId,
    });
    const { rows } = await client.query<{ applicant_user_id: number | null }>(
      `UPDATE organizations SET review_reason = $2 WHERE id = $1 RETURNING applicant_user_id`,
      [id, action === 'reject' ? (reason ?? null) : null],
    );
    const applicant = rows[0]?.applicant_user_id ?? null;
    if (action === 'pass' && applicant !== null) await addAdmin(client, id, applicant);
  });
}

/** Only an organization nobody ever joined: one with people or classes is switched off instead. */
export async function deleteOrganization(pool: Pool, id: number): Promise<void> {
  await withTransaction(pool, async (client) => {
    const { rows } = await client.query<{ people: number; grades: number; public: boolean }>(
      `SELECT (SELECT count(*) FROM members WHERE organization_id = o.id)::int AS people,
              (SELECT count(*) FROM grades WHERE organization_id = o.id)::int AS grades,
              o.is_public AS public
         FROM organizations o WHERE o.id = $1 FOR UPDATE`,
      [id],
    );
    const row = rows[0];
    if (!row) throw fail('NOT_FOUND', `机构 ${id} 不存在`);
    if (row.public) throw fail('CONFLICT', '公共机构不能删除');
    if (row.people > 0 || row.grades > 0) {
      throw fail(
        'CONFLICT',
        `机构已有 ${row.people} 名成员、${row.grades} 个班级，不能删除（可停用）`,
      );
    }
    await client.query('DELETE FROM organizations WHERE id = $1', [id]);
  });
}

/** The organization's rights: those of the valid teacher cards (type '1') its staff hold. */
export async function organizationRights(db: Queryable, organizationId: number) {
  const org = await db.query<{ name: string; students: number; teachers: number }>(
    `SELECT o.name,
            (SELECT count(*) FROM members x WHERE x.organization_id = o.id
                AND x.role IN ('student', 'parent'))::int AS students,
            (SELECT count(*) FROM members x WHERE x.organization_id = o.id
                AND x.role IN ('teacher', 'orgAdmin'))::int AS teachers
       FROM organizations o WHERE o.id = $1`,
    [organizationId],
  );
  const cards = await db.query<{ rights: string[]; expire_date: Date }>(
    `SELECT ms.rights, mm.expire_date
       FROM member_memberships mm JOIN memberships ms ON ms.id = mm.membership_id
       JOIN members m ON m.id = mm.member_id
      WHERE m.organization_id = $1 AND m.role IN ('teacher', 'orgAdmin') AND ms.type = '1'
        AND ${VALID_CARD}`,
    [organizationId],
  );
  const granted = await rightsOfCards(db, cards.rows);
  const o = org.rows[0]!;
  return {
    organizationId,
    organizationName: o.name,
    ...granted,
    studentCount: o.students,
    teacherCount: o.teachers,
  };
}

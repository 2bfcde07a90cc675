/**
 * Classes (issue 8 item 3): written by an organization's staff as drafts, published to take
 * enrollments (and, when public, to appear in the home page's catalogue), unpublished, stopped
 * (lifecycles/grade.ts). What learners see of a published class — 报名中, 开课中, 已结课 … —
 * is `grade_status()` of its state and dates (migration 0011).
 *
 * Who reads which class: anyone the public catalogue (published or stopped public classes of
 * active organizations); a learner also the classes they are in; staff also the classes they
 * manage (access/predicates.ts gradeRows: an organization admin all of theirs, a teacher those
 * they teach). Only staff who manage a class change it.
 */
import type { z } from 'zod';
import { APP_ID } from '../../contract/envelope.ts';
import { inOrder } from '../../contract/fields.ts';
import type { Page, PageQuery } from '../../contract/paging.ts';
import type {
  GRADE_SORT,
  GradeItem,
  gradeCreate,
  gradeFilter,
  gradeUpdate,
} from '../../contract/grade/grades.ts';
import { CLASS_TIMES_MESSAGE, ENROLL_WINDOW_MESSAGE } from '../../contract/grade/grades.ts';
import { gradeRows } from '../access/predicates.ts';
import type { Scope } from '../access/scope.ts';
import { withTransaction, type Pool, type PoolClient, type Queryable } from '../db/pool.ts';
import { SqlParams } from '../db/sql-params.ts';
import { fail } from '../http/app-error.ts';
import { containsPattern, orderBy, pagedRows, type SortColumns } from '../http/paging.ts';
import { refuseDuplicate } from '../http/unique.ts';
import { validationError } from '../http/validation-error.ts';
import type { LifecycleRows } from '../lifecycle/transition.ts';
import { SEAT_STATES } from './order-kind.ts';

export const GRADE_ROWS: LifecycleRows = {
  entity: 'grade',
  table: 'grades',
  column: 'state',
  where: 'deleted_at IS NULL',
};

export const GRADE_STATUS_SQL = `grade_status(g.state, g.enroll_start_at, g.start_time, g.end_time, now())`;
const TAKEN = `(SELECT count(*) FROM orders po WHERE po.kind = 'grade' AND po.item_id = g.id
  AND po.deleted_at IS NULL AND po.state = ANY('{${SEAT_STATES.join(',')}}'::text[]))`;
/** Enrollment is open: published, inside its window, not over, not full. */
export const ENROLLABLE_SQL = `(g.state = 'published'
  AND (g.enroll_start_at IS NULL OR now() >= g.enroll_start_at)
  AND (g.enroll_end_at IS NULL OR now() < g.enroll_end_at)
  AND (g.end_time IS NULL OR now() < g.end_time)
  AND (g.capacity IS NULL OR ${TAKEN} < g.capacity))`;
/** The public catalogue: published (or stopped) public classes of active organizations. */
export const CATALOGUE_SQL = `(g.is_public AND g.state IN ('published', 'stopped')
  AND o.status = 'active')`;

const COLUMNS = `g.id, g.name, g.description, ${GRADE_STATUS_SQL} AS status, g.is_public, g.sort,
  g.app_id, g.organization_id, o.name AS organization_name, t.nickname AS teacher_name,
  (SELECT count(*) FROM grade_members gm WHERE gm.grade_id = g.id)::int AS member_count,
  g.price_fen, g.start_time, g.end_time, g.state, g.schedule, g.notes, g.capacity, g.lessons,
  g.cover_url, g.enroll_start_at, g.enroll_end_at, g.teacher_member_id, g.created_at,
  ${ENROLLABLE_SQL} AS enrollable,
  CASE WHEN g.capacity IS NULL THEN NULL ELSE greatest(g.capacity - ${TAKEN}, 0)::int END AS seats_left,
  coalesce((SELECT json_agg(json_build_object('id', m.id, 'nickname', m.nickname,
                    'head', m.id IS NOT DISTINCT FROM g.teacher_member_id) ORDER BY gt.added_at, m.id)
     FROM grade_teachers gt JOIN members m ON m.id = gt.member_id WHERE gt.grade_id = g.id),
    '[]'::json) AS teachers,
  coalesce((SELECT array_agg(DISTINCT grp ORDER BY grp)
     FROM grade_members gm, unnest(gm.groups) grp WHERE gm.grade_id = g.id), '{}') AS groups`;
const FROM = `FROM grades g JOIN organizations o ON o.id = g.organization_id
  LEFT JOIN members t ON t.id = g.teacher_member_id`;

interface GradeRow {
  id: number;
  name: string;
  description: string;
  status: GradeItem['status'];
  is_public: boolean;
  sort: number;
  app_id: string;
  organization_id: number;
  organization_name: string;
  teacher_name: string | null;
  member_count: number;
  price_fen: number;
  start_time: Date | null;
  end_time: Date | null;
  state: GradeItem['state'];
  schedule: string;
  notes: string;
  capacity: number | null;
  lessons: number;
  cover_url: string;
  enroll_start_at: Date | null;
  enroll_end_at: Date | null;
  teacher_member_id: number | null;
  created_at: Date;
  enrollable: boolean;
  seats_left: number | null;
  teachers: GradeItem['teachers'];
  groups: string[];
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

export const toGradeItem = (r: GradeRow): GradeItem => ({
  id: r.id,
  name: r.name,
  description: r.description,
  status: r.status,
  isPublic: r.is_public,
  sort: r.sort,
  appId: r.app_id,
  organizationId: r.organization_id,
  organizationName: r.organization_name,
  teacherName: r.teacher_name,
  memberCount: r.member_count,
  priceFen: r.price_fen,
  startTime: iso(r.start_time),
  endTime: iso(r.end_time),
  state: r.state,
  schedule: r.schedule,
  notes: r.notes,
  capacity: r.capacity,
  seatsLeft: r.seats_left,
  lessons: r.lessons,
  coverUrl: r.cover_url,
  enrollStartAt: iso(r.enroll_start_at),
  enrollEndAt: iso(r.enroll_end_at),
  teacherMemberId: r.teacher_member_id,
  teachers: r.teachers,
  groups: r.groups,
  enrollable: r.enrollable,
  createdAt: r.created_at.toISOString(),
});

/** Who reads a class on a call: a scope, or a visitor (null). */
export type GradeReader = Scope | null;

function readable(reader: GradeReader, sql: SqlParams): string {
  if (reader === null) return CATALOGUE_SQL;
  return `(${CATALOGUE_SQL} OR ${gradeRows(reader, 'g', sql)})`;
}

async function findGrade(
  db: Queryable,
  where: (sql: SqlParams) => string,
  id: number,
): Promise<GradeRow> {
  const sql = new SqlParams();
  const clause = `g.deleted_at IS NULL AND ${where(sql)} AND g.id = ${sql.add(id)}`;
  const { rows } = await db.query<GradeRow>(
    `SELECT ${COLUMNS} ${FROM} WHERE ${clause}`,
    sql.values,
  );
  if (!rows[0]) throw fail('NOT_FOUND', `班级 ${id} 不存在`);
  return rows[0];
}

/** A class the reader may read (the catalogue, their own, or one they manage). */
export const readGrade = async (db: Queryable, reader: GradeReader, id: number) =>
  toGradeItem(await findGrade(db, (sql) => readable(reader, sql), id));

/** A class the staff scope manages, or NOT_FOUND (FORBIDDEN for learners). */
export async function managedGrade(db: Queryable, scope: Scope, id: number): Promise<GradeItem> {
  if (scope.kind === 'learner') throw fail('FORBIDDEN', '学员不能管理班级');
  return toGradeItem(await findGrade(db, (sql) => gradeRows(scope, 'g', sql), id));
}

const sortable: SortColumns<typeof GRADE_SORT> = {
  sort: 'g.sort',
  id: 'g.id',
  name: 'g.name',
  startTime: 'g.start_time',
};

type GradeFilter = z.output<typeof gradeFilter>;

/**
 * Classes in a list: `catalogue` the public catalogue; otherwise the classes the scope works
 * in (managed by staff, sat in by a learner).
 */
export async function listGrades(
  db: Queryable,
  reader: GradeReader | 'catalogue',
  filter: GradeFilter,
  page: PageQuery,
): Promise<Page<GradeItem>> {
  const sql = new SqlParams();
  const clauses = [
    'g.deleted_at IS NULL',
    reader === 'catalogue' || reader === null ? CATALOGUE_SQL : gradeRows(reader, 'g', sql),
  ];
  if (filter.statusList) clauses.push(`${GRADE_STATUS_SQL} = ANY(${sql.add(filter.statusList)})`);
  if (filter.isPublic !== undefined) clauses.push(`g.is_public = ${sql.add(filter.isPublic)}`);
  if (filter.appIds) clauses.push(`g.app_id = ANY(${sql.add(filter.appIds)})`);
  if (filter.name) clauses.push(`g.name ILIKE ${sql.add(containsPattern(filter.name))}`);
  if (filter.state) clauses.push(`g.state = ${sql.add(filter.state)}`);
  if (filter.organizationId) clauses.push(`g.organization_id = ${sql.add(filter.organizationId)}`);
  if (filter.teacherMemberId) {
    clauses.push(`EXISTS (SELECT 1 FROM grade_teachers gt2 WHERE gt2.grade_id = g.id
      AND gt2.member_id = ${sql.add(filter.teacherMemberId)})`);
  }
  const rows = await pagedRows<GradeRow>(
    db,
    {
      select: COLUMNS,
      from: `${FROM} WHERE ${clauses.join(' AND ')}`,
      params: sql.values,
      order: orderBy(page, sortable, 'g.sort ASC', 'g.id ASC'),
    },
    page,
  );
  return { ...rows, content: rows.content.map(toGradeItem) };
}

/** Staff of the organization among `ids` (teachers and admins), else a VALIDATION naming field. */
async function assertStaff(db: Queryable, organizationId: number, ids: number[], field: string) {
  if (ids.length === 0) return;
  const { rows } = await db.query<{ id: number }>(
    `SELECT id FROM members WHERE id = ANY($1::int[]) AND organization_id = $2
        AND role IN ('teacher', 'orgAdmin') AND status = 'active'`,
    [ids, organizationId],
  );
  const missing = ids.filter((id) => !rows.some((r) => r.id === id));
  if (missing.length > 0) {
    throw validationError([{ field, message: `教师 ${missing.join('、')} 不是本机构的教师` }]);
  }
}

async function setTeachers(client: PoolClient, gradeId: number, teacherIds: number[]) {
  await client.query(
    'DELETE FROM grade_teachers WHERE grade_id = $1 AND NOT (member_id = ANY($2::int[]))',
    [gradeId, teacherIds],
  );
  await client.query(
    `INSERT INTO grade_teachers (grade_id, member_id) SELECT $1, unnest($2::int[])
     ON CONFLICT DO NOTHING`,
    [gradeId, teacherIds],
  );
}

const DUPLICATE_NAME = '本机构已有同名班级';

export async function createGrade(
  pool: Pool,
  scope: Scope,
  input: z.output<typeof gradeCreate>,
  platformOrganizationId: number,
): Promise<GradeItem> {
  if (scope.kind === 'learner') throw fail('FORBIDDEN', '学员不能创建班级');
  if (scope.kind === 'organization' && input.organizationId !== undefined) {
    if (input.organizationId !== scope.organizationId) {
      throw validationError([{ field: 'body.organizationId', message: '只能在本机构创建班级' }]);
    }
  }
  const organizationId =
    scope.kind === 'organization'
      ? scope.organizationId
      : (input.organizationId ?? platformOrganizationId);
  const org = await pool.query(
    `SELECT 1 FROM organizations WHERE id = $1 AND state = 'passed' AND status = 'active'`,
    [organizationId],
  );
  if (!org.rows[0]) {
    throw validationError([{ field: 'body.organizationId', message: '机构不存在或未启用' }]);
  }
  // A teacher who creates a class teaches it: it would otherwise vanish from their list.
  const teachers = [
    ...new Set([
      ...(scope.kind === 'organization' && scope.role === 'teacher' ? [scope.memberId] : []),
      ...input.teacherMemberIds,
    ]),
  ];
  await assertStaff(pool, organizationId, teachers, 'body.teacherMemberIds');
  const head = input.headTeacherId ?? teachers[0] ?? null;
  if (head !== null && !teachers.includes(head)) {
    throw validationError([{ field: 'body.headTeacherId', message: '班主任须是本班的教师' }]);
  }
  const id = await withTransaction(pool, async (client) => {
    const { rows } = await refuseDuplicate(
      () =>
        client.query<{ id: number }>(
          `INSERT INTO grades (organization_id, name, description, notes, schedule, is_public,
                               sort, app_id, price_fen, capacity, lessons, cover_url,
                               enroll_start_at, enroll_end_at, start_time, end_time,
                               teacher_member_id, state, created_by_member_id)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $18, $8, $9, $10, $11, $12, $13, $14, $15,
                   $16, 'draft', $17) RETURNING id`,
          [
            organizationId,
            input.name,
            input.description,
            input.notes,
            input.schedule,
            input.isPublic,
            input.sort,
            input.priceFen,
            input.capacity,
            input.lessons,
            input.coverUrl,
            input.enrollStartAt,
            input.enrollEndAt,
            input.startTime,
            input.endTime,
            head,
            scope.memberId,
            APP_ID,
          ],
        ),
      'body.name',
      DUPLICATE_NAME,
    );
    const gradeId = rows[0]!.id;
    await setTeachers(client, gradeId, teachers);
    return gradeId;
  });
  return readGrade(pool, scope, id);
}

export async function updateGrade(
  pool: Pool,
  scope: Scope,
  input: z.output<typeof gradeUpdate>,
): Promise<GradeItem> {
  const current = await managedGrade(pool, scope, input.id);
  // What is sent, merged with what is stored: sending one end of a range checks it against the
  // other (the contract checks only the values sent together).
  const merged = <K extends 'startTime' | 'endTime' | 'enrollStartAt' | 'enrollEndAt'>(key: K) =>
    input[key] === undefined ? current[key] : input[key];
  const bad = [
    !inOrder(merged('startTime'), merged('endTime')) && {
      field: 'body.endTime',
      message: CLASS_TIMES_MESSAGE,
    },
    !inOrder(merged('enrollStartAt'), merged('enrollEndAt')) && {
      field: 'body.enrollEndAt',
      message: ENROLL_WINDOW_MESSAGE,
    },
  ].filter((e) => e !== false);
  if (bad.length > 0) throw validationError(bad);
  const teachers = input.teacherMemberIds;
  if (teachers) await assertStaff(pool, current.organizationId, teachers, 'body.teacherMemberIds');
  const finalTeachers = teachers ?? current.teachers.map((t) => t.id);
  const head = input.headTeacherId === undefined ? current.teacherMemberId : input.headTeacherId;
  if (head !== null && !finalTeachers.includes(head)) {
    throw validationError([{ field: 'body.headTeacherId', message: '班主任须是本班的教师' }]);
  }
  await withTransaction(pool, async (client) => {
    await client.query('SELECT 1 FROM grades WHERE id = $1 FOR UPDATE', [input.id]);
    if (input.capacity !== undefined && input.capacity !== null) {
      const { rows } = await client.query<{ taken: number }>(
        `SELECT count(*)::int AS taken FROM orders WHERE kind = 'grade' AND item_id = $1
            AND deleted_at IS NULL AND state = ANY($2::text[])`,
        [input.id, SEAT_STATES],
      );
      if (rows[0]!.taken > input.capacity) {
        throw validationError([
          { field: 'body.capacity', message: `名额不能少于已报名的 ${rows[0]!.taken} 人` },
        ]);
      }
    }
    const sql = new SqlParams();
    const sets = (
      [
        ['name', input.name],
        ['description', input.description],
        ['notes', input.notes],
        ['schedule', input.schedule],
        ['is_public', input.isPublic],
        ['sort', input.sort],
        ['price_fen', input.priceFen],
        ['capacity', input.capacity],
        ['lessons', input.lessons],
        ['cover_url', input.coverUrl],
        ['enroll_start_at', input.enrollStartAt],
        ['enroll_end_at', input.enrollEndAt],
        ['start_time', input.startTime],
        ['end_time', input.endTime],
        ['teacher_member_id', head],
      ] as [string, unknown][]
    )
      .filter(([, v]) => v !== undefined)
      .map(([col, v]) => `${col} = ${sql.add(v)}`);
    await refuseDuplicate(
      () =>
        client.query(
          `UPDATE grades SET ${sets.join(', ')}, updated_at = now() WHERE id = ${sql.add(input.id)}`,
          sql.values,
        ),
      'body.name',
      DUPLICATE_NAME,
    );
    if (teachers) await setTeachers(client, input.id, teachers);
  });
  return readGrade(pool, scope, input.id);
}

/** Only a class nobody ever enrolled in; one with a history is stopped instead. */
export async function deleteGrade(pool: Pool, scope: Scope, id: number): Promise<void> {
  await managedGrade(pool, scope, id);
  await withTransaction(pool, async (client) => {
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM orders WHERE kind = 'grade' AND item_id = $1`,
      [id],
    );
    if (rows[0]!.n > 0) throw fail('CONFLICT', '班级已有报名记录，不能删除（可停止）');
    const homework = await client.query(
      'SELECT 1 FROM homeworks WHERE grade_id = $1 AND deleted_at IS NULL LIMIT 1',
      [id],
    );
    if (homework.rows.length > 0) throw fail('CONFLICT', '班级已布置作业，不能删除（可停止）');
    await client.query('UPDATE grades SET deleted_at = now() WHERE id = $1', [id]);
    await client.query('DELETE FROM grade_teachers WHERE grade_id = $1', [id]);
  });
}

/** addGradeToMine: a teacher joins a class of their organization as one of its teachers. */
export async function addGradeToMine(pool: Pool, scope: Scope, id: number): Promise<GradeItem> {
  if (scope.kind !== 'organization') throw fail('FORBIDDEN', '只有机构教师可以加入班级任教');
  const { rows } = await pool.query(
    `SELECT 1 FROM grades WHERE id = $1 AND organization_id = $2 AND deleted_at IS NULL`,
    [id, scope.organizationId],
  );
  if (!rows[0]) throw fail('NOT_FOUND', `本机构没有班级 ${id}`);
  await pool.query(
    `INSERT INTO grade_teachers (grade_id, member_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
    [id, scope.memberId],
  );
  return readGrade(pool, scope, id);
}

export async function gradeStatistics(db: Queryable, scope: Scope, id: number) {
  const grade = await managedGrade(db, scope, id);
  const orders = await db.query<{ state: string; count: number; paid: number; refunded: number }>(
    `SELECT state, count(*)::int AS count, coalesce(sum(paid_fen), 0)::int AS paid,
            coalesce(sum(refunded_fen), 0)::int AS refunded
       FROM orders WHERE kind = 'grade' AND item_id = $1 AND deleted_at IS NULL
      GROUP BY state ORDER BY state`,
    [id],
  );
  const more = await db.query<{
    settled: number;
    homework: number;
    assigned: number;
    handed_in: number;
    average: string | null;
    active: number;
  }>(
    `SELECT (SELECT coalesce(sum(amount_fen), 0) FROM member_grade_settlements
               WHERE grade_id = $1 AND deleted_at IS NULL)::int AS settled,
            (SELECT count(*) FROM homeworks WHERE grade_id = $1 AND deleted_at IS NULL)::int
              AS homework,
            (SELECT count(*) FROM homework_enrolls he JOIN homeworks h ON h.id = he.homework_id
               WHERE h.grade_id = $1 AND h.deleted_at IS NULL)::int AS assigned,
            (SELECT count(*) FROM homework_enrolls he JOIN homeworks h ON h.id = he.homework_id
               WHERE h.grade_id = $1 AND h.deleted_at IS NULL AND EXISTS (
                 SELECT 1 FROM homework_member_questions q JOIN member_questions a
                     ON a.homework_member_question_id = q.id
                  WHERE q.order_id = he.order_id))::int AS handed_in,
            (SELECT avg(100.0 * he.score / nullif(he.max_score, 0))
               FROM homework_enrolls he JOIN homeworks h ON h.id = he.homework_id
              WHERE h.grade_id = $1 AND he.settled_at IS NOT NULL) AS average,
            (SELECT count(*) FROM grade_members gm JOIN members m ON m.id = gm.member_id
              WHERE gm.grade_id = $1 AND m.last_login_at >= now() - interval '7 days')::int
              AS active`,
    [id],
  );
  const groups = await db.query<{ name: string; count: number }>(
    `SELECT grp AS name, count(*)::int AS count FROM grade_members gm, unnest(gm.groups) grp
      WHERE gm.grade_id = $1 GROUP BY grp ORDER BY grp`,
    [id],
  );
  const m = more.rows[0]!;
  const pct = (v: number | null) => (v === null ? null : Math.round(v * 10) / 10);
  return {
    gradeId: id,
    memberCount: grade.memberCount,
    capacity: grade.capacity,
    byState: orders.rows.map((r) => ({ state: r.state, count: r.count })),
    paidFen: orders.rows.reduce((n, r) => n + r.paid, 0),
    refundedFen: orders.rows.reduce((n, r) => n + r.refunded, 0),
    settledFen: m.settled,
    groups: groups.rows,
    homeworkCount: m.homework,
    homeworkCompletionPercent: m.assigned === 0 ? null : pct((100 * m.handed_in) / m.assigned),
    homeworkAveragePercent: m.average === null ? null : pct(Number(m.average)),
    activeLast7Days: m.active,
  };
}

/**
 * Homework (issue 8 item 4): a question set a class's teacher assigns to the class or some of
 * its groups, with a start, a due time and an optional late window. Reviewed publication
 * (lifecycles/homework.ts): trusted unless the organization asks for platform review;
 * publishing assigns it — every learner on the roster (of the named groups) gets an
 * enrollment (./enroll.ts) — and unpublishing hides it without losing their answers.
 *
 * Who reads which homework: staff of the classes they manage (access/predicates.ts
 * gradeRows); a learner the published homework assigned to them.
 */
import type { z } from 'zod';
import type {
  HOMEWORK_SORT,
  HomeworkItem,
  homeworkCreate,
  homeworkFilter,
  homeworkUpdate,
} from '../../contract/homework/homeworks.ts';
import type { Page, PageQuery } from '../../contract/paging.ts';
import { inOrder } from '../../contract/fields.ts';
import { DUE_MESSAGE, LATE_MESSAGE } from '../../contract/homework/homeworks.ts';
import { HOMEWORK_OPEN, homeworkLifecycle } from '../../machines/lifecycles/homework.ts';
import { nextState } from '../../machines/lifecycles/lifecycle.ts';
import { submitDetails } from '../../machines/lifecycles/review.ts';
import { gradeRows } from '../access/predicates.ts';
import { isAdminScope, type Scope } from '../access/scope.ts';
import { withTransaction, type Pool, type PoolClient, type Queryable } from '../db/pool.ts';
import { SqlParams } from '../db/sql-params.ts';
import { fail } from '../http/app-error.ts';
import { orderBy, pagedRows, type SortColumns } from '../http/paging.ts';
import { validationError } from '../http/validation-error.ts';
import { applyTransition, recordTransition, type LifecycleRows } from '../lifecycle/transition.ts';
import { CLOSES_AT } from './order-kind.ts';
import { asksForReview } from '../organization/review.ts';

export const HOMEWORK_ROWS: LifecycleRows = {
  entity: 'homework',
  table: 'homeworks',
  column: 'state',
  where: 'deleted_at IS NULL',
};

const PHASE = `CASE WHEN now() < h.start_at THEN 'notStarted' WHEN now() < h.due_at THEN 'open'
  WHEN now() < ${CLOSES_AT} THEN 'late' ELSE 'closed' END`;

const COLUMNS = `h.id, h.title, h.description, h.grade_id, g.name AS grade_name,
  h.organization_id, h.groups, h.state, h.review_reason, h.start_at, h.due_at, h.late_until,
  h.late_penalty_percent, h.settled_at, ${PHASE} AS phase, h.created_at, now() AS server_now,
  c.nickname AS created_by_name,
  (SELECT count(*) FROM homework_questions hq WHERE hq.homework_id = h.id)::int AS question_count,
  (SELECT coalesce(sum(score), 0) FROM homework_questions hq WHERE hq.homework_id = h.id)::int
    AS total_score,
  (SELECT count(*) FROM homework_enrolls he WHERE he.homework_id = h.id)::int AS enrolled_count,
  (SELECT count(DISTINCT q.member_id) FROM homework_member_questions q
    WHERE q.homework_id = h.id AND EXISTS (SELECT 1 FROM member_questions a
      WHERE a.homework_member_question_id = q.id))::int AS submitted_count`;
const FROM = `FROM homeworks h JOIN grades g ON g.id = h.grade_id
  JOIN members c ON c.id = h.created_by_member_id`;

interface HomeworkRow {
  id: number;
  title: string;
  description: string;
  grade_id: number;
  grade_name: string;
  organization_id: number;
  groups: string[];
  state: HomeworkItem['state'];
  review_reason: string | null;
  start_at: Date;
  due_at: Date;
  late_until: Date | null;
  late_penalty_percent: number;
  settled_at: Date | null;
  phase: HomeworkItem['phase'];
  created_at: Date;
  server_now: Date;
  created_by_name: string;
  question_count: number;
  total_score: number;
  enrolled_count: number;
  submitted_count: number;
}

const toItem = (r: HomeworkRow): HomeworkItem => ({
  id: r.id,
  title: r.title,
  description: r.description,
  gradeId: r.grade_id,
  gradeName: r.grade_name,
  organizationId: r.organization_id,
  groups: r.groups,
  state: r.state,
  reviewReason: r.review_reason,
  startAt: r.start_at.toISOString(),
  dueAt: r.due_at.toISOString(),
  lateUntil: r.late_until?.toISOString() ?? null,
  latePenaltyPercent: r.late_penalty_percent,
  settledAt: r.settled_at?.toISOString() ?? null,
  phase: r.phase,
  questionCount: r.question_count,
  totalScore: r.total_score,
  enrolledCount: r.enrolled_count,
  submittedCount: r.submitted_count,
  createdByName: r.created_by_name,
  createdAt: r.created_at.toISOString(),
  serverNow: r.server_now.toISOString(),
});

/** Homework the scope may read: staff of the class; a learner assigned and published. */
export function visibleHomework(scope: Scope, sql: SqlParams): string {
  if (scope.kind === 'learner') {
    return `h.deleted_at IS NULL AND h.state = '${HOMEWORK_OPEN}' AND EXISTS (
      SELECT 1 FROM homework_enrolls he WHERE he.homework_id = h.id
        AND he.member_id = ${sql.add(scope.memberId)})`;
  }
  return `h.deleted_at IS NULL AND ${gradeRows(scope, 'g', sql)}`;
}

export async function readHomework(db: Queryable, scope: Scope, id: number): Promise<HomeworkItem> {
  const sql = new SqlParams();
  const { rows } = await db.query<HomeworkRow>(
    `SELECT ${COLUMNS} ${FROM} WHERE ${visibleHomework(scope, sql)} AND h.id = ${sql.add(id)}`,
    sql.values,
  );
  if (!rows[0]) throw fail('NOT_FOUND', `作业 ${id} 不存在`);
  return toItem(rows[0]);
}

/** Homework the staff scope manages (FORBIDDEN for learners). */
export async function managedHomework(db: Queryable, scope: Scope, id: number) {
  if (scope.kind === 'learner') throw fail('FORBIDDEN', '学员不能管理作业');
  return readHomework(db, scope, id);
}

const sortable: SortColumns<typeof HOMEWORK_SORT> = {
  id: 'h.id',
  dueAt: 'h.due_at',
  startAt: 'h.start_at',
};

export async function listHomework(
  db: Queryable,
  scope: Scope,
  filter: z.output<typeof homeworkFilter>,
  page: PageQuery,
): Promise<Page<HomeworkItem>> {
  const sql = new SqlParams();
  const clauses = [visibleHomework(scope, sql)];
  if (filter.gradeId) clauses.push(`h.grade_id = ${sql.add(filter.gradeId)}`);
  if (filter.state) clauses.push(`h.state = ${sql.add(filter.state)}`);
  if (filter.phase) clauses.push(`${PHASE} = ${sql.add(filter.phase)}`);
  if (filter.keyword) clauses.push(`strpos(h.title, ${sql.add(filter.keyword)}) > 0`);
  const rows = await pagedRows<HomeworkRow>(
    db,
    {
      select: COLUMNS,
      from: `${FROM} WHERE ${clauses.join(' AND ')}`,
      params: sql.values,
      order: orderBy(page, sortable, 'h.due_at DESC', 'h.id DESC'),
    },
    page,
  );
  return { ...rows, content: rows.content.map(toItem) };
}

export async function homeworkQuestions(db: Queryable, scope: Scope, homeworkId: number) {
  await readHomework(db, scope, homeworkId);
  const { rows } = await db.query<{
    question_id: number;
    sort: number;
    score: number;
    title: string;
    type: 'programming';
    difficulty: string;
  }>(
    `SELECT hq.question_id, hq.sort, hq.score, q.title, q.type, q.difficulty
       FROM homework_questions hq JOIN questions q ON q.id = hq.question_id
      WHERE hq.homework_id = $1 ORDER BY hq.sort`,
    [homeworkId],
  );
  return {
    homeworkId,
    questions: rows.map((r) => ({
      questionId: r.question_id,
      sort: r.sort,
      score: r.score,
      title: r.title,
      type: r.type,
      difficulty: r.difficulty as never,
    })),
  };
}

/**
 * The questions must be ones the class's learners can open: published, the platform's or the
 * organization's own. A hidden question would be an assignment nobody could do.
 */
async function checkQuestions(
  db: Queryable,
  organizationId: number,
  questions: { questionId: number }[],
) {
  const ids = questions.map((q) => q.questionId);
  const { rows } = await db.query<{ id: number }>(
    `SELECT id FROM questions WHERE id = ANY($1::int[]) AND status = 'active'
        AND publication = 'published' AND (organization_id IS NULL OR organization_id = $2)`,
    [ids, organizationId],
  );
  const missing = ids.filter((id) => !rows.some((r) => r.id === id));
  if (missing.length > 0) {
    throw validationError([
      {
        field: 'body.questions',
        message: `题目 ${missing.join('、')} 不存在或未上架，学员无法作答`,
      },
    ]);
  }
}

async function writeQuestions(
  client: PoolClient,
  homeworkId: number,
  questions: { questionId: number; score: number }[],
) {
  await client.query('DELETE FROM homework_questions WHERE homework_id = $1', [homeworkId]);
  await client.query(
    `INSERT INTO homework_questions (homework_id, question_id, sort, score)
     SELECT $1, q, ordinality::int, s FROM unnest($2::int[], $3::int[]) WITH ORDINALITY AS t(q, s)`,
    [homeworkId, questions.map((q) => q.questionId), questions.map((q) => q.score)],
  );
}

/** Homework is written by staff of its class; trusted unless the organization asks for review. */
export async function createHomework(
  pool: Pool,
  scope: Scope,
  input: z.output<typeof homeworkCreate>,
  actor: { userId: number; memberId: number },
  requestId: string,
): Promise<HomeworkItem> {
  if (scope.kind === 'learner') throw fail('FORBIDDEN', '学员不能布置作业');
  const sql = new SqlParams();
  const grade = await pool.query<{ organization_id: number; state: string }>(
    `SELECT g.organization_id, g.state FROM grades g
      WHERE g.deleted_at IS NULL AND ${gradeRows(scope, 'g', sql)} AND g.id = ${sql.add(input.gradeId)}`,
    sql.values,
  );
  const g = grade.rows[0];
  if (!g)
    throw validationError([{ field: 'body.gradeId', message: '班级不存在或不是你任教的班级' }]);
  if (g.state === 'stopped') throw fail('CONFLICT', '班级已停止，不能布置作业');
  await checkQuestions(pool, g.organization_id, input.questions);
  const trusted =
    isAdminScope(scope) || !(await asksForReview(pool, g.organization_id, 'homework'));
  const state = nextState(homeworkLifecycle, 'none', 'submit', submitDetails(trusted))!;
  const id = await withTransaction(pool, async (client) => {
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO homeworks (organization_id, grade_id, title, description, groups, state,
                              start_at, due_at, late_until, late_penalty_percent,
                              created_by_member_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
      [
        g.organization_id,
        input.gradeId,
        input.title,
        input.description,
        [...new Set(input.groups)],
        state,
        input.startAt,
        input.dueAt,
        input.lateUntil,
        input.latePenaltyPercent,
        scope.memberId,
      ],
    );
    const homeworkId = rows[0]!.id;
    await writeQuestions(client, homeworkId, input.questions);
    await recordTransition(
      client,
      HOMEWORK_ROWS.entity,
      { id: homeworkId, action: 'submit', actor, requestId },
      'none',
      state,
    );
    return homeworkId;
  });
  return readHomework(pool, scope, id);
}

/** Refuses changing what learners already answered against. */
async function assertNoSubmissions(db: Queryable, homeworkId: number, what: string) {
  const { rows } = await db.query(
    `SELECT 1 FROM homework_member_questions q WHERE q.homework_id = $1 AND EXISTS (
       SELECT 1 FROM member_questions a WHERE a.homework_member_question_id = q.id) LIMIT 1`,
    [homeworkId],
  );
  if (rows.length > 0) throw fail('CONFLICT', `已有学员提交，不能再${what}`);
}

/**
 * Edits under review: where the organization reviews homework, a teacher cannot change homework
 * that passed (it would reach learners unreviewed), and correcting rejected homework submits it
 * again; admins' and unreviewed organizations' edits are trusted.
 */
async function reviewOfEdit(
  db: Queryable,
  scope: Scope,
  current: HomeworkItem,
): Promise<'resubmit' | 'free'> {
  if (isAdminScope(scope)) return 'free';
  if (!(await asksForReview(db, current.organizationId, 'homework'))) return 'free';
  if (current.state === 'rejected') return 'resubmit';
  if (current.state !== 'reviewing') {
    throw fail('FORBIDDEN', '机构开启了作业审核：已通过审核的作业不能再修改，可新建一份');
  }
  return 'free';
}

async function resubmit(
  pool: Pool,
  id: number,
  actor: { userId: number; memberId: number },
  requestId: string,
) {
  await applyTransition(pool, homeworkLifecycle, HOMEWORK_ROWS, {
    id,
    action: 'submit',
    actor,
    requestId,
  });
}

export async function updateHomework(
  pool: Pool,
  scope: Scope,
  input: z.output<typeof homeworkUpdate>,
  actor: { userId: number; memberId: number },
  requestId: string,
): Promise<HomeworkItem> {
  const current = await managedHomework(pool, scope, input.id);
  if (current.settledAt) throw fail('CONFLICT', '作业已结算，不能修改');
  const review = await reviewOfEdit(pool, scope, current);
  // What is sent, merged with what is stored (the contract checks only what is sent together).
  const start = input.startAt ?? current.startAt;
  const due = input.dueAt ?? current.dueAt;
  const late = input.lateUntil === undefined ? current.lateUntil : input.lateUntil;
  const bad = [
    !inOrder(start, due) && { field: 'body.dueAt', message: DUE_MESSAGE },
    !inOrder(due, late) && { field: 'body.lateUntil', message: LATE_MESSAGE },
  ].filter((e) => e !== false);
  if (bad.length > 0) throw validationError(bad);
  if (input.groups !== undefined) await assertNoSubmissions(pool, input.id, '更改布置的分组');
  await withTransaction(pool, async (client) => {
    await client.query(
      `UPDATE homeworks SET title = coalesce($2, title), description = coalesce($3, description),
              groups = coalesce($4, groups), start_at = $5, due_at = $6, late_until = $7,
              late_penalty_percent = coalesce($8, late_penalty_percent), updated_at = now()
        WHERE id = $1`,
      [
        input.id,
        input.title ?? null,
        input.description ?? null,
        input.groups ? [...new Set(input.groups)] : null,
        start,
        due,
        late,
        input.latePenaltyPercent ?? null,
      ],
    );
    // A submission is late when it came at or after the due time (answers.ts openForWork): when
    // the due time moves, the marks (and so the penalties) follow it.
    if (Date.parse(due) !== Date.parse(current.dueAt)) {
      await client.query(
        `UPDATE member_questions a SET late = a.created_at >= $2
           FROM homework_member_questions q
          WHERE q.id = a.homework_member_question_id AND q.homework_id = $1
            AND a.late IS DISTINCT FROM (a.created_at >= $2)`,
        [input.id, due],
      );
    }
  });
  if (review === 'resubmit') await resubmit(pool, input.id, actor, requestId);
  return readHomework(pool, scope, input.id);
}

export async function updateHomeworkQuestions(
  pool: Pool,
  scope: Scope,
  id: number,
  questions: { questionId: number; score: number }[],
  actor: { userId: number; memberId: number },
  requestId: string,
): Promise<HomeworkItem> {
  const current = await managedHomework(pool, scope, id);
  const review = await reviewOfEdit(pool, scope, current);
  await checkQuestions(pool, current.organizationId, questions);
  await withTransaction(pool, async (client) => {
    await client.query('SELECT 1 FROM homeworks WHERE id = $1 FOR UPDATE', [id]);
    await assertNoSubmissions(client, id, '修改题目');
    await writeQuestions(client, id, questions);
  });
  if (review === 'resubmit') await resubmit(pool, id, actor, requestId);
  return readHomework(pool, scope, id);
}

/** Homework nobody answered yet can go; one with answers is unpublished instead. */
export async function deleteHomework(pool: Pool, scope: Scope, id: number): Promise<void> {
  await managedHomework(pool, scope, id);
  await assertNoSubmissions(pool, id, '删除（可下架）');
  await pool.query('UPDATE homeworks SET deleted_at = now() WHERE id = $1', [id]);
}

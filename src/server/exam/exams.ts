/**
 * Exams (issue 7 item 2): papers on a schedule with an enrollment window, a fee and a
 * visibility, moved through lifecycles/exam.ts. Staff manage their own (platform all, a
 * teacher their organization's); learners and visitors see the published exams open to them
 * (public, their organization's, their classes'), and any exam they hold a place in.
 */
import type { z } from 'zod';
import type {
  EXAM_SORT,
  examCreate,
  examFilter,
  ExamItem,
  ExamPaperOfExam,
  examUpdate,
} from '../../contract/exam/exams.ts';
import { examRulesOf } from '../../contract/exam/exams.ts';
import type { Page, PageQuery } from '../../contract/paging.ts';
import { HOLDS_PLACE } from '../../machines/lifecycles/enrollment.ts';
import { examLifecycle, EXAM_OPEN } from '../../machines/lifecycles/exam.ts';
import { PAPER_PASSED } from '../../machines/lifecycles/exam-paper.ts';
import { isFinalState, nextState } from '../../machines/lifecycles/lifecycle.ts';
import { submitDetails } from '../../machines/lifecycles/review.ts';
import { withTransaction, type PoolClient, type Queryable } from '../db/pool.ts';
import { SqlParams } from '../db/sql-params.ts';
import { fail } from '../http/app-error.ts';
import { containsPattern, orderBy, pagedRows, type SortColumns } from '../http/paging.ts';
import type { StoreContext } from '../http/resource.ts';
import { validationError } from '../http/validation-error.ts';
import { recordTransition, transitionRow, type LifecycleRows } from '../lifecycle/transition.ts';
import { trustedExamAuthor, userOf, visiblePapers } from './papers.ts';
import { managedBy } from '../access/predicates.ts';
import type { Scope } from '../access/scope.ts';

type Ctx = StoreContext<Scope>;
type Filter = z.output<typeof examFilter>;

export const EXAM_ROWS: LifecycleRows = {
  entity: 'exam',
  table: 'exams',
  column: 'state',
  where: "status = 'active'",
};

/** Who reads an exam: staff manage it, a learner (or a visitor, null) may see it if open to them. */
export type ExamReader = Scope | null;

const sortable: SortColumns<typeof EXAM_SORT> = {
  startAt: 'e.start_at',
  id: 'e.id',
  name: 'e.name',
  enrollStartAt: 'e.enroll_start_at',
};

const EXAM_COLUMNS = `e.id, e.name, e.description, e.organization_id, org.name AS organization_name,
  e.state, e.review_reason, e.enroll_start_at, e.enroll_end_at, e.start_at, e.end_at, e.schedule,
  e.duration_minutes, e.price_fen, e.visibility, e.grade_ids, e.results, e.results_published_at,
  e.created_at, e.updated_at, now() AS server_now,
  CASE WHEN e.state = 'stopped' OR now() >= e.end_at THEN 'ended'
       WHEN now() >= e.start_at THEN 'running'
       WHEN now() >= e.enroll_start_at AND now() < e.enroll_end_at THEN 'enrolling'
       ELSE 'upcoming' END AS phase,
  (SELECT count(*) FROM orders o WHERE o.kind = 'exam' AND o.item_id = e.id
     AND o.deleted_at IS NULL AND o.state = ANY('{${HOLDS_PLACE.join(',')}}'::text[]))::int AS enrolled_count`;
const EXAM_FROM = `FROM exams e LEFT JOIN organizations org ON org.id = e.organization_id`;

export interface ExamRow {
  id: number;
  name: string;
  description: string;
  organization_id: number | null;
  organization_name: string | null;
  state: ExamItem['state'];
  review_reason: string | null;
  enroll_start_at: Date;
  enroll_end_at: Date;
  start_at: Date;
  end_at: Date;
  schedule: ExamItem['schedule'];
  duration_minutes: number | null;
  price_fen: number;
  visibility: ExamItem['visibility'];
  grade_ids: number[];
  results: ExamItem['results'];
  results_published_at: Date | null;
  created_at: Date;
  updated_at: Date;
  server_now: Date;
  phase: ExamItem['phase'];
  enrolled_count: number;
}

/** The papers of exams, in order, with what a screen shows of each. */
async function papersOf(db: Queryable, examIds: number[]): Promise<Map<number, ExamPaperOfExam[]>> {
  const { rows } = await db.query<{
    exam_id: number;
    exam_paper_id: number;
    sort: number;
    name: string;
    duration_minutes: number;
    review: ExamPaperOfExam['review'];
    question_count: number;
    total_score: number;
  }>(
    `SELECT ep.exam_id, ep.exam_paper_id, ep.sort, p.name, p.duration_minutes, p.review,
            (SELECT count(*) FROM exam_paper_questions pq WHERE pq.exam_paper_id = p.id)::int AS question_count,
            (SELECT coalesce(sum(pq.score), 0) FROM exam_paper_questions pq
              WHERE pq.exam_paper_id = p.id)::int AS total_score
       FROM exam_exam_papers ep JOIN exam_papers p ON p.id = ep.exam_paper_id
      WHERE ep.exam_id = ANY($1::int[]) ORDER BY ep.exam_id, ep.sort`,
    [examIds],
  );
  const byExam = new Map<number, ExamPaperOfExam[]>();
  for (const r of rows) {
    const list = byExam.get(r.exam_id) ?? [];
    list.push({
      examPaperId: r.exam_paper_id,
      sort: r.sort,
      name: r.name,
      durationMinutes: r.duration_minutes,
      questionCount: r.question_count,
      totalScore: r.total_score,
      review: r.review,
    });
    byExam.set(r.exam_id, list);
  }
  return byExam;
}

/**
 * Who may manage an exam (edit, delete, move it through its lifecycle): platform staff any,
 * an organization's staff their organization's, a learner none. The one rule: the server
 * refuses with it (assertManages) and tells each row's screen with it (`manageable`).
 */
function managesExam(reader: ExamReader, row: { organization_id: number | null }): boolean {
  if (!reader || reader.kind === 'learner') return false;
  return reader.kind === 'platform' || row.organization_id === reader.organizationId;
}

const toItem = (reader: ExamReader, r: ExamRow, papers: ExamPaperOfExam[]): ExamItem => ({
  id: r.id,
  name: r.name,
  description: r.description,
  organizationId: r.organization_id,
  organizationName: r.organization_name,
  state: r.state,
  reviewReason: r.review_reason,
  enrollStartAt: r.enroll_start_at.toISOString(),
  enrollEndAt: r.enroll_end_at.toISOString(),
  startAt: r.start_at.toISOString(),
  endAt: r.end_at.toISOString(),
  schedule: r.schedule,
  durationMinutes: r.duration_minutes,
  priceFen: r.price_fen,
  visibility: r.visibility,
  gradeIds: r.grade_ids,
  results: r.results,
  resultsPublishedAt: r.results_published_at?.toISOString() ?? null,
  phase: r.phase,
  papers,
  enrolledCount: r.enrolled_count,
  manageable: managesExam(reader, r),
  serverNow: r.server_now.toISOString(),
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
});

async function withPapers(db: Queryable, reader: ExamReader, rows: ExamRow[]): Promise<ExamItem[]> {
  const papers = await papersOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toItem(reader, r, papers.get(r.id) ?? []));
}

/** Exams open to a learner or visitor: published and visible to them, or one they hold a place in. */
export function openExams(
  reader: { organizationId: number; memberId: number } | null,
  sql: SqlParams,
) {
  if (!reader)
    return `e.status = 'active' AND e.state = '${EXAM_OPEN}' AND e.visibility = 'public'`;
  const org = sql.add(reader.organizationId);
  const member = sql.add(reader.memberId);
  return `e.status = 'active' AND (
    (e.state = '${EXAM_OPEN}' AND (e.visibility = 'public'
      OR (e.visibility = 'organization' AND e.organization_id = ${org})
      OR (e.visibility = 'grades' AND EXISTS (SELECT 1 FROM grade_members gm
            WHERE gm.grade_id = ANY(e.grade_ids) AND gm.member_id = ${member}))))
    OR EXISTS (SELECT 1 FROM orders o WHERE o.kind = 'exam' AND o.item_id = e.id
            AND o.member_id = ${member} AND o.deleted_at IS NULL
            AND o.state = ANY('{${HOLDS_PLACE.join(',')}}'::text[])))`;
}

/** Exams the staff scope manages. */
export function managedExams(scope: Scope, sql: SqlParams): string {
  return `e.status = 'active' AND ${managedBy(scope, 'e.organization_id', sql)}`;
}

/**
 * Which exams a list shows: `open` what a learner would see (the learner-facing list), `managed`
 * what the staff manage, `staff` a teacher's back-office list: what they manage and, read-only,
 * what is open to them. Platform staff always read everything.
 */
export type ExamListView = 'open' | 'managed' | 'staff';

/** The WHERE of what `reader` sees in the view. */
function readable(reader: ExamReader, view: ExamListView, sql: SqlParams): string {
  if (!reader || reader.kind === 'learner') return openExams(reader, sql);
  if (reader.kind === 'platform') return managedExams(reader, sql);
  if (view === 'managed') return managedExams(reader, sql);
  if (view === 'staff') return `((${managedExams(reader, sql)}) OR (${openExams(reader, sql)}))`;
  return openExams(reader, sql);
}

export async function readExamRow(
  db: Queryable,
  reader: ExamReader,
  id: number,
  manage = true,
): Promise<ExamRow> {
  const sql = new SqlParams();
  const where = readable(reader, manage ? 'managed' : 'open', sql);
  const { rows } = await db.query<ExamRow>(
    `SELECT ${EXAM_COLUMNS} ${EXAM_FROM} WHERE ${where} AND e.id = ${sql.add(id)}`,
    sql.values,
  );
  const row = rows[0];
  if (row) return row;
  // A teacher may also read an exam open to them as a learner would.
  if (reader && reader.kind === 'organization' && manage) return readExamRow(db, reader, id, false);
  throw fail('NOT_FOUND', `考试 ${id} 不存在`);
}

export async function readExam(db: Queryable, reader: ExamReader, id: number): Promise<ExamItem> {
  const [item] = await withPapers(db, reader, [await readExamRow(db, reader, id)]);
  return item!;
}

export async function listExams(
  db: Queryable,
  reader: ExamReader,
  filter: Filter,
  page: PageQuery,
  view: ExamListView = filter.manage === true ? 'managed' : 'open',
): Promise<Page<ExamItem>> {
  const sql = new SqlParams();
  const clauses = [readable(reader, view, sql)];
  if (filter.keyword) clauses.push(`e.name ILIKE ${sql.add(containsPattern(filter.keyword))}`);
  if (filter.state) clauses.push(`e.state = ${sql.add(filter.state)}`);
  if (filter.organizationId) clauses.push(`e.organization_id = ${sql.add(filter.organizationId)}`);
  if (filter.phase) {
    const phase = {
      upcoming: `e.state <> 'stopped' AND now() < e.start_at AND NOT (now() >= e.enroll_start_at AND now() < e.enroll_end_at)`,
      enrolling: `e.state <> 'stopped' AND now() < e.start_at AND now() >= e.enroll_start_at AND now() < e.enroll_end_at`,
      running: `e.state <> 'stopped' AND now() >= e.start_at AND now() < e.end_at`,
      ended: `(e.state = 'stopped' OR now() >= e.end_at)`,
    }[filter.phase];
    clauses.push(phase);
  }
  if (filter.enrolled && reader) {
    clauses.push(`EXISTS (SELECT 1 FROM orders o WHERE o.kind = 'exam' AND o.item_id = e.id
      AND o.member_id = ${sql.add(reader.memberId)} AND o.deleted_at IS NULL AND o.state <> 'cancelled')`);
  }
  const rows = await pagedRows<ExamRow>(
    db,
    {
      select: EXAM_COLUMNS,
      from: `${EXAM_FROM} WHERE ${clauses.join(' AND ')}`,
      params: sql.values,
      order: orderBy(page, sortable, 'e.start_at DESC', 'e.id DESC'),
    },
    page,
  );
  return { ...rows, content: await withPapers(db, reader, rows.content) };
}

/** Refuses a change the scope may not make. */
export function assertManages(scope: Scope, row: { organization_id: number | null }): void {
  if (scope.kind === 'learner') throw fail('FORBIDDEN', '学员不能管理考试');
  if (!managesExam(scope, row)) throw fail('FORBIDDEN', '只能管理本机构的考试');
}

export async function managedExam(ctx: Ctx, id: number): Promise<ExamRow> {
  if (ctx.scope.kind === 'learner') throw fail('FORBIDDEN', '学员不能管理考试');
  const row = await readExamRow(ctx.services.pool, ctx.scope, id);
  assertManages(ctx.scope, row);
  return row;
}

/** Papers the scope may put in an exam; each refusal names its row. */
async function checkPapers(ctx: Ctx, ids: readonly number[], field: string): Promise<void> {
  if (ids.length === 0) return;
  const sql = new SqlParams();
  const where = visiblePapers(ctx.scope, sql);
  const { rows } = await ctx.services.pool.query<{ id: number }>(
    `SELECT p.id FROM exam_papers p WHERE ${where} AND p.id = ANY(${sql.add(ids)}::int[])`,
    sql.values,
  );
  const found = new Set(rows.map((r) => r.id));
  const problems = ids.flatMap((id, i) =>
    found.has(id) ? [] : [{ field: `${field}[${i}]`, message: `试卷 ${id} 不存在或不可用` }],
  );
  if (problems.length > 0) throw validationError(problems);
}

async function checkAudience(
  ctx: Ctx,
  input: { visibility?: string; gradeIds?: number[] },
  organizationId: number | null,
): Promise<void> {
  if (input.visibility === 'organization' && organizationId === null) {
    throw validationError([
      { field: 'body.visibility', message: '平台考试没有所属机构，请选择公开或指定班级' },
    ]);
  }
  const gradeIds = input.gradeIds ?? [];
  if (gradeIds.length === 0) return;
  const { rows } = await ctx.services.pool.query<{ id: number }>(
    `SELECT id FROM grades WHERE id = ANY($1::int[]) AND ($2::int IS NULL OR organization_id = $2)`,
    [gradeIds, organizationId],
  );
  const found = new Set(rows.map((r) => r.id));
  const problems = gradeIds.flatMap((id, i) =>
    found.has(id)
      ? []
      : [{ field: `body.gradeIds[${i}]`, message: `班级 ${id} 不存在或不属于本机构` }],
  );
  if (problems.length > 0) throw validationError(problems);
}

async function writePapers(client: PoolClient, examId: number, ids: readonly number[]) {
  await client.query('DELETE FROM exam_exam_papers WHERE exam_id = $1', [examId]);
  if (ids.length === 0) return;
  await client.query(
    `INSERT INTO exam_exam_papers (exam_id, exam_paper_id, sort)
     SELECT $1, p, s FROM unnest($2::int[], $3::int[]) AS t(p, s)`,
    [examId, ids, ids.map((_, i) => i + 1)],
  );
}

async function actorOf(db: Queryable, scope: Scope) {
  return { userId: await userOf(db, scope.memberId), memberId: scope.memberId };
}

export async function createExam(
  ctx: Ctx,
  input: z.output<typeof examCreate>,
  requestId: string,
): Promise<ExamItem> {
  const scope = ctx.scope;
  if (scope.kind === 'learner') throw fail('FORBIDDEN', '学员不能管理考试');
  const organizationId = scope.kind === 'organization' ? scope.organizationId : null;
  await checkAudience(ctx, input, organizationId);
  await checkPapers(ctx, input.examPaperIds, 'body.examPaperIds');
  const trusted = await trustedExamAuthor(ctx.services.pool, scope);
  const state = nextState(examLifecycle, 'none', 'submit', submitDetails(trusted))!;
  const id = await withTransaction(ctx.services.pool, async (client) => {
    const inserted = await client.query<{ id: number }>(
      `INSERT INTO exams (organization_id, name, description, notes, state, enroll_start_at,
         enroll_end_at, start_at, end_at, schedule, duration_minutes, price_fen, visibility,
         grade_ids, results, created_by_member_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) RETURNING id`,
      [
        organizationId,
        input.name,
        input.description,
        input.notes,
        state,
        input.enrollStartAt,
        input.enrollEndAt,
        input.startAt,
        input.endAt,
        input.schedule,
        input.durationMinutes,
        input.priceFen,
        input.visibility,
        input.gradeIds,
        input.results,
        scope.memberId,
      ],
    );
    const examId = inserted.rows[0]!.id;
    await writePapers(client, examId, input.examPaperIds);
    await recordTransition(
      client,
      EXAM_ROWS.entity,
      { id: examId, action: 'submit', actor: await actorOf(client, scope), requestId },
      'none',
      state,
    );
    return examId;
  });
  return readExam(ctx.services.pool, scope, id);
}

export async function updateExam(
  ctx: Ctx,
  input: z.output<typeof examUpdate>,
  requestId: string,
): Promise<ExamItem> {
  const row = await managedExam(ctx, input.id);
  if (isFinalState(examLifecycle, row.state)) throw fail('CONFLICT', '考试已结束，不能修改');
  // The rules between fields hold for the exam as it would become.
  const merged = {
    enrollStartAt: input.enrollStartAt ?? row.enroll_start_at.toISOString(),
    enrollEndAt: input.enrollEndAt ?? row.enroll_end_at.toISOString(),
    startAt: input.startAt ?? row.start_at.toISOString(),
    endAt: input.endAt ?? row.end_at.toISOString(),
    visibility: input.visibility ?? row.visibility,
    gradeIds: input.gradeIds ?? row.grade_ids,
  };
  const problems: { field: string; message: string }[] = [];
  examRulesOf(merged, {
    addIssue: (issue: { path?: PropertyKey[]; message?: string }) =>
      problems.push({ field: `body.${String(issue.path?.[0])}`, message: issue.message ?? '' }),
  } as never);
  if (problems.length > 0) throw validationError(problems);
  await checkAudience(ctx, merged, row.organization_id);
  await withTransaction(ctx.services.pool, async (client) => {
    await client.query(
      `UPDATE exams SET name = coalesce($2, name), description = coalesce($3, description),
         notes = coalesce($4, notes), enroll_start_at = $5, enroll_end_at = $6, start_at = $7,
         end_at = $8, schedule = coalesce($9, schedule),
         duration_minutes = CASE WHEN $10::boolean THEN $11 ELSE duration_minutes END,
         price_fen = coalesce($12, price_fen), visibility = $13, grade_ids = $14,
         results = coalesce($15, results), updated_at = now()
       WHERE id = $1`,
      [
        input.id,
        input.name ?? null,
        input.description ?? null,
        input.notes ?? null,
        merged.enrollStartAt,
        merged.enrollEndAt,
        merged.startAt,
        merged.endAt,
        input.schedule ?? null,
        input.durationMinutes !== undefined,
        input.durationMinutes ?? null,
        input.priceFen ?? null,
        merged.visibility,
        merged.gradeIds,
        input.results ?? null,
      ],
    );
    // An organization's change to a rejected exam submits it for review again, with or without
    // 考试审核: the rejection was the platform's, and nothing else moves the exam out of it (a
    // reviewed exam is never submitted again: lifecycles/exam.ts).
    if (
      ctx.scope.kind === 'organization' &&
      nextState(examLifecycle, row.state, 'submit') !== null
    ) {
      await transitionRow(client, examLifecycle, EXAM_ROWS, {
        id: input.id,
        action: 'submit',
        actor: await actorOf(client, ctx.scope),
        requestId,
      });
      await client.query('UPDATE exams SET review_reason = NULL WHERE id = $1', [input.id]);
    }
  });
  return readExam(ctx.services.pool, ctx.scope, input.id);
}

export async function deleteExam(ctx: Ctx, id: number): Promise<void> {
  await managedExam(ctx, id);
  const { rows } = await ctx.services.pool.query<{ enrolled: number; sat: number }>(
    `SELECT (SELECT count(*) FROM orders o WHERE o.kind = 'exam' AND o.item_id = $1
               AND o.deleted_at IS NULL AND (o.paid_fen > 0 OR o.state = ANY($2::text[])))::int
               AS enrolled,
            (SELECT count(*) FROM exam_paper_enrolls s WHERE s.exam_id = $1
               AND s.deleted_at IS NULL)::int AS sat`,
    [id, HOLDS_PLACE],
  );
  const { enrolled, sat } = rows[0]!;
  if (enrolled > 0 || sat > 0) {
    throw fail('CONFLICT', `考试已有 ${enrolled} 人报名、${sat} 份答卷，不能删除（可结束考试）`);
  }
  await ctx.services.pool.query(
    `UPDATE exams SET status = 'deleted', updated_at = now() WHERE id = $1`,
    [id],
  );
}

export async function updateExamPapers(
  ctx: Ctx,
  input: { id: number; examPaperIds: number[] },
): Promise<ExamItem> {
  await managedExam(ctx, input.id);
  await checkPapers(ctx, input.examPaperIds, 'body.examPaperIds');
  await withTransaction(ctx.services.pool, async (client) => {
    await client.query('SELECT id FROM exams WHERE id = $1 FOR UPDATE', [input.id]);
    const sat = await client.query(
      'SELECT 1 FROM exam_paper_enrolls WHERE exam_id = $1 AND deleted_at IS NULL LIMIT 1',
      [input.id],
    );
    if (sat.rows.length > 0) throw fail('CONFLICT', '考试已有人开考，不能再修改试卷');
    await writePapers(client, input.id, input.examPaperIds);
    await client.query('UPDATE exams SET updated_at = now() WHERE id = $1', [input.id]);
  });
  return readExam(ctx.services.pool, ctx.scope, input.id);
}

/** What must hold before an exam reaches learners: papers, each passed by the platform. */
export async function checkPublishable(db: Queryable, examId: number): Promise<void> {
  const papers = (await papersOf(db, [examId])).get(examId) ?? [];
  if (papers.length === 0) throw fail('CONFLICT', '考试还没有试卷，不能发布');
  const pending = papers.find((p) => p.review !== PAPER_PASSED);
  if (pending) throw fail('CONFLICT', `试卷「${pending.name}」尚未通过平台审核，不能发布`);
  const empty = papers.find((p) => p.questionCount === 0);
  if (empty) throw fail('CONFLICT', `试卷「${empty.name}」没有题目，不能发布`);
}

export { papersOf };

/** The exam's notes (read after the caller was shown to read the exam). */
export async function examNotes(db: Queryable, id: number) {
  const { rows } = await db.query<{ name: string; notes: string }>(
    'SELECT name, notes FROM exams WHERE id = $1',
    [id],
  );
  return { id, name: rows[0]!.name, notes: rows[0]!.notes };
}

/** A review's reason: kept when the exam is rejected, cleared when it passes. */
export async function setExamReviewReason(client: PoolClient, id: number, reason: string | null) {
  await client.query('UPDATE exams SET review_reason = $2 WHERE id = $1', [id, reason]);
}

/**
 * Exam papers (issue 7 item 1): an ordered set of bank questions with a score each, reviewed by
 * the platform when an organization that asks for 考试审核 writes it (lifecycles/exam-paper.ts). Platform staff see and
 * change every paper; a teacher their organization's, and reads the platform's passed papers; a
 * learner reads the papers of exams they hold a place in, never the answers.
 */
import type { z } from 'zod';
import type {
  EXAM_PAPER_SORT,
  examPaperCreate,
  examPaperFilter,
  examPaperItem,
  examPaperListItem,
  examPaperUpdate,
  paperQuestionInput,
  SittingQuestion,
} from '../../contract/exam/papers.ts';
import type { Page, PageQuery } from '../../contract/paging.ts';
import { HOLDS_PLACE } from '../../machines/lifecycles/enrollment.ts';
import { examPaperLifecycle } from '../../machines/lifecycles/exam-paper.ts';
import { nextState } from '../../machines/lifecycles/lifecycle.ts';
import { submitDetails } from '../../machines/lifecycles/review.ts';
import { withTransaction, type PoolClient, type Queryable } from '../db/pool.ts';
import { SqlParams } from '../db/sql-params.ts';
import { fail } from '../http/app-error.ts';
import { containsPattern, orderBy, pagedRows, type SortColumns } from '../http/paging.ts';
import type { StoreContext } from '../http/resource.ts';
import { validationError } from '../http/validation-error.ts';
import { recordTransition, transitionRow, type LifecycleRows } from '../lifecycle/transition.ts';
import type { Scope } from '../access/scope.ts';
import { asksForReview } from '../organization/review.ts';

type Item = z.input<typeof examPaperItem>;
type ListItem = z.input<typeof examPaperListItem>;
type Filter = z.output<typeof examPaperFilter>;
type Ctx = StoreContext<Scope>;

export const PAPER_ROWS: LifecycleRows = {
  entity: 'examPaper',
  table: 'exam_papers',
  column: 'review',
  where: "status = 'active'",
};

const sortable: SortColumns<typeof EXAM_PAPER_SORT> = {
  id: 'p.id',
  name: 'p.name',
  updatedAt: 'p.updated_at',
};

const PAPER_COLUMNS = `p.id, p.name, p.description, p.duration_minutes, p.organization_id,
  org.name AS organization_name, p.review, p.review_reason, p.created_at, p.updated_at,
  (SELECT count(*) FROM exam_paper_questions pq WHERE pq.exam_paper_id = p.id)::int AS question_count,
  (SELECT coalesce(sum(pq.score), 0) FROM exam_paper_questions pq
    WHERE pq.exam_paper_id = p.id)::int AS total_score,
  (SELECT count(*) FROM exam_exam_papers ep JOIN exams e ON e.id = ep.exam_id AND e.status = 'active'
    WHERE ep.exam_paper_id = p.id)::int AS exam_count,
  (SELECT count(*) FROM exam_paper_enrolls s WHERE s.exam_paper_id = p.id
    AND s.deleted_at IS NULL)::int AS sitting_count`;
const PAPER_FROM = `FROM exam_papers p LEFT JOIN organizations org ON org.id = p.organization_id`;

interface PaperRow {
  id: number;
  name: string;
  description: string;
  duration_minutes: number;
  organization_id: number | null;
  organization_name: string | null;
  review: ListItem['review'];
  review_reason: string | null;
  created_at: Date;
  updated_at: Date;
  question_count: number;
  total_score: number;
  exam_count: number;
  sitting_count: number;
}

/**
 * Whether the scope may change a paper it can read: platform staff any, an organization's staff
 * their organization's, a learner none. Writes refuse with it (assertManaged) and every item
 * carries it as `manageable`, so a screen offers exactly what the server allows.
 */
function managesPaper(scope: Scope, row: { organization_id: number | null }): boolean {
  if (scope.kind === 'learner') return false;
  return scope.kind !== 'organization' || row.organization_id === scope.organizationId;
}

const toListItem =
  (scope: Scope) =>
  (r: PaperRow): ListItem => ({
    id: r.id,
    name: r.name,
    description: r.description,
    durationMinutes: r.duration_minutes,
    organizationId: r.organization_id,
    organizationName: r.organization_name,
    review: r.review,
    reviewReason: r.review_reason,
    questionCount: r.question_count,
    totalScore: r.total_score,
    examCount: r.exam_count,
    sittingCount: r.sitting_count,
    manageable: managesPaper(scope, r),
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
  });

/** The papers the scope may read, as WHERE clauses on alias `p`. */
export function visiblePapers(scope: Scope, sql: SqlParams): string {
  const clauses = [`p.status = 'active'`];
  if (scope.kind === 'organization') {
    clauses.push(
      `(p.organization_id = ${sql.add(scope.organizationId)} OR (p.organization_id IS NULL AND p.review = 'passed'))`,
    );
  }
  if (scope.kind === 'learner') {
    const member = sql.add(scope.memberId);
    clauses.push(`(EXISTS (SELECT 1 FROM exam_paper_enrolls s
                   WHERE s.exam_paper_id = p.id AND s.member_id = ${member} AND s.deleted_at IS NULL)
               OR EXISTS (SELECT 1 FROM exam_exam_papers ep JOIN orders o
                   ON o.kind = 'exam' AND o.item_id = ep.exam_id AND o.deleted_at IS NULL
                   WHERE ep.exam_paper_id = p.id AND o.member_id = ${member}
                     AND o.state = ANY(${sql.add(HOLDS_PLACE)}::text[])))`);
  }
  return clauses.join(' AND ');
}

async function readPaper(db: Queryable, scope: Scope, id: number): Promise<PaperRow> {
  const sql = new SqlParams();
  const where = visiblePapers(scope, sql);
  const { rows } = await db.query<PaperRow>(
    `SELECT ${PAPER_COLUMNS} ${PAPER_FROM} WHERE ${where} AND p.id = ${sql.add(id)}`,
    sql.values,
  );
  const row = rows[0];
  if (!row) throw fail('NOT_FOUND', `试卷 ${id} 不存在`);
  return row;
}

/** The paper's questions as staff see them, in order. */
export async function paperQuestions(db: Queryable, paperId: number) {
  const { rows } = await db.query<{
    question_id: number;
    sort: number;
    score: number;
    title: string;
    type: Item['questions'][number]['type'];
    difficulty: Item['questions'][number]['difficulty'];
    publication: string;
  }>(
    `SELECT pq.question_id, pq.sort, pq.score, q.title, q.type, q.difficulty, q.publication
       FROM exam_paper_questions pq JOIN questions q ON q.id = pq.question_id
      WHERE pq.exam_paper_id = $1 ORDER BY pq.sort, pq.question_id`,
    [paperId],
  );
  return rows.map((r) => ({
    questionId: r.question_id,
    sort: r.sort,
    score: r.score,
    title: r.title,
    type: r.type,
    difficulty: r.difficulty,
    publication: r.publication,
  }));
}

/** The paper's questions as a learner sits them: statements and options, never answers. */
export async function sittingQuestions(db: Queryable, paperId: number): Promise<SittingQuestion[]> {
  const { rows } = await db.query<{
    question_id: number;
    sort: number;
    score: number;
    type: SittingQuestion['type'];
    title: string;
    content: string;
    options: SittingQuestion['options'];
    time_limit_ms: number | null;
    memory_limit_mib: number | null;
    samples: SittingQuestion['samples'];
  }>(
    `SELECT pq.question_id, pq.sort, pq.score, q.type, q.title, q.content, q.options,
            q.time_limit_ms, q.memory_limit_mib, q.samples
       FROM exam_paper_questions pq JOIN questions q ON q.id = pq.question_id
      WHERE pq.exam_paper_id = $1 ORDER BY pq.sort, pq.question_id`,
    [paperId],
  );
  return rows.map((r) => ({
    questionId: r.question_id,
    sort: r.sort,
    score: r.score,
    type: r.type,
    title: r.title,
    content: r.content,
    options: r.options,
    timeLimitMs: r.time_limit_ms,
    memoryLimitMiB: r.memory_limit_mib,
    samples: r.samples,
  }));
}

async function toItem(db: Queryable, scope: Scope, row: PaperRow): Promise<Item> {
  return { ...toListItem(scope)(row), questions: await paperQuestions(db, row.id) };
}

/** Refuses a change the scope may not make to a paper it can read. */
function assertManaged(scope: Scope, row: { organization_id: number | null }): void {
  if (managesPaper(scope, row)) return;
  throw fail(
    'FORBIDDEN',
    scope.kind === 'learner' ? '学员不能编写试卷' : '只能修改本机构的试卷（平台试卷只读）',
  );
}

/** Questions go on a paper only when the scope may use them; each refusal names its row. */
async function checkQuestions(
  db: Queryable,
  scope: Scope,
  questions: readonly z.output<typeof paperQuestionInput>[],
  field: string,
): Promise<void> {
  if (questions.length === 0) return;
  const ids = questions.map((q) => q.questionId);
  const { rows } = await db.query<{
    id: number;
    organization_id: number | null;
    publication: string;
  }>(
    `SELECT id, organization_id, publication FROM questions WHERE id = ANY($1::int[]) AND status = 'active'`,
    [ids],
  );
  const found = new Map(rows.map((r) => [r.id, r]));
  const problems = questions.flatMap((q, i) => {
    const row = found.get(q.questionId);
    const usable =
      row !== undefined &&
      (scope.kind === 'platform' ||
        (scope.kind === 'organization' &&
          (row.organization_id === scope.organizationId ||
            (row.organization_id === null && row.publication === 'published'))));
    return usable
      ? []
      : [{ field: `${field}[${i}].questionId`, message: `题目 ${q.questionId} 不存在或不可用` }];
  });
  if (problems.length > 0) throw validationError(problems);
}

async function writeQuestions(
  client: PoolClient,
  paperId: number,
  questions: readonly z.output<typeof paperQuestionInput>[],
): Promise<void> {
  await client.query('DELETE FROM exam_paper_questions WHERE exam_paper_id = $1', [paperId]);
  if (questions.length === 0) return;
  await client.query(
    `INSERT INTO exam_paper_questions (exam_paper_id, question_id, sort, score)
     SELECT $1, q, s, sc FROM unnest($2::int[], $3::int[], $4::int[]) AS t(q, s, sc)`,
    [
      paperId,
      questions.map((q) => q.questionId),
      questions.map((_, i) => i + 1),
      questions.map((q) => q.score),
    ],
  );
}

/**
 * Whether what staff in `scope` write — an exam or a paper — skips platform review: platform
 * staff's always; an organization's where it does not ask for 考试审核 (`exam_review`).
 */
export async function trustedExamAuthor(db: Queryable, scope: Scope): Promise<boolean> {
  if (scope.kind === 'platform') return true;
  if (scope.kind === 'learner') return false;
  return !(await asksForReview(db, scope.organizationId, 'exam'));
}

/**
 * An organization's change sends a reviewed paper back to review (lifecycles/exam-paper.ts)
 * where it asks for 考试审核. A rejected paper goes back to the platform either way: the
 * rejection was the platform's, and nothing else moves the paper out of it.
 */
async function resubmit(client: PoolClient, ctx: Ctx, id: number, requestId: string) {
  if (ctx.scope.kind !== 'organization') return;
  const { rows } = await client.query<{ review: 'reviewing' | 'passed' | 'rejected' }>(
    'SELECT review FROM exam_papers WHERE id = $1',
    [id],
  );
  const review = rows[0]!.review;
  if (nextState(examPaperLifecycle, review, 'submit', submitDetails(false)) === null) return;
  if (review !== 'rejected' && (await trustedExamAuthor(client, ctx.scope))) return;
  await transitionRow(client, examPaperLifecycle, PAPER_ROWS, {
    id,
    action: 'submit',
    actor: { userId: await userOf(client, ctx.scope.memberId), memberId: ctx.scope.memberId },
    requestId,
    details: submitDetails(false),
  });
  await client.query('UPDATE exam_papers SET review_reason = NULL WHERE id = $1', [id]);
}

export async function userOf(db: Queryable, memberId: number): Promise<number> {
  const { rows } = await db.query<{ user_id: number }>(
    'SELECT user_id FROM members WHERE id = $1',
    [memberId],
  );
  return rows[0]!.user_id;
}

/** A paper in a published exam keeps its questions (learners may be sitting it). */
async function refuseIfPublished(db: Queryable, id: number): Promise<void> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT e.name FROM exam_exam_papers ep JOIN exams e ON e.id = ep.exam_id
      WHERE ep.exam_paper_id = $1 AND e.status = 'active' AND e.state = 'published' LIMIT 1`,
    [id],
  );
  if (rows[0]) {
    throw fail('CONFLICT', `试卷正用于已发布的考试「${rows[0].name}」，请先下架该考试再修改`);
  }
}

export const paperStore = {
  async create(ctx: Ctx, input: z.output<typeof examPaperCreate>, requestId: string) {
    if (ctx.scope.kind === 'learner') throw fail('FORBIDDEN', '学员不能编写试卷');
    await checkQuestions(ctx.services.pool, ctx.scope, input.questions, 'body.questions');
    const trusted = await trustedExamAuthor(ctx.services.pool, ctx.scope);
    const review = nextState(examPaperLifecycle, 'none', 'submit', submitDetails(trusted))!;
    const scope = ctx.scope;
    const id = await withTransaction(ctx.services.pool, async (client) => {
      const inserted = await client.query<{ id: number }>(
        `INSERT INTO exam_papers (organization_id, name, description, duration_minutes, review,
                                    created_by_member_id)
           VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [
          scope.kind === 'organization' ? scope.organizationId : null,
          input.name,
          input.description,
          input.durationMinutes,
          review,
          scope.memberId,
        ],
      );
      const paperId = inserted.rows[0]!.id;
      await writeQuestions(client, paperId, input.questions);
      await recordTransition(
        client,
        PAPER_ROWS.entity,
        {
          id: paperId,
          action: 'submit',
          actor: { userId: await userOf(client, scope.memberId), memberId: scope.memberId },
          requestId,
        },
        'none',
        review,
      );
      return paperId;
    });
    return paperStore.get(ctx, id);
  },

  async update(ctx: Ctx, input: z.output<typeof examPaperUpdate>, requestId: string) {
    const row = await readPaper(ctx.services.pool, ctx.scope, input.id);
    assertManaged(ctx.scope, row);
    if (ctx.scope.kind === 'organization') await refuseIfPublished(ctx.services.pool, input.id);
    await withTransaction(ctx.services.pool, async (client) => {
      await client.query(
        `UPDATE exam_papers SET name = coalesce($2, name), description = coalesce($3, description),
                  duration_minutes = coalesce($4, duration_minutes), updated_at = now()
            WHERE id = $1`,
        [input.id, input.name ?? null, input.description ?? null, input.durationMinutes ?? null],
      );
      await resubmit(client, ctx, input.id, requestId);
    });
    return paperStore.get(ctx, input.id);
  },

  async updateQuestions(
    ctx: Ctx,
    input: { id: number; questions: z.output<typeof paperQuestionInput>[] },
    requestId: string,
  ) {
    const row = await readPaper(ctx.services.pool, ctx.scope, input.id);
    assertManaged(ctx.scope, row);
    if (row.sitting_count > 0) {
      throw fail('CONFLICT', `试卷已有 ${row.sitting_count} 份答卷，不能再修改题目`);
    }
    if (ctx.scope.kind === 'organization') await refuseIfPublished(ctx.services.pool, input.id);
    await checkQuestions(ctx.services.pool, ctx.scope, input.questions, 'body.questions');
    await withTransaction(ctx.services.pool, async (client) => {
      // Serialises with a start of this paper: no one begins while the questions change.
      await client.query('SELECT id FROM exam_papers WHERE id = $1 FOR UPDATE', [input.id]);
      const sat = await client.query(
        'SELECT 1 FROM exam_paper_enrolls WHERE exam_paper_id = $1 AND deleted_at IS NULL LIMIT 1',
        [input.id],
      );
      if (sat.rows.length > 0) throw fail('CONFLICT', '试卷已有人作答，不能再修改题目');
      await writeQuestions(client, input.id, input.questions);
      await client.query('UPDATE exam_papers SET updated_at = now() WHERE id = $1', [input.id]);
      await resubmit(client, ctx, input.id, requestId);
    });
    return paperStore.get(ctx, input.id);
  },

  async remove(ctx: Ctx, id: number) {
    const row = await readPaper(ctx.services.pool, ctx.scope, id);
    assertManaged(ctx.scope, row);
    const used = await ctx.services.pool.query<{ name: string }>(
      `SELECT e.name FROM exam_exam_papers ep JOIN exams e ON e.id = ep.exam_id
          WHERE ep.exam_paper_id = $1 AND e.status = 'active' LIMIT 1`,
      [id],
    );
    if (used.rows[0]) {
      throw fail('CONFLICT', `试卷正被考试「${used.rows[0].name}」使用，不能删除`);
    }
    await ctx.services.pool.query(
      `UPDATE exam_papers SET status = 'deleted', updated_at = now() WHERE id = $1`,
      [id],
    );
  },

  async get(ctx: Ctx, id: number): Promise<Item> {
    return toItem(ctx.services.pool, ctx.scope, await readPaper(ctx.services.pool, ctx.scope, id));
  },

  async list(ctx: Ctx, filter: Filter, page: PageQuery): Promise<Page<ListItem>> {
    const sql = new SqlParams();
    const clauses = [visiblePapers(ctx.scope, sql)];
    if (filter.keyword) clauses.push(`p.name ILIKE ${sql.add(containsPattern(filter.keyword))}`);
    if (filter.review) clauses.push(`p.review = ${sql.add(filter.review)}`);
    if (filter.bank === 'platform') clauses.push('p.organization_id IS NULL');
    if (filter.bank === 'organization') {
      clauses.push(
        ctx.scope.kind === 'platform'
          ? 'p.organization_id IS NOT NULL'
          : `p.organization_id = ${sql.add(ctx.scope.organizationId)}`,
      );
    }
    if (filter.organizationId) {
      clauses.push(`p.organization_id = ${sql.add(filter.organizationId)}`);
    }
    if (filter.questionId) {
      clauses.push(`EXISTS (SELECT 1 FROM exam_paper_questions pq
          WHERE pq.exam_paper_id = p.id AND pq.question_id = ${sql.add(filter.questionId)})`);
    }
    const rows = await pagedRows<PaperRow>(
      ctx.services.pool,
      {
        select: PAPER_COLUMNS,
        from: `${PAPER_FROM} WHERE ${clauses.join(' AND ')}`,
        params: sql.values,
        order: orderBy(page, sortable, 'p.id DESC', 'p.id DESC'),
      },
      page,
    );
    return { ...rows, content: rows.content.map(toListItem(ctx.scope)) };
  },

  async simpleList(ctx: Ctx, filter: Filter, page: PageQuery) {
    const rows = await paperStore.list(ctx, filter, page);
    return {
      ...rows,
      content: rows.content.map((p) => ({
        id: p.id,
        name: p.name,
        durationMinutes: p.durationMinutes,
        totalScore: p.totalScore,
        questionCount: p.questionCount,
        review: p.review,
      })),
    };
  },

  /** Staff: the paper's questions in order. */
  async questions(ctx: Ctx, id: number) {
    const row = await readPaper(ctx.services.pool, ctx.scope, id);
    return {
      examPaperId: row.id,
      name: row.name,
      totalScore: row.total_score,
      questions: await paperQuestions(ctx.services.pool, row.id),
    };
  },
};

/** The paper row the lifecycle calls act on: staff of its owner (or the platform) only. */
export async function authorizePaper(ctx: Ctx, id: number): Promise<void> {
  assertManaged(ctx.scope, await readPaper(ctx.services.pool, ctx.scope, id));
}

export { readPaper };

/** A review's reason: kept when the paper is rejected, cleared when it passes. */
export async function setPaperReviewReason(client: PoolClient, id: number, reason: string | null) {
  await client.query('UPDATE exam_papers SET review_reason = $2 WHERE id = $1', [id, reason]);
}

/**
 * Answers saved in a sitting (examMemberQuestion; issue 7 item 4): the room autosaves each
 * question; a save is taken only while the sitting is answering and before its deadline and
 * grace, only for a question of its paper, and only when its revision is newer than the one
 * stored — so a retried or reordered save never overwrites a newer answer, and the last
 * acknowledged one is what settlement scores.
 */
import type { z } from 'zod';
import type {
  debugBody,
  EXAM_ANSWER_SORT,
  ExamAnswerItem,
  examAnswerFilter,
  SaveAck,
  saveBody,
  staffAnswerCreate,
} from '../../contract/exam/answers.ts';
import type { Page, PageQuery } from '../../contract/paging.ts';
import {
  hasReport,
  isAnswering,
  type SittingState,
} from '../../machines/lifecycles/exam-paper-enroll.ts';
import { withTransaction, type Pool, type Queryable } from '../db/pool.ts';
import { SqlParams } from '../db/sql-params.ts';
import { fail } from '../http/app-error.ts';
import { orderBy, pagedRows, type SortColumns } from '../http/paging.ts';
import { validationError } from '../http/validation-error.ts';
import { enqueue } from '../judge-queue/index.ts';
import { jobKindOf } from '../judge-service/jobs.ts';
import type { Scope } from '../access/scope.ts';
import { SAVE_GRACE_MS, visibleSittings } from './sittings.ts';

const sortable: SortColumns<typeof EXAM_ANSWER_SORT> = { id: 'a.id', savedAt: 'a.saved_at' };

const ANSWER_COLUMNS = `a.id, a.exam_paper_enroll_id, s.exam_id, s.exam_paper_id, a.question_id,
  q.title AS question_title, q.type AS question_type, a.member_id, m.nickname AS member_name,
  a.answer, a.language, a.source, a.flagged, a.revision, a.saved_at, a.score,
  pq.score AS max_score, mq.verdict, a.judge_answer_id, a.override_score, a.override_reason,
  a.voided_at IS NOT NULL AS voided, s.state AS sitting_state`;
const ANSWER_FROM = `FROM exam_member_questions a
  JOIN exam_paper_enrolls s ON s.id = a.exam_paper_enroll_id
  JOIN exams e ON e.id = s.exam_id
  JOIN questions q ON q.id = a.question_id
  JOIN members m ON m.id = a.member_id
  LEFT JOIN exam_paper_questions pq ON pq.exam_paper_id = s.exam_paper_id AND pq.question_id = a.question_id
  LEFT JOIN member_questions mq ON mq.id = a.judge_answer_id`;

interface AnswerRow {
  id: number;
  exam_paper_enroll_id: number;
  exam_id: number;
  exam_paper_id: number;
  question_id: number;
  question_title: string;
  question_type: ExamAnswerItem['questionType'];
  member_id: number;
  member_name: string;
  answer: string;
  language: string | null;
  source: string;
  flagged: boolean;
  revision: number;
  saved_at: Date;
  score: number | null;
  max_score: number | null;
  verdict: ExamAnswerItem['verdict'];
  judge_answer_id: number | null;
  override_score: number | null;
  override_reason: string | null;
  voided: boolean;
  sitting_state: SittingState;
}

/** An answer as the wire shows it; a learner sees its score only once results are out. */
function toAnswerItem(r: AnswerRow, learner: boolean): ExamAnswerItem {
  const shown = !learner || hasReport(r.sitting_state);
  return {
    id: r.id,
    examPaperEnrollId: r.exam_paper_enroll_id,
    examId: r.exam_id,
    examPaperId: r.exam_paper_id,
    questionId: r.question_id,
    questionTitle: r.question_title,
    questionType: r.question_type,
    memberId: r.member_id,
    memberName: r.member_name,
    answer: r.answer,
    language: r.language,
    source: r.source,
    flagged: r.flagged,
    revision: r.revision,
    savedAt: r.saved_at.toISOString(),
    score: shown ? r.score : null,
    maxScore: r.max_score ?? 0,
    verdict: shown ? r.verdict : null,
    judgeAnswerId: shown ? r.judge_answer_id : null,
    overrideScore: shown ? r.override_score : null,
    overrideReason: shown ? r.override_reason : null,
    voided: r.voided,
  };
}

export async function readAnswer(db: Queryable, scope: Scope, id: number) {
  const sql = new SqlParams();
  const where = visibleSittings(scope, sql);
  const { rows } = await db.query<AnswerRow>(
    `SELECT ${ANSWER_COLUMNS} ${ANSWER_FROM} WHERE ${where} AND a.id = ${sql.add(id)}`,
    sql.values,
  );
  const row = rows[0];
  if (!row) throw fail('NOT_FOUND', `作答 ${id} 不存在`);
  return toAnswerItem(row, scope.kind === 'learner');
}

export async function latestAnswer(
  db: Queryable,
  scope: Scope,
  sittingId: number,
  questionId: number,
): Promise<ExamAnswerItem | null> {
  const sql = new SqlParams();
  const where = visibleSittings(scope, sql);
  const { rows } = await db.query<AnswerRow>(
    `SELECT ${ANSWER_COLUMNS} ${ANSWER_FROM} WHERE ${where}
        AND a.exam_paper_enroll_id = ${sql.add(sittingId)} AND a.question_id = ${sql.add(questionId)}`,
    sql.values,
  );
  return rows[0] ? toAnswerItem(rows[0], scope.kind === 'learner') : null;
}

export async function listAnswers(
  db: Queryable,
  scope: Scope,
  filter: z.output<typeof examAnswerFilter>,
  page: PageQuery,
  latestFirst = false,
): Promise<Page<ExamAnswerItem>> {
  const sql = new SqlParams();
  const clauses = [visibleSittings(scope, sql)];
  if (filter.examPaperEnrollId) {
    clauses.push(`a.exam_paper_enroll_id = ${sql.add(filter.examPaperEnrollId)}`);
  }
  if (filter.examId) clauses.push(`s.exam_id = ${sql.add(filter.examId)}`);
  if (filter.examPaperId) clauses.push(`s.exam_paper_id = ${sql.add(filter.examPaperId)}`);
  if (filter.questionId) clauses.push(`a.question_id = ${sql.add(filter.questionId)}`);
  if (filter.memberId) clauses.push(`a.member_id = ${sql.add(filter.memberId)}`);
  const rows = await pagedRows<AnswerRow>(
    db,
    {
      select: ANSWER_COLUMNS,
      from: `${ANSWER_FROM} WHERE ${clauses.join(' AND ')}`,
      params: sql.values,
      order: orderBy(
        page,
        sortable,
        latestFirst ? 'a.saved_at DESC' : 'pq.sort, a.id',
        'a.id DESC',
      ),
    },
    page,
  );
  return {
    ...rows,
    content: rows.content.map((r) => toAnswerItem(r, scope.kind === 'learner')),
  };
}

interface PaperQuestion {
  type: 'programming' | 'single' | 'multiple' | 'judge';
  option_count: number;
}

/** The question of the sitting's paper, or a VALIDATION error naming body.questionId. */
async function paperQuestion(
  db: Queryable,
  paperId: number,
  questionId: number,
): Promise<PaperQuestion> {
  const { rows } = await db.query<PaperQuestion>(
    `SELECT q.type, jsonb_array_length(q.options) AS option_count
       FROM exam_paper_questions pq JOIN questions q ON q.id = pq.question_id
      WHERE pq.exam_paper_id = $1 AND pq.question_id = $2`,
    [paperId, questionId],
  );
  const q = rows[0];
  if (!q)
    throw validationError([{ field: 'body.questionId', message: '这道题不在本答卷的试卷中' }]);
  return q;
}

/** What a save may carry for the question's type; each refusal names its field. */
function checkAnswerFits(
  q: PaperQuestion,
  input: { answer?: string; language?: string; source?: string },
): void {
  if (q.type === 'programming') {
    if (input.answer !== undefined && input.answer !== '') {
      throw validationError([{ field: 'body.answer', message: '编程题请提交代码，不是选项' }]);
    }
    return;
  }
  if (input.source !== undefined && input.source !== '') {
    throw validationError([{ field: 'body.source', message: '客观题没有代码' }]);
  }
  const answer = input.answer ?? '';
  if (answer === '') return;
  if (answer.length !== q.option_count) {
    throw validationError([
      { field: 'body.answer', message: `该题有 ${q.option_count} 个选项，答案应有同样多位` },
    ]);
  }
  if (q.type !== 'multiple' && answer.replace(/0/g, '').length > 1) {
    throw validationError([{ field: 'body.answer', message: '单选题与判断题只能选一个选项' }]);
  }
}

interface OpenSitting {
  id: number;
  member_id: number;
  exam_paper_id: number;
  state: SittingState;
  open: boolean;
  start_ip: string | null;
  /** The asked question as the paper holds it; null when it is not on the paper. */
  question_type: PaperQuestion['type'] | null;
  option_count: number | null;
}

/**
 * The member's own sitting, locked against hand-in for the length of the caller's transaction
 * (FOR SHARE: saves of one sitting do not wait for each other), with the question as its paper
 * holds it — one round trip, as every autosave makes it. EXAM_CLOSED once the sitting no longer
 * takes answers; someone else's sitting is not found; a question not on the paper is refused.
 */
async function openSitting(
  db: Queryable,
  memberId: number,
  id: number,
  questionId: number,
): Promise<OpenSitting & { question: PaperQuestion }> {
  const { rows } = await db.query<OpenSitting>(
    `SELECT s.id, s.member_id, s.exam_paper_id, s.state, s.start_ip,
            now() <= s.deadline + interval '${SAVE_GRACE_MS} milliseconds' AS open,
            q.type AS question_type, jsonb_array_length(q.options) AS option_count
       FROM exam_paper_enrolls s
       LEFT JOIN exam_paper_questions pq ON pq.exam_paper_id = s.exam_paper_id AND pq.question_id = $3
       LEFT JOIN questions q ON q.id = pq.question_id
      WHERE s.id = $1 AND s.member_id = $2 AND s.deleted_at IS NULL
      FOR SHARE OF s`,
    [id, memberId, questionId],
  );
  const sitting = rows[0];
  if (!sitting) throw fail('NOT_FOUND', `答卷 ${id} 不存在`);
  if (!isAnswering(sitting.state)) throw fail('EXAM_CLOSED', '答卷已交卷，不能再修改');
  if (!sitting.open) throw fail('EXAM_CLOSED', '考试时间已到，不能再保存');
  if (sitting.question_type === null) {
    throw validationError([{ field: 'body.questionId', message: '这道题不在本答卷的试卷中' }]);
  }
  return {
    ...sitting,
    question: { type: sitting.question_type, option_count: sitting.option_count ?? 0 },
  };
}

/** Records an IP change the first time the sitting sees an address other than its start's. */
async function noteAddress(db: Queryable, sitting: OpenSitting, ip: string): Promise<void> {
  if (!sitting.start_ip || sitting.start_ip === ip) return;
  await db.query(
    `INSERT INTO exam_integrity_events (exam_paper_enroll_id, kind, detail)
     SELECT $1, 'ipChange', $2
      WHERE NOT EXISTS (SELECT 1 FROM exam_integrity_events
                         WHERE exam_paper_enroll_id = $1 AND kind = 'ipChange' AND detail = $2)`,
    [sitting.id, `${sitting.start_ip} → ${ip}`],
  );
}

export async function saveAnswer(
  pool: Pool,
  memberId: number,
  input: z.output<typeof saveBody>,
  ip: string,
): Promise<SaveAck> {
  return withTransaction(pool, async (client) => {
    const sitting = await openSitting(client, memberId, input.examPaperEnrollId, input.questionId);
    checkAnswerFits(sitting.question, input);
    await noteAddress(client, sitting, ip);
    const written = await client.query<{ id: number; revision: number; saved_at: Date; now: Date }>(
      `INSERT INTO exam_member_questions AS t (exam_paper_enroll_id, question_id, member_id, answer,
          language, source, flagged, revision)
       VALUES ($1, $2, $3, coalesce($4, ''), $5, coalesce($6, ''), coalesce($7, false), $8)
       ON CONFLICT (exam_paper_enroll_id, question_id) DO UPDATE
         SET answer = coalesce($4, t.answer), language = coalesce($5, t.language),
             source = coalesce($6, t.source), flagged = coalesce($7, t.flagged),
             revision = $8, saved_at = now()
         WHERE t.revision < $8
       RETURNING id, revision, saved_at, now() AS now`,
      [
        sitting.id,
        input.questionId,
        memberId,
        input.answer ?? null,
        input.language ?? null,
        input.source ?? null,
        input.flagged ?? null,
        input.revision,
      ],
    );
    const applied = written.rows[0];
    if (applied) {
      return {
        id: applied.id,
        questionId: input.questionId,
        revision: applied.revision,
        applied: true,
        savedAt: applied.saved_at.toISOString(),
        serverNow: applied.now.toISOString(),
      };
    }
    // A newer revision is stored already: this save was overtaken and changes nothing.
    const stored = await client.query<{ id: number; revision: number; saved_at: Date; now: Date }>(
      `SELECT id, revision, saved_at, now() AS now FROM exam_member_questions
        WHERE exam_paper_enroll_id = $1 AND question_id = $2`,
      [sitting.id, input.questionId],
    );
    const row = stored.rows[0]!;
    return {
      id: row.id,
      questionId: input.questionId,
      revision: row.revision,
      applied: false,
      savedAt: row.saved_at.toISOString(),
      serverNow: row.now.toISOString(),
    };
  });
}

/** A run on custom input during the exam: the question's limits, no verdict against its cases. */
export async function debugAnswer(
  pool: Pool,
  memberId: number,
  input: z.output<typeof debugBody>,
): Promise<{ id: number; status: 'queued' }> {
  return withTransaction(pool, async (client) => {
    const sitting = await openSitting(client, memberId, input.examPaperEnrollId, input.questionId);
    if (sitting.question.type !== 'programming') {
      throw validationError([{ field: 'body.questionId', message: '该题不是编程题' }]);
    }
    const inserted = await client.query<{ id: number }>(
      `INSERT INTO member_questions (member_id, question_id, kind, language, source, input)
       VALUES ($1, $2, 'debug', $3, $4, $5) RETURNING id`,
      [memberId, input.questionId, input.language, input.source, input.input],
    );
    const id = inserted.rows[0]!.id;
    const jobId = await enqueue(client, { kind: jobKindOf('debug'), payload: { answerId: id } });
    await client.query('UPDATE member_questions SET judge_job_id = $2 WHERE id = $1', [id, jobId]);
    return { id, status: 'queued' as const };
  });
}

/** Records what the room noticed; the sitting must be the member's own. */
export async function recordSignal(
  db: Queryable,
  memberId: number,
  input: { id: number; kind: string; detail: string; clientAt?: string },
): Promise<{ id: number }> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO exam_integrity_events (exam_paper_enroll_id, kind, detail, client_at)
     SELECT s.id, $3, $4, $5 FROM exam_paper_enrolls s
      WHERE s.id = $1 AND s.member_id = $2 AND s.deleted_at IS NULL
     RETURNING id`,
    [input.id, memberId, input.kind, input.detail, input.clientAt ?? null],
  );
  if (!rows[0]) throw fail('NOT_FOUND', `答卷 ${input.id} 不存在`);
  return { id: Number(rows[0].id) };
}

export async function listSignals(db: Queryable, scope: Scope, sittingId: number) {
  const sql = new SqlParams();
  const where = visibleSittings(scope, sql);
  const found = await db.query(
    `SELECT 1 FROM exam_paper_enrolls s JOIN exams e ON e.id = s.exam_id
      WHERE ${where} AND s.id = ${sql.add(sittingId)}`,
    sql.values,
  );
  if (!found.rows[0]) throw fail('NOT_FOUND', `答卷 ${sittingId} 不存在`);
  const { rows } = await db.query<{
    id: string;
    kind: 'tabHidden' | 'windowBlur' | 'largePaste' | 'ipChange';
    detail: string;
    client_at: Date | null;
    at: Date;
  }>(
    `SELECT id, kind, detail, client_at, at FROM exam_integrity_events
      WHERE exam_paper_enroll_id = $1 ORDER BY id`,
    [sittingId],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    kind: r.kind,
    detail: r.detail,
    clientAt: r.client_at?.toISOString() ?? null,
    at: r.at.toISOString(),
  }));
}

/** Staff record an answer for a handed-in sitting (补录); settlement runs again after. */
export async function staffCreateAnswer(
  pool: Pool,
  scope: Scope,
  input: z.output<typeof staffAnswerCreate>,
): Promise<number> {
  return withTransaction(pool, async (client) => {
    const sql = new SqlParams();
    const where = visibleSittings(scope, sql);
    const found = await client.query<{
      member_id: number;
      exam_paper_id: number;
      state: SittingState;
    }>(
      `SELECT s.member_id, s.exam_paper_id, s.state FROM exam_paper_enrolls s
         JOIN exams e ON e.id = s.exam_id WHERE ${where} AND s.id = ${sql.add(input.examPaperEnrollId)}
         FOR UPDATE OF s`,
      sql.values,
    );
    const sitting = found.rows[0];
    if (!sitting) throw fail('NOT_FOUND', `答卷 ${input.examPaperEnrollId} 不存在`);
    if (isAnswering(sitting.state)) {
      throw fail('CONFLICT', '学员仍在作答，交卷后才能补录');
    }
    const q = await paperQuestion(client, sitting.exam_paper_id, input.questionId);
    checkAnswerFits(q, input);
    const written = await client.query<{ id: number }>(
      `INSERT INTO exam_member_questions AS t (exam_paper_enroll_id, question_id, member_id, answer,
          language, source, revision, override_reason)
       VALUES ($1, $2, $3, $4, $5, $6, 1, $7)
       ON CONFLICT (exam_paper_enroll_id, question_id) DO UPDATE
         SET answer = $4, language = $5, source = $6, revision = t.revision + 1,
             saved_at = now(), override_reason = $7, voided_at = NULL
       RETURNING id`,
      [
        input.examPaperEnrollId,
        input.questionId,
        sitting.member_id,
        input.answer,
        input.language ?? null,
        input.source,
        `补录：${input.reason}`,
      ],
    );
    return written.rows[0]!.id;
  });
}

/** The sitting an answer belongs to, when the scope manages it. */
export async function sittingOfAnswer(
  db: Queryable,
  scope: Scope,
  answerId: number,
): Promise<number> {
  const sql = new SqlParams();
  const where = visibleSittings(scope, sql);
  const { rows } = await db.query<{ id: number }>(
    `SELECT s.id FROM exam_member_questions a JOIN exam_paper_enrolls s ON s.id = a.exam_paper_enroll_id
       JOIN exams e ON e.id = s.exam_id WHERE ${where} AND a.id = ${sql.add(answerId)}`,
    sql.values,
  );
  if (!rows[0]) throw fail('NOT_FOUND', `作答 ${answerId} 不存在`);
  return rows[0].id;
}

export async function overrideScore(
  db: Queryable,
  id: number,
  score: number | null,
  reason: string,
): Promise<void> {
  await db.query(
    'UPDATE exam_member_questions SET override_score = $2, override_reason = $3 WHERE id = $1',
    [id, score, reason],
  );
}

export async function voidAnswer(db: Queryable, id: number, reason: string | undefined) {
  await db.query(
    `UPDATE exam_member_questions SET voided_at = now(), override_reason = coalesce($2, override_reason)
      WHERE id = $1`,
    [id, reason ? `作废：${reason}` : null],
  );
}

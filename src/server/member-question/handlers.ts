/**
 * The learner's answer calls (memberQuestion and memberPlayground, with clean and the wrong-case
 * list: docs/product-rules.md#the-call-catalogue). Programming answers are written together with
 * their judge job in one transaction; a worker judges them and records the verdict (jobs.ts).
 * Objective answers are graded at once against the question's answer flags. Programming submissions
 * and reviews, runs and cleans use daily quotas (quota.ts) in the transaction that writes them.
 */
import { memberQuestion as memberQuestionApi } from '../../contract/member-question/calls.ts';
import type {
  AnswerSummary,
  GradedAnswer,
  WrongAnswer,
} from '../../contract/member-question/calls.ts';
import { toPage } from '../../contract/paging.ts';
import type { Auth } from '../http/sessions.ts';
import { withTransaction } from '../db/pool.ts';
import type { Pool, Queryable } from '../db/pool.ts';
import { fail } from '../http/app-error.ts';
import { handle } from '../http/handler.ts';
import { assertMayPractise } from '../grade-controls/controls.ts';
import { findOwned, ownedFilter } from '../http/owned-rows.ts';
import { limitOffset, orderBy, pagedRows } from '../http/paging.ts';
import { validationError } from '../http/validation-error.ts';
import type { LanguageName } from '../../judge/languages.ts';
import { enqueue } from '../judge-queue/index.ts';
import { learnerScope } from '../question/scopes.ts';
import { QUESTIONS } from '../question/store.ts';
import {
  ANSWER_SELECT,
  canViewCases,
  failingCases,
  findOwnAnswer,
  readCaseData,
  toDetail,
  toSummary,
} from './answers.ts';
import { streamAnswerStatus } from './status-stream.ts';
import type { AnswerRow } from './answers.ts';
import { isGraded, jobKindOf } from '../judge-service/jobs.ts';
import type { AnswerKind } from '../judge-service/jobs.ts';
import { consumeQuota, readQuota } from './quota.ts';
import { assertNotSealed } from './sealed.ts';
import { assertQuestionOpen } from '../question/store.ts';
import type { QuotaCounter, QuotaPolicy } from './quota.ts';
import type { ANSWER_SORT, WRONG_ANSWER_SORT } from '../../contract/member-question/calls.ts';
import type { SortColumns } from '../http/paging.ts';

/** Drafts of the playground are kept under question key 0 (migration 0004). */
const PLAYGROUND_KEY = 0;

interface QuestionRow {
  id: number;
  type: 'programming' | 'single' | 'multiple' | 'judge';
  answer: string;
  options: unknown[];
  analysis: string;
  price_fen: number;
  right_code: string | null;
}

/** An active question the caller may see: the platform's bank or the caller's organization's. */
/** The question as the learner may see it (the bank's one rule): NOT_FOUND otherwise. */
const findQuestion = (db: Queryable, auth: Auth, id: number): Promise<QuestionRow> =>
  findOwned<QuestionRow>(
    db,
    QUESTIONS,
    learnerScope(auth),
    id,
    'q.id, q.type, q.answer, q.options, q.analysis, q.price_fen, q.right_code',
  );

function requireProgramming(q: QuestionRow): void {
  if (q.type !== 'programming') {
    throw validationError([{ field: 'body.questionId', message: '该题不是编程题' }]);
  }
}

/** Graded answers use the submission quota; runs on custom input the run quota. */
const quotaCounterOf = (kind: AnswerKind): QuotaCounter =>
  isGraded(kind) ? 'submissions' : 'runs';

/** A homework answer's submission: the answer it belongs to, and whether it came late. */
export interface HomeworkLink {
  homeworkMemberQuestionId: number;
  late: boolean;
}

/**
 * Writes a programming answer and its judge job in one transaction, after taking one unit of
 * the daily quota its kind uses (QUOTA_USED_UP: nothing is written); returns the answer.
 */
export async function queueAnswer(
  pool: Pool,
  quota: QuotaPolicy,
  auth: Auth,
  answer: {
    kind: AnswerKind;
    questionId: number | null;
    language: string;
    source: string;
    input: string | null;
    link?: HomeworkLink | undefined;
  },
): Promise<AnswerRow> {
  const id = await withTransaction(pool, async (client) => {
    // Assigned work never runs into the practice quota.
    if (!answer.link) await consumeQuota(client, quota, auth.memberId, quotaCounterOf(answer.kind));
    const inserted = await client.query<{ id: number }>(
      `INSERT INTO member_questions (member_id, question_id, kind, language, source, input,
                                     homework_member_question_id, late)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [
        auth.memberId,
        answer.questionId,
        answer.kind,
        answer.language,
        answer.source,
        answer.input,
        answer.link?.homeworkMemberQuestionId ?? null,
        answer.link?.late ?? false,
      ],
    );
    const answerId = inserted.rows[0]!.id;
    const jobId = await enqueue(client, { kind: jobKindOf(answer.kind), payload: { answerId } });
    await client.query(`UPDATE member_questions SET judge_job_id = $2 WHERE id = $1`, [
      answerId,
      jobId,
    ]);
    return answerId;
  });
  return (await findOwnAnswer(pool, auth.memberId, id))!;
}

/** Option flags that fit the question: one per option, exactly one set unless multiple choice. */
function checkObjectiveFlags(q: QuestionRow, flags: string): void {
  if (flags.length !== q.options.length) {
    throw validationError([
      { field: 'body.answer', message: `该题有 ${q.options.length} 个选项，答案应有同样多位` },
    ]);
  }
  if (q.type !== 'multiple' && flags.replace(/0/g, '').length !== 1) {
    throw validationError([{ field: 'body.answer', message: '单选题与判断题只能选一个选项' }]);
  }
}

/** Grades an objective answer (flags already checked): right only when every flag matches. */
async function gradeObjective(
  pool: Pool,
  auth: Auth,
  q: QuestionRow,
  flags: string,
  kind: GradedKind,
  link?: HomeworkLink,
): Promise<AnswerRow> {
  const correct = flags === q.answer;
  const { rows } = await pool.query<{ id: number }>(
    `INSERT INTO member_questions (member_id, question_id, kind, source, status, verdict, score,
                                   max_score, result, judged_at, homework_member_question_id,
                                   late)
     VALUES ($1, $2, $7, $3, 'done', $4, $5, 100, $6::jsonb, now(), $8, $9) RETURNING id`,
    [
      auth.memberId,
      q.id,
      flags,
      correct ? 'AC' : 'WA',
      correct ? 100 : 0,
      JSON.stringify({ type: 'objective', answer: flags }),
      kind,
      link?.homeworkMemberQuestionId ?? null,
      link?.late ?? false,
    ],
  );
  return (await findOwnAnswer(pool, auth.memberId, rows[0]!.id))!;
}

/** The graded answer kinds: practice submissions, corrections (订正), homework submissions. */
type GradedKind = 'submit' | 'review' | 'homework';

type AnswerBody = {
  questionId: number;
  language?: string;
  source?: string;
  answer?: string;
};

/**
 * A graded answer (submitAnswer, reviewSubmit): objective questions are graded at once,
 * programming answers queued for the judge. `beforeWrite` runs once the body is known valid.
 */
export async function answerQuestion(
  services: { pool: Pool; quota: QuotaPolicy },
  auth: Auth,
  body: AnswerBody,
  kind: GradedKind,
  beforeWrite: (q: QuestionRow) => Promise<HomeworkLink | void> = async () => undefined,
): Promise<GradedAnswer> {
  const q = await findQuestion(services.pool, auth, body.questionId);
  // Homework is assigned by the learner's teacher: a paid question in it is theirs to answer.
  if (kind !== 'homework') await assertQuestionOpen(services.pool, auth.memberId, q);
  if (q.type !== 'programming') {
    if (body.answer === undefined) {
      throw validationError([{ field: 'body.answer', message: '客观题请提交 answer' }]);
    }
    checkObjectiveFlags(q, body.answer);
    const link = (await beforeWrite(q)) ?? undefined;
    const graded = await gradeObjective(services.pool, auth, q, body.answer, kind, link);
    // The learner has answered: the correct flags and the analysis are theirs to read now —
    // except in homework, where the next submission could simply copy them.
    const solution = kind === 'homework' ? null : { answer: q.answer, analysis: q.analysis };
    return { ...toSummary(graded), solution };
  }
  if (body.language === undefined) {
    throw validationError([{ field: 'body.language', message: '编程题请选择语言' }]);
  }
  if (body.source === undefined) {
    throw validationError([{ field: 'body.source', message: '代码不能为空' }]);
  }
  const link = (await beforeWrite(q)) ?? undefined;
  const row = await queueAnswer(services.pool, services.quota, auth, {
    kind,
    questionId: q.id,
    language: body.language,
    source: body.source,
    input: null,
    link,
  });
  return { ...toSummary(row), solution: null };
}

/**
 * A review (订正) needs something to correct: a judged, not accepted first-attempt submission
 * of the question that the member has not cleaned from their history.
 */
async function requireFailedSubmission(db: Queryable, memberId: number, questionId: number) {
  const { rows } = await db.query(
    `SELECT 1 FROM member_questions
      WHERE member_id = $1 AND question_id = $2 AND kind = 'submit' AND cleaned_at IS NULL
        AND verdict IS NOT NULL AND verdict <> 'AC'
      LIMIT 1`,
    [memberId, questionId],
  );
  if (rows.length === 0) {
    throw fail('CONFLICT', '该题没有未通过的提交记录，无需订正；请先用“提交”作答，未通过后再订正');
  }
}

async function saveDraft(
  db: Queryable,
  memberId: number,
  questionKey: number,
  d: { language: string; source: string; input?: string },
) {
  const { rows } = await db.query<{ updated_at: Date }>(
    `INSERT INTO member_question_drafts (member_id, question_key, language, source, input)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (member_id, question_key, language)
     DO UPDATE SET source = EXCLUDED.source, input = EXCLUDED.input, updated_at = now()
     RETURNING updated_at`,
    [memberId, questionKey, d.language, d.source, d.input ?? null],
  );
  return { saved: true as const, updatedAt: rows[0]!.updated_at.toISOString() };
}

async function readDraft(db: Queryable, memberId: number, questionKey: number, language?: string) {
  const { rows } = await db.query<{
    language: LanguageName;
    source: string;
    input: string | null;
    updated_at: Date;
  }>(
    `SELECT language, source, input, updated_at FROM member_question_drafts
      WHERE member_id = $1 AND question_key = $2 AND ($3::text IS NULL OR language = $3)
      ORDER BY updated_at DESC LIMIT 1`,
    [memberId, questionKey, language ?? null],
  );
  const d = rows[0];
  return d
    ? {
        language: d.language,
        source: d.source,
        input: d.input,
        updatedAt: d.updated_at.toISOString(),
      }
    : null;
}

const sortable: SortColumns<typeof ANSWER_SORT> = { id: 'mq.id', createdAt: 'mq.created_at' };
/** When an answer was judged (or sent, while it waits): the wrong list's order. */
const ANSWERED_AT = 'coalesce(latest.judged_at, latest.created_at)';
const wrongSortable: SortColumns<typeof WRONG_ANSWER_SORT> = { answeredAt: ANSWERED_AT };

export const memberQuestionHandlers = [
  handle(
    memberQuestionApi['memberQuestion.submitAnswer'],
    async ({ body, services, requireAuth }) => {
      const auth = requireAuth();
      return answerQuestion(services, auth, body, 'submit', async (q) => {
        await assertMayPractise(services.pool, auth.memberId, q.id);
        await assertNotSealed(services.pool, auth.memberId, q.id);
      });
    },
  ),

  handle(
    memberQuestionApi['memberQuestion.reviewSubmit'],
    async ({ body, services, requireAuth }) => {
      const auth = requireAuth();
      return answerQuestion(services, auth, body, 'review', async (q) => {
        await assertNotSealed(services.pool, auth.memberId, q.id);
        await requireFailedSubmission(services.pool, auth.memberId, q.id);
      });
    },
  ),

  handle(memberQuestionApi['memberQuestion.queryQuota'], async ({ services, requireAuth }) =>
    readQuota(services.pool, services.quota, requireAuth().memberId),
  ),

  handle(
    memberQuestionApi['memberQuestion.saveAsDraft'],
    async ({ body, services, requireAuth }) => {
      const auth = requireAuth();
      await findQuestion(services.pool, auth, body.questionId);
      return saveDraft(services.pool, auth.memberId, body.questionId, body);
    },
  ),

  handle(memberQuestionApi['memberQuestion.queryDraft'], async ({ query, services, requireAuth }) =>
    readDraft(services.pool, requireAuth().memberId, query.questionId, query.language),
  ),

  handle(memberQuestionApi['memberQuestion.debug'], async ({ body, services, requireAuth }) => {
    const auth = requireAuth();
    const q = await findQuestion(services.pool, auth, body.questionId);
    requireProgramming(q);
    await assertMayPractise(services.pool, auth.memberId, q.id);
    await assertNotSealed(services.pool, auth.memberId, q.id);
    await assertQuestionOpen(services.pool, auth.memberId, q);
    const row = await queueAnswer(services.pool, services.quota, auth, {
      kind: 'debug',
      questionId: q.id,
      language: body.language,
      source: body.source,
      input: body.input,
    });
    return { id: row.id, status: toSummary(row).status };
  }),

  handle(
    memberQuestionApi['memberQuestion.queryById'],
    async ({ query, services, requireAuth }) => {
      const auth = requireAuth();
      const row = await findOwnAnswer(services.pool, auth.memberId, query.id);
      if (!row) throw fail('NOT_FOUND', '作答记录不存在');
      const detail = toDetail(row);
      const first = failingCases(row)[0];
      if (!first || row.question_id === null) {
        return { ...detail, failingCase: null, failingCaseHidden: false };
      }
      if (!(await canViewCases(services.pool, auth.memberId))) {
        return { ...detail, failingCase: null, failingCaseHidden: true };
      }
      const data = await readCaseData(services.pool, row, [first.index]);
      return { ...detail, failingCase: data.get(first.index) ?? null, failingCaseHidden: false };
    },
  ),

  handle(
    memberQuestionApi['memberQuestion.status'],
    async ({ query, services, requireAuth, request, reply }) => {
      const memberId = requireAuth().memberId;
      const row = await findOwnAnswer(services.pool, memberId, query.id);
      if (!row) throw fail('NOT_FOUND', '作答记录不存在');
      await streamAnswerStatus({ pool: services.pool, row, request, reply });
      return null as never;
    },
  ),

  handle(
    memberQuestionApi['memberQuestion.queryLatestList'],
    async ({ body, services, requireAuth }) => {
      const auth = requireAuth();
      const { rows } = await services.pool.query<AnswerRow>(
        `SELECT DISTINCT ON (mq.question_id) * FROM (${ANSWER_SELECT}
         WHERE mq.member_id = $1 AND mq.kind IN ('submit', 'review') AND mq.cleaned_at IS NULL
           AND mq.question_id = ANY($2::int[])) mq
        ORDER BY mq.question_id, mq.id DESC`,
        [auth.memberId, body.questionIds],
      );
      return rows.map(toSummary);
    },
  ),

  handle(
    memberQuestionApi['memberQuestion.queryWrongList'],
    async ({ query, services, requireAuth }) => {
      const auth = requireAuth();
      // The latest graded answer per question the learner may still see (the bank's rule).
      const visible = ownedFilter(QUESTIONS, learnerScope(auth));
      const n = visible.params.length;
      const rows = await pagedRows<AnswerRow & { question_type: WrongAnswer['questionType'] }>(
        services.pool,
        {
          select: 'latest.*',
          from: `FROM (
             SELECT DISTINCT ON (a.question_id) a.*, q.type AS question_type
               FROM (${ANSWER_SELECT}
                     WHERE mq.member_id = $${n + 1} AND mq.kind IN ('submit', 'review')
                       AND mq.cleaned_at IS NULL) a
               JOIN questions q ON q.id = a.question_id
              WHERE ${visible.where()}
              ORDER BY a.question_id, a.id DESC
           ) latest
           WHERE latest.verdict IS NOT NULL AND latest.verdict <> 'AC'`,
          params: [...visible.params, auth.memberId],
          order: orderBy(query, wrongSortable, `${ANSWERED_AT} DESC`, 'latest.id DESC'),
        },
        query,
      );
      return {
        ...rows,
        content: rows.content.map((r) => ({ ...toSummary(r), questionType: r.question_type })),
      };
    },
  ),

  handle(
    memberQuestionApi['memberQuestion.queryList'],
    async ({ query, body, services, requireAuth }) => {
      const auth = requireAuth();
      const where = `mq.member_id = $1 AND mq.cleaned_at IS NULL
      AND ($2::int IS NULL OR mq.question_id = $2)
      AND ($3::text IS NULL OR mq.kind = $3)
      AND ($4::text IS NULL OR mq.verdict = $4)
      AND ($5::text[] IS NULL OR mq.kind = ANY($5::text[]))`;
      const filters = [
        auth.memberId,
        body.questionId ?? null,
        body.kind ?? null,
        body.verdict ?? null,
        body.kinds ?? null,
      ];
      const [limit, offset] = limitOffset(query);
      const order = orderBy(query, sortable, 'mq.id DESC', 'mq.id DESC');
      const [rows, count] = await Promise.all([
        services.pool.query<AnswerRow>(
          `${ANSWER_SELECT} WHERE ${where} ORDER BY ${order} LIMIT $6 OFFSET $7`,
          [...filters, limit, offset],
        ),
        services.pool.query<{ total: number }>(
          `SELECT count(*)::int AS total FROM member_questions mq WHERE ${where}`,
          filters,
        ),
      ]);
      const content: AnswerSummary[] = rows.rows.map(toSummary);
      return toPage(content, count.rows[0]!.total, query);
    },
  ),

  handle(memberQuestionApi['oj.memberQuestion.clean'], async ({ body, services, requireAuth }) => {
    const auth = requireAuth();
    // Only a clean that clears something uses the quota; over the limit nothing is cleared.
    return withTransaction(services.pool, async (client) => {
      const { rowCount } = await client.query(
        `UPDATE member_questions SET cleaned_at = now()
          WHERE member_id = $1 AND cleaned_at IS NULL AND ($2::int IS NULL OR question_id = $2)`,
        [auth.memberId, body.questionId ?? null],
      );
      const cleaned = rowCount ?? 0;
      if (cleaned > 0) await consumeQuota(client, services.quota, auth.memberId, 'cleans');
      return { cleaned };
    });
  }),

  handle(
    memberQuestionApi['oj.memberQuestion.queryWrongCaseListById'],
    async ({ query, services, requireAuth }) => {
      const auth = requireAuth();
      const row = await findOwnAnswer(services.pool, auth.memberId, query.id);
      if (!row) throw fail('NOT_FOUND', '作答记录不存在');
      const wrong = failingCases(row);
      if (wrong.length === 0 || row.question_id === null)
        return wrong.map((c) => ({ ...c, data: null }));
      const data = (await canViewCases(services.pool, auth.memberId))
        ? await readCaseData(
            services.pool,
            row,
            wrong.map((c) => c.index),
          )
        : new Map();
      return wrong.map((c) => ({ ...c, data: data.get(c.index) ?? null }));
    },
  ),

  handle(
    memberQuestionApi['memberPlayground.saveAsDraft'],
    async ({ body, services, requireAuth }) =>
      saveDraft(services.pool, requireAuth().memberId, PLAYGROUND_KEY, body),
  ),

  handle(
    memberQuestionApi['memberPlayground.submitAnswer'],
    async ({ body, services, requireAuth }) => {
      const row = await queueAnswer(services.pool, services.quota, requireAuth(), {
        kind: 'playground',
        questionId: null,
        language: body.language,
        source: body.source,
        input: body.input,
      });
      return { id: row.id, status: toSummary(row).status };
    },
  ),

  handle(
    memberQuestionApi['memberPlayground.queryLatest'],
    async ({ query, services, requireAuth }) => {
      const auth = requireAuth();
      const draft = await readDraft(services.pool, auth.memberId, PLAYGROUND_KEY, query.language);
      const { rows } = await services.pool.query<AnswerRow>(
        `${ANSWER_SELECT} WHERE mq.member_id = $1 AND mq.kind = 'playground'
         AND ($2::text IS NULL OR mq.language = $2)
       ORDER BY mq.id DESC LIMIT 1`,
        [auth.memberId, query.language ?? null],
      );
      return { draft, latestRun: rows[0] ? toSummary(rows[0]) : null };
    },
  ),
];

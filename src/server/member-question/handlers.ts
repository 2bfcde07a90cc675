/**
 * The learner's answer calls (memberQuestion and memberPlayground, with clean and the wrong-case
 * list: docs/product-rules.md#the-call-catalogue) wired to this folder's parts: answers are queued
 * for the judge (queue.ts) or graded at once (grading.ts), drafts kept (drafts.ts); submissions,
 * reviews, runs and cleans use daily quotas (quota.ts) in the transaction that writes them.
 */
import type { ANSWER_SORT, WRONG_ANSWER_SORT } from '../../contract/member-question/answers.ts';
import { memberQuestion as memberQuestionApi } from '../../contract/member-question/calls.ts';
import type { AnswerSummary, WrongAnswer } from '../../contract/member-question/common.ts';
import { toPage } from '../../contract/paging.ts';
import { withTransaction } from '../db/pool.ts';
import { fail } from '../http/app-error.ts';
import { handle } from '../http/handler.ts';
import { ownedFilter } from '../http/owned-rows.ts';
import { limitOffset, orderBy, pagedRows, type SortColumns } from '../http/paging.ts';
import { learnerScope } from '../access/scope.ts';
import { assertQuestionOpen, QUESTIONS } from '../question/store.ts';
import {
  ANSWER_SELECT,
  canViewCases,
  failingCases,
  findOwnAnswer,
  readCaseData,
  toDetail,
  toSummary,
  type AnswerRow,
} from './answers.ts';
import { PLAYGROUND_KEY, readDraft, saveDraft } from './drafts.ts';
import { requireFailedSubmission } from './grading.ts';
import { findQuestion, requireProgramming } from './learner-question.ts';
import { queueAnswer } from './queue.ts';
import { consumeQuota, readQuota } from './quota.ts';
import { refuseSeal } from './sealed.ts';
import { answerInPractice, assertPractiseAllowed, readPracticeGate } from './practice-gate.ts';
import { streamAnswerStatus } from './status-stream.ts';

const sortable: SortColumns<typeof ANSWER_SORT> = { id: 'mq.id', createdAt: 'mq.created_at' };
/** When an answer was judged (or sent, while it waits): the wrong list's order. */
const ANSWERED_AT = 'coalesce(latest.judged_at, latest.created_at)';
const wrongSortable: SortColumns<typeof WRONG_ANSWER_SORT> = { answeredAt: ANSWERED_AT };

export const memberQuestionHandlers = [
  handle(
    memberQuestionApi['memberQuestion.submitAnswer'],
    async ({ body, services, requireAuth }) =>
      answerInPractice(services, requireAuth(), body, 'submit', (gate) =>
        assertPractiseAllowed(services.pool, gate),
      ),
  ),

  handle(
    memberQuestionApi['memberQuestion.reviewSubmit'],
    async ({ body, services, requireAuth }) =>
      answerInPractice(services, requireAuth(), body, 'review', async (gate, auth) => {
        refuseSeal(gate.seal);
        await requireFailedSubmission(services.pool, auth.memberId, gate.question.id);
      }),
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
    const gate = await readPracticeGate(services.pool, auth, body.questionId);
    const q = gate.question;
    requireProgramming(q);
    await assertPractiseAllowed(services.pool, gate);
    await assertQuestionOpen(services.pool, auth.memberId, q);
    const row = await queueAnswer(services.pool, services.quota, auth, {
      kind: 'debug',
      questionId: q.id,
      language: body.language,
      source: body.source,
      input: body.input,
      cards: gate.cards,
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

/**
 * What teachers see of their organization's answers (issue 3 item 6; spec 001 §7.5
 * memberQuestion queryListByTeacher, queryStatisticsGroupByMember) and the question bank's debug
 * call (run a question's reference solution on given input). Only graded answers count: debug and
 * playground runs are a member's scratch work. Reviews (订正, kind review) are listed with the
 * submissions but counted apart in the statistics, so first-attempt figures keep their meaning.
 * A teacher sees members of their own organization only; records a learner cleaned from their
 * own history still count here.
 */
import * as calls from '../../contract/calls/member-question.ts';
import * as questionCalls from '../../contract/calls/question-bank.ts';
import { toPage } from '../../contract/paging.ts';
import { handle } from '../http/handler.ts';
import { limitOffset, orderBy } from '../http/paging.ts';
import { validationError } from '../http/validation-error.ts';
import { ANSWER_SELECT, toSummary } from './answers.ts';
import type { AnswerRow } from './answers.ts';
import { queueAnswer } from './handlers.ts';
import type { Auth } from '../accounts/sessions.ts';
import { platformScope, teacherScope } from '../question/scopes.ts';
import { referenceSolutionsOf } from '../question/store.ts';
import type { QuestionScope } from '../question/store.ts';

/**
 * Question debug in an area: the reference solution of a question the caller's scope can see,
 * run on their input as a debug answer of their own (the question's limits, debug priority,
 * followed with memberQuestion queryById).
 */
function debugHandler(
  call: typeof questionCalls.app.debug,
  scopeOf: (auth: Auth) => QuestionScope,
) {
  return handle(call, async ({ body, services, requireAuth }) => {
    const auth = requireAuth();
    const q = await referenceSolutionsOf({ services, scope: scopeOf(auth) }, body.id);
    const source = q.solutions[body.language];
    if (q.type !== 'programming' || !source) {
      const name = body.language === 'cpp' ? 'C++' : 'Python';
      throw validationError([
        {
          field: 'body.language',
          message: q.type === 'programming' ? `该题没有 ${name} 参考解` : '该题不是编程题',
        },
      ]);
    }
    const row = await queueAnswer(services.pool, services.quota, auth, {
      kind: 'debug',
      questionId: body.id,
      language: body.language,
      source,
      input: body.input,
    });
    return { id: row.id, status: toSummary(row).status };
  });
}

const listSortable = { id: 'a.id', createdAt: 'a.created_at' };
const statisticsSortable = {
  solvedQuestions: 'solved_questions',
  accepted: 'accepted',
  submissions: 'submissions',
  reviews: 'reviews',
  corrected: 'corrected',
  memberId: 'm.id',
};

export const teacherQueryHandlers = [
  handle(calls.memberQuestionQueryListByTeacher, async ({ query, body, services, requireAuth }) => {
    const auth = requireAuth();
    // `a` is an answer row (member_questions or ANSWER_SELECT), `m` its member.
    const where = (a: string) => `${a}.kind IN ('submit', 'review') AND m.organization_id = $1
      AND ($2::int IS NULL OR ${a}.member_id = $2)
      AND ($3::int IS NULL OR ${a}.question_id = $3)
      AND ($4::text IS NULL OR ${a}.verdict = $4)`;
    const filters = [
      auth.organizationId,
      body.memberId ?? null,
      body.questionId ?? null,
      body.verdict ?? null,
    ];
    const [limit, offset] = limitOffset(query);
    const order = orderBy(query, listSortable, 'a.id DESC', 'a.id DESC');
    const [rows, count] = await Promise.all([
      services.pool.query<AnswerRow & { member_nickname: string }>(
        `SELECT a.*, m.nickname AS member_nickname FROM (${ANSWER_SELECT}) a
           JOIN members m ON m.id = a.member_id
          WHERE ${where('a')}
          ORDER BY ${order} LIMIT $5 OFFSET $6`,
        [...filters, limit, offset],
      ),
      services.pool.query<{ total: number }>(
        `SELECT count(*)::int AS total FROM member_questions mq
           JOIN members m ON m.id = mq.member_id WHERE ${where('mq')}`,
        filters,
      ),
    ]);
    const content = rows.rows.map((row) => ({
      ...toSummary(row),
      memberId: row.member_id,
      memberNickname: row.member_nickname,
    }));
    return toPage(content, count.rows[0]!.total, query);
  }),

  handle(
    calls.memberQuestionQueryStatisticsGroupByMember,
    async ({ query, body, services, requireAuth }) => {
      const auth = requireAuth();
      const [limit, offset] = limitOffset(query);
      const order = orderBy(
        query,
        statisticsSortable,
        'solved_questions DESC, accepted DESC',
        'm.id ASC',
      );
      // Every active student of the organization, with zeros for those who submitted nothing.
      const members = `FROM members m
        WHERE m.organization_id = $1 AND m.role = 'student' AND m.status = 'active'`;
      const [rows, count] = await Promise.all([
        services.pool.query<{
          member_id: number;
          nickname: string;
          submissions: number;
          accepted: number;
          solved_questions: number;
          last_submitted_at: Date | null;
          reviews: number;
          corrected: number;
        }>(
          // corrected: questions with an accepted review whose first submission was judged
          // and not accepted.
          `SELECT m.id AS member_id, m.nickname,
                  count(mq.id) FILTER (WHERE mq.kind = 'submit')::int AS submissions,
                  count(mq.id) FILTER (WHERE mq.kind = 'submit' AND mq.verdict = 'AC')::int
                    AS accepted,
                  count(DISTINCT mq.question_id)
                    FILTER (WHERE mq.kind = 'submit' AND mq.verdict = 'AC')::int
                    AS solved_questions,
                  max(mq.created_at) FILTER (WHERE mq.kind = 'submit') AS last_submitted_at,
                  count(mq.id) FILTER (WHERE mq.kind = 'review')::int AS reviews,
                  count(DISTINCT mq.question_id) FILTER (
                    WHERE mq.kind = 'review' AND mq.verdict = 'AC'
                      AND (SELECT first.verdict FROM member_questions first
                            WHERE first.member_id = mq.member_id
                              AND first.question_id = mq.question_id AND first.kind = 'submit'
                            ORDER BY first.id LIMIT 1) <> 'AC')::int AS corrected
             FROM members m
             LEFT JOIN member_questions mq
               ON mq.member_id = m.id AND mq.kind IN ('submit', 'review')
              AND ($2::int IS NULL OR mq.question_id = $2)
            WHERE m.organization_id = $1 AND m.role = 'student' AND m.status = 'active'
            GROUP BY m.id, m.nickname
            ORDER BY ${order} LIMIT $3 OFFSET $4`,
          [auth.organizationId, body.questionId ?? null, limit, offset],
        ),
        services.pool.query<{ total: number }>(`SELECT count(*)::int AS total ${members}`, [
          auth.organizationId,
        ]),
      ]);
      const content = rows.rows.map((r) => ({
        memberId: r.member_id,
        memberNickname: r.nickname,
        submissions: r.submissions,
        accepted: r.accepted,
        solvedQuestions: r.solved_questions,
        lastSubmittedAt: r.last_submitted_at?.toISOString() ?? null,
        reviews: r.reviews,
        corrected: r.corrected,
      }));
      return toPage(content, count.rows[0]!.total, query);
    },
  ),

  debugHandler(questionCalls.bms.debug, platformScope),
  debugHandler(questionCalls.edms.debug, teacherScope),
  debugHandler(questionCalls.app.debug, teacherScope),
];

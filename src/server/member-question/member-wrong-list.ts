/**
 * One learner's record as their staff read it (/chapter/student): who may read the learner at
 * all (access/predicates.ts learnerRows: their teachers, their organization's admin, platform
 * staff), and the learner's wrong questions. Like the other staff reads of answers
 * (./staff-queries.ts), records the learner cleared from their own history still count.
 */
import type { WrongAnswer } from '../../contract/member-question/common.ts';
import { memberQuestion as memberQuestionApi } from '../../contract/member-question/calls.ts';
import type { WRONG_ANSWER_SORT } from '../../contract/member-question/answers.ts';
import type { Page, PageQuery } from '../../contract/paging.ts';
import { learnerRows } from '../access/predicates.ts';
import { SCOPE_OF_AREA, type Scope } from '../access/scope.ts';
import type { Queryable } from '../db/pool.ts';
import { SqlParams } from '../db/sql-params.ts';
import { fail } from '../http/app-error.ts';
import { handle } from '../http/handler.ts';
import { ownedFilter } from '../http/owned-rows.ts';
import { orderBy, pagedRows, type SortColumns } from '../http/paging.ts';
import { QUESTIONS } from '../question/store.ts';
import { ANSWER_SELECT, toSummary, type AnswerRow } from './answers.ts';

/** The learner as the scope may read them; NOT_FOUND otherwise, as if they did not exist. */
export async function readableLearner(
  db: Queryable,
  scope: Scope,
  memberId: number,
): Promise<{ memberId: number; organizationId: number }> {
  const sql = new SqlParams();
  const { rows } = await db.query<{ organization_id: number }>(
    `SELECT m.organization_id FROM members m
      WHERE m.id = ${sql.add(memberId)} AND ${learnerRows(scope, 'm.id', sql)}`,
    sql.values,
  );
  if (!rows[0]) throw fail('NOT_FOUND', `成员 ${memberId} 不存在`);
  return { memberId, organizationId: rows[0].organization_id };
}

/** What the learner may open of the question bank: the learner's own rule, not the reader's. */
export const learnerQuestions = (learner: { memberId: number; organizationId: number }) =>
  ownedFilter(QUESTIONS, { kind: 'learner', ...learner });

const ANSWERED_AT = 'coalesce(latest.judged_at, latest.created_at)';
const wrongSortable: SortColumns<typeof WRONG_ANSWER_SORT> = { answeredAt: ANSWERED_AT };

/**
 * The learner's wrong questions: per question the learner can open, the latest graded answer
 * (submission or correction) when it is judged and not AC, the most recent first.
 */
export async function learnerWrongList(
  db: Queryable,
  scope: Scope,
  memberId: number,
  page: PageQuery,
): Promise<Page<WrongAnswer>> {
  const learner = await readableLearner(db, scope, memberId);
  const visible = learnerQuestions(learner);
  const n = visible.params.length;
  const rows = await pagedRows<AnswerRow & { question_type: WrongAnswer['questionType'] }>(
    db,
    {
      select: 'latest.*',
      from: `FROM (
         SELECT DISTINCT ON (a.question_id) a.*, q.type AS question_type
           FROM (${ANSWER_SELECT}
                 WHERE mq.member_id = $${n + 1} AND mq.kind IN ('submit', 'review')) a
           JOIN questions q ON q.id = a.question_id
          WHERE ${visible.where()}
          ORDER BY a.question_id, a.id DESC
       ) latest
       WHERE latest.verdict IS NOT NULL AND latest.verdict <> 'AC'`,
      params: [...visible.params, memberId],
      order: orderBy(page, wrongSortable, `${ANSWERED_AT} DESC`, 'latest.id DESC'),
    },
    page,
  );
  return {
    ...rows,
    content: rows.content.map((r) => ({ ...toSummary(r), questionType: r.question_type })),
  };
}

export const memberWrongListHandlers = [
  handle(
    memberQuestionApi['memberQuestion.queryWrongListByMember'],
    ({ query, body, services, requireAuth }) =>
      learnerWrongList(services.pool, SCOPE_OF_AREA.app(requireAuth()), body.memberId, query),
  ),
];

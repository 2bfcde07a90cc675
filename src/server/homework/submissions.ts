/**
 * A learner's submissions to their homework (oj/homeworkMemberQuestion/querySubmissionList, an
 * addition to the catalogue): every graded answer of one enrollment, newest first, each with
 * its late mark and, for an objective question, the flags chosen. The homework room shows them
 * as a question's history. They are read by the homework answer they belong to, not by kind,
 * so the same question practised elsewhere (or in other homework) never mixes in; cleaning the
 * practice history does not hide them, since they are what the homework is scored on.
 */
import type { z } from 'zod';
import type {
  HOMEWORK_SUBMISSION_SORT,
  HomeworkSubmission,
  homeworkSubmissionFilter,
} from '../../contract/homework/answers.ts';
import type { Page, PageQuery } from '../../contract/paging.ts';
import type { Scope } from '../access/scope.ts';
import type { Queryable } from '../db/pool.ts';
import { SqlParams } from '../db/sql-params.ts';
import { orderBy, pagedRows, type SortColumns } from '../http/paging.ts';
import { ANSWER_SELECT, toSummary, type AnswerRow } from '../member-question/answers.ts';
import { readEnrollment } from './enrollments.ts';

type Filter = z.output<typeof homeworkSubmissionFilter>;
const sortable: SortColumns<typeof HOMEWORK_SUBMISSION_SORT> = { id: 'a.id' };

export async function listSubmissions(
  db: Queryable,
  scope: Scope,
  filter: Filter,
  page: PageQuery,
): Promise<Page<HomeworkSubmission>> {
  // Someone else's enrollment is absent (404), as every read outside the scope.
  const enroll = await readEnrollment(db, scope, filter.homeworkEnrollId);
  const sql = new SqlParams();
  const clauses = [
    `hmq.order_id = ${sql.add(enroll.id)}`,
    `mq.member_id = ${sql.add(enroll.memberId)}`,
  ];
  if (filter.questionId) clauses.push(`mq.question_id = ${sql.add(filter.questionId)}`);
  const answers = `${ANSWER_SELECT}
    JOIN homework_member_questions hmq ON hmq.id = mq.homework_member_question_id
   WHERE ${clauses.join(' AND ')}`;
  const rows = await pagedRows<AnswerRow & { late: boolean; type: string }>(
    db,
    {
      select: 'a.*, m.late, qs.type',
      from: `FROM (${answers}) a JOIN member_questions m ON m.id = a.id
        JOIN questions qs ON qs.id = a.question_id`,
      params: sql.values,
      order: orderBy(page, sortable, 'a.id DESC', 'a.id DESC'),
    },
    page,
  );
  return {
    ...rows,
    content: rows.content.map((row) => {
      const { kind: _kind, ...summary } = toSummary(row);
      return {
        ...summary,
        late: row.late,
        // An objective answer's source is its option flags.
        answer: row.type === 'programming' ? null : row.source,
      };
    }),
  };
}

/**
 * One learner's progress per chapter, as their staff read it (/chapter/student,
 * memberQuestion queryChapterProgressByMember): the chapters the learner can open (the
 * platform's and their organization's), each with how many of its questions the learner can
 * open, tried, solved and has wrong now. Who may read the learner is learnerRows' to say (their
 * teachers, their organization's admin, platform staff); anyone else gets NOT_FOUND. Like the
 * other staff reads, records the learner cleared from their own history still count; debug and
 * playground runs never do.
 */
import type { z } from 'zod';
import type { MEMBER_PROGRESS_SORT, memberChapterProgress } from '../../contract/chapter/calls.ts';
import type { Page, PageQuery } from '../../contract/paging.ts';
import type { Scope } from '../access/scope.ts';
import type { Queryable } from '../db/pool.ts';
import { orderBy, pagedRows, type SortColumns } from '../http/paging.ts';
import { learnerQuestions, readableLearner } from '../member-question/member-wrong-list.ts';

type Progress = z.input<typeof memberChapterProgress>;

const sortable: SortColumns<typeof MEMBER_PROGRESS_SORT> = {
  sort: 'c.sort',
  lastAnsweredAt: 'last_answered_at',
};

interface ProgressRow {
  id: number;
  title: string;
  organization_id: number | null;
  sort: number;
  question_count: number;
  attempted: number;
  solved: number;
  wrong: number;
  last_answered_at: Date | null;
}

export async function memberChapterProgressPage(
  db: Queryable,
  scope: Scope,
  memberId: number,
  page: PageQuery,
): Promise<Page<Progress>> {
  const learner = await readableLearner(db, scope, memberId);
  const visible = learnerQuestions(learner);
  const n = visible.params.length;
  // Per question the learner answered: solved ever, and whether the latest graded answer failed.
  const answered = `SELECT mq.question_id,
         bool_or(mq.verdict = 'AC') AS solved,
         (array_agg(mq.verdict ORDER BY mq.id DESC))[1] AS latest_verdict,
         max(mq.created_at) AS last_at
    FROM member_questions mq
   WHERE mq.member_id = $${n + 1} AND mq.kind IN ('submit', 'review')
   GROUP BY mq.question_id`;
  const rows = await pagedRows<ProgressRow>(
    db,
    {
      select: `c.id, c.title, c.organization_id, c.sort,
        count(q.id)::int AS question_count,
        count(a.question_id)::int AS attempted,
        count(a.question_id) FILTER (WHERE a.solved)::int AS solved,
        count(a.question_id) FILTER (WHERE a.latest_verdict <> 'AC')::int AS wrong,
        max(a.last_at) AS last_answered_at`,
      from: `FROM chapters c
        LEFT JOIN chapter_questions cq ON cq.chapter_id = c.id
        LEFT JOIN questions q ON q.id = cq.question_id AND ${visible.where()}
        LEFT JOIN (${answered}) a ON a.question_id = q.id
       WHERE c.status = 'active'
         AND (c.organization_id IS NULL OR c.organization_id = $${n + 2})
       GROUP BY c.id`,
      params: [...visible.params, memberId, learner.organizationId],
      order: orderBy(page, sortable, 'c.sort ASC', 'c.id ASC'),
    },
    page,
  );
  return {
    ...rows,
    content: rows.content.map((r) => ({
      chapterId: r.id,
      title: r.title,
      organizationId: r.organization_id,
      sort: r.sort,
      questionCount: r.question_count,
      attempted: r.attempted,
      solved: r.solved,
      wrong: r.wrong,
      lastAnsweredAt: r.last_answered_at?.toISOString() ?? null,
    })),
  };
}

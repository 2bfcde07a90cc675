/**
 * What a chapter's questions mean to the people working on them: a learner's own progress per
 * question (oj chapter queryQuestion), and a teacher's statistics per question over their
 * organization's members (memberQuestion queryQuestionStatisticsByChapter). Debug and
 * playground runs are scratch work and never count (as in member-question/staff-queries.ts).
 */
import type { z } from 'zod';
import type {
  chapterQuestionStatistics,
  learnerChapterQuestion,
} from '../../contract/chapter/calls.ts';
import { toPage } from '../../contract/paging.ts';
import type { Page, PageQuery } from '../../contract/paging.ts';
import { ownedFilter } from '../http/owned-rows.ts';
import { limitOffset, orderBy } from '../http/paging.ts';
import { QUESTIONS } from '../question/store.ts';
import { ANSWER_SELECT, toSummary } from '../member-question/answers.ts';
import type { AnswerRow } from '../member-question/answers.ts';
import {
  assertChapterOpen,
  chapterQuestionRows,
  findVisibleChapter,
  positionSort,
} from './store.ts';
import type { ChapterCtx, ChapterQuestionRow } from './store.ts';
import type { CHAPTER_STATISTICS_SORT } from '../../contract/chapter/calls.ts';
import type { SortColumns } from '../http/paging.ts';

/**
 * The chapter's questions with the learner's latest graded answer and solved flag. A question
 * solved through a correction (订正, kind review) is solved for the learner; only the teacher's
 * first-attempt statistics keep reviews apart. Records the learner cleared (memberQuestion
 * clean) have left their history, so they count for neither.
 */
export async function learnerChapterQuestions(
  ctx: ChapterCtx,
  memberId: number,
  chapterId: number,
  page: PageQuery,
): Promise<Page<z.input<typeof learnerChapterQuestion>>> {
  await assertChapterOpen(ctx, await findVisibleChapter(ctx, chapterId));
  return withLearnerProgress(ctx, memberId, await chapterQuestionRows(ctx, chapterId, page));
}

/** A page of a chapter's questions with the learner's latest graded answer and solved flag. */
export async function withLearnerProgress(
  ctx: ChapterCtx,
  memberId: number,
  rows: Page<ChapterQuestionRow>,
): Promise<Page<z.input<typeof learnerChapterQuestion>>> {
  const questionIds = rows.content.map((r) => r.id);
  const own = `mq.member_id = $1 AND mq.kind IN ('submit', 'review') AND mq.cleaned_at IS NULL
    AND mq.question_id = ANY($2::int[])`;
  const [latest, solved] = await Promise.all([
    ctx.services.pool.query<AnswerRow>(
      `SELECT DISTINCT ON (a.question_id) a.* FROM (${ANSWER_SELECT} WHERE ${own}) a
        ORDER BY a.question_id, a.id DESC`,
      [memberId, questionIds],
    ),
    ctx.services.pool.query<{ question_id: number }>(
      `SELECT DISTINCT mq.question_id FROM member_questions mq WHERE ${own} AND mq.verdict = 'AC'`,
      [memberId, questionIds],
    ),
  ]);
  const latestOf = new Map(latest.rows.map((r) => [r.question_id, r]));
  const solvedIds = new Set(solved.rows.map((r) => r.question_id));
  return {
    ...rows,
    content: rows.content.map((r) => {
      const last = latestOf.get(r.id);
      return {
        position: r.position,
        id: r.id,
        type: r.type,
        title: r.title,
        difficulty: r.difficulty,
        tags: r.tags,
        source: r.source,
        solved: solvedIds.has(r.id),
        latest: last ? toSummary(last) : null,
      };
    }),
  };
}

/** The chapter's order by default; a teacher may rank questions by any count instead. */
const statisticsSortable: SortColumns<typeof CHAPTER_STATISTICS_SORT> = {
  ...positionSort,
  submitters: 'submitters',
  submissions: 'submissions',
  accepted: 'accepted',
  solvedMembers: 'solved_members',
};

/**
 * Per question of the chapter, in order: who of the organization submitted, how often, how
 * often it was accepted and how many members solved it. Records members cleared from their own
 * history still count, as in the teacher's other statistics.
 */
export async function chapterStatistics(
  ctx: ChapterCtx,
  organizationId: number,
  chapterId: number,
  page: PageQuery,
): Promise<Page<z.input<typeof chapterQuestionStatistics>>> {
  await findVisibleChapter(ctx, chapterId);
  const [limit, offset] = limitOffset(page);
  const order = orderBy(page, statisticsSortable, 'cq.position ASC', 'cq.position ASC');
  // The chapter's questions as the teacher sees them (the question bank's rule, QUESTIONS).
  const visible = ownedFilter(QUESTIONS, ctx.scope);
  visible.add((p) => `cq.chapter_id = ${p}`, chapterId);
  const questions = `FROM chapter_questions cq JOIN questions q ON q.id = cq.question_id
   WHERE ${visible.where()}`;
  const n = visible.params.length;
  const [rows, count] = await Promise.all([
    ctx.services.pool.query<{
      position: number;
      question_id: number;
      title: string;
      type: z.input<typeof chapterQuestionStatistics>['questionType'];
      submitters: number;
      submissions: number;
      accepted: number;
      solved_members: number;
    }>(
      `SELECT cq.position, q.id AS question_id, q.title, q.type,
              count(DISTINCT s.member_id)::int AS submitters,
              count(s.id)::int AS submissions,
              count(s.id) FILTER (WHERE s.verdict = 'AC')::int AS accepted,
              count(DISTINCT s.member_id) FILTER (WHERE s.verdict = 'AC')::int AS solved_members
         FROM chapter_questions cq
         JOIN questions q ON q.id = cq.question_id
         LEFT JOIN (
           SELECT mq.id, mq.member_id, mq.question_id, mq.verdict
             FROM member_questions mq JOIN members m ON m.id = mq.member_id
            WHERE mq.kind = 'submit' AND m.organization_id = $${n + 1}
         ) s ON s.question_id = q.id
        WHERE ${visible.where()}
        GROUP BY cq.position, q.id, q.title, q.type
        ORDER BY ${order} LIMIT $${n + 2} OFFSET $${n + 3}`,
      [...visible.params, organizationId, limit, offset],
    ),
    ctx.services.pool.query<{ total: number }>(
      `SELECT count(*)::int AS total ${questions}`,
      visible.params,
    ),
  ]);
  const content = rows.rows.map((r) => ({
    position: r.position,
    questionId: r.question_id,
    questionTitle: r.title,
    questionType: r.type,
    submitters: r.submitters,
    submissions: r.submissions,
    accepted: r.accepted,
    acceptedRate:
      r.submissions === 0 ? 0 : Math.round((r.accepted / r.submissions) * 10_000) / 10_000,
    solvedMembers: r.solved_members,
  }));
  return toPage(content, count.rows[0]!.total, page);
}

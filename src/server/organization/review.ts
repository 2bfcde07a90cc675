/**
 * What an organization asks the platform to review (issue 8: 作业审核; issue 25 item 1: 考试审核).
 * Each kind of work has its switch on the organization's row; the one place that reads them, so
 * homework, exams and papers decide "does this wait for the platform" by the same rule.
 */
import type { Queryable } from '../db/pool.ts';

/** The switch of each kind of reviewable work (organizations.<column>). */
const SWITCHES = {
  homework: 'homework_review',
  // Covers exams and exam papers alike: a paper reaches learners only through an exam.
  exam: 'exam_review',
} as const;

export type ReviewedWork = keyof typeof SWITCHES;

/** Whether the organization asks for platform review of its `kind` of work. */
export async function asksForReview(
  db: Queryable,
  organizationId: number,
  kind: ReviewedWork,
): Promise<boolean> {
  const { rows } = await db.query<{ review: boolean }>(
    `SELECT ${SWITCHES[kind]} AS review FROM organizations WHERE id = $1`,
    [organizationId],
  );
  // Every row belongs to an organization that exists (foreign keys); were it gone, reviewing is
  // the safe answer.
  return rows[0]?.review ?? true;
}

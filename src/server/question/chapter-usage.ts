/**
 * Whether a question is in use by a chapter. The question bank refuses to delete such a question
 * (CONFLICT naming the chapter) rather than silently taking it out of a chapter a teacher arranged:
 * the teacher removes it from the chapter first (docs/decisions/questions-and-practice.md "Chapters
 * and their questions").
 */
import type { Queryable } from '../db/pool.ts';

/** The first active chapter holding the question, or null. */
export async function chapterUsing(
  db: Queryable,
  questionId: number,
): Promise<{ id: number; title: string } | null> {
  const { rows } = await db.query<{ id: number; title: string }>(
    `SELECT c.id, c.title FROM chapter_questions cq JOIN chapters c ON c.id = cq.chapter_id
      WHERE cq.question_id = $1 AND c.status = 'active' ORDER BY c.id LIMIT 1`,
    [questionId],
  );
  return rows[0] ?? null;
}

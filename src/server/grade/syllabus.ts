/**
 * The chapters a class follows (issue 8 item 3; the catalogue's course/queryChapterListByGrade
 * and chapter/queryQuestionListByGrade): staff who manage the class set them — the platform's
 * chapters or the class's organization's — and whoever may read the class reads them, a learner
 * with their own progress. A chapter's questions are listed as the reader may open them (the
 * question bank's own rule).
 */
import type { z } from 'zod';
import type { gradeChapterItem } from '../../contract/grade/syllabus.ts';
import type { PageQuery } from '../../contract/paging.ts';
import type { Scope } from '../access/scope.ts';
import type { Auth } from '../http/sessions.ts';
import { chapterQuestionRows, type ChapterScope } from '../chapter/store.ts';
import { withLearnerProgress } from '../chapter/progress.ts';
import { withTransaction, type Queryable } from '../db/pool.ts';
import { fail } from '../http/app-error.ts';
import type { Services } from '../services.ts';
import { validationError } from '../http/validation-error.ts';
import { managedGrade, readGrade, type GradeReader } from './grades.ts';

type ChapterItem = z.input<typeof gradeChapterItem>;

/** The class's chapters in order; `learnerId` adds what that learner solved in each. */
async function chaptersOf(
  db: Queryable,
  gradeId: number,
  learnerId: number | null,
): Promise<ChapterItem[]> {
  const { rows } = await db.query<{
    position: number;
    id: number;
    title: string;
    question_count: number;
    solved_count: number;
  }>(
    `SELECT gc.position, c.id, c.title,
            (SELECT count(*)::int FROM chapter_questions cq WHERE cq.chapter_id = c.id)
              AS question_count,
            (SELECT count(DISTINCT mq.question_id)::int
               FROM chapter_questions cq JOIN member_questions mq ON mq.question_id = cq.question_id
              WHERE cq.chapter_id = c.id AND mq.member_id = $2 AND mq.verdict = 'AC'
                AND mq.kind IN ('submit', 'review') AND mq.cleaned_at IS NULL) AS solved_count
       FROM grade_chapters gc JOIN chapters c ON c.id = gc.chapter_id
      WHERE gc.grade_id = $1 AND c.status = 'active'
      ORDER BY gc.position`,
    [gradeId, learnerId ?? 0],
  );
  return rows.map((r) => ({
    position: r.position,
    id: r.id,
    title: r.title,
    questionCount: r.question_count,
    solvedCount: r.solved_count,
  }));
}

/** The chapters of a class the reader may read (a visitor: a public class's). */
export async function readGradeChapters(
  db: Queryable,
  reader: GradeReader,
  gradeId: number,
): Promise<ChapterItem[]> {
  await readGrade(db, reader, gradeId);
  return chaptersOf(db, gradeId, reader?.kind === 'learner' ? reader.memberId : null);
}

/** The chapters of a class the staff scope manages. */
export async function managedGradeChapters(
  db: Queryable,
  scope: Scope,
  gradeId: number,
): Promise<ChapterItem[]> {
  await managedGrade(db, scope, gradeId);
  return chaptersOf(db, gradeId, null);
}

/**
 * Replaces the class's chapters, in the order given. Each must be active and the platform's or
 * the class's organization's; the first that is not is named on `chapterIds[i]`.
 */
export async function setGradeChapters(
  pool: Parameters<typeof withTransaction>[0],
  scope: Scope,
  gradeId: number,
  chapterIds: readonly number[],
): Promise<ChapterItem[]> {
  return withTransaction(pool, async (db) => {
    const grade = await managedGrade(db, scope, gradeId);
    await db.query('SELECT id FROM grades WHERE id = $1 FOR UPDATE', [gradeId]);
    const { rows } = await db.query<{ id: number }>(
      `SELECT id FROM chapters WHERE id = ANY($1::int[]) AND status = 'active'
          AND (organization_id IS NULL OR organization_id = $2)`,
      [chapterIds, grade.organizationId],
    );
    const usable = new Set(rows.map((r) => r.id));
    const missing = chapterIds.findIndex((id) => !usable.has(id));
    if (missing >= 0) {
      throw validationError([
        {
          field: `body.chapterIds[${missing}]`,
          message: `章节 ${chapterIds[missing]} 不存在，或不是平台或本机构的章节`,
        },
      ]);
    }
    await db.query('DELETE FROM grade_chapters WHERE grade_id = $1', [gradeId]);
    await db.query(
      `INSERT INTO grade_chapters (grade_id, chapter_id, position)
       SELECT $1, id, position FROM unnest($2::int[]) WITH ORDINALITY AS t(id, position)`,
      [gradeId, chapterIds],
    );
    return chaptersOf(db, gradeId, null);
  });
}

/**
 * Binds the class to a course (the platform's or the class's organization's): its syllabus
 * becomes the course's units in order, which staff may then adjust. `null` unbinds the course
 * and keeps the syllabus as it is.
 */
export async function followCourse(
  pool: Parameters<typeof withTransaction>[0],
  scope: Scope,
  gradeId: number,
  courseId: number | null,
): Promise<ChapterItem[]> {
  return withTransaction(pool, async (db) => {
    const grade = await managedGrade(db, scope, gradeId);
    await db.query('SELECT id FROM grades WHERE id = $1 FOR UPDATE', [gradeId]);
    if (courseId !== null) {
      const { rows } = await db.query<{ organization_id: number | null }>(
        `SELECT organization_id FROM courses WHERE id = $1 AND status = 'active'`,
        [courseId],
      );
      const course = rows[0];
      if (!course) {
        throw validationError([{ field: 'body.courseId', message: `课程 ${courseId} 不存在` }]);
      }
      if (course.organization_id !== null && course.organization_id !== grade.organizationId) {
        throw validationError([
          { field: 'body.courseId', message: `课程 ${courseId} 属于其他机构，班级不能跟随` },
        ]);
      }
      await db.query('DELETE FROM grade_chapters WHERE grade_id = $1', [gradeId]);
      await db.query(
        `INSERT INTO grade_chapters (grade_id, chapter_id, position)
         SELECT $1, cc.chapter_id, row_number() OVER (ORDER BY cc.position)
           FROM course_chapters cc JOIN chapters c ON c.id = cc.chapter_id
          WHERE cc.course_id = $2 AND c.status = 'active'`,
        [gradeId, courseId],
      );
    }
    await db.query('UPDATE grades SET course_id = $2, updated_at = now() WHERE id = $1', [
      gradeId,
      courseId,
    ]);
    return chaptersOf(db, gradeId, null);
  });
}

/** How the chapter store filters questions for this reader (a learner: what they may open). */
function chapterScopeOf(auth: Auth, scope: Scope): ChapterScope {
  if (scope.kind === 'platform') return { kind: 'platform', memberId: auth.memberId };
  if (scope.kind === 'organization') {
    return { kind: 'organization', organizationId: auth.organizationId, memberId: auth.memberId };
  }
  return { kind: 'learner', organizationId: auth.organizationId, memberId: auth.memberId };
}

/**
 * One chapter's questions as a class reads them: the class must be one the reader may read and
 * the chapter one it follows (else NOT_FOUND); a learner sees their own progress.
 */
export async function gradeChapterQuestions(
  services: Services,
  auth: Auth,
  scope: Scope,
  body: { gradeId: number; chapterId: number },
  page: PageQuery,
) {
  const db = services.pool;
  if (scope.kind === 'learner') await readGrade(db, scope, body.gradeId);
  else await managedGrade(db, scope, body.gradeId);
  const follows = await db.query(
    `SELECT 1 FROM grade_chapters gc JOIN chapters c ON c.id = gc.chapter_id
      WHERE gc.grade_id = $1 AND gc.chapter_id = $2 AND c.status = 'active'`,
    [body.gradeId, body.chapterId],
  );
  if (follows.rowCount === 0) {
    throw fail('NOT_FOUND', `章节 ${body.chapterId} 不在这个班级的课程中`);
  }
  const ctx = { services, scope: chapterScopeOf(auth, scope) };
  const rows = await chapterQuestionRows(ctx, body.chapterId, page);
  return withLearnerProgress(ctx, scope.kind === 'learner' ? scope.memberId : 0, rows);
}

/**
 * A course's units: its chapters in order (第N单元, docs/product-rules.md#units), each with the reader's progress
 * and how the reader may open it (./access.ts). updateChapters replaces the list; a unit is a
 * platform chapter or a chapter of the course's own organization — another organization's
 * chapter is refused, naming its place in the list.
 */
import type { z } from 'zod';
import type { courseUnit } from '../../contract/course/course-units.ts';
import { unitName } from '../../contract/course/units.ts';
import { withTransaction, type Queryable } from '../db/pool.ts';
import { validationError } from '../http/validation-error.ts';
import { accessOf, rightNames, type ContentReader } from '../content-access/paid.ts';
import {
  findCourse,
  findWritableCourse,
  type CourseCtx,
  type CourseReader,
  resubmitCourse,
} from './store.ts';

type Unit = z.input<typeof courseUnit>;

export const contentReaderOf = (reader: CourseReader): ContentReader =>
  reader === null
    ? null
    : reader.kind === 'learner'
      ? { staff: false, memberId: reader.memberId }
      : { staff: true };

interface UnitRow {
  position: number;
  id: number;
  title: string;
  price_fen: number;
  right_code: string | null;
  video_url: string | null;
  pdf_file: string | null;
  question_count: number;
  solved_count: number;
}

/** The units of a course, in order, as `reader` sees them. */
export async function unitsOf(
  db: Queryable,
  courseId: number,
  reader: CourseReader,
): Promise<Unit[]> {
  const learner = reader?.kind === 'learner' ? reader.memberId : 0;
  const { rows } = await db.query<UnitRow>(
    `SELECT cc.position, ch.id, ch.title, ch.price_fen, ch.right_code, ch.video_url, ch.pdf_file,
            (SELECT count(*)::int FROM chapter_questions cq WHERE cq.chapter_id = ch.id)
              AS question_count,
            (SELECT count(DISTINCT mq.question_id)::int
               FROM chapter_questions cq
               JOIN member_questions mq ON mq.question_id = cq.question_id
              WHERE cq.chapter_id = ch.id AND mq.member_id = $2 AND mq.verdict = 'AC'
                AND mq.kind IN ('submit', 'review') AND mq.cleaned_at IS NULL) AS solved_count
       FROM course_chapters cc JOIN chapters ch ON ch.id = cc.chapter_id
      WHERE cc.course_id = $1 AND ch.status = 'active'
      ORDER BY cc.position`,
    [courseId, learner],
  );
  const [access, names] = await Promise.all([
    accessOf(db, contentReaderOf(reader), 'chapter', rows),
    rightNames(
      db,
      rows.map((r) => r.right_code),
    ),
  ]);
  // Positions are renumbered over the active units, so a deleted chapter leaves no gap.
  return rows.map((r, i) => ({
    position: i + 1,
    unitName: unitName(i + 1),
    chapterId: r.id,
    title: r.title,
    questionCount: r.question_count,
    solvedCount: r.solved_count,
    priceFen: r.price_fen,
    rightCode: r.right_code,
    rightName: r.right_code ? (names.get(r.right_code) ?? null) : null,
    hasVideo: r.video_url !== null,
    hasPdf: r.pdf_file !== null,
    access: access.get(r.id) ?? 'locked',
  }));
}

/** queryChapterList: the course must be one the reader may see. */
export async function readUnits(ctx: CourseCtx, courseId: number): Promise<Unit[]> {
  await findCourse(ctx.services.pool, ctx.reader, courseId);
  return unitsOf(ctx.services.pool, courseId, ctx.reader);
}

/** updateChapters: replaces the units with `chapterIds` in that order. */
export async function replaceUnits(
  ctx: CourseCtx,
  courseId: number,
  chapterIds: readonly number[],
): Promise<Unit[]> {
  const course = await findWritableCourse(ctx.services.pool, ctx.reader, courseId);
  await withTransaction(ctx.services.pool, async (client) => {
    await client.query('SELECT 1 FROM courses WHERE id = $1 FOR UPDATE', [courseId]);
    // FOR SHARE: a chapter deleted meanwhile waits for this list, then sees the course using it.
    const { rows } = await client.query<{ id: number; organization_id: number | null }>(
      `SELECT id, organization_id FROM chapters
        WHERE id = ANY($1::int[]) AND status = 'active' FOR SHARE`,
      [chapterIds],
    );
    const found = new Map(rows.map((r) => [r.id, r.organization_id]));
    const refused = chapterIds.flatMap((id, index) => {
      const field = `body.chapterIds.${index}`;
      if (!found.has(id)) return [{ field, message: `章节 ${id} 不存在` }];
      const owner = found.get(id)!;
      if (owner !== null && owner !== course.organization_id) {
        return [{ field, message: `章节 ${id} 属于其他机构，不能放入这门课程` }];
      }
      return [];
    });
    if (refused.length > 0) throw validationError(refused);
    const before = await client.query<{ chapter_id: number }>(
      'SELECT chapter_id FROM course_chapters WHERE course_id = $1 ORDER BY position',
      [courseId],
    );
    await client.query('DELETE FROM course_chapters WHERE course_id = $1', [courseId]);
    await client.query(
      `INSERT INTO course_chapters (course_id, chapter_id, position)
       SELECT $1, id, position FROM unnest($2::int[]) WITH ORDINALITY AS t(id, position)`,
      [courseId, chapterIds],
    );
    await client.query('UPDATE courses SET updated_at = now() WHERE id = $1', [courseId]);
    if (before.rows.map((r) => r.chapter_id).join() !== chapterIds.join()) {
      await resubmitCourse(client, ctx, courseId);
    }
  });
  return unitsOf(ctx.services.pool, courseId, ctx.reader);
}

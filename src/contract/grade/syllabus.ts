/**
 * A class's syllabus (server/grade/syllabus.ts): the chapters a class follows, in order, or the
 * course it follows, and the questions of a chapter as the class reads them.
 */
import { z } from 'zod';
import { defineCalls, spec } from '../call.ts';
import type { Access } from '../call.ts';
import { CHAPTER_QUESTION_SORT, learnerChapterQuestion } from '../chapter/calls.ts';
import * as f from '../fields.ts';
import { pageOf, pageQueryOf } from '../paging.ts';
import { gradeIdBody, uniqueIds } from './common.ts';

export const MAX_GRADE_CHAPTERS = 100;
/** A chapter a class follows, in the class's order, with the reader's own progress in it. */
export const gradeChapterItem = z.object({
  position: z.number().int(),
  id: z.number().int(),
  title: z.string(),
  questionCount: z.number().int(),
  /** Questions the reader has solved (a learner's own; 0 for staff and visitors). */
  solvedCount: z.number().int(),
});
/**
 * Either the chapters themselves, in order, or a course to follow: binding a course fills the
 * syllabus with its units (staff may then adjust it), `courseId: null` unbinds it.
 */
export const gradeChaptersUpdate = z
  .strictObject({
    id: f.id,
    chapterIds: z
      .array(f.id)
      .max(MAX_GRADE_CHAPTERS, `一个班级最多 ${MAX_GRADE_CHAPTERS} 个章节`)
      .refine(uniqueIds, '章节不能重复')
      .optional(),
    courseId: f.id.nullable().optional(),
  })
  .refine((b) => (b.chapterIds === undefined) !== (b.courseId === undefined), {
    message: '请给出章节列表（chapterIds）或要跟随的课程（courseId），二者选一',
    path: ['chapterIds'],
  });
export const gradeChapterQuestionsBody = z.strictObject({ gradeId: f.id, chapterId: f.id });

// The catalogue files these reads under course and chapter; until courses exist (issue 9) a
// class follows chapters directly, and the binding is the class's.

const chaptersOf = (access: Access) =>
  spec({
    method: 'POST',
    access,
    summary: '班级的课程章节（按顺序），附本人已通过的题数（学员）',
    body: gradeIdBody,
    response: z.array(gradeChapterItem),
  });
const chapterQuestionsOf = (access: Access) =>
  spec({
    method: 'POST',
    access,
    summary: '班级课程中一个章节的题目（按章节内顺序，分页），附本人最近一次提交与是否已通过',
    query: pageQueryOf(CHAPTER_QUESTION_SORT),
    body: gradeChapterQuestionsBody,
    response: pageOf(learnerChapterQuestion),
  });
const updateChapters = (access: Access) =>
  spec({
    method: 'PUT',
    access,
    summary:
      '设置班级的课程章节（整体替换，按给出的顺序）：平台章节或本机构章节（新增接口，目录中无对应写接口）',
    body: gradeChaptersUpdate,
    response: z.array(gradeChapterItem),
  });

export const syllabusCalls = defineCalls({
  'bms.grade.updateChapters': updateChapters('platformAdmin'),
  'edms.grade.updateChapters': updateChapters('teacher'),
  'course.queryChapterListByGrade': chaptersOf('public'),
  'oj.course.queryChapterListByGrade': chaptersOf('member'),
  'bms.course.queryChapterListByGrade': chaptersOf('platformAdmin'),
  'edms.course.queryChapterListByGrade': chaptersOf('teacher'),
  'chapter.queryQuestionListByGrade': chapterQuestionsOf('member'),
  'oj.chapter.queryQuestionListByGrade': chapterQuestionsOf('member'),
  'bms.chapter.queryQuestionListByGrade': chapterQuestionsOf('platformAdmin'),
  'edms.chapter.queryQuestionListByGrade': chapterQuestionsOf('teacher'),
});

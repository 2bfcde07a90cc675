/**
 * A course's units (server/course/units.ts): its chapters in order, each with the reader's
 * progress and access, and replacing the list. The zod-free unit labels are ./units.ts.
 */
import { z } from 'zod';
import { defineCalls, spec } from '../call.ts';
import type { Access } from '../call.ts';
import * as f from '../fields.ts';
import { contentAccess } from '../paid-content.ts';
import { appWriteNote, platformNote, publicNote, teacherNote } from './common.ts';
import { MAX_COURSE_UNITS } from './units.ts';

const uniqueIds = (ids: readonly number[]) => new Set(ids).size === ids.length;

/** One unit of a course: its chapter, in the course's order, with the reader's progress. */
export const courseUnit = z.object({
  position: z.number().int(),
  /** 「第三单元」 (docs/product-rules.md#units). */
  unitName: z.string(),
  chapterId: z.number().int(),
  title: z.string(),
  questionCount: z.number().int(),
  /** Questions of the unit the reader solved (a learner's own; 0 for staff and visitors). */
  solvedCount: z.number().int(),
  priceFen: z.number().int(),
  /** The card right whose holders study it without buying, and its name. */
  rightCode: z.string().nullable(),
  rightName: z.string().nullable(),
  hasVideo: z.boolean(),
  hasPdf: z.boolean(),
  /** How the reader may open it: free, bought, right, staff, or locked until bought. */
  access: contentAccess,
});

const courseIdBody = z.strictObject({ id: f.id });

export const updateChaptersBody = z.strictObject({
  id: f.id,
  chapterIds: z
    .array(f.id)
    .max(MAX_COURSE_UNITS, `一门课程最多 ${MAX_COURSE_UNITS} 个单元`)
    .refine(uniqueIds, '单元不能重复'),
});

const chapterList = (access: Access, who: string) =>
  spec({
    method: 'POST',
    access,
    summary: `课程的单元（按顺序，「第N单元」），附本人进度与能否学习（免费、已购、会员权益、锁定）；${who}`,
    body: courseIdBody,
    response: z.array(courseUnit),
  });

const updateChapters = (access: Access, who: string) =>
  spec({
    method: 'PUT',
    access,
    summary: `以 chapterIds 的顺序替换课程的全部单元（最多 ${MAX_COURSE_UNITS} 个，不可重复；平台章节或课程所属机构的章节）；${who}`,
    body: updateChaptersBody,
    response: z.array(courseUnit),
  });

export const courseUnitCalls = defineCalls({
  'course.queryChapterList': chapterList('public', publicNote),
  'bms.course.queryChapterList': chapterList('platformAdmin', platformNote),
  'edms.course.queryChapterList': chapterList('teacher', teacherNote),
  'course.updateChapters': updateChapters('member', appWriteNote),
  'bms.course.updateChapters': updateChapters('platformAdmin', platformNote),
  'edms.course.updateChapters': updateChapters('teacher', teacherNote),
});

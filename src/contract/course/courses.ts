/**
 * Courses (server/course/store.ts): a course's shapes, the resource in every area with the
 * platform's review of organizations' courses, a course's notes, and the course a class follows.
 */
import { z } from 'zod';
import { defineCalls, spec } from '../call.ts';
import type { Access } from '../call.ts';
import * as f from '../fields.ts';
import { defineResource, lifecycleCalls, resourceCalls } from '../resource.ts';
import { REVIEW_STATES } from '../../machines/lifecycles/review.ts';
import { appWriteNote, platformNote, publicNote, teacherNote } from './common.ts';

export const courseReview = z.enum(REVIEW_STATES);

const dictValue = z.string().trim().min(1).max(32, '标签最多 32 个字符');

const courseFields = {
  title: z.string().trim().min(1, '课程名称不能为空').max(60, '课程名称最多 60 个字符'),
  summary: z.string().trim().max(300, '课程简介最多 300 个字符').default(''),
  /** Markdown: what the course teaches and how to follow it (queryNotesById). */
  notes: z.string().max(50_000, '课程说明最多 50000 个字符').default(''),
  /** A public image of the file service (fileName), or null. */
  cover: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/, '封面须为上传后得到的文件名')
    .nullable()
    .default(null),
  /** Values of the courseTag dictionary. */
  tags: z
    .array(dictValue)
    .max(10, '最多 10 个标签')
    .refine((t) => new Set(t).size === t.length, '标签不能重复')
    .default([]),
  /** A value of the courseLevel dictionary, or null. */
  level: dictValue.nullable().default(null),
  /** The GESP level of a training-camp course (/camp), or null for an ordinary course. */
  campLevel: z
    .number()
    .int('GESP 级别须为整数')
    .min(1, 'GESP 级别为 1–8')
    .max(8, 'GESP 级别为 1–8')
    .nullable()
    .default(null),
  /** Learners see a course only while its author keeps it published. */
  published: z.boolean().default(false),
  sort: z
    .number()
    .int('排序须为整数')
    .min(0, '排序不能小于 0')
    .max(1_000_000, '排序最大 1000000')
    .default(0),
};

export const courseInput = z.strictObject(courseFields);
export const courseUpdate = z.strictObject({
  id: f.id,
  title: courseFields.title.optional(),
  summary: z.string().trim().max(300, '课程简介最多 300 个字符').optional(),
  notes: z.string().max(50_000, '课程说明最多 50000 个字符').optional(),
  cover: courseFields.cover.removeDefault().optional(),
  tags: courseFields.tags.removeDefault().optional(),
  level: courseFields.level.removeDefault().optional(),
  campLevel: courseFields.campLevel.removeDefault().optional(),
  published: z.boolean().optional(),
  sort: courseFields.sort.removeDefault().optional(),
});

export const courseFilter = z.strictObject({
  /** Part of the title or summary. */
  keyword: z.string().trim().max(100).optional(),
  tag: dictValue.optional(),
  level: dictValue.optional(),
  /** true: the training camp's courses only; false: ordinary courses only. */
  camp: z.boolean().optional(),
  campLevel: z.number().int().min(1).max(8).optional(),
  /** Staff: only the platform's courses, or only an organization's. */
  bank: z.enum(['platform', 'organization']).optional(),
  /** Staff: courses in one review state (platform staff: the review queue). */
  review: courseReview.optional(),
});

export const courseListItem = z.object({
  id: z.number().int(),
  /** Null for a platform course. */
  organizationId: z.number().int().nullable(),
  organizationName: z.string().nullable(),
  title: z.string(),
  summary: z.string(),
  cover: z.string().nullable(),
  /** The cover's URL, or null. */
  coverUrl: z.string().nullable(),
  tags: z.array(z.string()),
  level: z.string().nullable(),
  campLevel: z.number().int().nullable(),
  published: z.boolean(),
  review: courseReview,
  /** Why platform staff rejected it, while rejected. */
  reviewReason: z.string().nullable(),
  sort: z.number().int(),
  unitCount: z.number().int(),
  questionCount: z.number().int(),
  /** Questions of the course the reader solved (a learner's own; 0 for staff and visitors). */
  solvedCount: z.number().int(),
  /**
   * Whether the caller may change this course (edit, arrange its units, delete): the server's own
   * rule (platform staff the platform's, an organization's staff their organization's), so a
   * screen offers exactly what the server would allow. False for learners and visitors.
   */
  manageable: z.boolean(),
  updatedAt: f.isoTime,
});

export const courseItem = courseListItem.extend({
  notes: z.string(),
  createdAt: f.isoTime,
});

export const courseSimpleItem = z.object({
  id: z.number().int(),
  title: z.string(),
  unitCount: z.number().int(),
});

export const COURSE_SORT = ['id', 'title', 'sort', 'updatedAt'] as const;

export const courseResource = defineResource({
  noun: '课程',
  segment: 'course',
  item: courseItem,
  listItem: courseListItem,
  simpleItem: courseSimpleItem,
  create: courseInput,
  update: courseUpdate,
  filter: courseFilter,
  sortFields: COURSE_SORT,
});

export const courseNotes = z.object({ id: z.number().int(), title: z.string(), notes: z.string() });

const notesOf = (access: Access, who: string) =>
  spec({
    method: 'GET',
    access,
    summary: `课程说明（Markdown）；${who}`,
    query: z.strictObject({ id: f.id }),
    response: courseNotes,
  });

const byGrade = (access: Access, who: string) =>
  spec({
    method: 'GET',
    access,
    summary: `班级所跟随的课程（未绑定课程时为 null）；${who}`,
    query: z.strictObject({ gradeId: f.id }),
    response: courseItem.nullable(),
  });

const allOps = ['create', 'update', 'delete', 'queryById', 'queryList', 'querySimpleList'] as const;

export const courseCalls = {
  ...resourceCalls(courseResource, {
    area: 'app',
    access: 'public',
    ops: ['queryById', 'queryList'],
    note: publicNote,
  }),
  ...resourceCalls(courseResource, {
    area: 'app',
    access: 'member',
    ops: ['create', 'update', 'delete'],
    note: appWriteNote,
  }),
  ...resourceCalls(courseResource, {
    area: 'bms',
    access: 'platformAdmin',
    ops: allOps,
    note: platformNote,
  }),
  ...lifecycleCalls(courseResource, {
    area: 'bms',
    access: 'platformAdmin',
    ops: ['pass', 'reject'],
    note: '机构课程的审核',
  }),
  ...resourceCalls(courseResource, {
    area: 'edms',
    access: 'teacher',
    ops: allOps,
    note: teacherNote,
  }),
};

/** A course's notes, and the course a class follows. */
export const courseReadCalls = defineCalls({
  'course.queryNotesById': notesOf('public', publicNote),
  'oj.course.queryNotesById': notesOf('member', '学员：能看到的课程'),
  'bms.course.queryNotesById': notesOf('platformAdmin', platformNote),
  'edms.course.queryNotesById': notesOf('teacher', teacherNote),
  'course.queryByGrade': byGrade('public', '能查看该班级的人（公开班级任何人）'),
  'oj.course.queryByGrade': byGrade('member', '学员：本人能查看的班级'),
  'bms.course.queryByGrade': byGrade('platformAdmin', platformNote),
  'edms.course.queryByGrade': byGrade('teacher', '教师：可管理的班级'),
});

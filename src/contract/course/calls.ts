/**
 * Courses (issue 9 item 1; docs/product-rules.md#the-call-catalogue `course`, §4 course: pass, reject):
 * a titled learning path whose units are chapters in order (第N单元, docs/product-rules.md#units). Like chapters
 * a course belongs to the platform or to one organization; an organization's course reaches
 * learners outside it only once platform staff pass it, and only while it is published.
 */
import { z } from 'zod';
import { defineCalls, spec } from '../call.ts';
import type { Access } from '../call.ts';
import * as f from '../fields.ts';
import { defineResource, lifecycleCalls, resourceCalls } from '../resource.ts';
import { REVIEW_STATES } from '../../machines/lifecycles/review.ts';
import { orderDetail } from '../order/orders.ts';
import { contentAccess } from '../paid-content.ts';
import { MAX_COURSE_UNITS } from './units.ts';

export const courseReview = z.enum(REVIEW_STATES);

const uniqueIds = (ids: readonly number[]) => new Set(ids).size === ids.length;
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

export const courseNotes = z.object({ id: z.number().int(), title: z.string(), notes: z.string() });

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

const buy = (noun: string) =>
  spec({
    method: 'GET',
    access: 'member',
    summary: `购买${noun}：生成待支付订单（再以 oj/member/order/payment 支付）；已有待支付订单时返回该订单；免费、已购或会员权益已覆盖时拒绝并说明`,
    query: z.strictObject({ id: f.id }),
    response: orderDetail,
  });

const publicNote =
  '读：任何人（已发布且审核通过的课程；本机构成员另可见本机构已发布的课程；教职工可见可管理的全部）';
const platformNote = '平台管理员：全部课程；写平台课程，审核机构课程';
const teacherNote =
  '教师：平台课程（只读）与本机构课程；机构课程发布后须平台审核通过才对机构外可见';
const appWriteNote = '本机构教师、机构管理员（或无机构角色的平台管理员）';
const allOps = ['create', 'update', 'delete', 'queryById', 'queryList', 'querySimpleList'] as const;

export const course = {
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
  ...defineCalls({
    'course.queryChapterList': chapterList('public', publicNote),
    'bms.course.queryChapterList': chapterList('platformAdmin', platformNote),
    'edms.course.queryChapterList': chapterList('teacher', teacherNote),
    'course.updateChapters': updateChapters('member', appWriteNote),
    'bms.course.updateChapters': updateChapters('platformAdmin', platformNote),
    'edms.course.updateChapters': updateChapters('teacher', teacherNote),
    'course.queryNotesById': notesOf('public', publicNote),
    'oj.course.queryNotesById': notesOf('member', '学员：能看到的课程'),
    'bms.course.queryNotesById': notesOf('platformAdmin', platformNote),
    'edms.course.queryNotesById': notesOf('teacher', teacherNote),
    'course.queryByGrade': byGrade('public', '能查看该班级的人（公开班级任何人）'),
    'oj.course.queryByGrade': byGrade('member', '学员：本人能查看的班级'),
    'bms.course.queryByGrade': byGrade('platformAdmin', platformNote),
    'edms.course.queryByGrade': byGrade('teacher', '教师：可管理的班级'),
    // Buying a unit or a question (docs/product-rules.md#the-call-catalogue: GET buy) places an order of kind chapter or
    // question on the shared order flow; it is paid like any order (oj/member/order/payment).
    'oj.chapter.buy': buy('章节（单元）'),
    'oj.question.buy': buy('题目'),
  }),
};

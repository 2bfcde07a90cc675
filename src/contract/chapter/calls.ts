/**
 * Chapters (issue 3 item 5, docs/product-rules.md#the-call-catalogue `chapter`; §7.5 memberQuestion
 * queryQuestionStatisticsByChapter): a titled, ordered list of questions with notes in Markdown.
 * Like the question bank, a chapter belongs to the platform (bms) or to one organization
 * (edms and the un-prefixed area); courses (a later issue) will group chapters.
 */
import { z } from 'zod';
import { defineCalls, spec } from '../call.ts';
import type { Access } from '../call.ts';
import * as f from '../fields.ts';
import { contentAccess, paidContentFields } from '../paid-content.ts';
import { pageOf, pageQueryOf } from '../paging.ts';
import { defineResource, resourceCalls } from '../resource.ts';
import { answerSummary } from '../member-question/common.ts';
import { learnerQuestionListItem, questionListItem } from '../question/questions.ts';

/** How many questions one chapter may hold (updateQuestions). */
export const MAX_CHAPTER_QUESTIONS = 200;

export const chapterStatus = z.enum(['active', 'deleted']);

const chapterFields = {
  title: z.string().trim().min(1, '章节标题不能为空').max(100, '章节标题最多 100 个字符'),
  /** Markdown shown above the chapter's questions. */
  notes: z.string().max(50_000, '章节说明最多 50000 个字符').default(''),
  /** Smaller first in lists (and, later, within a course). */
  sort: z
    .number()
    .int('排序须为整数')
    .min(0, '排序不能小于 0')
    .max(1_000_000, '排序最大 1000000')
    .default(0),
  /** A link to the unit's video (https), or null. */
  videoUrl: z
    .string()
    .trim()
    .max(500, '视频链接最多 500 个字符')
    .regex(/^https:\/\/[^\s]+$/, '视频链接须以 https:// 开头')
    .nullable()
    .default(null),
  /** The unit's PDF handout: a file of the file service (purpose material), or null. */
  pdfFile: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,127}\.pdf$/, '讲义须为上传后得到的 PDF 文件名')
    .nullable()
    .default(null),
  ...paidContentFields,
};

export const chapterInput = z.strictObject(chapterFields);
export const chapterUpdate = z.strictObject({ id: f.id, ...chapterFields });

export const chapterFilter = z.strictObject({
  /** Part of the title. */
  keyword: z.string().trim().max(100).optional(),
  /** Teachers: only the platform's chapters, or only their organization's. */
  bank: z.enum(['platform', 'organization']).optional(),
});

export const chapterListItem = z.object({
  id: z.number().int(),
  /** Null for a platform chapter. */
  organizationId: z.number().int().nullable(),
  title: z.string(),
  sort: z.number().int(),
  questionCount: z.number().int(),
  priceFen: z.number().int(),
  status: chapterStatus,
  /**
   * Whether the caller may change this chapter (edit, arrange its questions, delete): the
   * server's own rule (platform staff any, an organization's staff their organization's), so a
   * screen offers exactly what the server would allow. False for learners.
   */
  manageable: z.boolean(),
  updatedAt: f.isoTime,
});

export const chapterItem = chapterListItem.extend({
  notes: z.string(),
  /** Null while the unit is locked for the reader. */
  videoUrl: z.string().nullable(),
  pdfFile: z.string().nullable(),
  /** A URL the reader may open the handout with (signed, expiring); null while locked. */
  pdfUrl: z.string().nullable(),
  rightCode: z.string().nullable(),
  rightName: z.string().nullable(),
  access: contentAccess,
  createdAt: f.isoTime,
});

export const chapterSimpleItem = z.object({
  id: z.number().int(),
  title: z.string(),
  questionCount: z.number().int(),
});

/** The sort fields of the chapter lists, of a chapter's questions, and of its statistics. */
export const CHAPTER_SORT = ['id', 'title', 'sort', 'updatedAt'] as const;
export const CHAPTER_QUESTION_SORT = ['position'] as const;
export const CHAPTER_STATISTICS_SORT = [
  'position',
  'submitters',
  'submissions',
  'accepted',
  'solvedMembers',
] as const;

export const chapterResource = defineResource({
  noun: '章节',
  segment: 'chapter',
  item: chapterItem,
  listItem: chapterListItem,
  simpleItem: chapterSimpleItem,
  create: chapterInput,
  update: chapterUpdate,
  filter: chapterFilter,
  sortFields: CHAPTER_SORT,
});

/** One question of a chapter, in the chapter's order (1-based position). */
export const chapterQuestionItem = questionListItem.extend({ position: z.number().int() });

const chapterIdBody = z.strictObject({ id: f.id });

const questionIds = z
  .array(f.id)
  .max(MAX_CHAPTER_QUESTIONS, `每个章节最多 ${MAX_CHAPTER_QUESTIONS} 道题`)
  .refine((ids) => new Set(ids).size === ids.length, '题目不能重复');

export const updateQuestionsBody = z.strictObject({ id: f.id, questionIds });
export const updateQuestionsAnswer = z.object({
  id: z.number().int(),
  questionIds: z.array(z.number().int()),
});

/** A chapter's question as a learner sees it, with their own progress on it. */
export const learnerChapterQuestion = learnerQuestionListItem.extend({
  position: z.number().int(),
  /** The learner has an accepted submission (cleared records no longer count). */
  solved: z.boolean(),
  /** The learner's latest submission, or null. */
  latest: answerSummary.nullable(),
});

/** One question of a chapter, over the submissions of the teacher's organization. */
export const chapterQuestionStatistics = z.object({
  position: z.number().int(),
  questionId: z.number().int(),
  questionTitle: z.string(),
  questionType: questionListItem.shape.type,
  /** Members who submitted at least once. */
  submitters: z.number().int(),
  submissions: z.number().int(),
  accepted: z.number().int(),
  /** accepted / submissions, 0 when nobody submitted (4 decimals). */
  acceptedRate: z.number(),
  /** Members with at least one accepted submission. */
  solvedMembers: z.number().int(),
});

/**
 * One chapter as one learner worked through it (a teacher's view of a student, /chapter/student):
 * the chapters the learner can open (the platform's and their organization's) with how many of
 * their questions the learner tried, solved (an accepted submission or correction) and has wrong
 * now (the latest graded answer is not AC, as in the learner's own wrong list).
 */
export const memberChapterProgress = z.object({
  chapterId: z.number().int(),
  title: z.string(),
  /** Null for a platform chapter. */
  organizationId: z.number().int().nullable(),
  sort: z.number().int(),
  questionCount: z.number().int(),
  attempted: z.number().int(),
  solved: z.number().int(),
  wrong: z.number().int(),
  lastAnsweredAt: f.isoTime.nullable(),
});
export const MEMBER_PROGRESS_SORT = ['sort', 'lastAnsweredAt'] as const;

const questionList = (access: Access, who: string) =>
  spec({
    method: 'POST',
    access,
    summary: `章节的题目（按章节内顺序，分页）；${who}`,
    query: pageQueryOf(CHAPTER_QUESTION_SORT),
    body: chapterIdBody,
    response: pageOf(chapterQuestionItem),
  });

const updateQuestions = (access: Access, who: string) =>
  spec({
    method: 'PUT',
    access,
    summary: `以 questionIds 的顺序替换章节的全部题目（最多 ${MAX_CHAPTER_QUESTIONS} 道，不可重复）；${who}`,
    body: updateQuestionsBody,
    response: updateQuestionsAnswer,
  });

const platformNote = '平台章节，只能收录平台题库的题目';
const teacherNote = '教师：本机构章节可写（可收录平台题库与本机构题目），平台章节只读';
const appNote =
  '读：登录成员（平台章节与本机构章节）；写：本机构教师、机构管理员（或无机构角色的平台管理员）';
const allOps = ['create', 'update', 'delete', 'queryById', 'queryList', 'querySimpleList'] as const;

export const chapter = {
  ...resourceCalls(chapterResource, {
    area: 'bms',
    access: 'platformAdmin',
    ops: allOps,
    note: platformNote,
  }),
  ...resourceCalls(chapterResource, {
    area: 'edms',
    access: 'teacher',
    ops: allOps,
    note: teacherNote,
  }),
  /**
   * The public set (docs/product-rules.md#the-call-catalogue). Chapters are an organization's content, so reading needs a
   * login; the handlers refuse writes to anyone but teachers, organization admins and platform
   * admins.
   */
  ...resourceCalls(chapterResource, {
    area: 'app',
    access: 'member',
    ops: ['create', 'update', 'delete', 'queryById', 'queryList'],
    note: appNote,
  }),
  ...defineCalls({
    'bms.chapter.queryQuestionList': questionList('platformAdmin', '平台管理员'),
    'bms.chapter.updateQuestions': updateQuestions('platformAdmin', platformNote),
    'edms.chapter.queryQuestionList': questionList('teacher', teacherNote),
    'edms.chapter.updateQuestions': updateQuestions('teacher', teacherNote),
    'chapter.queryQuestionList': questionList('member', appNote),
    'chapter.updateQuestions': updateQuestions('member', appNote),
    'oj.chapter.queryQuestion': {
      method: 'POST',
      access: 'member',
      summary:
        '学员：章节的题目（按章节内顺序，分页），附本人最近一次提交与是否已通过；不含答案与测试数据',
      query: pageQueryOf(CHAPTER_QUESTION_SORT),
      body: chapterIdBody,
      response: pageOf(learnerChapterQuestion),
    },
    /** An addition to the catalogue: the per-chapter progress of /chapter/student. */
    'memberQuestion.queryChapterProgressByMember': {
      method: 'POST',
      access: 'teacher',
      summary:
        '教师：一名学员在各章节（平台章节与其机构的章节）的进度：题数、做过、通过、现有错题与最近作答时间（按章节顺序，分页；含学员已清空的记录）；只限能查看该学员的教职工（其教师、机构管理员、平台管理员），其他学员答 404',
      query: pageQueryOf(MEMBER_PROGRESS_SORT),
      body: z.strictObject({ memberId: f.id }),
      response: pageOf(memberChapterProgress),
    },
    /** Spec 001 §7.5 places it with the other memberQuestion queries, in the un-prefixed area. */
    'memberQuestion.queryQuestionStatisticsByChapter': {
      method: 'POST',
      access: 'teacher',
      summary:
        '教师：章节每道题在本机构成员中的提交人数、提交数、通过数、通过率与通过人数（按章节内顺序，分页；仅统计正式提交，含成员已清空的记录）',
      query: pageQueryOf(CHAPTER_STATISTICS_SORT),
      body: z.strictObject({ chapterId: f.id }),
      response: pageOf(chapterQuestionStatistics),
    },
  }),
};

/**
 * The shapes of classes (issue 8 item 3): a class with its lifecycle and schedule, its
 * teachers, its controls, its enrollments (orders of kind `grade`) with groups and bound
 * teachers, and per-student class-fee settlements. The calls are in ./calls.ts.
 */
import { z } from 'zod';
import * as f from '../fields.ts';
import { fen, orderItem } from '../order/orders.ts';
import {
  ENROLL_SORT,
  enrollCounts,
  enrollFilterOf,
  staffEnrollBodyOf,
} from '../enrollment/item.ts';

const text = (what: string, max: number) => z.string().trim().max(max, `${what}最多 ${max} 个字符`);
const uniqueIds = (ids: readonly number[]) => new Set(ids).size === ids.length;

/** The gradeStatus dictionary: 0 未发布 1 报名中 2 开课中 3 已结课 4 即将开班 5 已停止. */
export const gradeStatus = z.enum(['0', '1', '2', '3', '4', '5']);
export const gradeState = z.enum(['draft', 'published', 'unpublished', 'stopped']);

/**
 * A class as the public catalogue shows it (the start-up class list,
 * docs/product-rules.md#start-up).
 */
export const gradeListItem = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  status: gradeStatus,
  isPublic: z.boolean(),
  sort: z.number().int(),
  appId: z.string(),
  organizationId: z.number().int(),
  organizationName: z.string(),
  teacherName: z.string().nullable(),
  memberCount: z.number().int(),
  priceFen: z.number().int(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
});

export const gradeTeacher = z.object({
  id: z.number().int(),
  nickname: z.string(),
  head: z.boolean(),
});

/** A class in full: what its detail page and the staff screens show. */
export const gradeItem = gradeListItem.extend({
  state: gradeState,
  schedule: z.string(),
  notes: z.string(),
  capacity: z.number().int().nullable(),
  /** Seats still free (an enrollment awaiting payment holds one too); null without a capacity. */
  seatsLeft: z.number().int().nullable(),
  lessons: z.number().int(),
  coverUrl: z.string(),
  enrollStartAt: z.string().nullable(),
  enrollEndAt: z.string().nullable(),
  teacherMemberId: z.number().int().nullable(),
  teachers: z.array(gradeTeacher),
  /** The groups the roster uses (grade/enroll setGroups). */
  groups: z.array(z.string()),
  /** Enrollment is open now: published, inside the window, not full, not over. */
  enrollable: z.boolean(),
  createdAt: z.string(),
});
export type GradeItem = z.infer<typeof gradeItem>;
export const gradeSimpleItem = z.object({
  id: z.number().int(),
  name: z.string(),
  state: gradeState,
  status: gradeStatus,
});

export const GRADE_SORT = ['sort', 'id', 'name', 'startTime'] as const;

const gradeFields = {
  name: z.string().trim().min(1, '班级名称不能为空').max(50, '班级名称最多 50 个字符'),
  description: text('简介', 500).default(''),
  notes: text('须知', 20_000).default(''),
  schedule: text('上课安排', 200).default(''),
  isPublic: z.boolean().default(false),
  sort: f.wholeNumber(0, 9999).default(0),
  priceFen: fen().default(0),
  capacity: f.wholeNumber(1, 10_000).nullable().default(null),
  lessons: f.wholeNumber(0, 1000).default(0),
  coverUrl: text('封面地址', 500).default(''),
  enrollStartAt: f.isoDateTime.nullable().default(null),
  enrollEndAt: f.isoDateTime.nullable().default(null),
  startTime: f.isoDateTime,
  endTime: f.isoDateTime,
  /** The class's teachers (their organization's); the creator, if a teacher, is one of them. */
  teacherMemberIds: z.array(f.id).max(20).refine(uniqueIds, '教师不能重复').default([]),
  /** The head teacher, one of the class's teachers. */
  headTeacherId: f.id.nullable().default(null),
};
type Times = {
  startTime?: string;
  endTime?: string;
  enrollStartAt?: string | null;
  enrollEndAt?: string | null;
};
export const CLASS_TIMES_MESSAGE = '结束时间应晚于开始时间';
export const ENROLL_WINDOW_MESSAGE = '报名截止时间应晚于报名开始时间';
// Each refusal names the field the form shows it on.
type Refinement = [(t: Times) => boolean, { message: string; path: string[] }];
const classTimes: Refinement = [
  (g: Times) => f.inOrder(g.startTime, g.endTime),
  { message: CLASS_TIMES_MESSAGE, path: ['endTime'] },
];
const enrollWindow: Refinement = [
  (g: Times) => f.inOrder(g.enrollStartAt, g.enrollEndAt),
  { message: ENROLL_WINDOW_MESSAGE, path: ['enrollEndAt'] },
];

export const gradeCreate = z
  .strictObject({ ...gradeFields, organizationId: f.id.optional() })
  .refine(...classTimes)
  .refine(...enrollWindow);
export const gradeUpdate = z
  .strictObject({
    id: f.id,
    name: gradeFields.name.optional(),
    description: text('简介', 500).optional(),
    notes: text('须知', 20_000).optional(),
    schedule: text('上课安排', 200).optional(),
    isPublic: z.boolean().optional(),
    sort: f.wholeNumber(0, 9999).optional(),
    priceFen: fen().optional(),
    capacity: f.wholeNumber(1, 10_000).nullable().optional(),
    lessons: f.wholeNumber(0, 1000).optional(),
    coverUrl: text('封面地址', 500).optional(),
    enrollStartAt: f.isoDateTime.nullable().optional(),
    enrollEndAt: f.isoDateTime.nullable().optional(),
    startTime: f.isoDateTime.optional(),
    endTime: f.isoDateTime.optional(),
    teacherMemberIds: z.array(f.id).max(20).refine(uniqueIds, '教师不能重复').optional(),
    headTeacherId: f.id.nullable().optional(),
  })
  .refine(...classTimes)
  .refine(...enrollWindow);

export const gradeFilter = z.strictObject({
  statusList: z.array(gradeStatus).max(6).optional(),
  isPublic: z.boolean().optional(),
  appIds: z.array(z.string().max(64)).max(20).optional(),
  name: z.string().max(64).optional(),
  state: gradeState.optional(),
  teacherMemberId: f.id.optional(),
  organizationId: f.id.optional(),
});

export const gradeNotes = z.object({ id: z.number().int(), name: z.string(), notes: z.string() });
export const gradeIdBody = z.strictObject({ gradeId: f.id });

export const gradeStatistics = z.object({
  gradeId: z.number().int(),
  memberCount: z.number().int(),
  capacity: z.number().int().nullable(),
  byState: z.array(z.object({ state: z.string(), count: z.number().int() })),
  paidFen: z.number().int(),
  refundedFen: z.number().int(),
  settledFen: z.number().int(),
  groups: z.array(z.object({ name: z.string(), count: z.number().int() })),
  homeworkCount: z.number().int(),
  /** Share of assigned homework handed in (any submission), 0–100, null without homework. */
  homeworkCompletionPercent: z.number().nullable(),
  /** Mean settled homework score as a percentage of the maximum, null before any settles. */
  homeworkAveragePercent: z.number().nullable(),
  activeLast7Days: z.number().int(),
});

// ——— Controls ———

/** What a class may let its students do; each has a default when the class says nothing. */
export const GRADE_CONTROL_CODES = [
  'viewTestCases',
  'viewSolutions',
  'useAiAssistant',
  'practiseOutsideHomework',
  'viewRanking',
] as const;
export const gradeControlCode = z.enum(GRADE_CONTROL_CODES);
export type GradeControlCode = z.infer<typeof gradeControlCode>;

export const gradeControlItem = z.object({
  gradeId: z.number().int(),
  code: gradeControlCode,
  name: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  /** No row: the class uses the default. */
  isDefault: z.boolean(),
  updatedAt: z.string().nullable(),
});
export const gradeControlSetting = z.strictObject({
  code: gradeControlCode,
  enabled: z.boolean(),
});
export const gradeControlsUpdate = z.strictObject({
  gradeId: f.id,
  controls: z
    .array(gradeControlSetting)
    .min(1, '请至少设置一项')
    .max(GRADE_CONTROL_CODES.length)
    .refine((cs) => new Set(cs.map((c) => c.code)).size === cs.length, '同一项不能重复设置'),
});
export const gradeControlCreate = z.strictObject({
  gradeId: f.id,
  code: gradeControlCode,
  enabled: z.boolean(),
});
export const gradeControlKey = z.strictObject({ gradeId: f.id, code: gradeControlCode });

// ——— Enrollment ———

export const gradeEnrollItem = orderItem.extend({
  gradeId: z.number().int(),
  mobile: z.string().nullable(),
  groups: z.array(z.string()),
  teacherMemberId: z.number().int().nullable(),
  teacherName: z.string().nullable(),
  /** Class fees settled (consumed) so far: a refund gives back at most paid − settled. */
  settledFen: z.number().int(),
});
export type GradeEnrollItem = z.infer<typeof gradeEnrollItem>;
export const gradeEnrollFilter = enrollFilterOf('gradeId').extend({
  group: z.string().trim().max(32).optional(),
  teacherMemberId: f.id.optional(),
});
export const GRADE_ENROLL_SORT = ENROLL_SORT;

export const staffGradeEnrollBody = staffEnrollBodyOf('gradeId');
export const bindTeacherBody = z.strictObject({ id: f.id, teacherMemberId: f.id });
export const enrollIdBody = z.strictObject({ id: f.id });
export const setGroupsBody = z.strictObject({
  /** Enrollments (orders) of one class. */
  ids: z.array(f.id).min(1, '请选择学员').max(500).refine(uniqueIds, '不能重复'),
  groups: z
    .array(z.string().trim().min(1, '分组名不能为空').max(32, '分组名最多 32 个字符'))
    .max(10, '一名学员最多在 10 个分组'),
});
export const setGroupsAnswer = z.object({ updated: z.number().int() });
export const gradeEnrollStatistics = enrollCounts.extend({
  gradeId: z.number().int(),
  settledFen: z.number().int(),
  capacity: z.number().int().nullable(),
  memberCount: z.number().int(),
});
export const mineGradeStatistics = z.object({
  grades: z.number().int(),
  paidFen: z.number().int(),
  settledFen: z.number().int(),
  homeworkAssigned: z.number().int(),
  homeworkDone: z.number().int(),
});

// ——— Settlements ———

export const settlementItem = z.object({
  id: z.number().int(),
  gradeId: z.number().int(),
  gradeName: z.string(),
  memberId: z.number().int(),
  memberName: z.string(),
  enrollId: z.number().int(),
  periodStart: z.string(),
  periodEnd: z.string(),
  lessons: z.number().int(),
  amountFen: z.number().int(),
  remark: z.string(),
  createdByName: z.string(),
  createdAt: z.string(),
});
const isoDate = f.isoDate;
export const settlementCreate = z
  .strictObject({
    gradeId: f.id,
    memberId: f.id,
    periodStart: isoDate,
    periodEnd: isoDate,
    lessons: f.wholeNumber(0, 1000),
    amountFen: fen(),
    remark: text('备注', 200).default(''),
  })
  .refine((s) => s.periodEnd >= s.periodStart, {
    message: '结束日期不能早于开始日期',
    path: ['periodEnd'],
  });
export const settlementUpdate = z
  .strictObject({
    id: f.id,
    periodStart: isoDate.optional(),
    periodEnd: isoDate.optional(),
    lessons: f.wholeNumber(0, 1000).optional(),
    amountFen: fen().optional(),
    remark: text('备注', 200).optional(),
  })
  .refine((s) => !s.periodStart || !s.periodEnd || s.periodEnd >= s.periodStart, {
    message: '结束日期不能早于开始日期',
    path: ['periodEnd'],
  });
export const settlementFilter = z.strictObject({
  gradeId: f.id.optional(),
  memberId: f.id.optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
});
export const SETTLEMENT_SORT = ['id', 'periodStart'] as const;

// ——— Syllabus ———

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

/**
 * Classes (server/grade/grades.ts): a class's shapes — as the public catalogue, staff and its
 * students see it — and its calls: the resource with its lifecycle in every area, the public
 * catalogue's reads, notes, statistics, and joining a class to teach it.
 */
import { z } from 'zod';
import { defineCalls, spec } from '../call.ts';
import type { Access } from '../call.ts';
import * as f from '../fields.ts';
import { fen } from '../order/orders.ts';
import { pageOf, pageQueryOf } from '../paging.ts';
import { defineResource, idBody, idQuery, lifecycleCalls, resourceCalls } from '../resource.ts';
import { STAFF, text, uniqueIds } from './common.ts';

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

export const gradeResource = defineResource({
  noun: '班级',
  segment: 'grade',
  item: gradeItem,
  listItem: gradeItem,
  simpleItem: gradeSimpleItem,
  create: gradeCreate,
  update: gradeUpdate,
  filter: gradeFilter,
  sortFields: GRADE_SORT,
});

const lifecycle = ['publish', 'unpublish', 'stop'] as const;

const notes = (access: Access, summary = '班级须知') =>
  spec({ method: 'GET', access, summary, query: idQuery, response: gradeNotes });
const statistics = (access: Access) =>
  spec({
    method: 'GET',
    access,
    summary: '班级统计：人数、报名状态、收退款与课消、分组、作业完成率与平均分、近 7 天活跃',
    query: idQuery,
    response: gradeStatistics,
  });
const addToMine = (access: Access) =>
  spec({
    method: 'POST',
    access,
    summary: '加入本机构的一个班级任教（成为该班教师）',
    body: idBody,
    response: gradeItem,
  });

export const gradeCalls = {
  ...resourceCalls(gradeResource, { area: 'bms', access: 'platformAdmin', ops: crudOps() }),
  ...lifecycleCalls(gradeResource, { area: 'bms', access: 'platformAdmin', ops: lifecycle }),
  ...resourceCalls(gradeResource, { area: 'edms', access: 'teacher', ops: crudOps(), note: STAFF }),
  ...lifecycleCalls(gradeResource, {
    area: 'edms',
    access: 'teacher',
    ops: lifecycle,
    note: STAFF,
  }),
  ...resourceCalls(gradeResource, {
    area: 'app',
    access: 'teacher',
    ops: ['create', 'update', 'delete'],
    note: STAFF,
  }),
  ...lifecycleCalls(gradeResource, { area: 'app', access: 'teacher', ops: lifecycle, note: STAFF }),
  ...defineCalls({
    'grade.queryList': {
      method: 'POST',
      access: 'public',
      summary: '班级列表（启动时：page 0, size 100, sort=sort,asc）：已发布的公开班级',
      query: pageQueryOf(GRADE_SORT),
      body: z.strictObject({
        statusList: z.array(gradeStatus).max(6).optional(),
        isPublic: z.boolean().optional(),
        appIds: z.array(z.string().max(64)).max(20).optional(),
        name: z.string().max(64).optional(),
      }),
      response: pageOf(gradeListItem),
    },
    'grade.queryById': spec({
      method: 'GET',
      access: 'public',
      summary: '班级详情：已发布的公开班级任何人可看；学员本人所在班级；教职工可管理的班级',
      query: idQuery,
      response: gradeItem,
    }),
    'grade.queryNotesById': notes('public', '班级须知（可见范围同 queryById）'),
    'grade.queryStatistics': statistics('teacher'),
    'grade.addGradeToMine': addToMine('teacher'),
    'bms.grade.queryNotesById': notes('platformAdmin'),
    'bms.grade.queryStatistics': statistics('platformAdmin'),
    'edms.grade.queryNotesById': notes('teacher'),
    'edms.grade.queryStatistics': statistics('teacher'),
    'edms.grade.addGradeToMine': addToMine('teacher'),
    'oj.grade.queryById': spec({
      method: 'GET',
      access: 'member',
      summary: '本人所在的班级，或已发布的公开班级',
      query: idQuery,
      response: gradeItem,
    }),
    'oj.grade.queryList': spec({
      method: 'POST',
      access: 'member',
      summary: '本人所在的班级（我的班级）',
      query: pageQueryOf(GRADE_SORT),
      body: gradeFilter,
      response: pageOf(gradeItem),
    }),
    'oj.grade.queryNotesById': notes('member'),
  }),
};

function crudOps() {
  return ['create', 'update', 'delete', 'queryById', 'queryList', 'querySimpleList'] as const;
}

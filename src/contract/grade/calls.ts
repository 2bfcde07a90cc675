/**
 * Classes (issue 8 item 3; docs/product-rules.md#the-call-catalogue grade, grade/controls, grade/enroll,
 * member/grade/settlement). A class is a resource from the factory with its lifecycle
 * (publish, unpublish, stop); enrollment is an order of kind `grade` on the shared order flow
 * (contract/enrollment/); controls and settlements are written by hand.
 *
 * Who calls what: `bms` platform staff; `edms` an organization's staff — its admin every
 * class, a teacher the classes they teach; the un-prefixed area the same by role, where
 * `grade/queryList`, `queryById` and `queryNotesById` are also the public catalogue (docs/product-rules.md#start-up
 * §5's start-up class list); `oj` the learner's own classes and enrollments.
 */
import { z } from 'zod';
import { defineCalls, spec } from '../call.ts';
import type { Access } from '../call.ts';
import { enrollmentSpecs } from '../enrollment/calls.ts';
import { orderDetail } from '../order/orders.ts';
import { pageOf, pageQueryOf } from '../paging.ts';
import {
  defineResource,
  deletedAnswer,
  idBody,
  idQuery,
  lifecycleCalls,
  resourceCalls,
} from '../resource.ts';
import { CHAPTER_QUESTION_SORT, learnerChapterQuestion } from '../chapter/calls.ts';
import { downloadedFile } from '../question/common.ts';
import * as s from './schemas.ts';

export * from './schemas.ts';

export const gradeResource = defineResource({
  noun: '班级',
  segment: 'grade',
  item: s.gradeItem,
  listItem: s.gradeItem,
  simpleItem: s.gradeSimpleItem,
  create: s.gradeCreate,
  update: s.gradeUpdate,
  filter: s.gradeFilter,
  sortFields: s.GRADE_SORT,
});

const STAFF = '机构管理员本机构全部班级；教师本人任教的班级';
const lifecycle = ['publish', 'unpublish', 'stop'] as const;

const notes = (access: Access, summary = '班级须知') =>
  spec({ method: 'GET', access, summary, query: idQuery, response: s.gradeNotes });
const statistics = (access: Access) =>
  spec({
    method: 'GET',
    access,
    summary: '班级统计：人数、报名状态、收退款与课消、分组、作业完成率与平均分、近 7 天活跃',
    query: idQuery,
    response: s.gradeStatistics,
  });
const addToMine = (access: Access) =>
  spec({
    method: 'POST',
    access,
    summary: '加入本机构的一个班级任教（成为该班教师）',
    body: idBody,
    response: s.gradeItem,
  });

const gradeCalls = {
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
      query: pageQueryOf(s.GRADE_SORT),
      body: z.strictObject({
        statusList: z.array(s.gradeStatus).max(6).optional(),
        isPublic: z.boolean().optional(),
        appIds: z.array(z.string().max(64)).max(20).optional(),
        name: z.string().max(64).optional(),
      }),
      response: pageOf(s.gradeListItem),
    },
    'grade.queryById': spec({
      method: 'GET',
      access: 'public',
      summary: '班级详情：已发布的公开班级任何人可看；学员本人所在班级；教职工可管理的班级',
      query: idQuery,
      response: s.gradeItem,
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
      response: s.gradeItem,
    }),
    'oj.grade.queryList': spec({
      method: 'POST',
      access: 'member',
      summary: '本人所在的班级（我的班级）',
      query: pageQueryOf(s.GRADE_SORT),
      body: s.gradeFilter,
      response: pageOf(s.gradeItem),
    }),
    'oj.grade.queryNotesById': notes('member'),
  }),
};

function crudOps() {
  return ['create', 'update', 'delete', 'queryById', 'queryList', 'querySimpleList'] as const;
}

// ——— grade/controls ———

const controlsList = (access: Access, summary: string) =>
  spec({
    method: 'POST',
    access,
    summary,
    body: s.gradeIdBody,
    response: z.array(s.gradeControlItem),
  });
const controlsUpdate = (access: Access) =>
  spec({
    method: 'PUT',
    access,
    summary: '设置班级管控项（可同时设置多项）',
    body: s.gradeControlsUpdate,
    response: z.array(s.gradeControlItem),
  });

const controlCalls = defineCalls({
  'bms.grade.controls.queryList': controlsList('platformAdmin', '班级的全部管控项（含默认值）'),
  'bms.grade.controls.querySimpleList': controlsList('platformAdmin', '班级的全部管控项'),
  'bms.grade.controls.update': controlsUpdate('platformAdmin'),
  'bms.grade.controls.create': spec({
    method: 'POST',
    access: 'platformAdmin',
    summary: '为班级设置一项管控（已设置则覆盖）',
    body: s.gradeControlCreate,
    response: s.gradeControlItem,
  }),
  'bms.grade.controls.delete': spec({
    method: 'DELETE',
    access: 'platformAdmin',
    summary: '撤销班级的一项设置，恢复默认值',
    body: s.gradeControlKey,
    response: s.gradeControlItem,
  }),
  'bms.grade.controls.queryById': spec({
    method: 'GET',
    access: 'platformAdmin',
    summary: '班级的一项管控',
    query: s.gradeControlKey,
    response: s.gradeControlItem,
  }),
  'edms.grade.controls.queryList': controlsList('teacher', '班级的全部管控项（含默认值）'),
  'edms.grade.controls.update': controlsUpdate('teacher'),
  'oj.grade.controls.queryList': controlsList('member', '本人所在班级允许学员做什么'),
});

// ——— grade/enroll ———

const mineEnrollment = z.object({
  order: orderDetail,
  grade: s.gradeItem,
  groups: z.array(z.string()),
  teacherName: z.string().nullable(),
  settledFen: z.number().int(),
  settlements: z.array(s.settlementItem),
});

const e = enrollmentSpecs({
  noun: '班级',
  itemField: 'gradeId',
  item: s.gradeEnrollItem,
  filter: s.gradeEnrollFilter,
  sortFields: s.GRADE_ENROLL_SORT,
  statistics: s.gradeEnrollStatistics,
  mine: mineEnrollment,
  mineStatistics: s.mineGradeStatistics,
});
const REFUND_RULE = '，不超过已收款减去已结算（课消）的金额';
const bindTeacher = (access: Access) =>
  spec({
    method: 'PUT',
    access,
    summary: '为学员绑定本班的一位教师（其学员，可查看其作答）',
    body: s.bindTeacherBody,
    response: orderDetail,
  });
const unbindTeacher = (access: Access) =>
  spec({
    method: 'PUT',
    access,
    summary: '解除学员绑定的教师',
    body: s.enrollIdBody,
    response: orderDetail,
  });
const setGroups = (access: Access) =>
  spec({
    method: 'POST',
    access,
    summary: '设置学员在班内的分组（覆盖原分组）',
    body: s.setGroupsBody,
    response: s.setGroupsAnswer,
  });
const enrollStats = (access: Access) =>
  e.statistics(access, '班级报名统计：人数、各状态、收款、退款、课消');
const mineStats = (access: Access) =>
  e.mineStatistics(access, '本人的班级统计：班级数、已付、已课消、作业完成情况');

const enrollCalls = defineCalls({
  'bms.grade.enroll.batchEnroll': e.byIds('platformAdmin'),
  'bms.grade.enroll.batchEnrollByMobile': e.byMobile('platformAdmin'),
  'bms.grade.enroll.batchEnrollByTags': e.byTags('platformAdmin'),
  'bms.grade.enroll.bindTeacher': bindTeacher('platformAdmin'),
  'bms.grade.enroll.unbindTeacher': unbindTeacher('platformAdmin'),
  'bms.grade.enroll.setGroups': setGroups('platformAdmin'),
  'bms.grade.enroll.setPaid': e.setPaid('platformAdmin'),
  'bms.grade.enroll.downloadEnrollList': e.download('platformAdmin'),
  'bms.grade.enroll.finishQuit': e.finishQuit('platformAdmin'),
  'bms.grade.enroll.passQuit': e.passQuit('platformAdmin'),
  'bms.grade.enroll.rejectQuit': e.rejectQuit('platformAdmin'),
  'bms.grade.enroll.paidNotify': e.notify('班级报名支付成功'),
  'bms.grade.enroll.refundNotify': e.notify('班级报名退款成功'),
  'bms.grade.enroll.queryEnrollList': e.list('platformAdmin', '某班级（或全部）的报名名单'),
  'bms.grade.enroll.queryEnrollStatistics': enrollStats('platformAdmin'),
  'bms.grade.enroll.create': e.staffCreate('platformAdmin', s.staffGradeEnrollBody),
  'bms.grade.enroll.update': e.remark('platformAdmin'),
  'bms.grade.enroll.delete': e.remove('platformAdmin'),
  'bms.grade.enroll.queryById': e.byId('platformAdmin'),
  'bms.grade.enroll.queryList': e.list('platformAdmin', '全部班级报名'),
  'bms.grade.enroll.querySimpleList': e.simpleList('platformAdmin'),

  'edms.grade.enroll.batchEnroll': e.byIds('teacher'),
  'edms.grade.enroll.batchEnrollByMobile': e.byMobile('teacher'),
  'edms.grade.enroll.batchEnrollByTags': e.byTags('teacher'),
  'edms.grade.enroll.downloadEnrollList': e.download('teacher'),
  'edms.grade.enroll.queryEnrollList': e.list('teacher', `班级报名名单（${STAFF}）`),
  'edms.grade.enroll.setGroups': setGroups('teacher'),
  'edms.grade.enroll.bindTeacher': bindTeacher('teacher'),
  'edms.grade.enroll.unbindTeacher': unbindTeacher('teacher'),
  'edms.grade.enroll.finishQuit': e.finishQuit('teacher'),
  'edms.grade.enroll.passQuit': e.passQuit('teacher'),
  'edms.grade.enroll.rejectQuit': e.rejectQuit('teacher'),
  'edms.grade.enroll.queryEnrollStatistics': enrollStats('teacher'),

  'grade.enroll.applyQuit': e.applyQuit('member'),
  'grade.enroll.batchEnroll': e.byIds('teacher'),
  'grade.enroll.batchEnrollByGroups': e.byGroups('teacher'),
  'grade.enroll.batchEnrollByMobile': e.byMobile('teacher'),
  'grade.enroll.enroll': e.enroll('member'),
  'grade.enroll.pay': e.payment('member'),
  'grade.enroll.queryEnrollList': e.list(
    'member',
    '报名名单：学员本人的报名；教职工可管理班级的；平台管理员全部',
  ),
  'grade.enroll.downloadEnrollList': e.download('teacher'),
  'grade.enroll.setGroups': setGroups('teacher'),
  'grade.enroll.bindTeacher': bindTeacher('teacher'),
  'grade.enroll.unbindTeacher': unbindTeacher('teacher'),
  'grade.enroll.cancelEnrollOrder': e.cancel('member', 'PUT'),
  'grade.enroll.finishQuit': e.finishQuit('teacher'),
  'grade.enroll.passQuit': e.passQuit('teacher'),
  'grade.enroll.rejectQuit': e.rejectQuit('teacher'),
  'grade.enroll.refund': e.refund('orgAdmin', REFUND_RULE),
  'grade.enroll.paidNotify': e.notify('班级报名支付成功'),
  'grade.enroll.refundNotify': e.notify('班级报名退款成功'),
  'grade.enroll.queryEnrollStatistics': enrollStats('teacher'),
  'grade.enroll.queryMineEnrollByEnrollId': e.mineById('member'),
  'grade.enroll.queryMineLatestEnroll': e.mineLatest('member'),
  'grade.enroll.queryMineStatistics': mineStats('member'),

  'oj.grade.enroll.applyQuit': e.applyQuit('member'),
  'oj.grade.enroll.cancelEnrollOrder': e.cancel('member', 'PUT'),
  'oj.grade.enroll.enroll': e.enroll('member'),
  'oj.grade.enroll.pay': e.payment('member'),
  'oj.grade.enroll.queryEnrollList': e.list('member', '本人的班级报名'),
  'oj.grade.enroll.queryMineEnrollByEnrollId': e.mineById('member'),
  'oj.grade.enroll.queryMineLatestEnroll': e.mineLatest('member'),
  'oj.grade.enroll.queryMineStatistics': mineStats('member'),
});

// ——— member/grade/settlement ———

const settlementList = (access: Access, summary: string) =>
  spec({
    method: 'POST',
    access,
    summary,
    query: pageQueryOf(s.SETTLEMENT_SORT),
    body: s.settlementFilter,
    response: pageOf(s.settlementItem),
  });
const settlementCreate = (access: Access) =>
  spec({
    method: 'POST',
    access,
    summary: '登记学员一段时间的课消（课时与金额）；累计不超过该报名已收款减已退款',
    body: s.settlementCreate,
    response: s.settlementItem,
  });
const settlementUpdate = (access: Access) =>
  spec({
    method: 'PUT',
    access,
    summary: '修改课消记录',
    body: s.settlementUpdate,
    response: s.settlementItem,
  });

const settlementCalls = defineCalls({
  'edms.member.grade.settlement.create': settlementCreate('teacher'),
  'edms.member.grade.settlement.update': settlementUpdate('teacher'),
  'edms.member.grade.settlement.delete': spec({
    method: 'DELETE',
    access: 'teacher',
    summary: '删除课消记录',
    body: idBody,
    response: deletedAnswer,
  }),
  'edms.member.grade.settlement.queryList': settlementList('teacher', `课消记录（${STAFF}）`),
  'edms.member.grade.settlement.download': spec({
    method: 'POST',
    access: 'teacher',
    responseKind: 'xlsx',
    summary: '导出课消记录（xlsx）',
    body: s.settlementFilter,
    response: downloadedFile,
  }),
  'member.grade.settlement.create': settlementCreate('teacher'),
  'member.grade.settlement.update': settlementUpdate('teacher'),
  'member.grade.settlement.queryList': settlementList(
    'member',
    '课消记录：学员本人的；教职工可管理班级的',
  ),
  'oj.member.grade.settlement.queryList': settlementList('member', '本人的课消记录'),
});

// ——— The syllabus: the chapters a class follows ———
// The catalogue files these reads under course and chapter; until courses exist (issue 9) a
// class follows chapters directly, and the binding is the class's.

const chaptersOf = (access: Access) =>
  spec({
    method: 'POST',
    access,
    summary: '班级的课程章节（按顺序），附本人已通过的题数（学员）',
    body: s.gradeIdBody,
    response: z.array(s.gradeChapterItem),
  });
const chapterQuestionsOf = (access: Access) =>
  spec({
    method: 'POST',
    access,
    summary: '班级课程中一个章节的题目（按章节内顺序，分页），附本人最近一次提交与是否已通过',
    query: pageQueryOf(CHAPTER_QUESTION_SORT),
    body: s.gradeChapterQuestionsBody,
    response: pageOf(learnerChapterQuestion),
  });
const updateChapters = (access: Access) =>
  spec({
    method: 'PUT',
    access,
    summary:
      '设置班级的课程章节（整体替换，按给出的顺序）：平台章节或本机构章节（新增接口，目录中无对应写接口）',
    body: s.gradeChaptersUpdate,
    response: z.array(s.gradeChapterItem),
  });

const syllabusCalls = defineCalls({
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

export const grade = {
  ...gradeCalls,
  ...syllabusCalls,
  ...controlCalls,
  ...enrollCalls,
  ...settlementCalls,
};

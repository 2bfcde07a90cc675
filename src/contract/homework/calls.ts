/**
 * Homework (issue 8 item 4; docs/product-rules.md#the-call-catalogue homework, homeworkEnroll, homeworkMemberQuestion).
 * Homework is a resource from the factory with its reviewed-publication lifecycle; each
 * assigned learner holds an enrollment (an order of kind `homework`, free, on the shared order
 * flow); their answers are saved, run and submitted per question and settled when the
 * homework closes, on the server's clock.
 *
 * Who calls what: `bms` platform staff; `edms` an organization's staff — its admin all the
 * organization's homework, a teacher the homework of the classes they teach; `oj` the learner,
 * their own homework and answers.
 */
import { z } from 'zod';
import { defineCalls, spec } from '../call.ts';
import type { Access } from '../call.ts';
import { enrollmentSpecs } from '../enrollment/calls.ts';
import { gradedAnswer } from '../member-question/answers.ts';
import { queued } from '../member-question/common.ts';
import { pageOf, pageQueryOf } from '../paging.ts';
import {
  defineResource,
  deletedAnswer,
  idBody,
  idQuery,
  lifecycleCalls,
  resourceCalls,
} from '../resource.ts';
import * as s from './schemas.ts';

export * from './schemas.ts';

export const homeworkResource = defineResource({
  noun: '作业',
  segment: 'homework',
  item: s.homeworkItem,
  listItem: s.homeworkItem,
  simpleItem: s.homeworkSimpleItem,
  create: s.homeworkCreate,
  update: s.homeworkUpdate,
  filter: s.homeworkFilter,
  sortFields: s.HOMEWORK_SORT,
});

const STAFF = '机构管理员本机构全部；教师本人任教班级的作业';
const crud = ['create', 'update', 'delete', 'queryById', 'queryList', 'querySimpleList'] as const;

const questionList = (access: Access, summary: string) =>
  spec({
    method: 'POST',
    access,
    summary,
    body: s.homeworkIdBody,
    response: s.homeworkQuestionsAnswer,
  });
const updateQuestions = (access: Access) =>
  spec({
    method: 'PUT',
    access,
    summary: '设置作业的题目与分值（已有学员提交后不能再改）',
    body: s.updateHomeworkQuestionsBody,
    response: s.homeworkItem,
  });

const homeworkCalls = {
  ...resourceCalls(homeworkResource, { area: 'bms', access: 'platformAdmin', ops: crud }),
  ...lifecycleCalls(homeworkResource, {
    area: 'bms',
    access: 'platformAdmin',
    ops: ['pass', 'reject', 'publish', 'unpublish'],
    note: '机构开启作业审核时，教师布置的作业须平台审核通过才能发布',
  }),
  ...resourceCalls(homeworkResource, { area: 'edms', access: 'teacher', ops: crud, note: STAFF }),
  ...lifecycleCalls(homeworkResource, {
    area: 'edms',
    access: 'teacher',
    ops: ['publish', 'unpublish'],
    note: '发布即布置给班级（或指定分组）的学员',
  }),
  ...defineCalls({
    'bms.homework.queryQuestionList': questionList('platformAdmin', '作业的题目与分值'),
    'bms.homework.updateQuestions': updateQuestions('platformAdmin'),
    'edms.homework.queryQuestionList': questionList('teacher', '作业的题目与分值'),
    'edms.homework.updateQuestions': updateQuestions('teacher'),
    'oj.homework.queryById': spec({
      method: 'GET',
      access: 'member',
      summary: '布置给本人的作业',
      query: idQuery,
      response: s.homeworkItem,
    }),
    'oj.homework.queryList': spec({
      method: 'POST',
      access: 'member',
      summary: '布置给本人的作业（我的作业）',
      query: pageQueryOf(s.HOMEWORK_SORT),
      body: s.homeworkFilter,
      response: pageOf(s.homeworkItem),
    }),
    'oj.homework.queryQuestionList': questionList('member', '布置给本人的作业的题目与分值'),
  }),
};

// ——— homeworkEnroll ———

const e = enrollmentSpecs({
  noun: '作业',
  itemField: 'homeworkId',
  item: s.homeworkEnrollItem,
  filter: s.homeworkEnrollFilter,
  sortFields: s.HOMEWORK_ENROLL_SORT,
  statistics: s.homeworkEnrollStatistics,
  mine: s.homeworkReport,
  mineStatistics: s.mineHomeworkStatistics,
  quitRule: '已结算的作业不能退出',
});

const enrollById = (access: Access, summary: string) =>
  spec({ method: 'GET', access, summary, query: idQuery, response: s.homeworkEnrollItem });
const latest = (access: Access, summary: string) =>
  spec({
    method: 'GET',
    access,
    summary,
    query: s.homeworkLatestQuery,
    response: s.homeworkEnrollItem.nullable(),
  });
const settle = (access: Access) =>
  spec({
    method: 'POST',
    access,
    summary: '结算作业（截止后；按各题最好成绩计分，补交按比例扣分；可重复结算，结果相同）',
    body: s.homeworkIdBody,
    response: s.homeworkEnrollStatistics,
  });
const enrollStats = (access: Access) =>
  e.statistics(access, '作业统计：布置人数、已开始、已完成、补交、平均得分率');

const enrollCalls = defineCalls({
  'bms.homeworkEnroll.batchEnroll': e.byIds('platformAdmin'),
  'bms.homeworkEnroll.batchEnrollByMobile': e.byMobile('platformAdmin'),
  'bms.homeworkEnroll.batchEnrollByTags': e.byTags('platformAdmin'),
  'bms.homeworkEnroll.downloadEnrollList': e.download('platformAdmin'),
  'bms.homeworkEnroll.finishQuit': e.finishQuit('platformAdmin'),
  'bms.homeworkEnroll.passQuit': e.passQuit('platformAdmin'),
  'bms.homeworkEnroll.rejectQuit': e.rejectQuit('platformAdmin'),
  'bms.homeworkEnroll.paidNotify': e.notify('作业报名支付成功'),
  'bms.homeworkEnroll.refundNotify': e.notify('作业报名退款成功'),
  'bms.homeworkEnroll.queryById': enrollById('platformAdmin', '一名学员的一份作业'),
  'bms.homeworkEnroll.queryEnrolledMemberListByHomework': e.list(
    'platformAdmin',
    '一份作业布置到的学员与进度',
  ),
  'bms.homeworkEnroll.queryEnrollStatistics': enrollStats('platformAdmin'),
  'bms.homeworkEnroll.queryLatest': latest('platformAdmin', '最近布置的一份'),
  'bms.homeworkEnroll.queryList': e.list('platformAdmin', '全部作业布置'),
  'bms.homeworkEnroll.queryListByTeacher': e.list('platformAdmin', '全部作业布置'),
  'bms.homeworkEnroll.settle': settle('platformAdmin'),
  'bms.homeworkEnroll.create': e.staffCreate(
    'platformAdmin',
    z.strictObject({ homeworkId: s.homeworkIdBody.shape.homeworkId, memberId: idBody.shape.id }),
  ),
  'bms.homeworkEnroll.update': e.remark('platformAdmin'),
  'bms.homeworkEnroll.delete': e.remove('platformAdmin'),
  'bms.homeworkEnroll.querySimpleList': e.simpleList('platformAdmin'),

  'edms.homeworkEnroll.batchEnroll': e.byIds('teacher'),
  'edms.homeworkEnroll.batchEnrollByGroups': e.byGroups('teacher'),
  'edms.homeworkEnroll.batchEnrollByMobile': e.byMobile('teacher'),
  'edms.homeworkEnroll.downloadEnrollList': e.download('teacher'),
  'edms.homeworkEnroll.queryEnrolledMemberListByHomework': e.list(
    'teacher',
    '一份作业布置到的学员与进度',
  ),
  'edms.homeworkEnroll.queryList': e.list('teacher', `作业布置（${STAFF}）`),
  'edms.homeworkEnroll.queryListByTeacher': e.list('teacher', '本人布置的作业的学员进度'),
  'edms.homeworkEnroll.queryMemberListSortByScore': e.list('teacher', '一份作业的成绩排名'),
  'edms.homeworkEnroll.settle': settle('teacher'),
  'edms.homeworkEnroll.finishQuit': e.finishQuit('teacher'),
  'edms.homeworkEnroll.passQuit': e.passQuit('teacher'),
  'edms.homeworkEnroll.rejectQuit': e.rejectQuit('teacher'),
  'edms.homeworkEnroll.queryById': enrollById('teacher', '一名学员的一份作业'),
  'edms.homeworkEnroll.queryEnrollStatistics': enrollStats('teacher'),
  'edms.homeworkEnroll.queryLatest': latest('teacher', '最近布置的一份'),

  'oj.homeworkEnroll.applyQuit': e.applyQuit('member'),
  'oj.homeworkEnroll.queryById': enrollById('member', '本人的一份作业'),
  'oj.homeworkEnroll.queryLatest': latest('member', '本人最近的一份作业（可限定作业）'),
  'oj.homeworkEnroll.queryList': e.list('member', '本人的作业'),
  'oj.homeworkEnroll.report': spec({
    method: 'GET',
    access: 'member',
    summary: '作业报告：每题得分、是否补交、提交次数与最近判题结果',
    query: idQuery,
    response: s.homeworkReport,
  }),
  'oj.homeworkEnroll.queryMineEnrollByEnrollId': e.mineById('member'),
  'oj.homeworkEnroll.queryMineLatestEnroll': e.mineLatest('member'),
  'oj.homeworkEnroll.queryMineStatistics': e.mineStatistics(
    'member',
    '本人的作业统计：布置、进行中、已完成、平均得分率',
  ),
});

// ——— homeworkMemberQuestion ———

const answerById = (access: Access, summary: string) =>
  spec({ method: 'GET', access, summary, query: idQuery, response: s.homeworkAnswerItem });
const answerList = (access: Access, summary: string) =>
  spec({
    method: 'POST',
    access,
    summary,
    query: pageQueryOf(s.HOMEWORK_ANSWER_SORT),
    body: s.homeworkAnswerFilter,
    response: pageOf(s.homeworkAnswerItem),
  });
const byEnroll = (access: Access, summary: string) =>
  spec({
    method: 'POST',
    access,
    summary,
    query: pageQueryOf(s.HOMEWORK_ANSWER_SORT),
    body: s.byEnrollBody,
    response: pageOf(s.homeworkAnswerItem),
  });
const grading = (access: Access, summary: string) =>
  spec({ method: 'POST', access, summary, body: s.homeworkIdBody, response: s.gradingOverview });

const answerCalls = defineCalls({
  'bms.homeworkMemberQuestion.queryById': answerById('platformAdmin', '一道题的作答'),
  'bms.homeworkMemberQuestion.queryLatestList': answerList('platformAdmin', '最近的作答'),
  'bms.homeworkMemberQuestion.queryList': answerList('platformAdmin', '作业作答'),
  'bms.homeworkMemberQuestion.queryListByHomeworkEnroll': byEnroll(
    'platformAdmin',
    '一名学员一份作业的全部作答',
  ),
  'bms.homeworkMemberQuestion.queryListByTeacher': answerList('platformAdmin', '作业作答'),
  'bms.homeworkMemberQuestion.queryStatisticsGroupByMember': grading(
    'platformAdmin',
    '批改总览：学员 × 题目的最好成绩',
  ),
  'bms.homeworkMemberQuestion.create': spec({
    method: 'POST',
    access: 'platformAdmin',
    summary: '人工登记一道题的得分（如纸质提交）',
    body: s.staffAnswerCreate,
    response: s.homeworkAnswerItem,
  }),
  'bms.homeworkMemberQuestion.update': spec({
    method: 'PUT',
    access: 'platformAdmin',
    summary: '人工改分（结算后的得分）',
    body: s.staffAnswerUpdate,
    response: s.homeworkAnswerItem,
  }),
  'bms.homeworkMemberQuestion.delete': spec({
    method: 'DELETE',
    access: 'platformAdmin',
    summary: '作废一道题的作答（不计分，提交记录保留）',
    body: idBody,
    response: deletedAnswer,
  }),
  'bms.homeworkMemberQuestion.querySimpleList': answerList('platformAdmin', '作业作答'),

  'edms.homeworkMemberQuestion.queryById': answerById('teacher', '一道题的作答（含草稿）'),
  'edms.homeworkMemberQuestion.queryLatestList': answerList('teacher', '最近的作答'),
  'edms.homeworkMemberQuestion.queryList': answerList('teacher', `作业作答（${STAFF}）`),
  'edms.homeworkMemberQuestion.queryListByTeacher': answerList('teacher', '本人布置的作业的作答'),
  'edms.homeworkMemberQuestion.queryStatisticsGroupByMember': grading(
    'teacher',
    '批改总览：学员 × 题目的最好成绩、判题结果与是否补交',
  ),
  'edms.homeworkMemberQuestion.queryListByHomeworkEnroll': byEnroll(
    'teacher',
    '一名学员一份作业的全部作答',
  ),

  'oj.homeworkMemberQuestion.save': spec({
    method: 'POST',
    access: 'member',
    summary: '保存一道题的草稿（代码或客观题选项）；作业结算后不能再保存',
    body: s.saveHomeworkAnswerBody,
    response: s.homeworkAnswerItem,
  }),
  'oj.homeworkMemberQuestion.submit': spec({
    method: 'POST',
    access: 'member',
    summary:
      '提交一道题：客观题立即判分，编程题进入判题队列（不占每日提交次数）；截止后补交标记为补交，结算后拒绝',
    body: s.submitHomeworkAnswerBody,
    response: gradedAnswer,
  }),
  'oj.homeworkMemberQuestion.debug': spec({
    method: 'POST',
    access: 'member',
    summary: '在自定义输入上运行作业中的编程题（不计为提交）',
    body: s.debugHomeworkAnswerBody,
    response: queued,
  }),
  'oj.homeworkMemberQuestion.queryById': answerById('member', '本人的一道题的作答'),
  'oj.homeworkMemberQuestion.queryLatest': spec({
    method: 'GET',
    access: 'member',
    summary: '本人在一份作业中一道题的作答（无则 null）',
    query: s.answerKeyQuery,
    response: s.homeworkAnswerItem.nullable(),
  }),
  'oj.homeworkMemberQuestion.querySubmissionList': spec({
    method: 'POST',
    access: 'member',
    summary:
      '本人一份作业的提交记录（可限定一道题，新的在前）：判题结果、得分、是否补交，客观题附所选选项；计分的提交都在，清空作答记录不影响',
    query: pageQueryOf(s.HOMEWORK_SUBMISSION_SORT),
    body: s.homeworkSubmissionFilter,
    response: pageOf(s.homeworkSubmission),
  }),
  'oj.homeworkMemberQuestion.queryLatestList': answerList('member', '本人最近的作答'),
  'oj.homeworkMemberQuestion.queryList': answerList('member', '本人的作业作答'),
  'oj.homeworkMemberQuestion.queryListByHomeworkEnroll': byEnroll(
    'member',
    '本人一份作业的全部作答（刷新或换设备后恢复）',
  ),
  'oj.homeworkMemberQuestion.queryListByTeacher': answerList('member', '本人的作业作答'),
  'oj.homeworkMemberQuestion.queryStatisticsGroupByMember': grading(
    'member',
    '本人在一份作业中各题的最好成绩',
  ),
});

export const homework = {
  ...homeworkCalls,
  ...enrollCalls,
  ...answerCalls,
};

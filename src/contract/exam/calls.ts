/**
 * Exams (issue 7; docs/product-rules.md#the-call-catalogue exam, examEnroll, examMemberQuestion, examPaper, examPaperEnroll
 * in every area). Papers and exams are resources from the factory with their review and
 * publication lifecycles; enrollments are orders of kind `exam` on the shared order flow;
 * sittings and answers are hand-written flows on the server's clock.
 *
 * Who calls what: `bms` platform staff; `edms` teachers of an organization (their own
 * organization's exams and papers); the un-prefixed area the same staff by role, and learners
 * where a call is a learner's (enroll, start, save); `oj` learners.
 */
import { z } from 'zod';
import * as f from '../fields.ts';
import { defineCalls, spec } from '../call.ts';
import type { Access } from '../call.ts';
import { pageOf, pageQueryOf } from '../paging.ts';
import {
  notifyCall,
  orderDetail,
  orderSimpleItem,
  refundBody,
  rejectQuitBody,
  remarkBody,
} from '../order/calls.ts';
import { queued } from '../member-question/calls.ts';
import { enrollmentSpecs } from '../enrollment/calls.ts';
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

export const examPaperResource = defineResource({
  noun: '试卷',
  segment: 'examPaper',
  item: s.examPaperItem,
  listItem: s.examPaperListItem,
  simpleItem: s.examPaperSimpleItem,
  create: s.examPaperCreate,
  update: s.examPaperUpdate,
  filter: s.examPaperFilter,
  sortFields: s.EXAM_PAPER_SORT,
});

export const examResource = defineResource({
  noun: '考试',
  segment: 'exam',
  item: s.examItem,
  listItem: s.examItem,
  simpleItem: s.examSimpleItem,
  create: s.examCreate,
  update: s.examUpdate,
  filter: s.examFilter,
  sortFields: s.EXAM_SORT,
});

const crud = ['create', 'update', 'delete', 'queryById', 'queryList', 'querySimpleList'] as const;
const STAFF = '平台管理员全部；教师本机构';

// ——— examPaper ———
const staffQuestionsByExam = (access: Access) =>
  spec({
    method: 'POST',
    access,
    summary: '考试各试卷的题目',
    body: s.examIdBody,
    response: z.array(s.examPaperQuestionsAnswer),
  });
const learnerQuestionsByExam = spec({
  method: 'POST',
  access: 'member',
  summary: '考试各试卷的题目（本人已开始作答的试卷；题面与选项，不含答案）',
  body: s.examIdBody,
  response: z.array(s.learnerPaperQuestionsAnswer),
});
const updateQuestions = (access: Access) =>
  spec({
    method: 'PUT',
    access,
    summary:
      '设置试卷的题目、顺序与分值（已有人作答的试卷不能修改；机构修改已通过的试卷须重新审核）',
    body: s.examPaperQuestionsBody,
    response: s.examPaperItem,
  });
const paperQuestionsBody = z.strictObject({ examPaperId: f.id });
const staffQuestions = (access: Access) =>
  spec({
    method: 'POST',
    access,
    summary: '试卷的题目（按顺序，含分值）',
    body: paperQuestionsBody,
    response: s.examPaperQuestionsAnswer,
  });
const learnerQuestions = spec({
  method: 'POST',
  access: 'member',
  summary: '试卷题目（仅本人作答中或已出成绩的答卷所用试卷；题面与选项，不含答案）',
  body: paperQuestionsBody,
  response: s.learnerPaperQuestionsAnswer,
});

const examPaperCalls = {
  ...resourceCalls(examPaperResource, { area: 'bms', access: 'platformAdmin', ops: crud }),
  ...lifecycleCalls(examPaperResource, {
    area: 'bms',
    access: 'platformAdmin',
    ops: ['pass', 'reject'],
    note: '机构编写的试卷',
  }),
  ...resourceCalls(examPaperResource, {
    area: 'edms',
    access: 'teacher',
    ops: crud,
    note: '本机构的试卷；平台试卷只读',
  }),
  ...resourceCalls(examPaperResource, {
    area: 'app',
    access: 'teacher',
    ops: ['create', 'update', 'delete', 'queryById', 'queryList'],
    note: STAFF,
  }),
  ...resourceCalls(examPaperResource, {
    area: 'oj',
    access: 'teacher',
    ops: ['create', 'update', 'delete'],
    note: '学员不能编写试卷（403）；教师同教师端',
  }),
  ...defineCalls({
    'bms.examPaper.queryQuestionList': staffQuestions('platformAdmin'),
    'bms.examPaper.queryQuestionListByExam': staffQuestionsByExam('platformAdmin'),
    'bms.examPaper.updateQuestions': updateQuestions('platformAdmin'),
    'edms.examPaper.queryQuestionList': staffQuestions('teacher'),
    'edms.examPaper.queryQuestionListByExam': staffQuestionsByExam('teacher'),
    'edms.examPaper.updateQuestions': updateQuestions('teacher'),
    'examPaper.queryQuestionList': staffQuestions('teacher'),
    'examPaper.queryQuestionListByExam': staffQuestionsByExam('teacher'),
    'examPaper.updateQuestions': updateQuestions('teacher'),
    'oj.examPaper.updateQuestions': updateQuestions('teacher'),
    'oj.examPaper.queryById': {
      method: 'GET',
      access: 'member',
      summary: '本人报名的考试所用的试卷（概要，不含题目）',
      query: idQuery,
      response: s.examPaperListItem,
    },
    'oj.examPaper.queryList': {
      method: 'POST',
      access: 'member',
      summary: '本人报名的考试所用的试卷',
      query: pageQueryOf(s.EXAM_PAPER_SORT),
      body: s.examPaperFilter,
      response: pageOf(s.examPaperListItem),
    },
    'oj.examPaper.queryQuestionList': learnerQuestions,
    'oj.examPaper.queryQuestionListByExam': learnerQuestionsByExam,
  }),
};

// ——— exam ———
const examPapersOf = (access: Access) =>
  spec({
    method: 'POST',
    access,
    summary: '考试的试卷（按顺序：名称、时长、题数、总分）',
    body: s.examIdBody,
    response: z.array(s.examPaperOfExam),
  });
const examNotes = (access: Access) =>
  spec({
    method: 'GET',
    access,
    summary: '考试须知（规则说明）',
    query: idQuery,
    response: s.examNotes,
  });
const examStatistics = (access: Access) =>
  spec({
    method: 'GET',
    access,
    summary: '考试统计：报名、各试卷的开考、交卷、出分人数，平均、最高、最低分与分数段',
    query: idQuery,
    response: s.examStatistics,
  });
const updateExamPapers = (access: Access) =>
  spec({
    method: 'PUT',
    access,
    summary: '设置考试的试卷与顺序（已有人开考后不能修改）',
    body: s.examPapersBody,
    response: s.examItem,
  });
const publishResults = (access: Access) =>
  spec({
    method: 'PUT',
    access,
    summary: '公布成绩：已结算的答卷对学员显示成绩报告（成绩手动公布的考试）',
    body: idBody,
    response: s.examItem,
  });
const publicExamList = spec({
  method: 'POST',
  access: 'public',
  summary:
    '考试列表：对调用者开放的已发布考试（公开、本机构、所在班级）；manage=true 时为本人可管理的考试（教师本机构，平台管理员全部）',
  query: pageQueryOf(s.EXAM_SORT),
  body: s.examFilter,
  response: pageOf(s.examItem),
});
const publicExamById = spec({
  method: 'GET',
  access: 'public',
  summary: '考试详情（对调用者开放的，或本人可管理的）',
  query: idQuery,
  response: s.examItem,
});

const examCalls = {
  ...resourceCalls(examResource, { area: 'bms', access: 'platformAdmin', ops: crud }),
  ...lifecycleCalls(examResource, {
    area: 'bms',
    access: 'platformAdmin',
    ops: ['pass', 'reject', 'publish', 'unpublish', 'stop'],
  }),
  ...resourceCalls(examResource, {
    area: 'edms',
    access: 'teacher',
    ops: crud,
    note: '本机构的考试（新建后待平台审核）',
  }),
  ...lifecycleCalls(examResource, {
    area: 'edms',
    access: 'teacher',
    ops: ['publish', 'unpublish', 'stop'],
    note: '本机构的考试',
  }),
  ...resourceCalls(examResource, {
    area: 'app',
    access: 'teacher',
    ops: ['create', 'update', 'delete'],
    note: STAFF,
  }),
  ...lifecycleCalls(examResource, {
    area: 'app',
    access: 'teacher',
    ops: ['publish', 'unpublish', 'stop'],
    note: STAFF,
  }),
  ...defineCalls({
    'bms.exam.queryExamPaperListByExam': examPapersOf('platformAdmin'),
    'bms.exam.queryNotesById': examNotes('platformAdmin'),
    'bms.exam.queryStatistics': examStatistics('platformAdmin'),
    'bms.exam.updateExamPapersByExam': updateExamPapers('platformAdmin'),
    'bms.exam.publishResults': publishResults('platformAdmin'),
    'edms.exam.queryExamPaperListByExam': examPapersOf('teacher'),
    'edms.exam.queryNotesById': examNotes('teacher'),
    'edms.exam.queryStatistics': examStatistics('teacher'),
    'edms.exam.updateExamPapersByExam': updateExamPapers('teacher'),
    'edms.exam.publishResults': publishResults('teacher'),
    'exam.queryList': publicExamList,
    'exam.queryById': publicExamById,
    'exam.queryExamPaperListByExam': examPapersOf('public'),
    'exam.queryNotesById': examNotes('public'),
    'exam.queryStatistics': examStatistics('teacher'),
    'exam.updateExamPapersByExam': updateExamPapers('teacher'),
    'oj.exam.queryList': { ...publicExamList, access: 'member' },
    'oj.exam.queryById': { ...publicExamById, access: 'member' },
    'oj.exam.queryExamPaperListByExam': examPapersOf('member'),
    'oj.exam.queryNotesById': examNotes('member'),
  }),
};

// ——— examEnroll ———
const mineEnrollment = z.object({
  order: orderDetail,
  exam: s.examItem,
  sittings: z.array(s.sittingItem),
});
const e = enrollmentSpecs({
  noun: '考试',
  itemField: 'examId',
  item: s.examEnrollItem,
  filter: s.examEnrollFilter,
  sortFields: s.EXAM_ENROLL_SORT,
  statistics: s.enrollStatistics,
  mine: mineEnrollment,
  mineStatistics: s.mineStatistics,
  quitRule: '已开考的不能退出',
});
const enrollStatistics = (access: Access) =>
  e.statistics(access, '考试报名统计：人数、各状态、收款、退款、开考与交卷人数');
const mineStatistics = (access: Access) =>
  e.mineStatistics(access, '本人的考试统计：报名、参加、出成绩场次，平均与最好得分率');

const examEnrollCalls = defineCalls({
  'bms.examEnroll.create': {
    method: 'POST',
    access: 'platformAdmin',
    summary: '代学员报名考试（paidOffline 表示已线下收款）',
    body: s.staffEnrollBody,
    response: orderDetail,
  },
  'bms.examEnroll.update': e.staffAction('platformAdmin', '修改报名备注', remarkBody),
  'bms.examEnroll.delete': {
    method: 'DELETE',
    access: 'platformAdmin',
    summary: '删除从未收款且已结束的报名（如已取消）',
    body: idBody,
    response: deletedAnswer,
  },
  'bms.examEnroll.queryById': {
    method: 'GET',
    access: 'platformAdmin',
    summary: '任一考试报名（订单、支付、退款与状态记录）',
    query: idQuery,
    response: orderDetail,
  },
  'bms.examEnroll.queryList': e.list('platformAdmin', '全部考试报名'),
  'bms.examEnroll.querySimpleList': {
    method: 'POST',
    access: 'platformAdmin',
    summary: '全部考试报名（精简字段）',
    query: pageQueryOf(s.EXAM_ENROLL_SORT),
    body: s.examEnrollFilter,
    response: pageOf(orderSimpleItem),
  },
  'bms.examEnroll.batchEnroll': e.byIds('platformAdmin'),
  'bms.examEnroll.batchEnrollByMobile': e.byMobile('platformAdmin'),
  'bms.examEnroll.batchEnrollByTags': e.byTags('platformAdmin'),
  'bms.examEnroll.downloadEnrollList': e.download('platformAdmin'),
  'bms.examEnroll.passQuit': e.staffAction('platformAdmin', '同意退出考试'),
  'bms.examEnroll.rejectQuit': e.staffAction(
    'platformAdmin',
    '驳回退出申请（须填写原因）',
    rejectQuitBody,
  ),
  'bms.examEnroll.finishQuit': e.staffAction('platformAdmin', '完成退出'),
  'bms.examEnroll.paidNotify': notifyCall('考试报名支付成功'),
  'bms.examEnroll.refundNotify': notifyCall('考试报名退款成功'),
  'bms.examEnroll.queryEnrollList': e.list('platformAdmin', '某场考试（或全部）的报名名单'),
  'bms.examEnroll.queryEnrollStatistics': enrollStatistics('platformAdmin'),

  'edms.examEnroll.batchEnroll': e.byIds('teacher'),
  'edms.examEnroll.batchEnrollByGroups': e.byGroups('teacher'),
  'edms.examEnroll.batchEnrollByMobile': e.byMobile('teacher'),
  'edms.examEnroll.downloadEnrollList': e.download('teacher'),
  'edms.examEnroll.queryEnrollList': e.list('teacher', '本机构考试中（教师：本人学员）的报名名单'),
  'edms.examEnroll.passQuit': e.staffAction('teacher', '同意退出本机构的考试'),
  'edms.examEnroll.rejectQuit': e.staffAction(
    'teacher',
    '驳回退出申请（须填写原因）',
    rejectQuitBody,
  ),
  'edms.examEnroll.finishQuit': e.staffAction('teacher', '完成退出'),
  'edms.examEnroll.queryEnrollStatistics': enrollStatistics('teacher'),

  'examEnroll.enroll': e.enroll('member'),
  'examEnroll.payment': e.payment('member'),
  'examEnroll.cancel': e.cancel('member'),
  'examEnroll.applyQuit': e.applyQuit('member'),
  'examEnroll.batchEnroll': e.byIds('teacher'),
  'examEnroll.batchEnrollByGroups': e.byGroups('teacher'),
  'examEnroll.batchEnrollByMobile': e.byMobile('teacher'),
  'examEnroll.downloadEnrollList': e.download('teacher'),
  'examEnroll.queryEnrollList': e.list(
    'member',
    '报名名单：学员本人的报名；机构管理员本机构考试的，教师其中本人学员的；平台管理员全部',
  ),
  'examEnroll.passQuit': e.staffAction('teacher', '同意退出考试'),
  'examEnroll.rejectQuit': e.staffAction('teacher', '驳回退出申请（须填写原因）', rejectQuitBody),
  'examEnroll.finishQuit': e.staffAction('teacher', '完成退出'),
  'examEnroll.refund': e.staffAction(
    'platformAdmin',
    '退款：原路退回；amountFen 可部分退款，默认退回全部未退金额',
    refundBody,
  ),
  'examEnroll.paidNotify': notifyCall('考试报名支付成功'),
  'examEnroll.refundNotify': notifyCall('考试报名退款成功'),
  'examEnroll.queryEnrollStatistics': enrollStatistics('teacher'),
  'examEnroll.queryMineEnrollByEnrollId': e.mineById('member'),
  'examEnroll.queryMineLatestEnroll': e.mineLatest('member'),
  'examEnroll.queryMineStatistics': mineStatistics('member'),

  'oj.examEnroll.enroll': e.enroll('member'),
  'oj.examEnroll.payment': e.payment('member'),
  'oj.examEnroll.cancel': e.cancel('member'),
  'oj.examEnroll.applyQuit': e.applyQuit('member'),
  'oj.examEnroll.queryEnrollList': e.list('member', '本人的考试报名'),
  'oj.examEnroll.queryMineEnrollByEnrollId': e.mineById('member'),
  'oj.examEnroll.queryMineLatestEnroll': e.mineLatest('member'),
  'oj.examEnroll.queryMineStatistics': mineStatistics('member'),
});

// ——— examPaperEnroll (sittings) ———
const sittingById = (access: Access, summary: string) =>
  spec({ method: 'GET', access, summary, query: idQuery, response: s.sittingItem });
const sittingLatest = (access: Access, summary: string) =>
  spec({
    method: 'GET',
    access,
    summary,
    query: s.latestSittingQuery,
    response: s.sittingItem.nullable(),
  });
const sittingList = (access: Access, summary: string) =>
  spec({
    method: 'POST',
    access,
    summary,
    query: pageQueryOf(s.SITTING_SORT),
    body: s.sittingFilter,
    response: pageOf(s.sittingItem),
  });
const start = (access: Access) =>
  spec({
    method: 'POST',
    access,
    summary:
      '开始作答：服务器记下开始时间与截止时间（固定场次为考试结束时间；弹性场次为开始时间加时长，不超过考试结束时间）；已开始的返回原答卷',
    body: s.startBody,
    response: s.sittingItem,
  });
const complete = (access: Access) =>
  spec({
    method: 'POST',
    access,
    summary: '交卷：作答结束，编程题进入评测（考试优先级），评测完成后结算',
    body: s.sittingIdBody,
    response: s.sittingItem,
  });
const settle = (access: Access, who: string) =>
  spec({
    method: 'POST',
    access,
    summary: `结算${who}：按题计分、汇总与排名；可重复调用，结果不变；rejudge=true 先重新评测编程题（修正测试数据后）`,
    body: s.settleBody,
    response: s.settleAnswer,
  });
const signal = (access: Access) =>
  spec({
    method: 'POST',
    access,
    summary: '考场记录的诚信信号（切出页面、窗口失焦、大段粘贴）：只记录供教师查看，不影响作答',
    body: s.signalBody,
    response: z.object({ id: z.number().int() }),
  });
const signals = (access: Access) =>
  spec({
    method: 'GET',
    access,
    summary: '答卷的诚信信号（含服务器发现的 IP 变化）',
    query: idQuery,
    response: z.array(s.signalItem),
  });

const sittingCalls = defineCalls({
  'bms.examPaperEnroll.create': {
    method: 'POST',
    access: 'platformAdmin',
    summary: '为已报名的学员开始作答（监考老师代开考），截止时间同学员自己开始',
    body: s.staffStartBody,
    response: s.sittingItem,
  },
  'bms.examPaperEnroll.update': {
    method: 'PUT',
    access: 'platformAdmin',
    summary: '延长作答中答卷的截止时间（补时，须填写原因）',
    body: s.extendBody,
    response: s.sittingItem,
  },
  'bms.examPaperEnroll.delete': {
    method: 'DELETE',
    access: 'platformAdmin',
    summary: '作废一次作答（连同答案），学员可重新开始',
    body: idBody,
    response: deletedAnswer,
  },
  'bms.examPaperEnroll.queryById': sittingById('platformAdmin', '任一答卷'),
  'bms.examPaperEnroll.queryLatest': sittingLatest('platformAdmin', '某场考试最近开始的答卷'),
  'bms.examPaperEnroll.queryList': sittingList('platformAdmin', '全部答卷'),
  'bms.examPaperEnroll.querySimpleList': sittingList('platformAdmin', '全部答卷（供下拉选择）'),
  'bms.examPaperEnroll.queryListByTeacher': sittingList(
    'platformAdmin',
    '全部答卷（按考试、试卷、状态筛选）',
  ),
  'bms.examPaperEnroll.settle': settle('platformAdmin', '一份答卷或一场考试的全部答卷'),
  'bms.examPaperEnroll.querySignals': signals('platformAdmin'),

  'edms.examPaperEnroll.queryById': sittingById('teacher', '本机构考试中（教师：本人学员）的答卷'),
  'edms.examPaperEnroll.queryLatest': sittingLatest(
    'teacher',
    '本机构某场考试中（教师：本人学员）最近开始的答卷',
  ),
  'edms.examPaperEnroll.queryList': sittingList('teacher', '本机构考试中（教师：本人学员）的答卷'),
  'edms.examPaperEnroll.queryListByTeacher': sittingList(
    'teacher',
    '本机构考试中（教师：本人学员）的答卷（实时监考：谁已开考、答了几题、谁已交卷）',
  ),
  'edms.examPaperEnroll.settle': settle('teacher', '本机构考试中（教师：本人学员）的答卷'),
  'edms.examPaperEnroll.querySignals': signals('teacher'),

  'examPaperEnroll.start': start('member'),
  'examPaperEnroll.complete': complete('member'),
  'examPaperEnroll.queryById': sittingById(
    'member',
    '答卷：学员本人的；机构管理员本机构考试的，教师其中本人学员的；平台管理员全部',
  ),
  'examPaperEnroll.queryLatest': sittingLatest('member', '本人在某场考试最近的答卷'),
  'examPaperEnroll.queryList': sittingList(
    'member',
    '答卷：学员本人的；机构管理员本机构考试的，教师其中本人学员的；平台管理员全部',
  ),
  'examPaperEnroll.queryListByTeacher': sittingList(
    'teacher',
    '本机构考试中（教师：本人学员）的答卷',
  ),
  'examPaperEnroll.settle': settle('teacher', '答卷'),
  'examPaperEnroll.signal': signal('member'),

  'oj.examPaperEnroll.start': start('member'),
  'oj.examPaperEnroll.complete': complete('member'),
  'oj.examPaperEnroll.queryById': sittingById('member', '本人的答卷'),
  'oj.examPaperEnroll.queryLatest': sittingLatest('member', '本人在某场考试最近的答卷'),
  'oj.examPaperEnroll.queryList': sittingList('member', '本人的答卷'),
  'oj.examPaperEnroll.report': {
    method: 'GET',
    access: 'member',
    summary:
      '成绩报告：得分、排名、用时、每题的作答与得分、编程题的评测结果（status=ready）；交卷后成绩未出时答 status=judging（评测中，稍后再查）或 unpublished（待公布），作答中拒绝',
    query: idQuery,
    response: s.reportAnswer,
  },
  'oj.examPaperEnroll.signal': signal('member'),
});

// ——— examMemberQuestion (answers) ———
const save = (access: Access) =>
  spec({
    method: 'POST',
    access,
    summary:
      '保存一道题的作答（自动保存）：仅作答中且截止时间（含 5 秒网络宽限）前接受；revision 较旧的保存不改变任何数据',
    body: s.saveBody,
    response: s.saveAck,
  });
const debug = (access: Access) =>
  spec({
    method: 'POST',
    access,
    summary:
      '考试中用自定义输入运行编程题（不计分，不显示测试数据结果）；结果用 memberQuestion 查询',
    body: s.debugBody,
    response: queued,
  });
const answerById = (access: Access, summary: string) =>
  spec({ method: 'GET', access, summary, query: idQuery, response: s.examAnswerItem });
const answerLatest = (access: Access) =>
  spec({
    method: 'GET',
    access,
    summary: '本人某份答卷某道题的作答（无则 null）',
    query: s.answerLatestQuery,
    response: s.examAnswerItem.nullable(),
  });
const answerList = (access: Access, summary: string) =>
  spec({
    method: 'POST',
    access,
    summary,
    query: pageQueryOf(s.EXAM_ANSWER_SORT),
    body: s.examAnswerFilter,
    response: pageOf(s.examAnswerItem),
  });
const byMember = (access: Access) =>
  spec({
    method: 'POST',
    access,
    summary: '按学员汇总的成绩（总分、用时、名次）',
    body: s.byStatisticsBody,
    response: z.array(s.memberScoreRow),
  });
const byQuestion = (access: Access) =>
  spec({
    method: 'POST',
    access,
    summary: '试卷每道题的统计：作答人数、满分人数、平均分、各选项人数',
    body: s.questionStatisticsBody,
    response: z.array(s.questionStatisticsRow),
  });

const answerCalls = defineCalls({
  'bms.examMemberQuestion.create': {
    method: 'POST',
    access: 'platformAdmin',
    summary: '补录一道题的作答（已交卷的答卷；须填写原因），随后重新结算',
    body: s.staffAnswerCreate,
    response: s.examAnswerItem,
  },
  'bms.examMemberQuestion.update': {
    method: 'PUT',
    access: 'platformAdmin',
    summary: '人工改分（须填写原因；null 恢复为结算得分），随后重新结算',
    body: s.staffAnswerUpdate,
    response: s.examAnswerItem,
  },
  'bms.examMemberQuestion.delete': {
    method: 'DELETE',
    access: 'platformAdmin',
    summary: '作废一道题的作答（记 0 分，记录保留），随后重新结算',
    body: s.staffAnswerDelete,
    response: deletedAnswer,
  },
  'bms.examMemberQuestion.queryById': answerById('platformAdmin', '任一作答'),
  'bms.examMemberQuestion.queryList': answerList('platformAdmin', '全部作答'),
  'bms.examMemberQuestion.querySimpleList': answerList('platformAdmin', '全部作答（精简）'),
  'bms.examMemberQuestion.queryLatestList': answerList(
    'platformAdmin',
    '最近保存的作答（最新在前）',
  ),
  'bms.examMemberQuestion.queryListByExamPaperEnroll': answerList(
    'platformAdmin',
    '一份答卷的全部作答',
  ),
  'bms.examMemberQuestion.queryListByTeacher': answerList('platformAdmin', '全部作答'),
  'bms.examMemberQuestion.queryStatisticsGroupByMember': byMember('platformAdmin'),

  'edms.examMemberQuestion.queryById': answerById(
    'teacher',
    '本机构考试中（教师：本人学员）的作答',
  ),
  'edms.examMemberQuestion.queryList': answerList(
    'teacher',
    '本机构考试中（教师：本人学员）的作答',
  ),
  'edms.examMemberQuestion.queryLatestList': answerList(
    'teacher',
    '本机构考试中（教师：本人学员）最近保存的作答（最新在前）',
  ),
  'edms.examMemberQuestion.queryListByExamPaperEnroll': answerList(
    'teacher',
    '本机构一份答卷的全部作答',
  ),
  'edms.examMemberQuestion.queryListByTeacher': answerList(
    'teacher',
    '本机构考试中（教师：本人学员）的作答',
  ),
  'edms.examMemberQuestion.queryStatisticsGroupByMember': byMember('teacher'),

  'examMemberQuestion.save': save('member'),
  'examMemberQuestion.debug': debug('member'),
  'examMemberQuestion.queryById': answerById(
    'member',
    '作答：学员本人的（成绩公布前不含得分）；机构管理员本机构考试的，教师其中本人学员的；平台管理员全部',
  ),
  'examMemberQuestion.queryLatest': answerLatest('member'),
  'examMemberQuestion.queryList': answerList(
    'member',
    '作答：学员本人的；机构管理员本机构考试的，教师其中本人学员的；平台全部',
  ),
  'examMemberQuestion.queryLatestList': answerList('member', '最近保存的作答（最新在前）'),
  'examMemberQuestion.queryListByExamPaperEnroll': answerList(
    'member',
    '一份答卷的全部作答（刷新或换设备后恢复作答）',
  ),
  'examMemberQuestion.queryListByTeacher': answerList(
    'teacher',
    '本机构考试中（教师：本人学员）的作答',
  ),
  'examMemberQuestion.queryStatisticsGroupByMember': byMember('teacher'),
  'examMemberQuestion.queryQuestionStatisticsByExamPaper': byQuestion('teacher'),

  'oj.examMemberQuestion.save': save('member'),
  'oj.examMemberQuestion.debug': debug('member'),
  'oj.examMemberQuestion.queryById': answerById('member', '本人的作答'),
  'oj.examMemberQuestion.queryLatest': answerLatest('member'),
  'oj.examMemberQuestion.queryList': answerList('member', '本人的作答'),
  'oj.examMemberQuestion.queryLatestList': answerList('member', '本人最近保存的作答'),
  'oj.examMemberQuestion.queryListByExamPaperEnroll': answerList(
    'member',
    '本人一份答卷的全部作答（刷新或换设备后恢复作答）',
  ),
  'oj.examMemberQuestion.queryListByTeacher': answerList(
    'teacher',
    '本人的考试作答（教师在学员区只读本人的）',
  ),
  'oj.examMemberQuestion.queryStatisticsGroupByMember': byMember('member'),
  'oj.examMemberQuestion.queryQuestionStatisticsByExamPaper': byQuestion('member'),
});

export const exam = {
  ...examPaperCalls,
  ...examCalls,
  ...examEnrollCalls,
  ...sittingCalls,
  ...answerCalls,
};

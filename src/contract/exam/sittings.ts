/**
 * Sittings of a paper (examPaperEnroll, every area; server/exam/sittings.ts and reports.ts): a
 * learner's attempt at one paper on the server's clock — start, hand-in, settlement, integrity
 * signals — and its report, which is read through the sitting.
 */
import { z } from 'zod';
import * as f from '../fields.ts';
import { defineCalls, spec } from '../call.ts';
import type { Access } from '../call.ts';
import { pageOf, pageQueryOf } from '../paging.ts';
import { SITTING_STATES } from '../../machines/lifecycles/exam-paper-enroll.ts';
import { judgeVerdict } from '../member-question/common.ts';
import { deletedAnswer, idBody, idQuery } from '../resource.ts';
import { text } from './common.ts';
import { sittingQuestion } from './papers.ts';

export const sittingState = z.enum(SITTING_STATES);
export const sittingItem = z.object({
  id: z.number().int(),
  examId: z.number().int(),
  examName: z.string(),
  examPaperId: z.number().int(),
  examPaperName: z.string(),
  enrollId: z.number().int(),
  memberId: z.number().int(),
  memberName: z.string(),
  state: sittingState,
  startedAt: f.isoTime,
  deadline: f.isoTime,
  completedAt: f.isoTime.nullable(),
  completedBy: z.enum(['member', 'deadline', 'staff']).nullable(),
  /** Shown once results are out (to the learner) or settled (to staff). */
  score: z.number().int().nullable(),
  maxScore: z.number().int(),
  rank: z.number().int().nullable(),
  rankOf: z.number().int().nullable(),
  usedSeconds: z.number().int().nullable(),
  questionCount: z.number().int(),
  answeredCount: z.number().int(),
  signalCount: z.number().int(),
  serverNow: f.isoTime,
});
export type SittingItem = z.infer<typeof sittingItem>;
export const sittingFilter = z.strictObject({
  examId: f.id.optional(),
  examPaperId: f.id.optional(),
  state: sittingState.optional(),
  memberId: f.id.optional(),
  keyword: z.string().trim().max(50).optional(),
});
export const SITTING_SORT = ['id', 'startedAt', 'score'] as const;
export const startBody = z.strictObject({ examId: f.id, examPaperId: f.id });
export const staffStartBody = startBody.extend({ memberId: f.id });
export const sittingIdBody = z.strictObject({ id: f.id });
export const latestSittingQuery = z.strictObject({
  examId: f.id,
  examPaperId: f.id.optional(),
});
export const extendBody = z.strictObject({
  id: f.id,
  deadline: f.isoDateTime,
  reason: text('原因', 1, 200),
});
export const settleBody = z
  .strictObject({
    id: f.id.optional(),
    examId: f.id.optional(),
    /** Judge programming answers again first (after the test data was fixed). */
    rejudge: z.boolean().default(false),
  })
  .refine((b) => (b.id === undefined) !== (b.examId === undefined), {
    message: '请指定答卷 id 或考试 examId 之一',
    path: ['id'],
  });
export const settleAnswer = z.object({
  /** Sittings settled now (scores written). */
  settled: z.number().int(),
  /** Sittings whose programming answers went to the judge; they settle when it is done. */
  judging: z.number().int(),
  /** Sittings not yet completed, left alone. */
  skipped: z.number().int(),
});

export const integrityKind = z.enum(['tabHidden', 'windowBlur', 'largePaste', 'ipChange']);
export const signalBody = z.strictObject({
  id: f.id,
  kind: integrityKind.exclude(['ipChange']),
  detail: z.string().max(200).default(''),
  clientAt: f.isoDateTime.optional(),
});
export const signalItem = z.object({
  id: z.number().int(),
  kind: integrityKind,
  detail: z.string(),
  clientAt: f.isoTime.nullable(),
  at: f.isoTime,
});

/** One question of a report: what was asked, answered, and scored. */
export const reportQuestion = sittingQuestion.extend({
  answer: z.string(),
  correctAnswer: z.string(),
  analysis: z.string(),
  language: z.string().nullable(),
  source: z.string(),
  got: z.number().int(),
  verdict: judgeVerdict.nullable(),
  judgeAnswerId: z.number().int().nullable(),
  /** Per-case verdicts of the judged program. */
  cases: z.array(
    z.object({
      index: z.number().int(),
      verdict: judgeVerdict,
      timeMs: z.number().int(),
      memoryKiB: z.number().int(),
    }),
  ),
  overridden: z.boolean(),
});
export const reportItem = sittingItem.extend({ questions: z.array(reportQuestion) });
export type ReportItem = z.infer<typeof reportItem>;
/**
 * What a learner's report call answers once the paper is handed in: the report when results
 * are out (`ready`), else where it stands — `judging` (the judge is still at the programs: ask
 * again shortly) or `unpublished` (settled, waiting for staff to publish the results). Not
 * being out yet is a state of the sitting, not an error; staff always get the report.
 */
export const reportAnswer = z.discriminatedUnion('status', [
  reportItem.extend({ status: z.literal('ready') }),
  z.object({
    status: z.enum(['judging', 'unpublished']),
    id: z.number().int(),
    examId: z.number().int(),
    examName: z.string(),
    state: sittingState,
    completedAt: f.isoTime.nullable(),
  }),
]);
export type ReportAnswer = z.infer<typeof reportAnswer>;

const sittingById = (access: Access, summary: string) =>
  spec({ method: 'GET', access, summary, query: idQuery, response: sittingItem });
const sittingLatest = (access: Access, summary: string) =>
  spec({
    method: 'GET',
    access,
    summary,
    query: latestSittingQuery,
    response: sittingItem.nullable(),
  });
const sittingList = (access: Access, summary: string) =>
  spec({
    method: 'POST',
    access,
    summary,
    query: pageQueryOf(SITTING_SORT),
    body: sittingFilter,
    response: pageOf(sittingItem),
  });
const start = (access: Access) =>
  spec({
    method: 'POST',
    access,
    summary:
      '开始作答：服务器记下开始时间与截止时间（固定场次为考试结束时间；弹性场次为开始时间加时长，不超过考试结束时间）；已开始的返回原答卷',
    body: startBody,
    response: sittingItem,
  });
const complete = (access: Access) =>
  spec({
    method: 'POST',
    access,
    summary: '交卷：作答结束，编程题进入评测（考试优先级），评测完成后结算',
    body: sittingIdBody,
    response: sittingItem,
  });
const settle = (access: Access, who: string) =>
  spec({
    method: 'POST',
    access,
    summary: `结算${who}：按题计分、汇总与排名；可重复调用，结果不变；rejudge=true 先重新评测编程题（修正测试数据后）`,
    body: settleBody,
    response: settleAnswer,
  });
const signal = (access: Access) =>
  spec({
    method: 'POST',
    access,
    summary: '考场记录的诚信信号（切出页面、窗口失焦、大段粘贴）：只记录供教师查看，不影响作答',
    body: signalBody,
    response: z.object({ id: z.number().int() }),
  });
const signals = (access: Access) =>
  spec({
    method: 'GET',
    access,
    summary: '答卷的诚信信号（含服务器发现的 IP 变化）',
    query: idQuery,
    response: z.array(signalItem),
  });

export const sittingCalls = defineCalls({
  'bms.examPaperEnroll.create': {
    method: 'POST',
    access: 'platformAdmin',
    summary: '为已报名的学员开始作答（监考老师代开考），截止时间同学员自己开始',
    body: staffStartBody,
    response: sittingItem,
  },
  'bms.examPaperEnroll.update': {
    method: 'PUT',
    access: 'platformAdmin',
    summary: '延长作答中答卷的截止时间（补时，须填写原因）',
    body: extendBody,
    response: sittingItem,
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
    response: reportAnswer,
  },
  'oj.examPaperEnroll.signal': signal('member'),
});

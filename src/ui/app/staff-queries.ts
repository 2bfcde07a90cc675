/**
 * Read queries of the back office (issue 6 item 6), on the runtime's SWR cache. Every key starts
 * with `staff:` and the member's id, so another login never reads them, and a staff write marks
 * them all stale (the `staff` tag, modules/staff.ts).
 */
import type { CallBody, CallResult } from '../../contract/call.ts';
import { aiToken } from '../../contract/ai-token/refs.ts';
import { exam as examApi } from '../../contract/exam/refs.ts';
import { question as questionApi } from '../../contract/question/refs.ts';
import { membership } from '../../contract/membership/refs.ts';
import { order as orderApi } from '../../contract/order/refs.ts';
import { wallet } from '../../contract/wallet/refs.ts';
import { DEFAULT_PAGE_SIZE, pageKey } from '../../streams/paging.ts';
import type { QueryDef } from './queries.ts';
import type { Runtime } from './runtime.ts';
import { definedQuery as defined, memberKey } from './defined-query.ts';
import { staffTag } from './modules/staff.ts';

export type StaffOrderFilter = CallBody<(typeof orderApi)['bms.member.order.queryList']>;
export type StaffOrderPage = CallResult<(typeof orderApi)['bms.member.order.queryList']>;
export type StaffOrderDetail = CallResult<(typeof orderApi)['bms.member.order.queryById']>;
export type StaffCardPage = CallResult<(typeof membership)['membership.queryList']>;
export type StaffRightPage = CallResult<(typeof membership)['bms.right.queryList']>;
export type StaffGoodsPage = CallResult<(typeof aiToken)['bms.aiTokenGoods.queryList']>;
export type StaffWalletPage = CallResult<(typeof wallet)['bms.memberWallet.queryList']>;
export type StaffWalletChanges = CallResult<
  (typeof wallet)['bms.memberWallet.changedHistory.queryList']
>;
export type ManageOrderPage = CallResult<(typeof membership)['edms.membership.order.queryList']>;

const STAFF_PREFIX = 'staff:';

/** A back-office query, keyed under `staff:` and the member's id. */
export const staffQuery = <T>(
  runtime: Runtime,
  key: string,
  fetch: () => Promise<T>,
): QueryDef<T> =>
  defined(runtime, `${STAFF_PREFIX}${memberKey(runtime)}:${key}`, fetch, [staffTag]);

/** One page of every order, filtered; also the approval queue's lists (by state). */
export function staffOrders(
  runtime: Runtime,
  filter: StaffOrderFilter,
  page: number,
): QueryDef<StaffOrderPage> {
  return staffQuery(runtime, pageKey(`orders:${JSON.stringify(filter)}`, page), () =>
    runtime.transport.call(orderApi['bms.member.order.queryList'], {
      query: { page, size: DEFAULT_PAGE_SIZE },
      body: filter,
    }),
  );
}

export function staffOrder(runtime: Runtime, id: number): QueryDef<StaffOrderDetail> {
  return staffQuery(runtime, `order:${id}`, () =>
    runtime.transport.call(orderApi['bms.member.order.queryById'], { query: { id } }),
  );
}

/** Every card, drafts and unpublished ones too. */
export function staffCards(runtime: Runtime): QueryDef<StaffCardPage> {
  return staffQuery(runtime, 'cards', () =>
    runtime.transport.call(membership['membership.queryList'], {
      query: { page: 0, size: 100, sort: 'sort,asc' },
      body: {},
    }),
  );
}

export function staffRights(runtime: Runtime): QueryDef<StaffRightPage> {
  return staffQuery(runtime, 'rights', () =>
    runtime.transport.call(membership['bms.right.queryList'], {
      query: { page: 0, size: 100, sort: 'sort,asc' },
      body: {},
    }),
  );
}

export function staffGoods(runtime: Runtime): QueryDef<StaffGoodsPage> {
  return staffQuery(runtime, 'aiTokenGoods', () =>
    runtime.transport.call(aiToken['bms.aiTokenGoods.queryList'], {
      query: { page: 0, size: 100, sort: 'sort,asc' },
      body: {},
    }),
  );
}

export function staffWallets(
  runtime: Runtime,
  keyword: string,
  page: number,
): QueryDef<StaffWalletPage> {
  return staffQuery(runtime, pageKey(`wallets:${keyword}`, page), () =>
    runtime.transport.call(wallet['bms.memberWallet.queryList'], {
      query: { page, size: DEFAULT_PAGE_SIZE },
      body: keyword ? { keyword } : {},
    }),
  );
}

export function staffWalletChanges(
  runtime: Runtime,
  memberId: number,
): QueryDef<StaffWalletChanges> {
  return staffQuery(runtime, `walletChanges:${memberId}`, () =>
    runtime.transport.call(wallet['bms.memberWallet.changedHistory.queryList'], {
      query: { page: 0, size: 50 },
      body: { memberId },
    }),
  );
}

/** A coach's organization's card orders. */
export function manageOrders(runtime: Runtime, page: number): QueryDef<ManageOrderPage> {
  return staffQuery(runtime, pageKey('manageOrders', page), () =>
    runtime.transport.call(membership['edms.membership.order.queryList'], {
      query: { page, size: DEFAULT_PAGE_SIZE },
      body: {},
    }),
  );
}

/** Whose calls a back-office exam screen makes: platform staff's (bms) or a teacher's (edms). */
export type ExamArea = 'bms' | 'edms';

export type StaffExamPage = CallResult<(typeof examApi)['bms.exam.queryList']>;
export type StaffExam = CallResult<(typeof examApi)['bms.exam.queryById']>;
export type StaffPaperPage = CallResult<(typeof examApi)['bms.examPaper.queryList']>;
export type StaffPaper = CallResult<(typeof examApi)['bms.examPaper.queryById']>;
export type StaffExamStatistics = CallResult<(typeof examApi)['bms.exam.queryStatistics']>;
export type StaffSittingPage = CallResult<(typeof examApi)['bms.examPaperEnroll.queryList']>;
export type StaffEnrollPage = CallResult<(typeof examApi)['bms.examEnroll.queryEnrollList']>;
export type StaffRankList = CallResult<
  (typeof examApi)['bms.examMemberQuestion.queryStatisticsGroupByMember']
>;
export type StaffSignals = CallResult<(typeof examApi)['bms.examPaperEnroll.querySignals']>;
export type BankPage = CallResult<(typeof questionApi)['bms.question.queryList']>;

/** The exams the area manages, filtered by state. */
export function staffExams(
  runtime: Runtime,
  area: ExamArea,
  state: string | undefined,
  page: number,
): QueryDef<StaffExamPage> {
  return staffQuery(runtime, pageKey(`${area}:exams:${state ?? ''}`, page), () =>
    runtime.transport.call(examApi[`${area}.exam.queryList`], {
      query: { page, size: DEFAULT_PAGE_SIZE },
      body: state ? { state: state as 'published' } : {},
    }),
  );
}

export function staffExam(runtime: Runtime, area: ExamArea, id: number): QueryDef<StaffExam> {
  return staffQuery(runtime, `${area}:exam:${id}`, () =>
    runtime.transport.call(examApi[`${area}.exam.queryById`], { query: { id } }),
  );
}

export function staffPapers(
  runtime: Runtime,
  area: ExamArea,
  page: number,
  size = DEFAULT_PAGE_SIZE,
  review?: 'reviewing',
): QueryDef<StaffPaperPage> {
  return staffQuery(runtime, pageKey(`${area}:papers:${size}:${review ?? ''}`, page), () =>
    runtime.transport.call(examApi[`${area}.examPaper.queryList`], {
      query: { page, size },
      body: review ? { review } : {},
    }),
  );
}

export function staffPaper(runtime: Runtime, area: ExamArea, id: number): QueryDef<StaffPaper> {
  return staffQuery(runtime, `${area}:paper:${id}`, () =>
    runtime.transport.call(examApi[`${area}.examPaper.queryById`], { query: { id } }),
  );
}

export function staffExamStatistics(
  runtime: Runtime,
  area: ExamArea,
  id: number,
): QueryDef<StaffExamStatistics> {
  return staffQuery(runtime, `${area}:examStatistics:${id}`, () =>
    runtime.transport.call(examApi[`${area}.exam.queryStatistics`], { query: { id } }),
  );
}

/** The exam's sittings, live: who started, how far, who handed in. */
export function staffSittings(
  runtime: Runtime,
  area: ExamArea,
  examId: number,
  page: number,
): QueryDef<StaffSittingPage> {
  return staffQuery(runtime, pageKey(`${area}:sittings:${examId}`, page), () =>
    runtime.transport.call(examApi[`${area}.examPaperEnroll.queryListByTeacher`], {
      query: { page, size: DEFAULT_PAGE_SIZE },
      body: { examId },
    }),
  );
}

export function staffExamEnrollments(
  runtime: Runtime,
  area: ExamArea,
  examId: number,
  page: number,
): QueryDef<StaffEnrollPage> {
  return staffQuery(runtime, pageKey(`${area}:examEnrollments:${examId}`, page), () =>
    runtime.transport.call(examApi[`${area}.examEnroll.queryEnrollList`], {
      query: { page, size: DEFAULT_PAGE_SIZE },
      body: { examId },
    }),
  );
}

export function staffRankList(
  runtime: Runtime,
  area: ExamArea,
  examId: number,
): QueryDef<StaffRankList> {
  return staffQuery(runtime, `${area}:ranks:${examId}`, () =>
    runtime.transport.call(examApi[`${area}.examMemberQuestion.queryStatisticsGroupByMember`], {
      body: { examId },
    }),
  );
}

export function staffSignals(
  runtime: Runtime,
  area: ExamArea,
  sittingId: number,
): QueryDef<StaffSignals> {
  return staffQuery(runtime, `${area}:signals:${sittingId}`, () =>
    runtime.transport.call(examApi[`${area}.examPaperEnroll.querySignals`], {
      query: { id: sittingId },
    }),
  );
}

/** Published questions of the bank the area may put on a paper, by keyword. */
export function bankQuestions(
  runtime: Runtime,
  area: ExamArea,
  keyword: string,
  page: number,
  bank?: 'platform',
): QueryDef<BankPage> {
  return staffQuery(runtime, pageKey(`${area}:bank:${bank ?? 'all'}:${keyword}`, page), () =>
    runtime.transport.call(questionApi[`${area}.question.queryList`], {
      query: { page, size: 10 },
      body: { ...(keyword ? { keyword } : {}), ...(bank ? { bank } : {}) },
    }),
  );
}

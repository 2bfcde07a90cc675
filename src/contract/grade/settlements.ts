/**
 * Class-fee settlements (课消; member/grade/settlement; server/grade/settlements.ts): per
 * student and period, what was consumed of what they paid.
 */
import { z } from 'zod';
import { defineCalls, spec } from '../call.ts';
import type { Access } from '../call.ts';
import * as f from '../fields.ts';
import { fen } from '../order/orders.ts';
import { pageOf, pageQueryOf } from '../paging.ts';
import { deletedAnswer, idBody } from '../resource.ts';
import { downloadedFile } from '../question/common.ts';
import { STAFF, text } from './common.ts';

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

const settlementList = (access: Access, summary: string) =>
  spec({
    method: 'POST',
    access,
    summary,
    query: pageQueryOf(SETTLEMENT_SORT),
    body: settlementFilter,
    response: pageOf(settlementItem),
  });
const createSettlement = (access: Access) =>
  spec({
    method: 'POST',
    access,
    summary: '登记学员一段时间的课消（课时与金额）；累计不超过该报名已收款减已退款',
    body: settlementCreate,
    response: settlementItem,
  });
const updateSettlement = (access: Access) =>
  spec({
    method: 'PUT',
    access,
    summary: '修改课消记录',
    body: settlementUpdate,
    response: settlementItem,
  });

export const settlementCalls = defineCalls({
  'edms.member.grade.settlement.create': createSettlement('teacher'),
  'edms.member.grade.settlement.update': updateSettlement('teacher'),
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
    body: settlementFilter,
    response: downloadedFile,
  }),
  'member.grade.settlement.create': createSettlement('teacher'),
  'member.grade.settlement.update': updateSettlement('teacher'),
  'member.grade.settlement.queryList': settlementList(
    'member',
    '课消记录：学员本人的；教职工可管理班级的',
  ),
  'oj.member.grade.settlement.queryList': settlementList('member', '本人的课消记录'),
});

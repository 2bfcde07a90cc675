/**
 * Member points (server/orders/points.ts): earned by paying, taken back by refunds; the
 * platform reads a member's ledger.
 */
import { z } from 'zod';
import { defineCalls } from '../call.ts';
import * as f from '../fields.ts';
import { pageOf, pageQueryOf } from '../paging.ts';

/** Member points (docs/decisions.md "Member points"): earned by paying, taken back by refunds. */
export const pointsItem = z.object({
  id: z.number().int(),
  memberId: z.number().int(),
  memberName: z.string(),
  orderId: z.number().int().nullable(),
  orderNo: z.string().nullable(),
  points: z.number().int(),
  reason: z.string(),
  createdAt: z.string(),
});
export const POINTS_SORT = ['id', 'points'] as const;

export const pointsCalls = defineCalls({
  'member.points.queryList': {
    method: 'POST',
    access: 'platformAdmin',
    summary: '会员积分流水（付款每满 1 元得 1 分，退款扣回）',
    query: pageQueryOf(POINTS_SORT),
    body: z.strictObject({ memberId: f.id.optional() }),
    response: pageOf(pointsItem),
  },
});

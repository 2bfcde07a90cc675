/**
 * Placing enrollments (exams, classes, homework, activities): one order per member and item,
 * the second of two concurrent enrollments refused by the live-enrollment index; and batch
 * enrollment, row by row, where one row's refusal never stops the others.
 */
import pg from 'pg';
import type { BatchAnswer } from '../../contract/enrollment/batch.ts';
import type { Scope } from '../access/scope.ts';
import { AppError, fail } from '../http/app-error.ts';
import type { OrderKind } from '../../contract/order/calls.ts';
import { payOffline, placeOrder, type FlowContext, type NewOrder } from '../orders/flow.ts';
import { allOrders } from '../orders/rows.ts';
import { maskName } from '../organization/masking.ts';
import { membersById, type Candidate } from './candidates.ts';

const isUniqueViolation = (err: unknown) => err instanceof pg.DatabaseError && err.code === '23505';

/** Places the order, or answers null when the member already holds a live one for the item. */
export async function placeEnrollment(flow: FlowContext, order: NewOrder): Promise<number | null> {
  try {
    return await placeOrder(flow, order);
  } catch (err) {
    // One live enrollment per member and item (the kind's unique index): the other one won.
    if (isUniqueViolation(err)) return null;
    throw err;
  }
}

/** Who a row enrolls, once the row passed the shared checks. */
export type PlaceRow = (member: {
  memberId: number;
  organizationId: number;
}) => Promise<number | null>;

/**
 * Enrolls each candidate with `place`: unknown members, members of another organization (for
 * organization staff) and repeated rows are refused on their own row.
 */
export async function enrollCandidates(
  scope: Scope,
  candidates: Candidate[],
  place: PlaceRow,
): Promise<BatchAnswer> {
  const rows: BatchAnswer['rows'] = [];
  const seen = new Set<number>();
  for (const c of candidates) {
    const row = {
      key: c.key,
      memberId: c.memberId,
      memberName: c.memberName,
      enrollId: null as number | null,
    };
    if (c.refused) {
      rows.push({ ...row, ...c.refused });
      continue;
    }
    if (c.memberId === null || c.organizationId === null) {
      rows.push({ ...row, outcome: 'unknownMember', message: '学员不存在' });
      continue;
    }
    if (scope.kind === 'organization' && c.organizationId !== scope.organizationId) {
      // Someone of another organization is named masked, without their account's id, as the
      // masked lookup does (issue 25 item 13): a mobile typed in must not tell staff who it is.
      rows.push({
        ...row,
        memberId: null,
        memberName: c.memberName === null ? null : maskName(c.memberName),
        outcome: 'outOfScope',
        message: '不是本机构的学员：请先在成员管理中添加，待学员确认加入后再报名',
      });
      continue;
    }
    if (seen.has(c.memberId)) {
      rows.push({ ...row, outcome: 'alreadyEnrolled', message: '与前面的行重复' });
      continue;
    }
    seen.add(c.memberId);
    let id: number | null;
    try {
      id = await place({ memberId: c.memberId, organizationId: c.organizationId });
    } catch (err) {
      // The item's own refusal (a full class) is this row's outcome; the rest go on.
      if (!(err instanceof AppError) || err.codeName !== 'CONFLICT') throw err;
      rows.push({ ...row, outcome: 'notAdmitted', message: err.message });
      continue;
    }
    rows.push(
      id === null
        ? { ...row, outcome: 'alreadyEnrolled', message: '已报名' }
        : { ...row, enrollId: id, outcome: 'enrolled', message: '报名成功' },
    );
  }
  const count = (o: string) => rows.filter((r) => r.outcome === o).length;
  return {
    enrolled: count('enrolled'),
    alreadyEnrolled: count('alreadyEnrolled'),
    refused: rows.length - count('enrolled') - count('alreadyEnrolled'),
    rows,
  };
}

/** What is enrolled in: its order kind, id, name and fee. */
export interface EnrollableItem {
  kind: OrderKind;
  id: number;
  name: string;
  priceFen: number;
}

/** The order enrolling a member in the item. */
export const orderFor = (
  item: EnrollableItem,
  member: { memberId: number; organizationId: number },
  amountFen: number,
  remark: string,
): NewOrder => ({
  kind: item.kind,
  memberId: member.memberId,
  organizationId: member.organizationId,
  itemId: item.id,
  itemName: item.name,
  itemUnits: null,
  amountFen,
  remark,
});

/** Staff enroll candidates in the item: free, unless `charge` (each then pays the fee). */
export const batchEnrollIn = (
  flow: FlowContext,
  scope: Scope,
  item: EnrollableItem,
  candidates: Candidate[],
  charge: boolean,
) =>
  enrollCandidates(scope, candidates, (member) =>
    placeEnrollment(
      flow,
      orderFor(
        item,
        member,
        charge ? item.priceFen : 0,
        charge ? '教师报名（学员自行支付）' : '教师报名（免费）',
      ),
    ),
  );

/** Staff place one enrollment for a member at the item's fee, optionally paid at the desk. */
export async function staffEnrollIn(
  flow: FlowContext,
  item: EnrollableItem,
  input: { memberId: number; remark: string; paidOffline: boolean },
  alreadyEnrolled: string,
): Promise<number> {
  const [member] = await membersById(flow.services.pool, [input.memberId]);
  if (!member?.memberId || member.organizationId === null) {
    throw fail('NOT_FOUND', `学员 ${input.memberId} 不存在`);
  }
  const id = await placeEnrollment(
    flow,
    orderFor(
      item,
      { memberId: member.memberId, organizationId: member.organizationId },
      item.priceFen,
      input.remark,
    ),
  );
  if (id === null) throw fail('CONFLICT', alreadyEnrolled);
  if (input.paidOffline && item.priceFen > 0) {
    await payOffline(flow, allOrders(), [item.kind], id);
  }
  return id;
}

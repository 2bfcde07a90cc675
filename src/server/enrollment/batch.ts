/**
 * Placing enrollments (exams, classes, homework, activities): one order per member and item,
 * the second of two concurrent enrollments refused by the live-enrollment index; and batch
 * enrollment, row by row, where one row's refusal never stops the others.
 */
import pg from 'pg';
import type { BatchAnswer } from '../../contract/enrollment/batch.ts';
import type { Scope } from '../access/scope.ts';
import { AppError } from '../http/app-error.ts';
import { placeOrder, type FlowContext, type NewOrder } from '../orders/flow.ts';
import type { Candidate } from './candidates.ts';

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
      rows.push({ ...row, outcome: 'outOfScope', message: '不是本机构的学员' });
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

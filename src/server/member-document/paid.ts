/**
 * The paid gate of solution write-ups (docs/product-rules.md#membership-cards: "unlimited viewing
 * of paid solution videos"): staff (platform, teachers and organization admins, who teach with
 * them) and the author read a paid solution whole; a learner only while a valid card grants
 * solutionVideo; a visitor never.
 */
import { currentRights } from '../accounts/rights.ts';
import type { Scope } from '../access/scope.ts';
import type { Queryable } from '../db/pool.ts';

/** The card right that opens paid solutions (contract/rights.ts DEFAULT_RIGHT_CODES). */
export const SOLUTION_RIGHT = 'solutionVideo';

export async function mayOpenPaid(
  db: Queryable,
  scope: Scope | null,
  row: { owner_member_id: number },
): Promise<boolean> {
  if (scope === null) return false;
  if (scope.kind !== 'learner' || row.owner_member_id === scope.memberId) return true;
  const { rights } = await currentRights(db, scope.memberId);
  return rights.some((r) => r.code === SOLUTION_RIGHT);
}

/**
 * Whose exams, papers, enrollments and sittings a caller works on (DESIGN.md §6 "Roles in one
 * place"): platform staff all; a teacher their organization's exams and papers (and the
 * platform's passed papers, read-only); a learner their own enrollments and sittings and the
 * exams open to them. Every list and by-id read of this folder takes one of these.
 */
import type { Auth } from '../accounts/sessions.ts';
import type { SqlParams } from '../db/sql-params.ts';

export type ExamScope =
  | { kind: 'platform'; memberId: number }
  | { kind: 'organization'; organizationId: number; memberId: number }
  | { kind: 'learner'; organizationId: number; memberId: number };

export const platformScope = (auth: Auth): ExamScope => ({
  kind: 'platform',
  memberId: auth.memberId,
});
export const organizationScope = (auth: Auth): ExamScope => ({
  kind: 'organization',
  organizationId: auth.organizationId,
  memberId: auth.memberId,
});
export const learnerScope = (auth: Auth): ExamScope => ({
  kind: 'learner',
  organizationId: auth.organizationId,
  memberId: auth.memberId,
});
/** The un-prefixed area: the caller's role decides. */
export const roleScope = (auth: Auth): ExamScope =>
  auth.platformAdmin
    ? platformScope(auth)
    : auth.role === 'teacher' || auth.role === 'orgAdmin'
      ? organizationScope(auth)
      : learnerScope(auth);

/**
 * SQL keeping the rows of `col` (an organization id column, NULL for the platform) the staff
 * scope manages: platform staff every row, a teacher their organization's.
 */
export function managedBy(scope: ExamScope, col: string, sql: SqlParams): string {
  if (scope.kind === 'platform') return 'true';
  return `${col} = ${sql.add(scope.organizationId)}`;
}

/**
 * Who is reading and acting (docs/classes.md, "Who reads what"). Every list and by-id read of
 * the learner-facing domains takes a Scope and narrows its rows with the predicates of
 * ./predicates.ts, so the rule "a learner their own; a teacher their classes' students; an
 * organization admin their organization; platform staff all" is written once.
 *
 * The area decides the scope (docs/product-rules.md#areas): `bms` platform staff, `edms` the teacher or
 * organization admin in their organization, `oj` the learner; the un-prefixed area by the
 * caller's role.
 */
import type { ResourceArea } from '../../contract/resource.ts';
import type { Auth } from '../http/sessions.ts';

export type StaffRole = 'teacher' | 'orgAdmin';

export type Scope =
  | { kind: 'platform'; memberId: number }
  | { kind: 'organization'; organizationId: number; memberId: number; role: StaffRole }
  | { kind: 'learner'; organizationId: number; memberId: number };

export const platformScope = (auth: Auth): Scope => ({
  kind: 'platform',
  memberId: auth.memberId,
});

/** A teacher or organization admin in their organization (a learner's role reads as teacher). */
export const organizationScope = (auth: Auth): Scope => ({
  kind: 'organization',
  organizationId: auth.organizationId,
  memberId: auth.memberId,
  role: auth.role === 'orgAdmin' ? 'orgAdmin' : 'teacher',
});

export type LearnerScope = Extract<Scope, { kind: 'learner' }>;

export const learnerScope = (auth: Auth): LearnerScope => ({
  kind: 'learner',
  organizationId: auth.organizationId,
  memberId: auth.memberId,
});

/** The un-prefixed area: the caller's role decides. */
export const roleScope = (auth: Auth): Scope =>
  auth.platformAdmin
    ? platformScope(auth)
    : auth.role === 'teacher' || auth.role === 'orgAdmin'
      ? organizationScope(auth)
      : learnerScope(auth);

export const SCOPE_OF_AREA: Record<ResourceArea, (auth: Auth) => Scope> = {
  bms: platformScope,
  edms: organizationScope,
  app: roleScope,
  oj: learnerScope,
};

/** Whether the scope runs a whole organization (or the platform): admins, not teachers. */
export const isAdminScope = (scope: Scope): boolean =>
  scope.kind === 'platform' || (scope.kind === 'organization' && scope.role === 'orgAdmin');

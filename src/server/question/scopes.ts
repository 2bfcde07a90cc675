/**
 * Which questions a caller works on, per area: bms the platform, edms and no prefix the
 * teacher's organization, oj the learner's. These are the one scope of access/scope.ts (the
 * area's scope every domain reads with); the bank reads only the part it needs of it
 * (QuestionScope, http/owned-rows.ts OwnerScope), whatever the staff role.
 */
import { organizationScope } from '../access/scope.ts';

export { learnerScope, platformScope } from '../access/scope.ts';

/** A teacher or organization admin in their organization's bank. */
export const teacherScope = organizationScope;

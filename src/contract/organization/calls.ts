/**
 * Organizations and their people (issue 8 items 1–2; docs/product-rules.md#the-call-catalogue member, §7.3–7.5
 * organization, organizationMember, teacherMember, teacherGroup, member). Organizations,
 * members, teachers and teaching groups are resources from the factory; batch creation, the
 * xlsx import, passwords, roles and approvals are written by hand.
 *
 * Who calls what: `bms` platform staff, across organizations; `edms` a teacher or organization
 * admin in their own organization (a teacher reads and adds learners, their students only; the
 * admin manages teachers, groups and the organization); the un-prefixed `member` calls the
 * same by role; `oj` and the bare `member/` paths the current member about themselves.
 *
 * Each sub-resource declares its shapes and calls beside its server file (organizations.ts ↔
 * server/organization/organizations.ts, members.ts, people-write.ts, passwords.ts,
 * member-admin.ts, current-member.ts, teachers.ts, teacher-groups.ts, invitations.ts), with what
 * they share in common.ts; this file only assembles the domain, in the order the refs and
 * docs/api.md list it.
 */
import { currentMemberCalls } from './current-member.ts';
import { invitationCalls } from './invitations.ts';
import { memberAdminCalls, memberLookupCalls } from './member-admin.ts';
import { memberResourceCalls } from './members.ts';
import { organizationCalls } from './organizations.ts';
import { passwordCalls } from './passwords.ts';
import { addPeopleCalls } from './people-write.ts';
import { teacherGroupCalls } from './teacher-groups.ts';
import { teacherCalls } from './teachers.ts';

export const organization = {
  ...organizationCalls,
  ...memberResourceCalls,
  ...addPeopleCalls,
  ...memberLookupCalls,
  ...passwordCalls,
  ...memberAdminCalls,
  ...currentMemberCalls,
  ...teacherCalls,
  ...teacherGroupCalls,
  ...invitationCalls,
};

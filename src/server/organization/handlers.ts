/**
 * The calls of organizations and their people (contract/organization/calls.ts) wired to this
 * folder's stores. Each area's scope comes from access/scope.ts: `bms` platform staff, `edms`
 * the organization's staff, the un-prefixed `member` calls by role, `oj` the learner.
 */
import { permittedOperates } from '../permission/current-operates.ts';
import { organization as calls } from '../../contract/organization/calls.ts';
import type { BatchMembersAnswer } from '../../contract/organization/people-write.ts';
import { memberApprovalLifecycle } from '../../machines/lifecycles/organization.ts';
import { isAdminScope, SCOPE_OF_AREA, type Scope } from '../access/scope.ts';
import { loadCurrentUser, otherTeacherAccounts } from '../accounts/members.ts';
import { currentRights } from '../accounts/rights.ts';
import type { Auth } from '../http/sessions.ts';
import { fail } from '../http/app-error.ts';
import { handle, type HandlerContext, type ContextOf } from '../http/handler.ts';
import { idWiring } from '../http/wire.ts';
import { validationError } from '../http/validation-error.ts';
import { lifecycleHandlers } from '../lifecycle/handlers.ts';
import {
  addMemberToMine,
  anonQuery,
  configRole,
  deletePerson,
  memberCard,
  memberStatistics,
  pointsRanking,
  teachersOfMember,
  updatePerson,
  updateProfile,
  type PersonChanges,
} from './member-admin.ts';
import { importTemplate, parseMemberSheet } from './member-import.ts';
import {
  createOrganization,
  deleteOrganization,
  listOrganizations,
  organizationRights,
  readOrganization,
  reviewOrganization,
  updateOrganization,
} from './organizations.ts';
import {
  answerInvitation,
  ownInvitations,
  staffInvitationById,
  staffInvitations,
} from './invitations.ts';
import { exportPasswords, resetPassword, updateOwnPassword } from './passwords.ts';
import { addPeople, type PersonInput, type PersonRowInput } from './people-write.ts';
import {
  listMembers,
  listTeachers,
  peopleByMobile,
  readPerson,
  toMemberItem,
  toTeacherItem,
  type PeopleKind,
  type PersonRow,
} from './people.ts';
import {
  changeGroupMembers,
  createGroup,
  deleteGroup,
  listGroups,
  readGroup,
  setTeacherGroups,
  updateGroup,
} from './teacher-groups.ts';

type Ctx = HandlerContext;
type Area = keyof typeof SCOPE_OF_AREA;
const scopeOf = (area: Area, ctx: Ctx) => SCOPE_OF_AREA[area](ctx.requireAuth());
const actorOf = (ctx: Ctx) => {
  const auth = ctx.requireAuth();
  return { userId: auth.userId, memberId: auth.memberId };
};
const idOf = (ctx: ContextOf<{ query: { id: number } }>) => ctx.query.id;

/** `fn` for each of `ids` whose call exists, with the area its id starts with. */
const wire = idWiring(calls);

// ——— organizations ———

const organizationItemHandlers = [
  ...wire(['bms.organization.create', 'edms.organization.create'], (a, ctx) =>
    createOrganization(ctx.services.pool, scopeOf(a, ctx), ctx.body, actorOf(ctx), ctx.request.id),
  ),
  ...wire(['bms.organization.update', 'edms.organization.update'], (a, ctx) =>
    updateOrganization(ctx.services.pool, scopeOf(a, ctx), ctx.body, actorOf(ctx), ctx.request.id),
  ),
  ...wire(['bms.organization.delete'], async (_a, ctx) => {
    const { id } = ctx.body;
    await deleteOrganization(ctx.services.pool, id);
    return { id };
  }),
  ...wire(['bms.organization.queryById', 'edms.organization.queryById'], (a, ctx) =>
    readOrganization(ctx.services.pool, scopeOf(a, ctx), idOf(ctx)),
  ),
  ...wire(['bms.organization.queryList', 'edms.organization.queryList'], (a, ctx) =>
    listOrganizations(ctx.services.pool, scopeOf(a, ctx), ctx.body, ctx.query),
  ),
  ...wire(
    ['bms.organization.querySimpleList', 'edms.organization.querySimpleList'],
    async (a, ctx) => {
      const page = await listOrganizations(ctx.services.pool, scopeOf(a, ctx), ctx.body, ctx.query);
      return { ...page, content: page.content.map(({ id, name, state }) => ({ id, name, state })) };
    },
  ),
  ...(['pass', 'reject'] as const).flatMap((action) =>
    wire([`bms.organization.${action}`], async (a, ctx) => {
      const { id, reason } = ctx.body;
      await reviewOrganization(ctx.services.pool, id, action, reason, actorOf(ctx), ctx.request.id);
      return readOrganization(ctx.services.pool, scopeOf(a, ctx), id);
    }),
  ),
  ...wire(['edms.organization.queryCurrentRights'], (_a, ctx) =>
    organizationRights(ctx.services.pool, ctx.requireAuth().organizationId),
  ),
];

// ——— members ———

/** Where people are added: the caller's organization, or the one platform staff name. */
function organizationFor(scope: Scope, auth: Auth, asked: number | undefined): number {
  if (asked === undefined) return auth.organizationId;
  if (scope.kind !== 'platform' && asked !== auth.organizationId) {
    throw validationError([{ field: 'body.organizationId', message: '只能向本机构添加成员' }]);
  }
  return asked;
}

const addOptions = (ctx: Ctx, scope: Scope, organizationId: number, dryRun: boolean) => ({
  organizationId,
  scope,
  actor: actorOf(ctx),
  requestId: ctx.request.id,
  dryRun,
});

/** Adds one person; a refused row is the request's VALIDATION error, naming its field. */
async function createOne<Item>(
  ctx: Ctx,
  scope: Scope,
  kind: PeopleKind,
  input: PersonInput & { organizationId?: number | undefined },
  toItem: (row: PersonRow) => Item,
) {
  const { organizationId, ...person } = input;
  const org = organizationFor(scope, ctx.requireAuth(), organizationId);
  const answer = await addPeople(
    ctx.services.pool,
    [{ row: 1, input: person }],
    addOptions(ctx, scope, org, false),
  );
  const row = answer.rows[0]!;
  if (row.outcome === 'refused') {
    throw validationError([{ field: `body.${row.field ?? 'mobile'}`, message: row.message }]);
  }
  // Registered in another organization: they were invited, and are named masked until they accept.
  if (row.outcome === 'pending') {
    const invitation = await staffInvitationById(ctx.services.pool, row.invitation!.id!);
    return { invitation, message: row.message };
  }
  const created = await readPerson(ctx.services.pool, scope, kind, row.memberId!);
  return { ...toItem(created), initialPassword: row.initialPassword, invitation: null };
}

const personReader =
  <Item>(kind: PeopleKind, toItem: (row: PersonRow) => Item) =>
  async (a: Area, ctx: ContextOf<{ query: { id: number } }>) =>
    toItem(await readPerson(ctx.services.pool, scopeOf(a, ctx), kind, idOf(ctx)));

const personUpdater =
  <Item>(kind: PeopleKind, toItem: (row: PersonRow) => Item) =>
  async (a: Area, ctx: ContextOf<{ body: PersonChanges }>) => {
    const scope = scopeOf(a, ctx);
    const input = ctx.body;
    await updatePerson(ctx.services.pool, scope, kind, input);
    return toItem(await readPerson(ctx.services.pool, scope, kind, input.id));
  };

const batchOf = (
  ctx: Ctx,
  scope: Scope,
  rows: PersonRowInput[],
  dryRun: boolean,
  newUsersOnly = false,
): Promise<BatchMembersAnswer> =>
  addPeople(ctx.services.pool, rows, {
    ...addOptions(ctx, scope, ctx.requireAuth().organizationId, dryRun),
    newUsersOnly,
  });

const numbered = <T>(rows: T[]) => rows.map((input, i) => ({ row: i + 1, input }));

const memberHandlers = [
  ...wire(
    [
      'bms.organizationMember.create',
      'edms.organizationMember.create',
      'bms.member.create',
      'member.create',
    ],
    (a, ctx) => createOne(ctx, scopeOf(a, ctx), 'members', ctx.body, toMemberItem),
  ),
  ...wire(['edms.organizationMember.batchCreate', 'member.batchCreate'], (a, ctx) => {
    const b = ctx.body;
    return batchOf(ctx, scopeOf(a, ctx), numbered(b.rows), b.dryRun);
  }),
  ...wire(['member.batchRegister'], (a, ctx) => {
    const b = ctx.body;
    const rows = numbered(b.rows.map((r) => ({ ...r, role: 'student' as const })));
    return batchOf(ctx, scopeOf(a, ctx), rows, b.dryRun, true);
  }),
  ...wire(['edms.organizationMember.batchImport'], async (a, ctx) => {
    const rows = await parseMemberSheet(ctx.files.find((f) => f.field === 'file') ?? ctx.files[0]);
    return batchOf(ctx, scopeOf(a, ctx), rows, ctx.body.dryRun === 'true');
  }),
  ...wire(['edms.organizationMember.downloadTemplate'], () => importTemplate()),
  ...wire(
    [
      'bms.organizationMember.update',
      'edms.organizationMember.update',
      'bms.member.update',
      'member.update',
    ],
    personUpdater('members', toMemberItem),
  ),
  ...wire(['bms.organizationMember.delete', 'bms.member.delete'], async (_a, ctx) => {
    const { id } = ctx.body;
    await deletePerson(ctx.services.pool, id);
    return { id };
  }),
  ...wire(
    ['bms.organizationMember.queryById', 'bms.member.queryById', 'member.queryById'],
    personReader('members', toMemberItem),
  ),
  ...wire(
    [
      'bms.organizationMember.queryList',
      'edms.organizationMember.queryList',
      'bms.member.queryList',
      'member.queryList',
    ],
    (a, ctx) => listMembers(ctx.services.pool, scopeOf(a, ctx), ctx.body, ctx.query),
  ),
  ...wire(
    [
      'bms.organizationMember.querySimpleList',
      'bms.member.querySimpleList',
      'member.querySimpleList',
    ],
    async (a, ctx) => {
      const page = await listMembers(ctx.services.pool, scopeOf(a, ctx), ctx.body, ctx.query);
      return {
        ...page,
        content: page.content.map((m) => ({
          id: m.id,
          nickname: m.nickname,
          realName: m.realName,
          role: m.role,
          mobile: m.mobile,
        })),
      };
    },
  ),
  ...wire(['member.addMemberToMine'], (a, ctx) =>
    addMemberToMine(ctx.services.pool, scopeOf(a, ctx), ctx.body.memberId),
  ),
  ...wire(['member.anonQueryList'], (_a, ctx) =>
    anonQuery(ctx.services.pool, ctx.body.keyword, ctx.query),
  ),
  ...wire(['member.exportPwd'], (a, ctx) => {
    const b = ctx.body;
    return exportPasswords(ctx.services.pool, scopeOf(a, ctx), b.memberIds, b.force);
  }),
  ...wire(['member.pwd'], (a, ctx) => {
    const b = ctx.body;
    return resetPassword(ctx.services.pool, scopeOf(a, ctx), b.id, b.password);
  }),
  ...wire(['member.updatePwd'], (_a, ctx) => {
    const b = ctx.body;
    return updateOwnPassword(ctx.services.pool, ctx.requireAuth(), b.oldPassword, b.newPassword);
  }),
  ...wire(['member.configRoles'], async (a, ctx) => {
    const scope = scopeOf(a, ctx);
    const b = ctx.body;
    await configRole(ctx.services.pool, scope, b.id, b.role, b.roleIds);
    return toMemberItem(await readPerson(ctx.services.pool, scope, 'members', b.id));
  }),
  ...lifecycleHandlers(
    { pass: calls['member.pass'], reject: calls['member.reject'] },
    memberApprovalLifecycle,
    { entity: 'member', table: 'members', column: 'approval' },
    {
      authorize: async ({ services, scope }, id) => {
        if (!isAdminScope(scope)) throw fail('FORBIDDEN', '成员审核需机构管理员操作');
        await readPerson(services.pool, scope, 'members', id);
      },
      read: async ({ services, scope }, id) =>
        toMemberItem(await readPerson(services.pool, scope, 'members', id)),
    },
    SCOPE_OF_AREA.app,
  ),
  ...wire(['member.generateMemberCardById'], (a, ctx) =>
    memberCard(ctx.services.pool, scopeOf(a, ctx), idOf(ctx)),
  ),
  ...wire(['member.queryByMobile'], (a, ctx) =>
    peopleByMobile(ctx.services.pool, scopeOf(a, ctx), ctx.query.mobile),
  ),
  ...wire(['member.queryPointsRanking'], (a, ctx) =>
    pointsRanking(ctx.services.pool, scopeOf(a, ctx), ctx.query.size),
  ),
  ...wire(['member.queryStatistics'], (a, ctx) =>
    memberStatistics(ctx.services.pool, scopeOf(a, ctx)),
  ),
  ...wire(['bms.member.queryMemberTeacherList'], async (a, ctx) => {
    const { memberId } = ctx.query;
    await readPerson(ctx.services.pool, scopeOf(a, ctx), 'members', memberId);
    return teachersOfMember(ctx.services.pool, memberId);
  }),
  ...wire(['member.queryCurrent'], (_a, ctx) =>
    loadCurrentUser(ctx.services.pool, ctx.requireAuth().memberId),
  ),
  ...wire(['member.queryCurrentRights'], async (_a, ctx) => {
    const auth = ctx.requireAuth();
    return {
      ...(await currentRights(ctx.services.pool, auth.memberId)),
      operates: await permittedOperates(auth, ctx.services.roleOperates),
    };
  }),
  ...wire(['member.queryMineTeacherList'], (_a, ctx) => {
    const auth = ctx.requireAuth();
    return otherTeacherAccounts(ctx.services.pool, auth.userId, auth.memberId);
  }),
  ...wire(['oj.member.update'], async (_a, ctx) => {
    const memberId = ctx.requireAuth().memberId;
    await updateProfile(ctx.services.pool, memberId, ctx.body);
    return loadCurrentUser(ctx.services.pool, memberId);
  }),
];

// ——— teachers and teaching groups ———

const teacherHandlers = [
  ...wire(['bms.teacherMember.create', 'edms.teacherMember.create'], (a, ctx) => {
    const b = ctx.body;
    const scope = scopeOf(a, ctx);
    if (scope.kind === 'platform' && b.organizationId === undefined) {
      throw validationError([{ field: 'body.organizationId', message: '请选择教师所在机构' }]);
    }
    return createOne(ctx, scope, 'teachers', b, toTeacherItem);
  }),
  ...wire(['edms.teacherMember.batchCreate'], (a, ctx) => {
    const b = ctx.body;
    return batchOf(ctx, scopeOf(a, ctx), numbered(b.rows), b.dryRun);
  }),
  ...wire(
    ['bms.teacherMember.update', 'edms.teacherMember.update'],
    personUpdater('teachers', toTeacherItem),
  ),
  ...wire(['bms.teacherMember.delete'], async (_a, ctx) => {
    const { id } = ctx.body;
    await deletePerson(ctx.services.pool, id);
    return { id };
  }),
  ...wire(['bms.teacherMember.queryById'], personReader('teachers', toTeacherItem)),
  ...wire(['bms.teacherMember.queryList', 'edms.teacherMember.queryList'], (a, ctx) =>
    listTeachers(ctx.services.pool, scopeOf(a, ctx), ctx.body, ctx.query),
  ),
  ...wire(['bms.teacherMember.querySimpleList'], async (a, ctx) => {
    const page = await listTeachers(ctx.services.pool, scopeOf(a, ctx), ctx.body, ctx.query);
    return {
      ...page,
      content: page.content.map((t) => ({ id: t.id, nickname: t.nickname, realName: t.realName })),
    };
  }),
  ...wire(['edms.teacherMember.addToGroup'], (a, ctx) =>
    changeGroupMembers(ctx.services.pool, scopeOf(a, ctx), ctx.body, 'add'),
  ),
  ...wire(['edms.teacherMember.removeFromGroup'], (a, ctx) =>
    changeGroupMembers(ctx.services.pool, scopeOf(a, ctx), ctx.body, 'remove'),
  ),
  ...wire(['edms.teacherMember.setGroups'], async (a, ctx) => {
    const scope = scopeOf(a, ctx);
    const b = ctx.body;
    await setTeacherGroups(ctx.services.pool, scope, b.memberId, b.groupIds);
    return toTeacherItem(await readPerson(ctx.services.pool, scope, 'teachers', b.memberId));
  }),
  ...wire(['edms.teacherGroup.create'], (a, ctx) =>
    createGroup(ctx.services.pool, scopeOf(a, ctx), ctx.body),
  ),
  ...wire(['edms.teacherGroup.update'], (a, ctx) =>
    updateGroup(ctx.services.pool, scopeOf(a, ctx), ctx.body),
  ),
  ...wire(['edms.teacherGroup.delete'], async (a, ctx) => {
    const { id } = ctx.body;
    await deleteGroup(ctx.services.pool, scopeOf(a, ctx), id);
    return { id };
  }),
  ...wire(['edms.teacherGroup.queryById'], (a, ctx) =>
    readGroup(ctx.services.pool, scopeOf(a, ctx), idOf(ctx)),
  ),
  ...wire(['edms.teacherGroup.queryList'], (a, ctx) =>
    listGroups(ctx.services.pool, scopeOf(a, ctx), ctx.body, ctx.query),
  ),
  ...wire(['edms.teacherGroup.querySimpleList'], async (a, ctx) => {
    const page = await listGroups(ctx.services.pool, scopeOf(a, ctx), ctx.body, ctx.query);
    return { ...page, content: page.content.map(({ id, name }) => ({ id, name })) };
  }),
];

// ——— invitations (issue 25 item 13) ———

const invitationHandlers = [
  handle(calls['edms.memberInvitation.queryList'], ({ body, query, services, requireAuth }) =>
    staffInvitations(services.pool, SCOPE_OF_AREA.edms(requireAuth()), body, query),
  ),
  handle(calls['oj.memberInvitation.queryList'], ({ body, query, services, requireAuth }) =>
    ownInvitations(services.pool, requireAuth(), body, query),
  ),
  handle(calls['oj.memberInvitation.accept'], ({ body, services, requireAuth, request }) =>
    answerInvitation(services.pool, requireAuth(), body.id, 'acceptInvitation', request.id),
  ),
  handle(calls['oj.memberInvitation.decline'], ({ body, services, requireAuth, request }) =>
    answerInvitation(services.pool, requireAuth(), body.id, 'declineInvitation', request.id),
  ),
];

export const organizationHandlers = [
  ...organizationItemHandlers,
  ...memberHandlers,
  ...teacherHandlers,
  ...invitationHandlers,
];

/**
 * Adding people to an organization, one or hundreds at a time (member create, batchCreate,
 * batchImport, batchRegister; teacherMember create, batchCreate). Every row is checked first —
 * a duplicate within the batch, a mobile already in the organization, a taken username, an
 * unknown group — and gets its own outcome; the accepted rows are then written in one
 * transaction (each behind a savepoint, so a row that loses a race to a concurrent import is
 * refused, not the batch). A dry run reports the same outcomes and writes nothing.
 *
 * A mobile that belongs to a registered user links that user (a new account of theirs in this
 * organization, their password unchanged) when they already have an account here; otherwise a user
 * is created, with the row's password or a generated one shown once in the answer. A learner
 * registered only in other organizations is not linked by an organization's staff: they get an
 * invitation to accept or decline (./invitations.ts, issue 25 item 13), and the row names them
 * masked, never by their username or name.
 */
import { generatePassword } from '../security/password.ts';
import pg from 'pg';
import type { MemberRole } from '../../contract/accounts/calls.ts';
import type { BatchMembersAnswer } from '../../contract/organization/people-write.ts';
import { nextState } from '../../machines/lifecycles/lifecycle.ts';
import { memberApprovalLifecycle } from '../../machines/lifecycles/organization.ts';
import { submitDetails } from '../../machines/lifecycles/review.ts';
import { isAdminScope, type Scope } from '../access/scope.ts';
import { withTransaction, type Pool, type PoolClient, type Queryable } from '../db/pool.ts';
import { fail } from '../http/app-error.ts';
import { recordTransition } from '../lifecycle/transition.ts';
import { hashPassword } from '../security/password.ts';
import { invitePeople, maskedNameOf, needsConsent, type Invitee } from './invitations.ts';

export interface PersonInput {
  nickname: string;
  mobile?: string | undefined;
  username?: string | undefined;
  password?: string | undefined;
  role: MemberRole;
  tags?: string[];
  realName?: string;
  studentNo?: string;
  school?: string;
  gradeLevel?: string;
  remark?: string;
  groupIds?: number[];
}

/** A row to add: its input, or why it was refused before (a malformed spreadsheet cell). */
export interface PersonRowInput {
  row: number;
  input?: PersonInput;
  refused?: { key: string; nickname: string; field: string; message: string };
}

export interface AddPeopleOptions {
  organizationId: number;
  scope: Scope;
  actor: { userId: number; memberId: number };
  requestId: string;
  dryRun: boolean;
  /** batchRegister: a mobile already registered is refused instead of linked. */
  newUsersOnly?: boolean;
}

type Row = BatchMembersAnswer['rows'][number];

const ROLE_NAMES: Record<MemberRole, string> = {
  student: '学员',
  parent: '家长',
  teacher: '教师',
  orgAdmin: '机构管理员',
};

/** The organization people are added to: passed and active. */
export async function openOrganization(db: Queryable, organizationId: number) {
  const { rows } = await db.query<{ id: number; name: string; member_approval: boolean }>(
    `SELECT id, name, member_approval FROM organizations
      WHERE id = $1 AND state = 'passed' AND status = 'active'`,
    [organizationId],
  );
  const org = rows[0];
  if (!org) throw fail('NOT_FOUND', `机构 ${organizationId} 不存在或未通过审核`);
  return org;
}

interface Plan {
  row: number;
  input: PersonInput;
  key: string;
  userId: number | null;
  password: string | null;
}

/** Someone registered elsewhere: invited, not linked. */
interface InvitePlan extends Invitee {
  row: number;
  key: string;
  maskedName: string;
}

const isUniqueViolation = (err: unknown) => err instanceof pg.DatabaseError && err.code === '23505';

export async function addPeople(
  pool: Pool,
  rows: PersonRowInput[],
  options: AddPeopleOptions,
): Promise<BatchMembersAnswer> {
  const org = await openOrganization(pool, options.organizationId);
  const results = new Map<number, Row>();
  const refuse = (row: number, key: string, nickname: string, field: string, message: string) =>
    results.set(row, {
      row,
      key,
      outcome: 'refused',
      memberId: null,
      nickname,
      initialPassword: null,
      field,
      message,
      invitation: null,
    });

  const inputs = rows.filter((r) => {
    if (r.refused) {
      refuse(r.row, r.refused.key, r.refused.nickname, r.refused.field, r.refused.message);
      return false;
    }
    return true;
  }) as { row: number; input: PersonInput }[];

  const mobiles = inputs.flatMap((r) => (r.input.mobile ? [r.input.mobile] : []));
  const usernames = inputs.map((r) => (r.input.username ?? r.input.mobile ?? '').toLowerCase());
  const users = await pool.query<{
    id: number;
    mobile: string | null;
    username: string;
    nickname: string;
  }>(
    `SELECT id, mobile, lower(username) AS username, nickname FROM users
      WHERE mobile = ANY($1::text[]) OR lower(username) = ANY($2::text[])`,
    [mobiles, usernames],
  );
  const nicknameOf = new Map(users.rows.map((u) => [u.id, u.nickname]));
  const userByMobile = new Map(users.rows.filter((u) => u.mobile).map((u) => [u.mobile!, u.id]));
  const takenUsernames = new Set(users.rows.map((u) => u.username));
  const existing = await pool.query<{ user_id: number; role: MemberRole }>(
    `SELECT user_id, role FROM members WHERE organization_id = $1 AND user_id = ANY($2::int[])`,
    [org.id, [...userByMobile.values()]],
  );
  const membersHere = new Set(existing.rows.map((m) => `${m.user_id}:${m.role}`));
  const knownHere = new Set(existing.rows.map((m) => m.user_id));
  const groups = await pool.query<{ id: number }>(
    'SELECT id FROM teacher_groups WHERE organization_id = $1',
    [org.id],
  );
  const groupIds = new Set(groups.rows.map((g) => g.id));

  const seenMobile = new Map<string, number>();
  const seenUsername = new Map<string, number>();
  const plans: Plan[] = [];
  const invites: InvitePlan[] = [];
  for (const { row, input } of inputs) {
    const key = input.mobile ?? input.username ?? '';
    const no = (field: string, message: string) => refuse(row, key, input.nickname, field, message);
    const username = (input.username ?? input.mobile ?? '').toLowerCase();
    if (input.mobile && seenMobile.has(input.mobile)) {
      no('mobile', `与第 ${seenMobile.get(input.mobile)} 行的手机号重复`);
      continue;
    }
    if (seenUsername.has(username)) {
      no('username', `与第 ${seenUsername.get(username)} 行的用户名重复`);
      continue;
    }
    if (input.mobile) seenMobile.set(input.mobile, row);
    seenUsername.set(username, row);
    const unknownGroup = (input.groupIds ?? []).find((id) => !groupIds.has(id));
    if (unknownGroup !== undefined) {
      no('groupIds', `分组 ${unknownGroup} 不存在或不属于本机构`);
      continue;
    }
    const userId = input.mobile ? (userByMobile.get(input.mobile) ?? null) : null;
    if (userId !== null) {
      if (options.newUsersOnly) {
        no('mobile', '手机号已注册');
        continue;
      }
      if (membersHere.has(`${userId}:${input.role}`)) {
        no('mobile', `该手机号已是本机构的${ROLE_NAMES[input.role]}账号`);
        continue;
      }
      if (needsConsent(options.scope, input.role, knownHere.has(userId))) {
        const maskedName = maskedNameOf(nicknameOf.get(userId) ?? '');
        invites.push({ row, key, userId, input, maskedName });
        continue;
      }
      plans.push({ row, input, key, userId, password: null });
      continue;
    }
    if (takenUsernames.has(username)) {
      no(input.username ? 'username' : 'mobile', '用户名已被占用');
      continue;
    }
    plans.push({ row, input, key, userId: null, password: input.password ?? generatePassword() });
  }

  const accepted = (plan: Plan, memberId: number | null): Row => ({
    row: plan.row,
    key: plan.key,
    outcome: plan.userId === null ? 'created' : 'linked',
    memberId,
    nickname: plan.input.nickname,
    initialPassword: plan.input.password === undefined ? plan.password : null,
    field: null,
    message:
      plan.userId === null
        ? '已新建账号'
        : `已为该手机号的已有用户开通本机构${ROLE_NAMES[plan.input.role]}账号（沿用其原密码）`,
    invitation: null,
  });
  const invited = (plan: InvitePlan, id: number | null): Row => ({
    row: plan.row,
    key: plan.key,
    outcome: 'pending',
    memberId: null,
    nickname: plan.input.nickname,
    initialPassword: null,
    field: null,
    message: `该手机号已在其他机构注册（${plan.maskedName}），${
      id === null ? '将' : '已'
    }向其发出加入邀请，待学员确认后才会加入本机构`,
    invitation: { id, maskedName: plan.maskedName },
  });

  if (options.dryRun) {
    for (const plan of plans) results.set(plan.row, accepted(plan, null));
    for (const plan of invites) results.set(plan.row, invited(plan, null));
  } else {
    const hashes = await Promise.all(
      plans.map((p) => (p.password === null ? null : hashPassword(p.password))),
    );
    const trusted = isAdminScope(options.scope);
    const approval = nextState(
      memberApprovalLifecycle,
      'none',
      'submit',
      submitDetails(trusted || !org.member_approval),
    )!;
    await withTransaction(pool, async (client) => {
      for (const [i, plan] of plans.entries()) {
        await client.query('SAVEPOINT person_row');
        try {
          const memberId = await writePerson(client, plan, hashes[i] ?? null, approval, options);
          await client.query('RELEASE SAVEPOINT person_row');
          results.set(plan.row, accepted(plan, memberId));
        } catch (err) {
          await client.query('ROLLBACK TO SAVEPOINT person_row');
          if (!isUniqueViolation(err)) throw err;
          refuse(
            plan.row,
            plan.key,
            plan.input.nickname,
            'mobile',
            '该用户刚被他人添加，请刷新后重试',
          );
        }
      }
      const ids = await invitePeople(client, invites, { ...options, approval });
      for (const [i, plan] of invites.entries()) results.set(plan.row, invited(plan, ids[i]!));
    });
  }

  const ordered = [...results.values()].sort((a, b) => a.row - b.row);
  const count = (o: Row['outcome']) => ordered.filter((r) => r.outcome === o).length;
  return {
    dryRun: options.dryRun,
    created: count('created'),
    linked: count('linked'),
    pending: count('pending'),
    refused: count('refused'),
    rows: ordered,
  };
}

async function writePerson(
  client: PoolClient,
  plan: Plan,
  passwordHash: string | null,
  approval: string,
  options: AddPeopleOptions,
): Promise<number> {
  return writeMember(client, plan, passwordHash, approval, {
    organizationId: options.organizationId,
    createdByMemberId: options.actor.memberId,
    teacherMemberId: teacherOf(options.scope),
    actor: options.actor,
    requestId: options.requestId,
  });
}

/** The teacher whose own learner a new learner becomes: a teacher adding them (access/predicates.ts). */
export const teacherOf = (scope: Scope): number | null =>
  scope.kind === 'organization' && scope.role === 'teacher' ? scope.memberId : null;

/**
 * Writes an account in an organization (and the login, when `userId` is null) with its groups,
 * its teacher and its first approval move. Also used when an invitation is accepted.
 */
export async function writeMember(
  client: PoolClient,
  plan: { input: PersonInput; userId: number | null },
  passwordHash: string | null,
  approval: string,
  options: {
    organizationId: number;
    createdByMemberId: number;
    teacherMemberId: number | null;
    actor: { userId: number; memberId: number };
    requestId: string;
  },
): Promise<number> {
  const { input } = plan;
  let userId = plan.userId;
  if (userId === null) {
    const user = await client.query<{ id: number }>(
      `INSERT INTO users (username, mobile, password_hash, nickname)
       VALUES ($1, $2, $3, $4) RETURNING id`,
      [input.username ?? input.mobile, input.mobile ?? null, passwordHash, input.nickname],
    );
    userId = user.rows[0]!.id;
  }
  const member = await client.query<{ id: number }>(
    `INSERT INTO members (user_id, organization_id, role, nickname, approval, tags, real_name,
                          student_no, school, grade_level, remark, created_by_member_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
    [
      userId,
      options.organizationId,
      input.role,
      input.nickname,
      approval,
      input.tags ?? [],
      input.realName ?? '',
      input.studentNo ?? '',
      input.school ?? '',
      input.gradeLevel ?? '',
      input.remark ?? '',
      options.createdByMemberId,
    ],
  );
  const memberId = member.rows[0]!.id;
  if (plan.userId === null) {
    await client.query('UPDATE users SET last_member_id = $2 WHERE id = $1', [userId, memberId]);
  }
  if (input.groupIds?.length) {
    await client.query(
      `INSERT INTO teacher_group_members (group_id, member_id)
       SELECT unnest($1::int[]), $2`,
      [input.groupIds, memberId],
    );
  }
  // A teacher's own learners: theirs to read from now on (access/predicates.ts).
  if (options.teacherMemberId !== null) {
    await client.query(
      'INSERT INTO member_teachers (teacher_member_id, student_member_id) VALUES ($1, $2)',
      [options.teacherMemberId, memberId],
    );
  }
  await recordTransition(
    client,
    'member',
    { id: memberId, action: 'submit', actor: options.actor, requestId: options.requestId },
    'none',
    approval,
  );
  return memberId;
}

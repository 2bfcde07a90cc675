/**
 * Invitations to join an organization (issue 25 item 13; lifecycles/member-invitation.ts).
 * When an organization's staff add a learner by a mobile that is registered only in other
 * organizations, the login is not linked into theirs: an invitation waits for its owner, who
 * accepts it — the account is made then, as staff entered it — or declines it, from their own
 * account area. Until then staff see the person masked (masking.ts), never their username or
 * name, and nothing of theirs is readable to the organization (there is no account in it).
 *
 * Platform staff, and people who already have an account in the organization, are linked as
 * before (people-write.ts): the first may read everyone anyway, the second are known there.
 */
import type { z } from 'zod';
import type { MemberInvitationAction } from '../../contract/lifecycle-actions.ts';
import type {
  INVITATION_SORT,
  invitationFilter,
  ownInvitationItem,
  staffInvitationItem,
} from '../../contract/organization/invitations.ts';
import type { Page, PageQuery } from '../../contract/paging.ts';
import {
  INVITATION_OPEN,
  memberInvitationLifecycle,
  type MemberInvitationState,
} from '../../machines/lifecycles/member-invitation.ts';
import type { Auth } from '../http/sessions.ts';
import type { Scope } from '../access/scope.ts';
import { withTransaction, type Pool, type PoolClient } from '../db/pool.ts';
import { SqlParams } from '../db/sql-params.ts';
import { fail } from '../http/app-error.ts';
import { orderBy, pagedRows, type SortColumns } from '../http/paging.ts';
import { recordTransition, transitionRow, type LifecycleRows } from '../lifecycle/transition.ts';
import { maskMobile, maskName } from './masking.ts';
import { LEARNER_ROLES } from './people.ts';
import { teacherOf, writeMember, type PersonInput } from './people-write.ts';

const ROWS: LifecycleRows = {
  entity: 'memberInvitation',
  table: 'member_invitations',
  column: 'state',
};

/** Whether adding this login needs its owner's consent: a learner, added by an organization's staff, unknown there. */
export const needsConsent = (scope: Scope, role: PersonInput['role'], knownHere: boolean) =>
  scope.kind === 'organization' &&
  (LEARNER_ROLES as readonly string[]).includes(role) &&
  !knownHere;

export const maskedNameOf = maskName;

/** Someone to invite: their login and what staff entered for the account. */
export interface Invitee {
  userId: number;
  input: PersonInput;
}

/** What an invitation keeps for the account it makes on acceptance. */
interface Details {
  input: PersonInput;
  /** The account's first approval state, decided when staff added them (people-write.ts). */
  approval: string;
  teacherMemberId: number | null;
}

/**
 * Writes the invitations in the caller's transaction; inviting someone again while one waits
 * refreshes what staff entered and answers the same invitation. Answers their ids in order.
 */
export async function invitePeople(
  client: PoolClient,
  invitees: Invitee[],
  options: {
    organizationId: number;
    scope: Scope;
    actor: { userId: number; memberId: number };
    requestId: string;
    approval: string;
  },
): Promise<number[]> {
  const ids: number[] = [];
  for (const invitee of invitees) {
    const details: Details = {
      input: invitee.input,
      approval: options.approval,
      teacherMemberId: teacherOf(options.scope),
    };
    const { rows } = await client.query<{ id: number; inserted: boolean }>(
      `INSERT INTO member_invitations (user_id, organization_id, role, state, details,
                                       invited_by_member_id)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6)
       ON CONFLICT (user_id, organization_id, role) WHERE state = 'pending'
       DO UPDATE SET details = EXCLUDED.details,
                     invited_by_member_id = EXCLUDED.invited_by_member_id, updated_at = now()
       RETURNING id, (xmax = 0) AS inserted`,
      [
        invitee.userId,
        options.organizationId,
        invitee.input.role,
        INVITATION_OPEN,
        JSON.stringify(details),
        options.actor.memberId,
      ],
    );
    const row = rows[0]!;
    if (row.inserted) {
      await recordTransition(
        client,
        ROWS.entity,
        { id: row.id, action: 'submit', actor: options.actor, requestId: options.requestId },
        'none',
        INVITATION_OPEN,
      );
    }
    ids.push(row.id);
  }
  return ids;
}

const sortable: SortColumns<typeof INVITATION_SORT> = { id: 'i.id' };

interface InvitationRow {
  id: number;
  user_id: number;
  state: MemberInvitationState;
  role: PersonInput['role'];
  details: Details;
  organization_name: string;
  invited_by_name: string;
  user_nickname: string;
  user_mobile: string | null;
  member_id: number | null;
  created_at: Date;
  updated_at: Date;
}

const SELECT = `i.id, i.user_id, i.state, i.role, i.details, o.name AS organization_name,
  b.nickname AS invited_by_name, u.nickname AS user_nickname, u.mobile AS user_mobile,
  i.member_id, i.created_at, i.updated_at`;
const FROM = `FROM member_invitations i
  JOIN organizations o ON o.id = i.organization_id
  JOIN members b ON b.id = i.invited_by_member_id
  JOIN users u ON u.id = i.user_id`;

type OwnItem = z.infer<typeof ownInvitationItem>;
type StaffItem = z.infer<typeof staffInvitationItem>;
type Filter = z.output<typeof invitationFilter>;

const toOwn = (r: InvitationRow): OwnItem => ({
  id: r.id,
  state: r.state,
  organizationName: r.organization_name,
  role: r.role,
  invitedByName: r.invited_by_name,
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
  memberId: r.member_id,
});

const toStaffInvitation = (r: InvitationRow): StaffItem => ({
  id: r.id,
  state: r.state,
  maskedName: maskName(r.user_nickname),
  maskedMobile: maskMobile(r.user_mobile),
  role: r.role,
  nickname: r.details.input.nickname,
  invitedByName: r.invited_by_name,
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
});

/** The invitations the signed-in person received, waiting ones first. */
export async function ownInvitations(
  pool: Pool,
  auth: Auth,
  filter: Filter,
  page: PageQuery,
): Promise<Page<OwnItem>> {
  const sql = new SqlParams();
  const where = [`i.user_id = ${sql.add(auth.userId)}`];
  if (filter.state) where.push(`i.state = ${sql.add(filter.state)}`);
  const rows = await pagedRows<InvitationRow>(
    pool,
    {
      select: SELECT,
      from: `${FROM} WHERE ${where.join(' AND ')}`,
      params: sql.values,
      // The state is the code's own constant, written into the text: a parameter added for the
      // fallback order is sent unused when the caller names a sort, and PostgreSQL refuses that.
      order: orderBy(
        page,
        sortable,
        `(i.state = '${INVITATION_OPEN}') DESC, i.id DESC`,
        'i.id DESC',
      ),
    },
    page,
  );
  return { ...rows, content: rows.content.map(toOwn) };
}

/** The invitations an organization sent: an admin's all, a teacher's their own. */
export async function staffInvitations(
  pool: Pool,
  scope: Scope,
  filter: Filter,
  page: PageQuery,
): Promise<Page<StaffItem>> {
  if (scope.kind !== 'organization') throw fail('FORBIDDEN', '只有机构教师可以查看本机构的邀请');
  const sql = new SqlParams();
  const where = [`i.organization_id = ${sql.add(scope.organizationId)}`];
  if (scope.role === 'teacher') where.push(`i.invited_by_member_id = ${sql.add(scope.memberId)}`);
  if (filter.state) where.push(`i.state = ${sql.add(filter.state)}`);
  const rows = await pagedRows<InvitationRow>(
    pool,
    {
      select: SELECT,
      from: `${FROM} WHERE ${where.join(' AND ')}`,
      params: sql.values,
      order: orderBy(page, sortable, 'i.id DESC', 'i.id DESC'),
    },
    page,
  );
  return { ...rows, content: rows.content.map(toStaffInvitation) };
}

async function readOwn(db: Pool | PoolClient, auth: Auth, id: number) {
  const { rows } = await db.query<InvitationRow>(
    `SELECT ${SELECT} ${FROM} WHERE i.id = $1 AND i.user_id = $2`,
    [id, auth.userId],
  );
  // Someone else's invitation is absent, as every read outside the caller's own.
  if (!rows[0]) throw fail('NOT_FOUND', `邀请 ${id} 不存在`);
  return rows[0];
}

/**
 * The invited person answers: the machine decides whether the invitation still waits (a second
 * answer is refused with the state it found); accepting makes the account in the organization,
 * as staff entered it, in the same commit.
 */
export async function answerInvitation(
  pool: Pool,
  auth: Auth,
  id: number,
  action: MemberInvitationAction,
  requestId: string,
): Promise<OwnItem> {
  await withTransaction(pool, async (client) => {
    const row = await readOwn(client, auth, id);
    const actor = { userId: auth.userId, memberId: auth.memberId };
    const { to } = await transitionRow(client, memberInvitationLifecycle, ROWS, {
      id,
      action,
      actor,
      requestId,
    });
    if (to !== 'accepted') return;
    const { rows: org } = await client.query<{ organization_id: number; by: number }>(
      `SELECT organization_id, invited_by_member_id AS by FROM member_invitations WHERE id = $1`,
      [id],
    );
    const { organization_id: organizationId, by } = org[0]!;
    // An account made meanwhile (staff of the organization added them another way): keep it.
    const existing = await client.query<{ id: number }>(
      'SELECT id FROM members WHERE user_id = $1 AND organization_id = $2 AND role = $3',
      [row.user_id, organizationId, row.role],
    );
    const memberId =
      existing.rows[0]?.id ??
      (await writeMember(
        client,
        { input: row.details.input, userId: row.user_id },
        null,
        row.details.approval,
        {
          organizationId,
          createdByMemberId: by,
          teacherMemberId: row.details.teacherMemberId,
          actor,
          requestId,
        },
      ));
    await client.query('UPDATE member_invitations SET member_id = $2 WHERE id = $1', [
      id,
      memberId,
    ]);
  });
  return toOwn(await readOwn(pool, auth, id));
}

/** One invitation as staff see it (the answer to a single add that made it). */
export async function staffInvitationById(pool: Pool, id: number): Promise<StaffItem> {
  const { rows } = await pool.query<InvitationRow>(`SELECT ${SELECT} ${FROM} WHERE i.id = $1`, [
    id,
  ]);
  if (!rows[0]) throw fail('NOT_FOUND', `邀请 ${id} 不存在`);
  return toStaffInvitation(rows[0]);
}

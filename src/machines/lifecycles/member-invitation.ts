/**
 * An invitation to join an organization (issue 25 item 13). Staff who add someone by a mobile
 * already registered elsewhere do not link that login into their organization: they leave an
 * invitation, and only its owner, from their own account area, accepts it (the account in the
 * organization is made then) or declines it. Either answer is final.
 *
 *   pending ──acceptInvitation──► accepted
 *   pending ──declineInvitation──► declined
 */
import { setup } from 'xstate';
import type { MemberInvitationAction } from '../../contract/lifecycle-actions.ts';
import { allowedActions, defineLifecycle } from './lifecycle.ts';

export const MEMBER_INVITATION_STATES = ['pending', 'accepted', 'declined'] as const;
export type MemberInvitationState = (typeof MEMBER_INVITATION_STATES)[number];

export const memberInvitationMachine = setup({
  types: { events: {} as { type: MemberInvitationAction } },
}).createMachine({
  id: 'memberInvitation',
  initial: 'pending',
  states: {
    pending: { on: { acceptInvitation: 'accepted', declineInvitation: 'declined' } },
    accepted: { type: 'final' },
    declined: { type: 'final' },
  },
});

export const memberInvitationLifecycle = defineLifecycle({
  noun: '机构邀请',
  machine: memberInvitationMachine,
  states: { pending: '待学员确认', accepted: '已接受', declined: '已拒绝' },
  actions: ['acceptInvitation', 'declineInvitation'],
});

/** The state an invitation is written in. */
export const INVITATION_OPEN: MemberInvitationState = 'pending';

/** What the invited person may do with it now: the buttons of their screen. */
export const invitationActions = (state: MemberInvitationState): MemberInvitationAction[] =>
  allowedActions(memberInvitationLifecycle, state);

import { describe, expect, it } from 'vitest';
import type { MemberInvitationAction } from '../../contract/lifecycle-actions.ts';
import { isFinalState, nextState, refusalOf } from './lifecycle.ts';
import {
  invitationActions,
  MEMBER_INVITATION_STATES,
  memberInvitationLifecycle,
  type MemberInvitationState,
} from './member-invitation.ts';

/** The whole table: for each state, where each action leads; absent = refused. */
const EXPECTED: Record<
  MemberInvitationState,
  Partial<Record<MemberInvitationAction, MemberInvitationState>>
> = {
  pending: { acceptInvitation: 'accepted', declineInvitation: 'declined' },
  accepted: {},
  declined: {},
};

describe('an invitation to join an organization', () => {
  it.each(MEMBER_INVITATION_STATES)('moves from %s only as the table says', (state) => {
    for (const action of memberInvitationLifecycle.actions) {
      expect(nextState(memberInvitationLifecycle, state, action)).toBe(
        EXPECTED[state][action] ?? null,
      );
    }
    expect(invitationActions(state)).toEqual(Object.keys(EXPECTED[state]));
  });

  it('is final once answered, and says so in the refusal', () => {
    expect(isFinalState(memberInvitationLifecycle, 'pending')).toBe(false);
    expect(isFinalState(memberInvitationLifecycle, 'accepted')).toBe(true);
    expect(isFinalState(memberInvitationLifecycle, 'declined')).toBe(true);
    expect(refusalOf(memberInvitationLifecycle, 'declined', 'acceptInvitation')).toBe(
      '机构邀请当前为「已拒绝」，不能接受邀请',
    );
  });
});

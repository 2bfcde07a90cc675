import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { OwnInvitationItem } from '../../contract/organization/invitations.ts';
import { invitationAnswerMachine, type InvitationAnswer } from './machine.ts';

const settle = () => new Promise((r) => setTimeout(r, 0));
const accepted: OwnInvitationItem = {
  id: 7,
  state: 'accepted',
  organizationName: '信奥训练营示范校',
  role: 'student',
  invitedByName: '演示教练',
  createdAt: '2026-11-29T00:00:00.000Z',
  updatedAt: '2026-11-29T00:01:00.000Z',
  memberId: 42,
};

function start(answer: (input: InvitationAnswer) => Promise<OwnInvitationItem>) {
  const seen: InvitationAnswer[] = [];
  let changed = 0;
  const actor = createActor(
    invitationAnswerMachine.provide({
      actors: {
        answer: fromPromise(async ({ input }) => {
          seen.push(input);
          return answer(input);
        }),
      },
      actions: { changed: () => void (changed += 1) },
    }),
  ).start();
  return { actor, seen, changed: () => changed };
}

describe('a learner answering an invitation', () => {
  it('sends one answer, keeps what the server answered and says the invitation changed', async () => {
    const { actor, seen, changed } = start(async () => accepted);
    actor.send({ type: 'ACCEPT', invitationId: 7 });
    actor.send({ type: 'DECLINE', invitationId: 7 });
    expect(actor.getSnapshot().matches('working')).toBe(true);
    await settle();
    expect(seen).toEqual([{ action: 'acceptInvitation', invitationId: 7 }]);
    expect(actor.getSnapshot().matches('done')).toBe(true);
    expect(actor.getSnapshot().context.invitation).toEqual(accepted);
    expect(changed()).toBe(1);
  });

  it('keeps a refusal beside the invitation it was for, and reloads (the state moved on)', async () => {
    const { actor, changed } = start(async () => {
      throw new Error('机构邀请当前为「已接受」，不能拒绝邀请');
    });
    actor.send({ type: 'DECLINE', invitationId: 7 });
    await settle();
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches('failed')).toBe(true);
    expect(snapshot.context.last).toEqual({ action: 'declineInvitation', invitationId: 7 });
    expect(snapshot.context.error?.message).toContain('已接受');
    expect(changed()).toBe(1);
    // The next answer clears the old refusal.
    actor.send({ type: 'ACCEPT', invitationId: 8 });
    expect(actor.getSnapshot().context.error).toBeNull();
  });
});

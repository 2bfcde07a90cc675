/**
 * A learner answering an invitation to join an organization (issue 25 item 13) from their own
 * account page: accept or decline. The answer or the refusal stays, beside the invitation it was
 * for, until the next action.
 *
 *   idle ─ACCEPT | DECLINE─► working ─► done | failed
 */
import { assign, fromPromise, setup } from 'xstate';
import type { MemberInvitationAction } from '../../contract/lifecycle-actions.ts';
import type { OwnInvitationItem } from '../../contract/organization/invitations.ts';
import { describeError, type ErrorInfo } from '../errors.ts';
import { notProvided } from '../not-provided.ts';

export interface InvitationAnswer {
  action: MemberInvitationAction;
  invitationId: number;
}

export interface InvitationAnswerContext {
  last: InvitationAnswer | null;
  invitation: OwnInvitationItem | null;
  error: ErrorInfo | null;
}

export type InvitationAnswerEvent =
  { type: 'ACCEPT'; invitationId: number } | { type: 'DECLINE'; invitationId: number };

const cleared = { invitation: null, error: null };

export const invitationAnswerMachine = setup({
  types: { context: {} as InvitationAnswerContext, events: {} as InvitationAnswerEvent },
  actors: {
    answer: fromPromise<OwnInvitationItem, InvitationAnswer>(notProvided('answer')),
  },
  actions: {
    /** The invitation changed (and maybe the learner's accounts): their lists reload. */
    changed: () => undefined,
  },
}).createMachine({
  id: 'invitationAnswer',
  context: { last: null, ...cleared },
  initial: 'idle',
  on: {
    ACCEPT: {
      target: '.working',
      actions: assign(({ event }) => ({
        last: { action: 'acceptInvitation' as const, invitationId: event.invitationId },
        ...cleared,
      })),
    },
    DECLINE: {
      target: '.working',
      actions: assign(({ event }) => ({
        last: { action: 'declineInvitation' as const, invitationId: event.invitationId },
        ...cleared,
      })),
    },
  },
  states: {
    idle: {},
    working: {
      // One answer at a time: a double click does not send twice.
      on: { ACCEPT: { actions: [] }, DECLINE: { actions: [] } },
      invoke: {
        src: 'answer',
        input: ({ context }) => context.last!,
        onDone: {
          target: 'done',
          actions: [assign({ invitation: ({ event }) => event.output }), 'changed'],
        },
        onError: {
          target: 'failed',
          actions: [assign({ error: ({ event }) => describeError(event.error) }), 'changed'],
        },
      },
    },
    done: {},
    failed: {},
  },
});

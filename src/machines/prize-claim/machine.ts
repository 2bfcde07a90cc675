/**
 * A learner acting on a prize they won (issue 10 item 2) from an activity's detail screen:
 * collect it (an onsite prize, or confirming a shipped one arrived) or give the shipping address
 * of an express one. The answer, a refusal, or the fields the server refused (named as the
 * address form names them) stay until the next action.
 *
 *   idle ─COLLECT | ADDRESS─► working ─► done | failed
 */
import { assign, fromPromise, setup } from 'xstate';
import type { AwardItem, ShippingAddressBody } from '../../contract/activity-prize/calls.ts';
import { describeError, serverFieldErrors, type ErrorInfo, type FieldError } from '../errors.ts';
import { notProvided } from '../not-provided.ts';

export type PrizeClaim =
  | { kind: 'collect'; awardId: number }
  | { kind: 'address'; awardId: number; address: ShippingAddressBody };

export interface PrizeClaimContext {
  last: PrizeClaim | null;
  award: AwardItem | null;
  error: ErrorInfo | null;
  fieldErrors: FieldError[];
}

export type PrizeClaimEvent =
  | { type: 'COLLECT'; awardId: number }
  // The award's id beside the address: an exported log scrubs `address` whole (scrub.ts), and
  // replay must still find which award the action was for.
  | { type: 'ADDRESS'; awardId: number; address: ShippingAddressBody }
  | { type: 'DISMISS' };

const cleared = { award: null, error: null, fieldErrors: [] as FieldError[] };

export const prizeClaimMachine = setup({
  types: { context: {} as PrizeClaimContext, events: {} as PrizeClaimEvent },
  actors: { claim: fromPromise<AwardItem, PrizeClaim>(notProvided('claim')) },
  actions: {
    /** The prize changed: the activity's prize panel reloads. */
    changed: () => undefined,
  },
}).createMachine({
  id: 'prizeClaim',
  context: { last: null, ...cleared },
  initial: 'idle',
  on: {
    COLLECT: {
      target: '.working',
      actions: assign(({ event }) => ({
        last: { kind: 'collect' as const, awardId: event.awardId },
        ...cleared,
      })),
    },
    ADDRESS: {
      target: '.working',
      actions: assign(({ event }) => ({
        last: { kind: 'address' as const, awardId: event.awardId, address: event.address },
        ...cleared,
      })),
    },
    DISMISS: { target: '.idle', actions: assign({ last: null, ...cleared }) },
  },
  states: {
    idle: {},
    working: {
      // One action at a time: a double click does not send twice.
      on: { COLLECT: { actions: [] }, ADDRESS: { actions: [] } },
      invoke: {
        id: 'claim',
        src: 'claim',
        input: ({ context }) => context.last!,
        onDone: {
          target: 'done',
          actions: [assign({ award: ({ event }) => event.output }), 'changed'],
        },
        onError: {
          target: 'failed',
          actions: assign({
            error: ({ event }) => describeError(event.error),
            fieldErrors: ({ event }) => serverFieldErrors(event.error),
          }),
        },
      },
    },
    done: {},
    failed: {},
  },
});

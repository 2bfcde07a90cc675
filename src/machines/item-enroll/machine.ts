/**
 * Enrolling in one item from its detail screen — an exam (issue 7), a class (issue 8), an
 * activity (issue 10) — keyed by the item's id field (`examId`, `gradeId`, `activityId`), which
 * names the id in the event, the context and the enroll actor's input, so each kind's logs read
 * as that kind's. A free item enrolls at once. A paid one is enrolled and paid in one go (issue
 * 25 item 7): the order the enrollment placed, still awaiting its money, is emitted as
 * `awaitingPayment`, which the runtime hands to the checkout — the same pay dialog a card opens.
 * Closing that dialog leaves the order unpaid and payable later (the item's page, /order). One
 * enrollment at a time; the outcome (or the server's refusal) stays until the next.
 *
 *   idle ─ENROLL─► enrolling ─► enrolled | failed      (ENROLL from enrolled or failed again)
 *                      └─ (the order awaits payment) ─► enrolled + emit awaitingPayment
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import type { OrderDetail } from '../../contract/order/calls.ts';
import { describeError, type ErrorInfo } from '../errors.ts';
import { awaitsPayment } from '../lifecycles/orders.ts';
import { notProvided } from '../not-provided.ts';

/**
 * The id fields of the enrollable kinds, filled by each kind where it instantiates the machine
 * (its `<kind>-enroll/machine.ts` adds `{ examId: true }` by module augmentation): a new kind
 * touches only its own folder, and this file names none of them.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- each kind's machine.ts adds its field
export interface ItemKeys {}
/** The id field of an enrollable kind (`examId`, `gradeId`, `activityId`). */
export type ItemKey = keyof ItemKeys & string;
/** The item being enrolled in, under its kind's id field. */
export type ItemIds = Partial<Record<ItemKey, number>>;
export type ItemEnrollContext = Partial<Record<ItemKey, number | null>> & {
  order: OrderDetail | null;
  error: ErrorInfo | null;
};
export type ItemEnrollEvent = ({ type: 'ENROLL' } & ItemIds) | { type: 'DISMISS' };
/** The enrollment placed an order that waits for its money: the checkout takes it from here. */
export type ItemEnrollEmitted = { type: 'awaitingPayment'; order: OrderDetail };

export function itemEnrollMachineOf(id: string, key: ItemKey) {
  return setup({
    types: {
      context: {} as ItemEnrollContext,
      events: {} as ItemEnrollEvent,
      emitted: {} as ItemEnrollEmitted,
    },
    actors: { enroll: fromPromise<OrderDetail, ItemIds>(notProvided('enroll')) },
    actions: {
      /** The member's enrollments (and the item's seats) changed: screens showing them reload. */
      changed: () => undefined,
    },
  }).createMachine({
    id,
    context: { [key]: null, order: null, error: null },
    initial: 'idle',
    on: {
      DISMISS: { target: '.idle', actions: assign({ error: null, order: null }) },
    },
    states: {
      idle: { on: { ENROLL: 'enrolling' } },
      enrolling: {
        entry: assign(({ event }) => ({
          [key]: event.type === 'ENROLL' ? (event[key] ?? null) : null,
          order: null,
          error: null,
        })),
        invoke: {
          id: 'enroll',
          src: 'enroll',
          input: ({ context }) => ({ [key]: context[key] ?? undefined }),
          onDone: [
            {
              guard: ({ event }) => awaitsPayment(event.output),
              target: 'enrolled',
              actions: [
                assign({ order: ({ event }) => event.output }),
                'changed',
                emit(({ event }) => ({ type: 'awaitingPayment' as const, order: event.output })),
              ],
            },
            {
              target: 'enrolled',
              actions: [assign({ order: ({ event }) => event.output }), 'changed'],
            },
          ],
          onError: {
            target: 'failed',
            // A refusal may mean the item changed meanwhile (someone took the last seat).
            actions: [assign({ error: ({ event }) => describeError(event.error) }), 'changed'],
          },
        },
      },
      enrolled: { on: { ENROLL: 'enrolling' } },
      failed: { on: { ENROLL: 'enrolling' } },
    },
  });
}

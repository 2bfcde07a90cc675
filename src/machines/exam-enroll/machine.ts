/**
 * Enrolling in an exam (issue 7 item 3) from its detail screen. A free exam is entered at once;
 * a paid one leaves an order awaiting payment, which the screen hands to the checkout. One
 * enrollment at a time; the outcome stays until the next.
 *
 *   idle ─ENROLL─► enrolling ─► enrolled | failed      (ENROLL from enrolled or failed again)
 */
import { assign, fromPromise, setup } from 'xstate';
import type { OrderDetail } from '../../contract/order/calls.ts';
import { describeError, type ErrorInfo } from '../errors.ts';
import { notProvided } from '../notProvided.ts';

export interface ExamEnrollContext {
  examId: number | null;
  order: OrderDetail | null;
  error: ErrorInfo | null;
}

export type ExamEnrollEvent = { type: 'ENROLL'; examId: number } | { type: 'DISMISS' };

export const examEnrollMachine = setup({
  types: { context: {} as ExamEnrollContext, events: {} as ExamEnrollEvent },
  actors: {
    enroll: fromPromise<OrderDetail, { examId: number }>(notProvided('enroll')),
  },
  actions: {
    /** The member's enrollments changed: lists showing them reload. */
    changed: () => undefined,
  },
}).createMachine({
  id: 'examEnroll',
  context: { examId: null, order: null, error: null },
  initial: 'idle',
  on: {
    DISMISS: { target: '.idle', actions: assign({ error: null, order: null }) },
  },
  states: {
    idle: { on: { ENROLL: 'enrolling' } },
    enrolling: {
      entry: assign({
        examId: ({ event }) => (event as { examId: number }).examId,
        order: null,
        error: null,
      }),
      invoke: {
        id: 'enroll',
        src: 'enroll',
        input: ({ context }) => ({ examId: context.examId! }),
        onDone: {
          target: 'enrolled',
          actions: [assign({ order: ({ event }) => event.output }), 'changed'],
        },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => describeError(event.error) }),
        },
      },
    },
    enrolled: { on: { ENROLL: 'enrolling' } },
    failed: { on: { ENROLL: 'enrolling' } },
  },
});

/**
 * Rolling notice — docs/product-rules.md#rolling-notice: shown unless it was dismissed recently;
 * dismissal stores the current timestamp, and the notice is hidden while the stored day-of-month
 * minus today's day-of-month is 2 or less, shown otherwise.
 *
 * The rule is implemented exactly as written, day-of-month arithmetic included. Read
 * literally it hides the notice for good after most dismissals (any earlier day of the same
 * month gives a negative difference); it reappears only when the stored day-of-month is more
 * than two above today's, e.g. dismissed on the 30th and today is the 2nd. The tests pin
 * this so any change to the rule is a deliberate one.
 *
 * Days are read in Asia/Shanghai (docs/protocol.md, "Times and money"), which also keeps the
 * machine independent of the host's time zone. `now` comes in through input and DISMISS; the UI
 * supplies the stored timestamp and performs `persistDismissal` (local storage).
 */
import { assign, setup } from 'xstate';
import { DISPLAY_TZ_OFFSET_MS, NOTICE_HIDE_DAY_DIFF } from './constants.ts';

export interface RollingNoticeInput {
  /** Timestamp (ms) stored at the last dismissal, or null if never dismissed. */
  dismissedAt: number | null;
  now: number;
}

export interface RollingNoticeContext {
  dismissedAt: number | null;
  now: number;
}

export type RollingNoticeEvent = { type: 'DISMISS'; now: number };

/** Day of month (1–31) of a timestamp in the display time zone. */
export function dayOfMonth(timestampMs: number): number {
  return new Date(timestampMs + DISPLAY_TZ_OFFSET_MS).getUTCDate();
}

/**
 * The rule of docs/product-rules.md#rolling-notice: hidden while storedDay − todayDay ≤ 2; never
 * dismissed → shown.
 */
export function isNoticeHidden(dismissedAt: number | null, now: number): boolean {
  if (dismissedAt === null || !Number.isFinite(dismissedAt)) return false;
  return dayOfMonth(dismissedAt) - dayOfMonth(now) <= NOTICE_HIDE_DAY_DIFF;
}

export const rollingNoticeMachine = setup({
  types: {
    context: {} as RollingNoticeContext,
    events: {} as RollingNoticeEvent,
    input: {} as RollingNoticeInput,
  },
  actions: {
    /** Store the dismissal timestamp in local storage. */
    persistDismissal: (_, _params: { now: number }) => {},
  },
  guards: {
    dismissedRecently: ({ context }) => isNoticeHidden(context.dismissedAt, context.now),
  },
}).createMachine({
  id: 'rollingNotice',
  context: ({ input }) => ({ dismissedAt: input.dismissedAt, now: input.now }),
  initial: 'deciding',
  states: {
    deciding: {
      always: [{ guard: 'dismissedRecently', target: 'hidden' }, { target: 'shown' }],
    },
    shown: {
      on: {
        DISMISS: {
          target: 'hidden',
          actions: [
            assign(({ event }) => ({ dismissedAt: event.now, now: event.now })),
            { type: 'persistDismissal', params: ({ event }) => ({ now: event.now }) },
          ],
        },
      },
    },
    hidden: {},
  },
});

/**
 * A staff write on the back-office screens (issue 6 item 6): create, update, publish, unpublish
 * or delete a card, right or AI token pack, or adjust a wallet. The screen sends the call and
 * its body; the answer, a refusal, or the fields the server refused (VALIDATION `data.fields`,
 * named as the form names them) stay until the next write or until the person moves to another
 * screen (issue 25 item 3).
 *
 *   idle ─SUBMIT─► working ─► done | failed ─ROUTE (another screen)─► idle
 *
 * An outcome belongs to the screen that caused it: the route arrives as an event (ROUTE, sent
 * by the app shell on every navigation), each write is tagged with the route it was made on
 * (`origin`), and a screen shows an outcome only while its route is the write's. A success is
 * told once, as a transient toast (`saved`, with the write's number for the toast's id); a
 * refusal stays where the action was taken until the next write or the next screen. A write
 * still in flight when the person moves on is never cancelled (it may already have applied):
 * it finishes, and its outcome is not shown on the new screen.
 */
import { assign, fromPromise, setup } from 'xstate';
import { describeError, serverFieldErrors, type ErrorInfo, type FieldError } from '../errors.ts';
import { notProvided } from '../not-provided.ts';
import type { CallBody } from '../../contract/call.ts';
import type { MultipartCall, Refs, StaffWriteCall } from '../../contract/refs.ts';

/**
 * The writes the back office makes, by call id: derived from the contract (each call's access,
 * method and kind, src/contract/staff-writes.ts) and written into the generated
 * src/contract/refs.ts by `npm run contract`. No list here names them.
 */
export type { StaffWriteCall };

/**
 * The body a staff write's call takes, from the contract's request schema; a multipart call
 * (an upload) takes its file beside the schema's fields.
 */
export type StaffWriteBody<C extends StaffWriteCall> = C extends MultipartCall
  ? CallBody<Refs[C]> & { file: Blob }
  : CallBody<Refs[C]>;

/**
 * A write as a screen asks for it: the call's id and its body, typed call by call, so a body the
 * call does not take is a compile error where the event is built (./events.ts). The event log
 * records it as it is: the call's id and the body.
 */
type TypedStaffWrite = {
  [C in StaffWriteCall]: { call: C; body: StaffWriteBody<C> };
}[StaffWriteCall];

/** A write as the context keeps it and the screens read it back: its call and body's fields. */
export interface StaffWrite {
  call: StaffWriteCall;
  body: Record<string, unknown>;
}

export interface StaffEditContext {
  last: StaffWrite | null;
  result: unknown;
  error: ErrorInfo | null;
  fieldErrors: FieldError[];
  /** The screen shown now (the router's path), null before the first ROUTE. */
  route: string | null;
  /**
   * The screen the last write was made on; null when made before any ROUTE, or when its screen
   * was left while it was in flight (then it matches no screen).
   */
  origin: string | null;
  /** How many writes were sent: names each write's toast. */
  seq: number;
}

export type StaffEditEvent =
  | ({ type: 'SUBMIT' } & TypedStaffWrite)
  | { type: 'DISMISS' }
  /** The person is on this screen now (sent on every navigation). */
  | { type: 'ROUTE'; path: string };

const cleared = { result: null, error: null, fieldErrors: [] as FieldError[] };

/** The toast that says write `seq` is saved (the next screen takes it away). */
export const savedToastId = (seq: number): string => `staff-saved:${seq}`;

/** Whether the outcome in `context` belongs to the screen shown now. */
export const outcomeIsHere = (context: Pick<StaffEditContext, 'route' | 'origin'>): boolean =>
  context.origin === context.route;

export const staffEditMachine = setup({
  types: { context: {} as StaffEditContext, events: {} as StaffEditEvent },
  actors: { write: fromPromise<unknown, StaffWrite>(notProvided('write')) },
  actions: {
    /** Something changed: the back office's lists reload. */
    changed: () => undefined,
    /** Tell the person it is saved, briefly (a toast named by the write's number). */
    saved: (_, _params: { seq: number }) => undefined,
  },
  guards: {
    otherScreen: ({ context, event }) => event.type === 'ROUTE' && event.path !== context.route,
  },
}).createMachine({
  id: 'staffEdit',
  context: { last: null, ...cleared, route: null, origin: null, seq: 0 },
  initial: 'idle',
  on: {
    SUBMIT: {
      target: '.working',
      actions: assign(({ context, event }) => ({
        last: { call: event.call, body: event.body as Record<string, unknown> },
        ...cleared,
        origin: context.route,
        seq: context.seq + 1,
      })),
    },
    DISMISS: { target: '.idle', actions: assign({ last: null, ...cleared }) },
    // Another screen: the last outcome stays behind.
    ROUTE: {
      guard: 'otherScreen',
      target: '.idle',
      actions: assign(({ event }) => ({ last: null, ...cleared, route: event.path })),
    },
  },
  states: {
    idle: {},
    working: {
      on: {
        SUBMIT: { actions: [] },
        // The write goes on (it may already have applied); its outcome stays off this screen.
        ROUTE: {
          guard: 'otherScreen',
          actions: assign({ route: ({ event }) => event.path, origin: null }),
        },
      },
      invoke: {
        id: 'write',
        src: 'write',
        input: ({ context }) => context.last!,
        onDone: {
          target: 'done',
          actions: [
            assign({ result: ({ event }) => event.output }),
            'changed',
            { type: 'saved', params: ({ context }) => ({ seq: context.seq }) },
          ],
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

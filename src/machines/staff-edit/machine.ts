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
import { notProvided } from '../notProvided.ts';

/** The writes the back office makes, by call id (implementations.ts maps them to calls). */
export const STAFF_WRITES = [
  'membership.create',
  'membership.update',
  'membership.delete',
  'membership.publish',
  'membership.unpublish',
  'bms.right.create',
  'bms.right.update',
  'bms.right.delete',
  'bms.right.publish',
  'bms.right.unpublish',
  'bms.aiTokenGoods.create',
  'bms.aiTokenGoods.update',
  'bms.aiTokenGoods.delete',
  'bms.aiTokenGoods.publish',
  'bms.aiTokenGoods.unpublish',
  'bms.memberWallet.incrementCount',
  'bms.memberWallet.update',
  ...(['bms', 'edms'] as const).flatMap(
    (area) =>
      [
        `${area}.exam.create`,
        `${area}.exam.update`,
        `${area}.exam.delete`,
        `${area}.exam.publish`,
        `${area}.exam.unpublish`,
        `${area}.exam.stop`,
        `${area}.exam.publishResults`,
        `${area}.examPaper.create`,
        `${area}.examPaper.update`,
        `${area}.examPaper.delete`,
        `${area}.examPaper.updateQuestions`,
        `${area}.examPaperEnroll.settle`,
        `${area}.examEnroll.batchEnrollByMobile`,
        `${area}.examEnroll.passQuit`,
        `${area}.examEnroll.rejectQuit`,
        `${area}.examEnroll.finishQuit`,
      ] as const,
  ),
  'bms.exam.pass',
  'bms.exam.reject',
  'bms.examPaper.pass',
  'bms.examPaper.reject',
  // Classes, homework and people (issue 8 item 6).
  ...(['bms', 'edms'] as const).flatMap(
    (area) =>
      [
        `${area}.grade.create`,
        `${area}.grade.update`,
        `${area}.grade.delete`,
        `${area}.grade.publish`,
        `${area}.grade.unpublish`,
        `${area}.grade.stop`,
        `${area}.grade.controls.update`,
        `${area}.grade.updateChapters`,
        `${area}.grade.enroll.batchEnroll`,
        `${area}.grade.enroll.batchEnrollByMobile`,
        `${area}.grade.enroll.batchEnrollByTags`,
        `${area}.grade.enroll.bindTeacher`,
        `${area}.grade.enroll.unbindTeacher`,
        `${area}.grade.enroll.setGroups`,
        `${area}.grade.enroll.passQuit`,
        `${area}.grade.enroll.rejectQuit`,
        `${area}.grade.enroll.finishQuit`,
        `${area}.homework.create`,
        `${area}.homework.update`,
        `${area}.homework.delete`,
        `${area}.homework.publish`,
        `${area}.homework.unpublish`,
        `${area}.homework.updateQuestions`,
        `${area}.homeworkEnroll.settle`,
      ] as const,
  ),
  'grade.enroll.batchEnrollByGroups',
  'grade.enroll.refund',
  'bms.homework.pass',
  'bms.homework.reject',
  'edms.member.grade.settlement.create',
  'edms.member.grade.settlement.update',
  'edms.member.grade.settlement.delete',
  'edms.organizationMember.create',
  'edms.organizationMember.batchImport',
  'edms.teacherMember.create',
  'edms.teacherMember.setGroups',
  'edms.teacherGroup.create',
  'edms.teacherGroup.delete',
  'edms.organization.create',
  'edms.organization.update',
  'member.pass',
  'member.reject',
  'member.pwd',
  'bms.organization.pass',
  'bms.organization.reject',
  // Courses and their units (issue 9 item 6).
  ...(['bms', 'edms'] as const).flatMap(
    (area) =>
      [
        `${area}.course.create`,
        `${area}.course.update`,
        `${area}.course.delete`,
        `${area}.course.updateChapters`,
        `${area}.chapter.create`,
        `${area}.chapter.update`,
        `${area}.chapter.delete`,
        `${area}.chapter.updateQuestions`,
      ] as const,
  ),
  'bms.course.pass',
  'bms.course.reject',
  // Site settings, dictionaries and banners (issue 9).
  'common.config.create',
  'common.config.update',
  'common.config.delete',
  'dict.create',
  'dict.update',
  'dict.delete',
  'dict.createItem',
  'dict.updateItem',
  'dict.deleteItem',
  'imageBanner.create',
  'imageBanner.update',
  'imageBanner.delete',
  'app.create',
  'app.update',
  // Member documents: the content centre's articles and write-ups, a school's documents, and a
  // learner's own notes and files (issue 9).
  ...(['bms', 'edms', 'oj'] as const).flatMap(
    (area) =>
      [
        `${area}.memberDocument.create`,
        `${area}.memberDocument.update`,
        `${area}.memberDocument.delete`,
        `${area}.memberDocument.publish`,
        `${area}.memberDocument.unpublish`,
      ] as const,
  ),
  // Activities and their enrollments (issue 10 item 1).
  ...(['bms', 'edms'] as const).flatMap(
    (area) =>
      [
        `${area}.activity.create`,
        `${area}.activity.update`,
        `${area}.activity.delete`,
        `${area}.activity.publish`,
        `${area}.activity.unpublish`,
        `${area}.activity.stop`,
        `${area}.activityEnroll.batchEnroll`,
        `${area}.activityEnroll.batchEnrollByMobile`,
      ] as const,
  ),
  'bms.activity.pass',
  'bms.activity.reject',
  'bms.activityEnroll.batchEnrollByTags',
  'edms.activityEnroll.batchEnrollByGroups',
  // Activity prizes and their draw (issue 10 item 2).
  ...(['bms', 'edms'] as const).flatMap(
    (area) =>
      [
        `${area}.activityPrize.create`,
        `${area}.activityPrize.update`,
        `${area}.activityPrize.delete`,
        `${area}.activityPrize.draw`,
        `${area}.activityPrize.collect`,
        `${area}.activityPrize.express`,
      ] as const,
  ),
  // The question bank's list: publish, unpublish and delete (issue 14).
  ...(['bms', 'edms'] as const).flatMap(
    (area) =>
      [
        `${area}.question.delete`,
        `${area}.question.publish`,
        `${area}.question.unpublish`,
      ] as const,
  ),
  // The question editor: the question, a test-data zip checked, then its cases replaced (issue 14).
  ...(['bms', 'edms'] as const).flatMap(
    (area) =>
      [
        `${area}.question.create`,
        `${area}.question.update`,
        `${area}.question.unzipAndParse`,
        `${area}.question.importZip`,
      ] as const,
  ),
  // The AI assistant's system prompts (issue 10).
  'bms.aiPrompt.create',
  'bms.aiPrompt.update',
  'bms.aiPrompt.delete',
] as const;
export type StaffWriteCall = (typeof STAFF_WRITES)[number];

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
  | ({ type: 'SUBMIT' } & StaffWrite)
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
        last: { call: event.call, body: event.body },
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

/**
 * A staff write on the back-office screens (issue 6 item 6): create, update, publish, unpublish
 * or delete a card, right or AI token pack, or adjust a wallet. The screen sends the call and
 * its body; the answer, a refusal, or the fields the server refused (VALIDATION `data.fields`,
 * named as the form names them) stay until the next write.
 *
 *   idle ─SUBMIT─► working ─► done | failed
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
}

export type StaffEditEvent = ({ type: 'SUBMIT' } & StaffWrite) | { type: 'DISMISS' };

const cleared = { result: null, error: null, fieldErrors: [] as FieldError[] };

export const staffEditMachine = setup({
  types: { context: {} as StaffEditContext, events: {} as StaffEditEvent },
  actors: { write: fromPromise<unknown, StaffWrite>(notProvided('write')) },
  actions: {
    /** Something changed: the back office's lists reload. */
    changed: () => undefined,
  },
}).createMachine({
  id: 'staffEdit',
  context: { last: null, ...cleared },
  initial: 'idle',
  on: {
    SUBMIT: {
      target: '.working',
      actions: assign(({ event }) => ({
        last: { call: event.call, body: event.body },
        ...cleared,
      })),
    },
    DISMISS: { target: '.idle', actions: assign({ last: null, ...cleared }) },
  },
  states: {
    idle: {},
    working: {
      on: { SUBMIT: { actions: [] } },
      invoke: {
        id: 'write',
        src: 'write',
        input: ({ context }) => context.last!,
        onDone: {
          target: 'done',
          actions: [assign({ result: ({ event }) => event.output }), 'changed'],
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

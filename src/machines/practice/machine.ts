/**
 * Practising one programming question — docs/product-rules.md#screens-and-routes (/question/detail:
 * question, code and result panels), docs/product-rules.md#constants (default C++ template). Four
 * regions run side by side:
 *
 * - question: loads the statement (invoked `loadQuestion`);
 * - code: loads the draft (or the template), takes edits and saves them after a quiet pause (a
 *   delayed transition, so the log shows every save). On a question, the first load asks for
 *   the latest draft of any language, so a learner comes back to the language they last used;
 * - job: a run on custom input (`debug`) or a graded answer, then follows the answer
 *   (`followAnswer`, a callback actor that reports progress and the final detail as events).
 *   A graded answer is a submission (`submit`) or, in review mode, a correction (订正,
 *   `reviewSubmit`): the mode comes with the input (/question/detail?mode=review) and a MODE
 *   event when the screen's address changes;
 * - history: the member's latest submissions and corrections (`loadHistory`), reloaded after
 *   each graded answer;
 * - quota: today's submissions left (`loadQuota`), reloaded after each submission attempt.
 *
 * Objective questions (single, multiple, true/false) have no code: once the statement shows
 * the question is one, the code, history and quota regions stop (`objective`), and the screen
 * hands the question to the objective practice machine (../objective-practice/machine.ts).
 *
 * All effects are provided actors; this file only decides what happens next.
 */
import {
  assign,
  fromCallback,
  fromPromise,
  raise,
  setup,
  type AnyEventObject,
  type DoneActorEvent,
  type ErrorActorEvent,
} from 'xstate';
import { notProvided } from '../not-provided.ts';
import { CODE_TEMPLATES } from './templates.ts';
import {
  emptyHistory,
  isGradedJob,
  isObjectiveQuestion,
  isPageNumber,
  isPracticeLanguage,
  isSubmitMode,
  type DraftKey,
  type FollowInput,
  type HistoryPage,
  type HistoryRequest,
  type JobRequest,
  type PracticeContext,
  type PracticeDraft,
  type PracticeEvent,
  type PracticeInput,
  type PracticeQuestion,
  type PracticeQuota,
} from './types.ts';

// The root actors (src/ui/app/practice-actors.ts) and the replay tests (src/streams) name these
// beside the machine they run.
export type { HistoryPage, PracticeLanguage, SubmitMode } from './types.ts';

/** A quiet pause this long after the last keystroke saves the draft. */
export const DRAFT_SAVE_DELAY_MS = 1_000;

const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : typeof error === 'string' ? error : '';

const hasSource = ({ context }: { context: PracticeContext }) => context.source.trim() !== '';
const hasQuestion = ({ context }: { context: PracticeContext }) => context.questionId !== null;
/** The statement is in and the question is a programming one. */
const isProgramming = ({ context }: { context: PracticeContext }) =>
  context.question !== null && !isObjectiveQuestion(context.question);
const isObjective = ({ context }: { context: PracticeContext }) =>
  context.question !== null && isObjectiveQuestion(context.question);

/** Regions that only make sense for code wait for the statement to say what the question is. */
/** What a run, a submission, a correction and a draft save send: the code as it stands. */
const jobRequestOf = ({ context }: { context: PracticeContext }): JobRequest => ({
  questionId: context.questionId,
  language: context.language,
  source: context.source,
  input: context.input,
});

/** The queued answer a job call answered, for takeAnswerId. */
const answerIdOf = ({ event }: { event: DoneActorEvent<{ id: number }> }) => ({
  id: event.output.id,
});
/** Why a job call failed, for recordJobError. */
const jobErrorOf = ({ event }: { event: ErrorActorEvent }) => ({ error: event.error });

/**
 * A graded answer's call (submit, or reviewSubmit in review mode): then follow it. A refusal
 * (QUOTA_USED_UP, CONFLICT, bad input) was toasted by the transport; the job goes back to idle
 * and the code stays editable. Either way today's quota is read again.
 */
const gradedAnswerInvoke = {
  input: jobRequestOf,
  onDone: {
    target: 'following',
    actions: [{ type: 'takeAnswerId', params: answerIdOf }, 'quotaStale'],
  },
  onError: {
    target: 'idle',
    actions: [{ type: 'recordJobError', params: jobErrorOf }, 'quotaStale'],
  },
} as const;

const waitForQuestionType = {
  always: [
    { guard: 'isProgramming', target: 'loading' },
    { guard: 'isObjective', target: 'objective' },
  ],
} as const;

export const practiceMachine = setup({
  types: {
    context: {} as PracticeContext,
    events: {} as PracticeEvent,
    input: {} as PracticeInput,
  },
  actors: {
    loadQuestion: fromPromise<PracticeQuestion, { questionId: number }>(
      notProvided('loadQuestion'),
    ),
    loadDraft: fromPromise<PracticeDraft | null, DraftKey>(notProvided('loadDraft')),
    saveDraft: fromPromise<{ updatedAt: string }, JobRequest>(notProvided('saveDraft')),
    debug: fromPromise<{ id: number }, JobRequest>(notProvided('debug')),
    submit: fromPromise<{ id: number }, JobRequest>(notProvided('submit')),
    /** A correction (订正): judged like a submission, refused (CONFLICT) with nothing to correct. */
    reviewSubmit: fromPromise<{ id: number }, JobRequest>(notProvided('reviewSubmit')),
    loadHistory: fromPromise<HistoryPage, HistoryRequest>(notProvided('loadHistory')),
    loadQuota: fromPromise<PracticeQuota, void>(notProvided('loadQuota')),
    /** Reports ANSWER.PROGRESS while the answer is judged, then ANSWER.FINISHED or ANSWER.LOST. */
    followAnswer: fromCallback<AnyEventObject, FollowInput>(() => {
      throw new Error('followAnswer is provided by the runtime');
    }),
  },
  actions: {
    // Named so the job states can share them; each caller passes what its done or error
    // event carries.
    takeAnswerId: assign((_, params: { id: number }) => ({ answerId: params.id })),
    recordJobError: assign((_, params: { error: unknown }) => ({
      jobError: messageOf(params.error),
    })),
    quotaStale: raise({ type: 'QUOTA.STALE' }),
  },
  delays: { draftSaveDelay: DRAFT_SAVE_DELAY_MS },
  guards: { hasSource, hasQuestion, isProgramming, isObjective },
}).createMachine({
  id: 'practice',
  type: 'parallel',
  context: ({ input }) => ({
    questionId: input.questionId,
    mode: isSubmitMode(input.mode) ? input.mode : 'submit',
    language: isPracticeLanguage(input.language) ? input.language : 'cpp',
    restoreLanguage: input.questionId !== null && !isPracticeLanguage(input.language),
    quota: null,
    question: null,
    questionError: null,
    source: '',
    input: '',
    pendingLanguage: null,
    draftSavedAt: null,
    jobKind: null,
    answerId: null,
    progress: null,
    result: null,
    jobError: null,
    history: emptyHistory,
  }),
  on: {
    MODE: {
      guard: ({ event }) => isSubmitMode(event.mode),
      actions: assign({ mode: ({ event }) => event.mode }),
    },
  },
  states: {
    question: {
      initial: 'checking',
      states: {
        checking: { always: [{ guard: 'hasQuestion', target: 'loading' }, { target: 'none' }] },
        none: {},
        loading: {
          invoke: {
            id: 'loadQuestion',
            src: 'loadQuestion',
            input: ({ context }) => ({ questionId: context.questionId ?? 0 }),
            onDone: {
              target: 'ready',
              actions: assign({ question: ({ event }) => event.output, questionError: null }),
            },
            onError: {
              target: 'failed',
              actions: assign({ questionError: ({ event }) => messageOf(event.error) }),
            },
          },
        },
        ready: { on: { RELOAD: 'loading' } },
        failed: { on: { RETRY: 'loading' } },
      },
    },
    code: {
      initial: 'checking',
      states: {
        checking: {
          always: [{ guard: 'hasQuestion', target: 'waiting' }, { target: 'loading' }],
        },
        waiting: waitForQuestionType,
        objective: {},
        loading: {
          on: {
            // Chosen while the draft loads (a slow page): the learner's choice wins, and that
            // language's draft is loaded instead of the one on its way.
            LANGUAGE: {
              guard: ({ context, event }) =>
                isPracticeLanguage(event.language) &&
                (event.language !== context.language || context.restoreLanguage),
              target: 'loading',
              reenter: true,
              actions: assign({
                language: ({ event }) => event.language,
                restoreLanguage: false,
              }),
            },
          },
          invoke: {
            id: 'loadDraft',
            src: 'loadDraft',
            input: ({ context }) => ({
              questionId: context.questionId,
              language: context.restoreLanguage ? null : context.language,
            }),
            onDone: [
              {
                // The latest draft is in a language this screen does not offer (C++14/20 from
                // another client): load this screen's default language instead.
                guard: ({ context, event }) =>
                  context.restoreLanguage &&
                  event.output?.language !== undefined &&
                  !isPracticeLanguage(event.output.language),
                target: 'loading',
                reenter: true,
                actions: assign({ restoreLanguage: false }),
              },
              {
                target: 'saved',
                actions: assign(({ context, event }) => {
                  const restored = event.output?.language;
                  const language =
                    context.restoreLanguage && isPracticeLanguage(restored)
                      ? restored
                      : context.language;
                  return {
                    language,
                    restoreLanguage: false,
                    source: event.output?.source || CODE_TEMPLATES[language],
                    input: event.output?.input ?? context.input,
                  };
                }),
              },
            ],
            // No draft to be had: start from the template rather than block the editor.
            onError: {
              target: 'saved',
              actions: assign(({ context }) => ({
                restoreLanguage: false,
                source: CODE_TEMPLATES[context.language],
              })),
            },
          },
        },
        saved: {
          on: {
            EDIT: { target: 'unsaved', actions: assign({ source: ({ event }) => event.source }) },
            EDIT_INPUT: {
              target: 'unsaved',
              actions: assign({ input: ({ event }) => event.input }),
            },
            LANGUAGE: {
              guard: ({ context, event }) =>
                isPracticeLanguage(event.language) && event.language !== context.language,
              target: 'loading',
              actions: assign({ language: ({ event }) => event.language }),
            },
          },
        },
        unsaved: {
          after: { draftSaveDelay: 'saving' },
          on: {
            // Each keystroke restarts the pause.
            EDIT: {
              target: 'unsaved',
              reenter: true,
              actions: assign({ source: ({ event }) => event.source }),
            },
            EDIT_INPUT: {
              target: 'unsaved',
              reenter: true,
              actions: assign({ input: ({ event }) => event.input }),
            },
            // Save what was typed before leaving the language.
            LANGUAGE: {
              guard: ({ context, event }) =>
                isPracticeLanguage(event.language) && event.language !== context.language,
              target: 'saving',
              actions: assign({ pendingLanguage: ({ event }) => event.language }),
            },
          },
        },
        saving: {
          invoke: {
            id: 'saveDraft',
            src: 'saveDraft',
            input: jobRequestOf,
            onDone: [
              {
                guard: ({ context }) => context.pendingLanguage !== null,
                target: 'loading',
                actions: assign(({ context, event }) => ({
                  draftSavedAt: event.output.updatedAt,
                  language: context.pendingLanguage ?? context.language,
                  pendingLanguage: null,
                })),
              },
              {
                target: 'saved',
                actions: assign({ draftSavedAt: ({ event }) => event.output.updatedAt }),
              },
            ],
            // The failure was shown by the transport; the edits stay, the next edit retries.
            onError: [
              {
                guard: ({ context }) => context.pendingLanguage !== null,
                target: 'loading',
                actions: assign(({ context }) => ({
                  language: context.pendingLanguage ?? context.language,
                  pendingLanguage: null,
                })),
              },
              { target: 'saved' },
            ],
          },
          on: {
            // A newer edit supersedes the save under way (the later save wins on the server).
            EDIT: {
              guard: ({ context }) => context.pendingLanguage === null,
              target: 'unsaved',
              actions: assign({ source: ({ event }) => event.source }),
            },
            EDIT_INPUT: {
              guard: ({ context }) => context.pendingLanguage === null,
              target: 'unsaved',
              actions: assign({ input: ({ event }) => event.input }),
            },
          },
        },
      },
    },
    job: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            RUN: {
              guard: 'hasSource',
              target: 'starting',
              actions: assign(({ context, event }) => ({
                input: event.input ?? context.input,
                jobKind: 'debug' as const,
                jobError: null,
                progress: null,
                result: null,
                answerId: null,
              })),
            },
            SUBMIT: {
              guard: ({ context }) => hasSource({ context }) && hasQuestion({ context }),
              target: 'starting',
              actions: assign({
                jobKind: ({ context }) => context.mode,
                jobError: null,
                progress: null,
                result: null,
                answerId: null,
              }),
            },
          },
        },
        starting: {
          always: [
            { guard: ({ context }) => context.jobKind === 'debug', target: 'debugging' },
            { guard: ({ context }) => context.jobKind === 'review', target: 'reviewing' },
            { target: 'submitting' },
          ],
        },
        debugging: {
          invoke: {
            id: 'debug',
            src: 'debug',
            input: jobRequestOf,
            onDone: { target: 'following', actions: { type: 'takeAnswerId', params: answerIdOf } },
            onError: { target: 'idle', actions: { type: 'recordJobError', params: jobErrorOf } },
          },
        },
        submitting: { invoke: { id: 'submit', src: 'submit', ...gradedAnswerInvoke } },
        // Like submitting, through reviewSubmit; CONFLICT (nothing to correct) is toasted and
        // the job goes back to idle.
        reviewing: { invoke: { id: 'reviewSubmit', src: 'reviewSubmit', ...gradedAnswerInvoke } },
        following: {
          invoke: {
            id: 'followAnswer',
            src: 'followAnswer',
            input: ({ context }) => ({ id: context.answerId ?? 0 }),
          },
          on: {
            'ANSWER.PROGRESS': {
              guard: ({ context, event }) => event.status.id === context.answerId,
              actions: assign({ progress: ({ event }) => event.status }),
            },
            'ANSWER.FINISHED': {
              guard: ({ context, event }) => event.detail.id === context.answerId,
              target: 'idle',
              actions: assign({ result: ({ event }) => event.detail, progress: null }),
            },
            'ANSWER.LOST': {
              target: 'idle',
              actions: assign({ jobError: ({ event }) => event.message, progress: null }),
            },
          },
        },
      },
    },
    history: {
      initial: 'checking',
      states: {
        checking: { always: [{ guard: 'hasQuestion', target: 'waiting' }, { target: 'none' }] },
        waiting: waitForQuestionType,
        none: {},
        objective: {},
        loading: {
          invoke: {
            id: 'loadHistory',
            src: 'loadHistory',
            input: ({ context }) => ({
              questionId: context.questionId ?? 0,
              page: context.history.page,
            }),
            onDone: {
              target: 'ready',
              actions: assign({ history: ({ event }) => event.output }),
            },
            onError: 'ready',
          },
        },
        ready: {
          on: {
            // A new graded answer is on the first page.
            'ANSWER.FINISHED': {
              guard: ({ context }) => isGradedJob(context.jobKind),
              target: 'loading',
              actions: assign({ history: ({ context }) => ({ ...context.history, page: 0 }) }),
            },
            'HISTORY.PAGE': {
              guard: ({ event }) => isPageNumber(event.page),
              target: 'loading',
              actions: assign({
                history: ({ context, event }) => ({ ...context.history, page: event.page }),
              }),
            },
          },
        },
      },
    },
    quota: {
      initial: 'checking',
      states: {
        checking: { always: [{ guard: 'hasQuestion', target: 'waiting' }, { target: 'none' }] },
        waiting: waitForQuestionType,
        none: {},
        objective: {},
        loading: {
          invoke: {
            id: 'loadQuota',
            src: 'loadQuota',
            onDone: { target: 'ready', actions: assign({ quota: ({ event }) => event.output }) },
            // Without the figure the line is simply not shown; submitting still works.
            onError: { target: 'ready', actions: assign({ quota: null }) },
          },
          on: { 'QUOTA.STALE': { target: 'loading', reenter: true } },
        },
        ready: {
          on: {
            // A submission counts once it is accepted; a refused one (QUOTA_USED_UP) may mean
            // the figure shown was stale. Either way, read it again.
            'QUOTA.STALE': 'loading',
          },
        },
      },
    },
  },
});

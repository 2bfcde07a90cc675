/**
 * Practising one programming question — spec 000 §2 (/question/detail: question, code and
 * result panels), §9 (default C++ template). Four regions run side by side:
 *
 * - question: loads the statement (invoked `loadQuestion`);
 * - code: loads the draft of the current language (or the template), takes edits and saves
 *   them after a quiet pause (a delayed transition, so the log shows every save);
 * - job: a run on custom input (`debug`) or a submission (`submit`), then follows the answer
 *   (`followAnswer`, a callback actor that reports progress and the final detail as events);
 * - history: the member's latest submissions (`loadHistory`), reloaded after each submission.
 *
 * All effects are provided actors; this file only decides what happens next.
 */
import { assign, fromCallback, fromPromise, setup, type AnyEventObject } from 'xstate';
import type {
  AnswerDetail,
  AnswerSummary,
  StatusEvent,
} from '../contract/calls/member-question.ts';
import { notProvided } from './notProvided.ts';

export type PracticeLanguage = 'cpp' | 'python';
export const PRACTICE_LANGUAGES: readonly PracticeLanguage[] = ['cpp', 'python'];

/** A quiet pause this long after the last keystroke saves the draft. */
export const DRAFT_SAVE_DELAY_MS = 1_000;

/** Spec 000 §9: the default C++ answer — includes, the std namespace and an empty main. */
export const CODE_TEMPLATES: Record<PracticeLanguage, string> = {
  cpp: '#include <bits/stdc++.h>\nusing namespace std;\n\nint main() {\n    \n    return 0;\n}\n',
  python: '',
};

export interface PracticeQuestion {
  id: number;
  title: string;
  content: string;
  samples: { input: string; output: string }[];
  timeLimitMs: number | null;
  memoryLimitMiB: number | null;
}

export interface PracticeDraft {
  source: string;
  input: string | null;
}

export interface DraftKey {
  /** null in the playground, which has no question. */
  questionId: number | null;
  language: PracticeLanguage;
}

export interface JobRequest extends DraftKey {
  source: string;
  input: string;
}

export type JobKind = 'debug' | 'submit';

export interface PracticeContext {
  /** null in the playground: no statement, no submissions, runs only. */
  questionId: number | null;
  language: PracticeLanguage;
  question: PracticeQuestion | null;
  questionError: string | null;
  source: string;
  input: string;
  /** A language chosen while edits were unsaved: switched to once they are saved. */
  pendingLanguage: PracticeLanguage | null;
  draftSavedAt: string | null;
  jobKind: JobKind | null;
  /** The answer being followed, and its latest status. */
  answerId: number | null;
  progress: StatusEvent | null;
  result: AnswerDetail | null;
  jobError: string | null;
  history: AnswerSummary[];
}

export interface PracticeInput {
  questionId: number | null;
  language?: PracticeLanguage;
}

export type PracticeEvent =
  | { type: 'EDIT'; source: string }
  | { type: 'EDIT_INPUT'; input: string }
  | { type: 'LANGUAGE'; language: PracticeLanguage }
  | { type: 'RUN'; input?: string }
  | { type: 'SUBMIT' }
  | { type: 'RETRY' }
  | { type: 'ANSWER.PROGRESS'; status: StatusEvent }
  | { type: 'ANSWER.FINISHED'; detail: AnswerDetail }
  | { type: 'ANSWER.LOST'; message: string };

export interface FollowInput {
  id: number;
}

const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : typeof error === 'string' ? error : '';

const isPracticeLanguage = (value: unknown): value is PracticeLanguage =>
  (PRACTICE_LANGUAGES as readonly unknown[]).includes(value);

const hasSource = ({ context }: { context: PracticeContext }) => context.source.trim() !== '';
const hasQuestion = ({ context }: { context: PracticeContext }) => context.questionId !== null;

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
    loadHistory: fromPromise<AnswerSummary[], { questionId: number }>(notProvided('loadHistory')),
    /** Reports ANSWER.PROGRESS while the answer is judged, then ANSWER.FINISHED or ANSWER.LOST. */
    followAnswer: fromCallback<AnyEventObject, FollowInput>(() => {
      throw new Error('followAnswer is provided by the runtime');
    }),
  },
  delays: { draftSaveDelay: DRAFT_SAVE_DELAY_MS },
  guards: { hasSource, hasQuestion },
}).createMachine({
  id: 'practice',
  type: 'parallel',
  context: ({ input }) => ({
    questionId: input.questionId,
    language: isPracticeLanguage(input.language) ? input.language : 'cpp',
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
    history: [],
  }),
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
        ready: {},
        failed: { on: { RETRY: 'loading' } },
      },
    },
    code: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadDraft',
            src: 'loadDraft',
            input: ({ context }) => ({
              questionId: context.questionId,
              language: context.language,
            }),
            onDone: {
              target: 'saved',
              actions: assign(({ context, event }) => ({
                source: event.output?.source || CODE_TEMPLATES[context.language],
                input: event.output?.input ?? context.input,
              })),
            },
            // No draft to be had: start from the template rather than block the editor.
            onError: {
              target: 'saved',
              actions: assign({ source: ({ context }) => CODE_TEMPLATES[context.language] }),
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
            input: ({ context }) => ({
              questionId: context.questionId,
              language: context.language,
              source: context.source,
              input: context.input,
            }),
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
                jobKind: 'submit' as const,
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
            { target: 'submitting' },
          ],
        },
        debugging: {
          invoke: {
            id: 'debug',
            src: 'debug',
            input: ({ context }) => ({
              questionId: context.questionId,
              language: context.language,
              source: context.source,
              input: context.input,
            }),
            onDone: {
              target: 'following',
              actions: assign({ answerId: ({ event }) => event.output.id }),
            },
            onError: {
              target: 'idle',
              actions: assign({ jobError: ({ event }) => messageOf(event.error) }),
            },
          },
        },
        submitting: {
          invoke: {
            id: 'submit',
            src: 'submit',
            input: ({ context }) => ({
              questionId: context.questionId,
              language: context.language,
              source: context.source,
              input: context.input,
            }),
            onDone: {
              target: 'following',
              actions: assign({ answerId: ({ event }) => event.output.id }),
            },
            onError: {
              target: 'idle',
              actions: assign({ jobError: ({ event }) => messageOf(event.error) }),
            },
          },
        },
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
        checking: { always: [{ guard: 'hasQuestion', target: 'loading' }, { target: 'none' }] },
        none: {},
        loading: {
          invoke: {
            id: 'loadHistory',
            src: 'loadHistory',
            input: ({ context }) => ({ questionId: context.questionId ?? 0 }),
            onDone: {
              target: 'ready',
              actions: assign({ history: ({ event }) => event.output }),
            },
            onError: 'ready',
          },
        },
        ready: {
          on: {
            'ANSWER.FINISHED': {
              guard: ({ context }) => context.jobKind === 'submit',
              target: 'loading',
            },
          },
        },
      },
    },
  },
});

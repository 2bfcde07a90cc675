/**
 * Answering one objective question (single choice, multiple choice, true/false) on /question/detail
 * — issue 3 §7, docs/product-rules.md#answers-and-labels (answer flags '0'/'1' per option shown as
 * A–D; two options shown as 正确/错误; an empty answer shows '-').
 *
 * The statement is loaded by the practice machine (practice.ts) and handed in as input. Two
 * regions run side by side:
 * - answer: the learner picks options (CHOOSE), submits (invoked `submitAnswer`, graded at once
 *   by the server), sees the verdict; picking again starts a new attempt. In review mode
 *   (/question/detail?mode=review) the answer is a correction (订正, invoked `reviewSubmit`),
 *   recorded apart from first attempts; switching mode after a verdict starts afresh;
 * - history: the learner's earlier attempts and corrections (`loadHistory`), reloaded after
 *   each one.
 *
 * All effects are provided actors; the pure helpers below are what the view shows.
 */
import {
  and,
  assign,
  fromPromise,
  raise,
  setup,
  type DoneActorEvent,
  type ErrorActorEvent,
} from 'xstate';
import type { GradedAnswer } from '../../contract/member-question/answers.ts';
import type { QuestionType } from '../../contract/question/common.ts';
import { notProvided } from '../not-provided.ts';
import {
  emptyHistory,
  isPageNumber,
  SUBMIT_MODES,
  type HistoryPage,
  type HistoryRequest,
  type PracticeOption,
  type PracticeQuestion,
  type SubmitMode,
} from '../practice/types.ts';

export type ObjectiveType = Exclude<QuestionType, 'programming'>;

export interface ObjectiveQuestion {
  id: number;
  type: ObjectiveType;
  title: string;
  content: string;
  options: PracticeOption[];
}

/** The statement the practice machine loaded, when it is an objective question. */
export function asObjectiveQuestion(question: PracticeQuestion): ObjectiveQuestion | null {
  if (question.type === 'programming') return null;
  return {
    id: question.id,
    type: question.type,
    title: question.title,
    content: question.content,
    options: question.options,
  };
}

export interface ObjectiveSubmission {
  questionId: number;
  /** One '0'/'1' flag per option. */
  answer: string;
}

export interface ObjectiveInput {
  question: ObjectiveQuestion;
  /** Omitted: plain submissions. */
  mode?: SubmitMode;
}

export interface ObjectiveContext {
  question: ObjectiveQuestion;
  /** What SUBMIT does: submitAnswer, or reviewSubmit (订正). */
  mode: SubmitMode;
  /** The flags being picked, one per option ('' before anything is picked). */
  choice: string;
  /** The flags of the graded attempt shown, and its grading. */
  submitted: string | null;
  /** The graded attempt, with the correct answer and analysis the server returns with it. */
  result: GradedAnswer | null;
  error: string | null;
  history: HistoryPage;
}

export type ObjectiveEvent =
  | { type: 'CHOOSE'; index: number }
  | { type: 'SUBMIT' }
  /** The screen switched between submitting and correcting (订正). */
  | { type: 'MODE'; mode: SubmitMode }
  /** Raised once an attempt is graded: the history has a new entry. */
  | { type: 'HISTORY.STALE' }
  /** Another page of the history (0-based). */
  | { type: 'HISTORY.PAGE'; page: number };

const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : typeof error === 'string' ? error : '';

const isSubmitMode = (value: unknown): value is SubmitMode =>
  (SUBMIT_MODES as readonly unknown[]).includes(value);

/** No option picked yet: all zeros (or nothing at all). */
const isEmptyChoice = (flags: string): boolean => !flags.includes('1');

/**
 * The flags after the learner clicks option `index`: a multiple-choice click toggles that
 * option; a single-choice or true/false click picks that option alone. Out-of-range clicks change
 * nothing.
 */
export function toggleChoice(
  type: ObjectiveType,
  flags: string,
  index: number,
  optionCount: number,
): string {
  if (!Number.isInteger(index) || index < 0 || index >= optionCount) return flags;
  const current = flags.length === optionCount ? [...flags] : Array<string>(optionCount).fill('0');
  if (type === 'multiple') {
    current[index] = current[index] === '1' ? '0' : '1';
    return current.join('');
  }
  return current.map((_, i) => (i === index ? '1' : '0')).join('');
}

/** What an answer looks like to a reader (docs/product-rules.md#answers-and-labels). */
export type AnswerDisplay =
  { kind: 'empty' } | { kind: 'letters'; letters: string } | { kind: 'trueFalse'; value: boolean };

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

export function answerDisplay(flags: string | null, optionCount: number): AnswerDisplay {
  if (flags === null || isEmptyChoice(flags)) return { kind: 'empty' };
  // Two options read as 正确 (the first) / 错误 (the second).
  if (optionCount === 2 && flags.length === 2 && flags !== '11') {
    return { kind: 'trueFalse', value: flags === '10' };
  }
  const letters = [...flags].map((flag, i) => (flag === '1' ? LETTERS[i] : '')).join('');
  return { kind: 'letters', letters };
}

/**
 * Sending the picked flags (submitAnswer, or reviewSubmit in review mode). The graded answer
 * comes back at once; on a refusal the transport has shown the failure and the choice stays.
 */
const answerInvoke = {
  input: ({ context }: { context: ObjectiveContext }): ObjectiveSubmission => ({
    questionId: context.question.id,
    answer: context.choice,
  }),
  onDone: {
    target: 'answered',
    actions: [
      {
        type: 'recordAnswer',
        params: ({ event }: { event: DoneActorEvent<GradedAnswer> }) => ({ answer: event.output }),
      },
      'historyStale',
    ],
  },
  onError: {
    target: 'choosing',
    actions: {
      type: 'recordError',
      params: ({ event }: { event: ErrorActorEvent }) => ({ error: event.error }),
    },
  },
} as const;

export const objectivePracticeMachine = setup({
  types: {
    context: {} as ObjectiveContext,
    events: {} as ObjectiveEvent,
    input: {} as ObjectiveInput,
  },
  actors: {
    submitAnswer: fromPromise<GradedAnswer, ObjectiveSubmission>(notProvided('submitAnswer')),
    /** A correction (订正); refused (CONFLICT) when there is no failed submission to correct. */
    reviewSubmit: fromPromise<GradedAnswer, ObjectiveSubmission>(notProvided('reviewSubmit')),
    loadHistory: fromPromise<HistoryPage, HistoryRequest>(notProvided('loadHistory')),
  },
  actions: {
    // Named so both answer states can share them; each passes what its event carries.
    recordAnswer: assign(({ context }, params: { answer: GradedAnswer }) => ({
      result: params.answer,
      submitted: context.choice,
    })),
    recordError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error) })),
    historyStale: raise({ type: 'HISTORY.STALE' }),
    firstHistoryPage: assign({ history: ({ context }) => ({ ...context.history, page: 0 }) }),
  },
  guards: {
    isValidChoice: ({ event, context }) =>
      event.type === 'CHOOSE' &&
      Number.isInteger(event.index) &&
      event.index >= 0 &&
      event.index < context.question.options.length,
    hasChoice: ({ context }) =>
      context.choice.length === context.question.options.length && !isEmptyChoice(context.choice),
    isReview: ({ context }) => context.mode === 'review',
    isNewMode: ({ context, event }) =>
      event.type === 'MODE' && isSubmitMode(event.mode) && event.mode !== context.mode,
  },
}).createMachine({
  id: 'objectivePractice',
  type: 'parallel',
  context: ({ input }) => ({
    question: input.question,
    mode: isSubmitMode(input.mode) ? input.mode : 'submit',
    choice: '',
    submitted: null,
    result: null,
    error: null,
    history: emptyHistory,
  }),
  on: {
    MODE: {
      guard: ({ event }) => isSubmitMode(event.mode),
      actions: assign({ mode: ({ event }) => event.mode }),
    },
  },
  states: {
    answer: {
      initial: 'choosing',
      states: {
        choosing: {
          on: {
            CHOOSE: {
              guard: 'isValidChoice',
              actions: assign({
                choice: ({ context, event }) =>
                  toggleChoice(
                    context.question.type,
                    context.choice,
                    event.index,
                    context.question.options.length,
                  ),
                error: null,
              }),
            },
            SUBMIT: [
              { guard: and(['hasChoice', 'isReview']), target: 'reviewing' },
              { guard: 'hasChoice', target: 'submitting' },
            ],
          },
        },
        submitting: {
          tags: ['busy'],
          invoke: { id: 'submitAnswer', src: 'submitAnswer', ...answerInvoke },
        },
        // Like submitting, through reviewSubmit; a CONFLICT (nothing to correct) is toasted and
        // the choice stays.
        reviewing: {
          tags: ['busy'],
          invoke: { id: 'reviewSubmit', src: 'reviewSubmit', ...answerInvoke },
        },
        answered: {
          on: {
            // Coming to correct (or back from correcting) a question answered here: a fresh
            // attempt rather than the verdict of the other mode.
            MODE: {
              guard: 'isNewMode',
              target: 'choosing',
              actions: assign({
                mode: ({ event }) => event.mode,
                choice: '',
                result: null,
                submitted: null,
              }),
            },
            // Picking again starts a new attempt; the verdict shown belonged to the old one.
            CHOOSE: {
              guard: 'isValidChoice',
              target: 'choosing',
              actions: assign({
                choice: ({ context, event }) =>
                  toggleChoice(
                    context.question.type,
                    context.choice,
                    event.index,
                    context.question.options.length,
                  ),
                result: null,
                submitted: null,
              }),
            },
          },
        },
      },
    },
    history: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadHistory',
            src: 'loadHistory',
            input: ({ context }) => ({
              questionId: context.question.id,
              page: context.history.page,
            }),
            onDone: { target: 'ready', actions: assign({ history: ({ event }) => event.output }) },
            onError: 'ready',
          },
          // A newer attempt than the list being read: read its first page again.
          on: {
            'HISTORY.STALE': { target: 'loading', reenter: true, actions: 'firstHistoryPage' },
          },
        },
        ready: {
          on: {
            'HISTORY.STALE': { target: 'loading', actions: 'firstHistoryPage' },
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
  },
});

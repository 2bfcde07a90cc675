/**
 * The exam room (issue 7 item 5): one learner sitting one paper on the server's clock.
 *
 * - loading: starts (or resumes) the sitting and loads the paper and every saved answer
 *   (`openRoom`); the server's clock, read with the answer, gives the offset the countdown is
 *   corrected by.
 * - session: while the room is open, two actors run beside it: `autosave`, the outbox
 *   (src/streams/autosave.ts) every edit goes to, which answers SAVE.* events; and `clock`, which
 *   sends TICK with the local time every second. Inside it:
 *   - answering: choices, code, language and flags are edited (each edit raises the question's
 *     revision and goes to the outbox); RUN runs code on custom input (`runCode`); COMPLETE asks
 *     for confirmation; time up (a TICK past the deadline) hands in at once;
 *   - flushing: the outbox sends what waits; the room leaves when every edit is acknowledged, the
 *     outbox is closed, or after FLUSH_LIMIT_MS (the server hands in by itself anyway);
 *   - completing: `completeSitting` (the server may have handed in already: that is done too).
 * - handedIn: the paper is in; the report follows once it is judged.
 *
 * Pure: the time arrives in TICK events and in openRoom's output, so a replayed log gives the
 * same countdown. All effects are provided actors (./implementations.ts).
 */
import { assign, fromCallback, fromPromise, sendTo, setup, type AnyEventObject } from 'xstate';
import type { SittingItem } from '../../contract/exam/sittings.ts';
import type { SittingQuestion } from '../../contract/exam/papers.ts';
import type { AnswerDetail } from '../../contract/member-question/calls.ts';
import { describeError, type ErrorInfo } from '../errors.ts';
import { notProvided } from '../not-provided.ts';
import { DRAFT_SAVE_DELAY_MS } from '../practice/machine.ts';
import { CODE_TEMPLATES } from '../practice/templates.ts';
import type { PracticeLanguage } from '../practice/types.ts';

/** A pause this long after the last keystroke saves the code; a choice saves at once. */
export const CODE_SAVE_DELAY_MS = DRAFT_SAVE_DELAY_MS;
/** Hand-in waits at most this long for the outbox (offline): the server hands in by itself. */
const FLUSH_LIMIT_MS = 8_000;
/** Pasting more than this many characters at once is an integrity signal. */
export const LARGE_PASTE_CHARS = 200;

export interface RoomAnswer {
  /** Objective: one 0/1 flag per option; '' unanswered. */
  answer: string;
  language: PracticeLanguage;
  source: string;
  flagged: boolean;
  /** The latest edit's revision, and the latest the server acknowledged. */
  revision: number;
  savedRevision: number;
}

/** What a save sends: one question's answer as it stands. */
export interface SavePayload {
  examPaperEnrollId: number;
  questionId: number;
  revision: number;
  answer?: string;
  language?: PracticeLanguage;
  source?: string;
  flagged?: boolean;
}

export interface SignalPayload {
  id: number;
  kind: 'tabHidden' | 'windowBlur' | 'largePaste';
  detail: string;
  clientAt: string;
}

export interface OpenedRoom {
  sitting: SittingItem;
  questions: SittingQuestion[];
  answers: {
    questionId: number;
    answer: string;
    language: string | null;
    source: string;
    flagged: boolean;
    revision: number;
  }[];
  /** The local clock halfway through the start call: the server's serverNow was read then. */
  localNow: number;
}

export interface RunRequest {
  examPaperEnrollId: number;
  questionId: number;
  language: PracticeLanguage;
  source: string;
  input: string;
}

export interface RoomContext {
  examId: number;
  examPaperId: number;
  sitting: SittingItem | null;
  questions: SittingQuestion[];
  answers: Record<number, RoomAnswer>;
  current: number | null;
  /** Server clock minus local clock, from openRoom. */
  offsetMs: number;
  /** The local clock at the last TICK. */
  now: number;
  /** The outbox is retrying (the network or the server is away). */
  offline: boolean;
  /** The server takes no more answers. */
  closed: boolean;
  /** A save the server refused (kept for the screen), and a failure to load or hand in. */
  refused: string | null;
  error: ErrorInfo | null;
  timeUp: boolean;
  runInput: string;
  running: boolean;
  run: AnswerDetail | null;
  runError: string | null;
}

export interface RoomInput {
  examId: number;
  examPaperId: number;
}

export type RoomEvent =
  | { type: 'TICK'; now: number }
  | { type: 'SELECT'; questionId: number }
  | { type: 'CHOOSE'; questionId: number; answer: string }
  | { type: 'CODE'; questionId: number; source: string }
  | { type: 'LANGUAGE'; questionId: number; language: PracticeLanguage }
  | { type: 'FLAG'; questionId: number; flagged: boolean }
  | { type: 'RUN_INPUT'; input: string }
  | { type: 'RUN' }
  | { type: 'COMPLETE' }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'RETRY' }
  | { type: 'SIGNAL'; kind: SignalPayload['kind']; detail: string; at: string }
  | { type: 'SAVE.ACK'; slot: string; revision: number; ack: unknown }
  | { type: 'SAVE.FAILING'; slot: string; message: string }
  | { type: 'SAVE.REFUSED'; slot: string; revision: number; message: string }
  | { type: 'SAVE.CLOSED'; message: string };

/** What the outbox actor receives from the room. */
export type OutboxMessage =
  | { type: 'SAVE'; slot: string; revision: number; delayMs: number; payload: SavePayload }
  | { type: 'FLUSH' }
  | { type: 'SIGNAL'; payload: SignalPayload };

const blankAnswer = (): RoomAnswer => ({
  answer: '',
  language: 'cpp',
  source: CODE_TEMPLATES.cpp,
  flagged: false,
  revision: 0,
  savedRevision: 0,
});

const isLanguage = (v: unknown): v is PracticeLanguage => v === 'cpp' || v === 'python';

/** The room's answers as loaded: saved ones as the server has them, the rest blank. */
export function answersOf(opened: OpenedRoom): Record<number, RoomAnswer> {
  const saved = new Map(opened.answers.map((a) => [a.questionId, a]));
  return Object.fromEntries(
    opened.questions.map((q) => {
      const a = saved.get(q.questionId);
      const language = isLanguage(a?.language) ? a.language : 'cpp';
      return [
        q.questionId,
        a
          ? {
              answer: a.answer,
              language,
              // Nothing typed yet: the language's template, as before the reload.
              source:
                a.source === '' && q.type === 'programming' ? CODE_TEMPLATES[language] : a.source,
              flagged: a.flagged,
              revision: a.revision,
              savedRevision: a.revision,
            }
          : blankAnswer(),
      ];
    }),
  );
}

/** The server's time now, as the room reckons it. */
export const serverNowOf = (c: Pick<RoomContext, 'now' | 'offsetMs'>) => c.now + c.offsetMs;

/** Whole seconds left before the deadline (0 at and after it). */
export function secondsLeft(c: Pick<RoomContext, 'sitting' | 'now' | 'offsetMs'>): number {
  if (!c.sitting) return 0;
  return Math.max(0, Math.ceil((Date.parse(c.sitting.deadline) - serverNowOf(c)) / 1000));
}

/** Edits not yet acknowledged by the server. */
export const pendingSaves = (c: Pick<RoomContext, 'answers'>): number =>
  Object.values(c.answers).filter((a) => a.revision > a.savedRevision).length;

type Ctx = { context: RoomContext };

/** One question's answer after an edit, with its revision raised. */
function edited(context: RoomContext, questionId: number, change: Partial<RoomAnswer>) {
  const before = context.answers[questionId];
  if (!before) return null;
  return { ...before, ...change, revision: before.revision + 1 };
}

function saveMessage(
  context: RoomContext,
  questionId: number,
  answer: RoomAnswer,
  delayMs: number,
): OutboxMessage {
  const question = context.questions.find((q) => q.questionId === questionId);
  const programming = question?.type === 'programming';
  return {
    type: 'SAVE',
    slot: String(questionId),
    revision: answer.revision,
    delayMs,
    payload: {
      examPaperEnrollId: context.sitting!.id,
      questionId,
      revision: answer.revision,
      flagged: answer.flagged,
      ...(programming
        ? { language: answer.language, source: answer.source }
        : { answer: answer.answer }),
    },
  };
}

const knownQuestion = ({ context, event }: Ctx & { event: AnyEventObject }) =>
  typeof event.questionId === 'number' && context.answers[event.questionId] !== undefined;

type EditEvent = Extract<RoomEvent, { type: 'CHOOSE' | 'CODE' | 'LANGUAGE' | 'FLAG' }>;

/** An edit: the change it makes to the question's answer, then the save after `delayMs`. */
function editThenSave<E extends EditEvent>(
  change: (args: { context: RoomContext; event: E }) => Partial<RoomAnswer>,
  delayMs: number,
) {
  return [
    {
      type: 'applyEdit' as const,
      params: (args: { context: RoomContext; event: E }) => ({
        questionId: args.event.questionId,
        change: change(args),
      }),
    },
    {
      type: 'saveEdit' as const,
      params: ({ event }: { event: E }) => ({ questionId: event.questionId, delayMs }),
    },
  ];
}

export const examRoomMachine = setup({
  types: {
    context: {} as RoomContext,
    events: {} as RoomEvent,
    input: {} as RoomInput,
  },
  actors: {
    openRoom: fromPromise<OpenedRoom, RoomInput>(notProvided('openRoom')),
    completeSitting: fromPromise<SittingItem, { id: number }>(notProvided('completeSitting')),
    runCode: fromPromise<AnswerDetail, RunRequest>(notProvided('runCode')),
    autosave: fromCallback<OutboxMessage>(() => undefined),
    clock: fromCallback<AnyEventObject>(() => undefined),
  },
  actions: {
    /** One question's answer changes and its revision goes up. */
    applyEdit: assign(
      ({ context }, params: { questionId: number; change: Partial<RoomAnswer> }) => ({
        answers: {
          ...context.answers,
          [params.questionId]: edited(context, params.questionId, params.change)!,
        },
      }),
    ),
    /** The question's answer as it now stands goes to the outbox. */
    saveEdit: sendTo('autosave', ({ context }, params: { questionId: number; delayMs: number }) =>
      saveMessage(context, params.questionId, context.answers[params.questionId]!, params.delayMs),
    ),
  },
  guards: {
    knownQuestion,
    answering: ({ event }) =>
      (event as { output?: OpenedRoom }).output?.sitting.state === 'inProgress',
    timeIsUp: ({ context, event }) =>
      event.type === 'TICK' && secondsLeft({ ...context, now: event.now }) === 0,
    allSaved: ({ context }) => pendingSaves(context) === 0,
    hasCode: ({ context }) => {
      const q = context.current;
      return q !== null && (context.answers[q]?.source.trim() ?? '') !== '';
    },
  },
}).createMachine({
  id: 'examRoom',
  context: ({ input }) => ({
    examId: input.examId,
    examPaperId: input.examPaperId,
    sitting: null,
    questions: [],
    answers: {},
    current: null,
    offsetMs: 0,
    now: 0,
    offline: false,
    closed: false,
    refused: null,
    error: null,
    timeUp: false,
    runInput: '',
    running: false,
    run: null,
    runError: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'openRoom',
        src: 'openRoom',
        input: ({ context }) => ({ examId: context.examId, examPaperId: context.examPaperId }),
        onDone: [
          {
            guard: 'answering',
            target: 'session',
            actions: assign(({ event }) => opened(event.output)),
          },
          { target: 'handedIn', actions: assign(({ event }) => opened(event.output)) },
        ],
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => describeError(event.error) }),
        },
      },
    },
    failed: { on: { RETRY: { target: 'loading', actions: assign({ error: null }) } } },
    session: {
      invoke: [
        { id: 'autosave', src: 'autosave' },
        { id: 'clock', src: 'clock' },
      ],
      on: {
        TICK: [
          {
            guard: 'timeIsUp',
            target: '.flushing',
            actions: assign({ now: ({ event }) => event.now, timeUp: true }),
          },
          { actions: assign({ now: ({ event }) => event.now }) },
        ],
        'SAVE.ACK': {
          actions: assign(({ context, event }) => {
            const questionId = Number(event.slot);
            const a = context.answers[questionId];
            if (!a) return { offline: false };
            return {
              offline: false,
              answers: {
                ...context.answers,
                [questionId]: { ...a, savedRevision: Math.max(a.savedRevision, event.revision) },
              },
            };
          }),
        },
        'SAVE.FAILING': { actions: assign({ offline: true }) },
        'SAVE.REFUSED': {
          actions: assign(({ context, event }) => {
            const questionId = Number(event.slot);
            const a = context.answers[questionId];
            // Refused for good: the edit will never be saved; do not wait for it.
            return {
              refused: event.message,
              answers: a
                ? { ...context.answers, [questionId]: { ...a, savedRevision: a.revision } }
                : context.answers,
            };
          }),
        },
        'SAVE.CLOSED': { target: '.completing', actions: assign({ closed: true, offline: false }) },
        SIGNAL: {
          actions: sendTo('autosave', ({ context, event }) => ({
            type: 'SIGNAL',
            payload: {
              id: context.sitting!.id,
              kind: event.kind,
              detail: event.detail,
              clientAt: event.at,
            },
          })),
        },
      },
      initial: 'answering',
      states: {
        answering: {
          on: {
            SELECT: {
              guard: 'knownQuestion',
              actions: assign({
                current: ({ event }) => event.questionId,
                run: null,
                runError: null,
              }),
            },
            CHOOSE: {
              guard: 'knownQuestion',
              actions: editThenSave(({ event }) => ({ answer: event.answer }), 0),
            },
            CODE: {
              guard: 'knownQuestion',
              actions: editThenSave(({ event }) => ({ source: event.source }), CODE_SAVE_DELAY_MS),
            },
            LANGUAGE: {
              guard: 'knownQuestion',
              actions: editThenSave(({ context, event }) => {
                const before = context.answers[event.questionId]!;
                // A template the learner has not touched follows the language.
                const untouched = before.source === CODE_TEMPLATES[before.language];
                return {
                  language: event.language,
                  ...(untouched ? { source: CODE_TEMPLATES[event.language] } : {}),
                };
              }, 0),
            },
            FLAG: {
              guard: 'knownQuestion',
              actions: editThenSave(({ event }) => ({ flagged: event.flagged }), 0),
            },
            RUN_INPUT: { actions: assign({ runInput: ({ event }) => event.input }) },
            COMPLETE: 'confirming',
          },
          initial: 'idle',
          states: {
            idle: {
              on: {
                RUN: {
                  guard: 'hasCode',
                  target: 'running',
                },
              },
            },
            running: {
              entry: assign({ running: true, run: null, runError: null }),
              exit: assign({ running: false }),
              invoke: {
                id: 'runCode',
                src: 'runCode',
                input: ({ context }) => {
                  const questionId = context.current!;
                  const a = context.answers[questionId]!;
                  return {
                    examPaperEnrollId: context.sitting!.id,
                    questionId,
                    language: a.language,
                    source: a.source,
                    input: context.runInput,
                  };
                },
                onDone: { target: 'idle', actions: assign({ run: ({ event }) => event.output }) },
                onError: {
                  target: 'idle',
                  actions: assign({
                    runError: ({ event }) => describeError(event.error).message ?? '运行失败',
                  }),
                },
              },
            },
          },
        },
        confirming: { on: { CONFIRM: 'flushing', CANCEL: 'answering' } },
        flushing: {
          entry: sendTo('autosave', { type: 'FLUSH' }),
          always: { guard: 'allSaved', target: 'completing' },
          after: { [FLUSH_LIMIT_MS]: 'completing' },
        },
        completing: {
          invoke: {
            id: 'completeSitting',
            src: 'completeSitting',
            input: ({ context }) => ({ id: context.sitting!.id }),
            onDone: {
              target: '#examRoom.handedIn',
              actions: assign({ sitting: ({ event }) => event.output }),
            },
            onError: {
              target: 'handInFailed',
              actions: assign({ error: ({ event }) => describeError(event.error) }),
            },
          },
        },
        handInFailed: {
          on: { RETRY: { target: 'completing', actions: assign({ error: null }) } },
        },
      },
    },
    handedIn: {},
  },
});

function opened(output: OpenedRoom): Partial<RoomContext> {
  const serverNow = Date.parse(output.sitting.serverNow);
  return {
    sitting: output.sitting,
    questions: output.questions,
    answers: answersOf(output),
    current: output.questions[0]?.questionId ?? null,
    offsetMs: Number.isFinite(serverNow) ? serverNow - output.localNow : 0,
    now: output.localNow,
  };
}

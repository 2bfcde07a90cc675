/**
 * The exam room's effects (examPaperEnroll, examPaper, examMemberQuestion: docs/exams.md): opening
 * the sitting with its paper and saved answers, the autosave outbox (src/streams/autosave.ts) with
 * the integrity signals, the one-second clock, runs on custom input and the hand-in. Calls forward
 * their actor's abort signal.
 */
import { Subject, type Subscription } from 'rxjs';
import { fromCallback, fromPromise, type AnyEventObject } from 'xstate';
import { ErrorCode } from '../../contract/errors.ts';
import { exam } from '../../contract/exam/refs.ts';
import { memberQuestion } from '../../contract/member-question/refs.ts';
import type { AnswerDetail } from '../../contract/member-question/calls.ts';
import { autosave$, type Edit } from '../../streams/autosave.ts';
import type { Transport } from '../../transport/client.ts';
import { ApiError } from '../../transport/errors.ts';
import type { FeatureImplementations } from '../implementations.ts';
import type {
  examRoomMachine,
  OpenedRoom,
  OutboxMessage,
  RoomInput,
  RunRequest,
  SavePayload,
} from './machine.ts';

export interface ExamRoomDeps {
  transport: Transport;
  /** The local clock (Date.now); tests pass their own. */
  now?: () => number;
  /** How often the clock ticks; one second by default. */
  tickMs?: number;
  /** Pause between polls of a run's result. */
  pollMs?: number;
}

/** The network, a timeout or a server briefly away: the save is kept and tried again. */
export const isRetryable = (error: unknown): boolean =>
  error instanceof ApiError &&
  (error.kind === 'transport' ||
    error.code === ErrorCode.SERVICE_UNAVAILABLE ||
    (error.status ?? 0) >= 500);
export const isClosed = (error: unknown): boolean =>
  error instanceof ApiError && error.code === ErrorCode.EXAM_CLOSED;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new Error('aborted'));
    });
  });

export function createExamRoomImplementations(
  deps: ExamRoomDeps,
): FeatureImplementations<typeof examRoomMachine> {
  const { transport } = deps;
  const now = deps.now ?? Date.now;
  return {
    actors: {
      openRoom: fromPromise<OpenedRoom, RoomInput>(async ({ input, signal }) => {
        const sentAt = now();
        const sitting = await transport.call(exam['oj.examPaperEnroll.start'], {
          body: { examId: input.examId, examPaperId: input.examPaperId },
          signal,
        });
        const localNow = Math.round((sentAt + now()) / 2);
        const paper = await transport.call(exam['oj.examPaper.queryQuestionList'], {
          body: { examPaperId: input.examPaperId },
          signal,
        });
        const answers = await transport.call(
          exam['oj.examMemberQuestion.queryListByExamPaperEnroll'],
          { query: { page: 0, size: 200 }, body: { examPaperEnrollId: sitting.id }, signal },
        );
        return {
          sitting,
          questions: paper.questions,
          answers: answers.content.map((a) => ({
            questionId: a.questionId,
            answer: a.answer,
            language: a.language,
            source: a.source,
            flagged: a.flagged,
            revision: a.revision,
          })),
          localNow,
        };
      }),
      completeSitting: fromPromise(async ({ input, signal }) => {
        try {
          return await transport.call(exam['oj.examPaperEnroll.complete'], {
            body: { id: input.id },
            signal,
            skipErrorHandler: true,
          });
        } catch (error) {
          // The server's clock handed the paper in first: it is in all the same.
          if (error instanceof ApiError && error.code === ErrorCode.TRANSITION_NOT_ALLOWED) {
            return transport.call(exam['oj.examPaperEnroll.queryById'], {
              query: { id: input.id },
              signal,
            });
          }
          throw error;
        }
      }),
      runCode: fromPromise<AnswerDetail, RunRequest>(async ({ input, signal }) => {
        const queued = await transport.call(exam['oj.examMemberQuestion.debug'], {
          body: input,
          signal,
        });
        for (;;) {
          const detail = await transport.call(memberQuestion['memberQuestion.queryById'], {
            query: { id: queued.id },
            signal,
            skipErrorHandler: true,
          });
          if (detail.status === 'done' || detail.status === 'failed') return detail;
          await sleep(deps.pollMs ?? 500, signal);
        }
      }),
      autosave: fromCallback<OutboxMessage>(({ sendBack, receive }) => {
        const edits = new Subject<Edit<SavePayload>>();
        const flush = new Subject<void>();
        const subscription: Subscription = autosave$(
          edits,
          flush,
          (payload: SavePayload) =>
            transport.call(exam['oj.examMemberQuestion.save'], {
              body: payload,
              // The room shows the outbox's state; a toast per failed autosave would be noise.
              skipErrorHandler: true,
            }),
          { isRetryable, isClosed, initialDelayMs: 1_000, maxDelayMs: 5_000 },
        ).subscribe((event) => sendBack(event as AnyEventObject));
        receive((message) => {
          if (message.type === 'SAVE') {
            edits.next({
              slot: message.slot,
              revision: message.revision,
              delayMs: message.delayMs,
              payload: message.payload,
            });
          } else if (message.type === 'FLUSH') {
            flush.next();
          } else {
            // Signals are a record for staff, never in the learner's way: failures are dropped.
            transport
              .call(exam['oj.examPaperEnroll.signal'], {
                body: message.payload,
                skipErrorHandler: true,
              })
              .catch(() => undefined);
          }
        });
        return () => subscription.unsubscribe();
      }),
      clock: fromCallback(({ sendBack }) => {
        sendBack({ type: 'TICK', now: now() });
        const timer = setInterval(
          () => sendBack({ type: 'TICK', now: now() }),
          deps.tickMs ?? 1000,
        );
        return () => clearInterval(timer);
      }),
    },
  };
}

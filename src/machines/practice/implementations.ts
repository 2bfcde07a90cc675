/**
 * The practice screen's effects (memberQuestion and memberPlayground calls,
 * docs/product-rules.md#the-call-catalogue): statement, per-language drafts, runs, submissions and
 * corrections, the history and the quota, and the live status of a judged answer. Every call
 * forwards its actor's abort signal, so leaving a state (or the screen's actor stopping) cancels
 * the request; the status follow unsubscribes.
 */
import { filter, map } from 'rxjs';
import { fromCallback, fromPromise, type AnyEventObject } from 'xstate';
import type { StatusEvent } from '../../contract/member-question/calls.ts';
import { DEFAULT_PAGE_SIZE } from '../../contract/page-size.ts';
import { memberQuestion } from '../../contract/member-question/refs.ts';
import { question as questionApi } from '../../contract/question/refs.ts';
import { followAnswer$, type AnswerStatusSource } from '../../streams/answer-status.ts';
import { eventStream$ } from '../../streams/event-stream.ts';
import type { Transport } from '../../transport/client.ts';
import type { FeatureImplementations } from '../implementations.ts';
import type { practiceMachine } from './machine.ts';
import type { FollowInput, HistoryPage, HistoryRequest, JobRequest } from './types.ts';

export interface PracticeDeps {
  transport: Transport;
  /** A graded answer finished: lists that show the member's latest answers are stale. */
  onGraded: () => void;
}

/** A job of the question screen: it always has its question. */
function questionIdOf(input: { questionId: number | null }): number {
  if (input.questionId === null) throw new Error('a question call without a question');
  return input.questionId;
}

const jobBody = (input: JobRequest) => ({
  questionId: questionIdOf(input),
  language: input.language,
  source: input.source,
});

/**
 * One page of the member's submissions and corrections (订正) of one question, newest first.
 * Shared with objective questions.
 */
export const submissionHistory = (transport: Transport) =>
  fromPromise<HistoryPage, HistoryRequest>(async ({ input, signal }) => {
    const page = await transport.call(memberQuestion['memberQuestion.queryList'], {
      query: { page: input.page, size: DEFAULT_PAGE_SIZE },
      body: { questionId: input.questionId, kinds: ['submit', 'review'] },
      signal,
    });
    return {
      items: page.content,
      page: page.number,
      totalPages: page.totalPages,
      totalElements: page.totalElements,
    };
  });

/** Where a followed answer's status comes from: the event stream, and queryById. */
function answerStatusSource(transport: Transport): AnswerStatusSource {
  return {
    statusStream: (id) =>
      eventStream$((signal) =>
        transport.stream(memberQuestion['memberQuestion.status'], {
          query: { id },
          signal,
          skipErrorHandler: true,
        }),
      ).pipe(
        filter((message) => message.event === 'status'),
        map((message) => JSON.parse(message.data) as StatusEvent),
      ),
    // Failures are the follower's to handle (retry, fall back, report lost), not toasts.
    detail: (id) =>
      transport.call(memberQuestion['memberQuestion.queryById'], {
        query: { id },
        skipErrorHandler: true,
      }),
  };
}

/**
 * Each change of status is an ANSWER.PROGRESS event (so the log holds the whole queued →
 * compiling → running k/n story); the final detail ends the follow.
 */
const answerFollower = ({ transport, onGraded }: PracticeDeps, graded: boolean) =>
  fromCallback<AnyEventObject, FollowInput>(({ input, sendBack }) => {
    const subscription = followAnswer$(input.id, answerStatusSource(transport)).subscribe(
      (event) => {
        if (event.type === 'ANSWER.FINISHED' && graded) onGraded();
        sendBack(event);
      },
    );
    return () => subscription.unsubscribe();
  });

/** A question's practice: statement, drafts, runs, submissions, corrections, history, quota. */
export function createPracticeImplementations(
  deps: PracticeDeps,
): FeatureImplementations<typeof practiceMachine> {
  const { transport } = deps;
  return {
    actors: {
      loadQuestion: fromPromise(async ({ input, signal }) => {
        const item = await transport.call(questionApi['oj.question.queryById'], {
          query: { id: input.questionId },
          signal,
        });
        return {
          id: item.id,
          type: item.type,
          title: item.title,
          difficulty: item.difficulty,
          content: item.content,
          samples: item.samples.map((s) => ({ input: s.input, output: s.output })),
          timeLimitMs: item.timeLimitMs,
          memoryLimitMiB: item.memoryLimitMiB,
          io:
            item.io.mode === 'file'
              ? { mode: 'file', input: item.io.input, output: item.io.output }
              : { mode: 'stdio' },
          interactive: item.interactive,
          options: item.options.map((o) => ({ label: o.label, text: o.text })),
          ...(item.access === 'locked'
            ? { locked: { priceFen: item.priceFen, rightName: item.rightName } }
            : {}),
        };
      }),
      loadDraft: fromPromise(async ({ input, signal }) => {
        // Without a language the server answers with the latest draft of any language.
        const draft = await transport.call(memberQuestion['memberQuestion.queryDraft'], {
          query: {
            questionId: questionIdOf(input),
            ...(input.language === null ? {} : { language: input.language }),
          },
          signal,
        });
        return draft && { source: draft.source, input: draft.input, language: draft.language };
      }),
      // Not cancelled with its state: a newer edit supersedes the save, it does not undo it.
      saveDraft: fromPromise(async ({ input }) => {
        const saved = await transport.call(memberQuestion['memberQuestion.saveAsDraft'], {
          body: { ...jobBody(input), input: input.input },
        });
        return { updatedAt: saved.updatedAt };
      }),
      debug: fromPromise(async ({ input, signal }) => {
        const queued = await transport.call(memberQuestion['memberQuestion.debug'], {
          body: { ...jobBody(input), input: input.input },
          signal,
        });
        return { id: queued.id };
      }),
      submit: fromPromise(async ({ input, signal }) => {
        const queued = await transport.call(memberQuestion['memberQuestion.submitAnswer'], {
          body: jobBody(input),
          signal,
        });
        return { id: queued.id };
      }),
      // A CONFLICT (nothing to correct) is toasted by the transport like any refusal.
      reviewSubmit: fromPromise(async ({ input, signal }) => {
        const queued = await transport.call(memberQuestion['memberQuestion.reviewSubmit'], {
          body: jobBody(input),
          signal,
        });
        return { id: queued.id };
      }),
      loadHistory: submissionHistory(transport),
      loadQuota: fromPromise(async ({ signal }) => {
        const quota = await transport.call(memberQuestion['memberQuestion.queryQuota'], {
          // Only a line of text depends on it: a failure hides the line, it is not toasted.
          skipErrorHandler: true,
          signal,
        });
        return { used: quota.submissions.used, limit: quota.submissions.limit };
      }),
      followAnswer: answerFollower(deps, true),
    },
  };
}

/**
 * The playground: one draft per language and runs on custom input. It has no question, so the
 * machine never reaches the question's calls; they stay those of a question.
 */
export function createPlaygroundImplementations(
  deps: PracticeDeps,
): FeatureImplementations<typeof practiceMachine> {
  const { transport } = deps;
  const question = createPracticeImplementations(deps);
  return {
    actors: {
      ...question.actors,
      loadDraft: fromPromise(async ({ input, signal }) => {
        const latest = await transport.call(memberQuestion['memberPlayground.queryLatest'], {
          query: input.language === null ? {} : { language: input.language },
          signal,
        });
        return latest.draft && { source: latest.draft.source, input: latest.draft.input };
      }),
      saveDraft: fromPromise(async ({ input }) => {
        const saved = await transport.call(memberQuestion['memberPlayground.saveAsDraft'], {
          body: { language: input.language, source: input.source, input: input.input },
        });
        return { updatedAt: saved.updatedAt };
      }),
      debug: fromPromise(async ({ input, signal }) => {
        const queued = await transport.call(memberQuestion['memberPlayground.submitAnswer'], {
          body: { language: input.language, source: input.source, input: input.input },
          signal,
        });
        return { id: queued.id };
      }),
      followAnswer: answerFollower(deps, false),
    },
  };
}

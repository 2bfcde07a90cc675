/**
 * Practice actors, one per question, created OUTSIDE React (DESIGN.md §2: StrictMode would
 * start invoked calls twice otherwise) and kept while the same member is logged in, so returning
 * to a question finds it as it was left. The effects of the practice machine are the calls here.
 */
import { filter, map } from 'rxjs';
import { createActor, fromCallback, fromPromise, type Actor, type AnyEventObject } from 'xstate';
import { memberQuestion } from '../../contract/member-question/refs.ts';
import { question as questionApi } from '../../contract/question/refs.ts';
import type {
  AnswerSummary,
  GradedAnswer,
  StatusEvent,
} from '../../contract/member-question/calls.ts';
import {
  objectivePracticeMachine,
  type ObjectiveQuestion,
  type ObjectiveSubmission,
} from '../../machines/objective-practice/machine.ts';
import {
  practiceMachine,
  type DraftKey,
  type FollowInput,
  type JobRequest,
  type PracticeDraft,
  type PracticeLanguage,
  type PracticeQuestion,
  type PracticeQuota,
  type SubmitMode,
} from '../../machines/practice/machine.ts';
import { followAnswer$, type AnswerStatusSource } from '../../streams/answerStatus.ts';
import { eventStream$ } from '../../streams/eventStream.ts';
import { isLatestAnswersKey } from './practiceQueries.ts';
import type { Runtime } from './runtime.ts';

export type PracticeActor = Actor<typeof practiceMachine>;
export type ObjectiveActor = Actor<typeof objectivePracticeMachine>;

/** How many graded answers (submissions and corrections) the history shows. */
const HISTORY_SIZE = 10;

/** A job of the question screen: it always has its question. */
function questionIdOf(input: { questionId: number | null }): number {
  if (input.questionId === null) throw new Error('a question call without a question');
  return input.questionId;
}

/** The calls of a question: statement, per-language drafts, debug runs and submissions. */
function questionActors(transport: Runtime['transport']) {
  const jobBody = (input: JobRequest) => ({
    questionId: questionIdOf(input),
    language: input.language,
    source: input.source,
  });
  return {
    loadQuestion: fromPromise<PracticeQuestion, { questionId: number }>(async ({ input }) => {
      const item = await transport.call(questionApi['oj.question.queryById'], {
        query: { id: input.questionId },
      });
      return {
        id: item.id,
        type: item.type,
        title: item.title,
        content: item.content,
        samples: item.samples.map((s) => ({ input: s.input, output: s.output })),
        timeLimitMs: item.timeLimitMs,
        memoryLimitMiB: item.memoryLimitMiB,
        options: item.options.map((o) => ({ label: o.label, text: o.text })),
      };
    }),
    loadDraft: fromPromise<PracticeDraft | null, DraftKey>(async ({ input }) => {
      // Without a language the server answers with the latest draft of any language.
      const draft = await transport.call(memberQuestion['memberQuestion.queryDraft'], {
        query: {
          questionId: questionIdOf(input),
          ...(input.language === null ? {} : { language: input.language }),
        },
      });
      return draft && { source: draft.source, input: draft.input, language: draft.language };
    }),
    saveDraft: fromPromise<{ updatedAt: string }, JobRequest>(async ({ input }) => {
      const saved = await transport.call(memberQuestion['memberQuestion.saveAsDraft'], {
        body: { ...jobBody(input), input: input.input },
      });
      return { updatedAt: saved.updatedAt };
    }),
    debug: fromPromise<{ id: number }, JobRequest>(async ({ input }) => {
      const queued = await transport.call(memberQuestion['memberQuestion.debug'], {
        body: { ...jobBody(input), input: input.input },
      });
      return { id: queued.id };
    }),
    submit: fromPromise<{ id: number }, JobRequest>(async ({ input }) => {
      const queued = await transport.call(memberQuestion['memberQuestion.submitAnswer'], {
        body: jobBody(input),
      });
      return { id: queued.id };
    }),
    // A CONFLICT (nothing to correct) is toasted by the transport like any refusal.
    reviewSubmit: fromPromise<{ id: number }, JobRequest>(async ({ input }) => {
      const queued = await transport.call(memberQuestion['memberQuestion.reviewSubmit'], {
        body: jobBody(input),
      });
      return { id: queued.id };
    }),
    loadHistory: submissionHistory(transport),
    loadQuota: fromPromise<PracticeQuota, void>(async () => {
      const quota = await transport.call(memberQuestion['memberQuestion.queryQuota'], {
        // Only a line of text depends on it: a failure hides the line, it is not toasted.
        skipErrorHandler: true,
      });
      return { used: quota.submissions.used, limit: quota.submissions.limit };
    }),
  };
}

/** The kinds of answer the history lists: graded ones, not debug runs. */
const HISTORY_KINDS: readonly SubmitMode[] = ['submit', 'review'];

/**
 * The member's latest submissions and corrections (订正) of one question, newest first. The
 * list call filters by one kind at a time; the newest HISTORY_SIZE of both lists are the newest
 * of their union.
 */
function submissionHistory(transport: Runtime['transport']) {
  return fromPromise<AnswerSummary[], { questionId: number }>(async ({ input }) => {
    const pages = await Promise.all(
      HISTORY_KINDS.map((kind) =>
        transport.call(memberQuestion['memberQuestion.queryList'], {
          query: { page: 0, size: HISTORY_SIZE },
          body: { questionId: input.questionId, kind },
        }),
      ),
    );
    return pages
      .flatMap((page) => page.content)
      .sort((a, b) => b.id - a.id)
      .slice(0, HISTORY_SIZE);
  });
}

/** A graded answer changed what the play home's status columns and wrong list show. */
function forgetLatestAnswers(runtime: Runtime): void {
  runtime.queries.cache.invalidate(isLatestAnswersKey);
}

/** Where a followed answer's status comes from: the event stream, and queryById. */
function answerStatusSource(transport: Runtime['transport']): AnswerStatusSource {
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

/** The playground's calls: one draft per language, runs on custom input. */
function playgroundActors(transport: Runtime['transport']) {
  return {
    loadDraft: fromPromise<PracticeDraft | null, DraftKey>(async ({ input }) => {
      const latest = await transport.call(memberQuestion['memberPlayground.queryLatest'], {
        query: input.language === null ? {} : { language: input.language },
      });
      return latest.draft && { source: latest.draft.source, input: latest.draft.input };
    }),
    saveDraft: fromPromise<{ updatedAt: string }, JobRequest>(async ({ input }) => {
      const saved = await transport.call(memberQuestion['memberPlayground.saveAsDraft'], {
        body: { language: input.language, source: input.source, input: input.input },
      });
      return { updatedAt: saved.updatedAt };
    }),
    debug: fromPromise<{ id: number }, JobRequest>(async ({ input }) => {
      const queued = await transport.call(memberQuestion['memberPlayground.submitAnswer'], {
        body: { language: input.language, source: input.source, input: input.input },
      });
      return { id: queued.id };
    }),
  };
}

function createPracticeActor(
  runtime: Runtime,
  questionId: number | null,
  /** Omitted for a question: the language of its latest draft. */
  language?: PracticeLanguage,
  mode?: SubmitMode,
): PracticeActor {
  const { transport, eventLog } = runtime;
  const machine = practiceMachine.provide({
    actors: {
      ...(questionId === null ? playgroundActors(transport) : questionActors(transport)),
      // Each change of status is an ANSWER.PROGRESS event (so the log holds the whole
      // queued → compiling → running k/n story); the final detail ends the follow.
      followAnswer: fromCallback<AnyEventObject, FollowInput>(({ input, sendBack }) => {
        const subscription = followAnswer$(input.id, answerStatusSource(transport)).subscribe(
          (event) => {
            if (event.type === 'ANSWER.FINISHED' && questionId !== null) {
              forgetLatestAnswers(runtime);
            }
            sendBack(event);
          },
        );
        return () => subscription.unsubscribe();
      }),
    },
  });
  const name = questionId === null ? `playground:${language}` : `practice:${questionId}`;
  return createActor(
    machine,
    eventLog.attachToActor(name, {
      input: language === undefined ? { questionId, mode } : { questionId, language, mode },
    }),
  ).start();
}

function createObjectiveActor(
  runtime: Runtime,
  question: ObjectiveQuestion,
  mode: SubmitMode,
): ObjectiveActor {
  const { transport, eventLog } = runtime;
  // Objective answers are graded at once: the play home's lists change with the answer.
  const graded = (call: (typeof memberQuestion)['memberQuestion.submitAnswer']) =>
    fromPromise<GradedAnswer, ObjectiveSubmission>(async ({ input }) => {
      const answer = await transport.call(call, {
        body: { questionId: input.questionId, answer: input.answer },
      });
      forgetLatestAnswers(runtime);
      return answer;
    });
  const machine = objectivePracticeMachine.provide({
    actors: {
      submitAnswer: graded(memberQuestion['memberQuestion.submitAnswer']),
      // A CONFLICT (nothing to correct) is toasted by the transport like any refusal.
      reviewSubmit: graded(memberQuestion['memberQuestion.reviewSubmit']),
      loadHistory: submissionHistory(transport),
    },
  });
  return createActor(
    machine,
    eventLog.attachToActor(`objective:${question.id}`, { input: { question, mode } }),
  ).start();
}

interface Stoppable {
  stop(): void;
}

interface ActorCache {
  /** Whose drafts and submissions the actors hold. */
  userId: number | null;
  actors: Map<string, Stoppable>;
}

const byRuntime = new WeakMap<Runtime, ActorCache>();

/**
 * Kept per runtime, and only for the member who opened them: after a logout or a switch of
 * account, the next member starts afresh instead of seeing someone else's code.
 */
function cached<A extends Stoppable>(runtime: Runtime, key: string, create: () => A): A {
  const userId = runtime.actors.startup.getSnapshot().context.user?.id ?? null;
  let cache = byRuntime.get(runtime);
  if (!cache || cache.userId !== userId) {
    for (const actor of cache?.actors.values() ?? []) actor.stop();
    cache = { userId, actors: new Map() };
    byRuntime.set(runtime, cache);
  }
  let actor = cache.actors.get(key) as A | undefined;
  if (!actor) {
    actor = create();
    cache.actors.set(key, actor);
  }
  return actor;
}

/**
 * The practice actor of a question, started on first use and kept afterwards. It opens in the
 * language the member last saved a draft in (C++ when there is none). `mode` is the mode it
 * starts in; a kept actor is told of a later change by a MODE event (the screen does that), so
 * submitting and correcting share the code, result and history.
 */
export function practiceActorFor(
  runtime: Runtime,
  questionId: number,
  mode: SubmitMode = 'submit',
): PracticeActor {
  return cached(runtime, `question:${questionId}`, () =>
    createPracticeActor(runtime, questionId, undefined, mode),
  );
}

/**
 * The objective-answer actor of a question whose statement is loaded (and objective); `mode` as
 * for practiceActorFor.
 */
export function objectiveActorFor(
  runtime: Runtime,
  question: ObjectiveQuestion,
  mode: SubmitMode = 'submit',
): ObjectiveActor {
  return cached(runtime, `objective:${question.id}`, () =>
    createObjectiveActor(runtime, question, mode),
  );
}

/** The playground actor, one per starting language (/play/home C++, /play/python Python). */
export function playgroundActorFor(runtime: Runtime, language: PracticeLanguage): PracticeActor {
  return cached(runtime, `playground:${language}`, () =>
    createPracticeActor(runtime, null, language),
  );
}

/**
 * Practice actors, one per question, created OUTSIDE React (DESIGN.md §2: StrictMode would
 * start invoked calls twice otherwise) and kept while the same member is logged in, so returning
 * to a question finds it as it was left. The effects of the practice machine are the calls here.
 */
import { createActor, fromCallback, fromPromise, type Actor, type AnyEventObject } from 'xstate';
import type { AnswerDetail } from '../../contract/calls/member-question.ts';
import { memberQuestion } from '../../contract/routes/member-question.ts';
import { oj } from '../../contract/routes/question-bank.ts';
import {
  practiceMachine,
  type DraftKey,
  type FollowInput,
  type JobRequest,
  type PracticeDraft,
  type PracticeLanguage,
  type PracticeQuestion,
} from '../../machines/practice.ts';
import type { Runtime } from './runtime.ts';

/** How often a followed answer is read while the judge works on it. */
export const ANSWER_POLL_MS = 500;
/** How many reads in a row may fail before the answer is reported lost. */
const ANSWER_POLL_FAILURES = 5;

export type PracticeActor = Actor<typeof practiceMachine>;

const FINAL = new Set(['done', 'failed']);

const toStatus = (detail: AnswerDetail) => ({
  id: detail.id,
  status: detail.status,
  verdict: detail.verdict,
  score: detail.score,
  maxScore: detail.maxScore,
  timeMs: detail.timeMs,
  memoryKiB: detail.memoryKiB,
  progress: detail.progress,
});

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
      const item = await transport.call(oj.queryById, { query: { id: input.questionId } });
      return {
        id: item.id,
        title: item.title,
        content: item.content,
        samples: item.samples.map((s) => ({ input: s.input, output: s.output })),
        timeLimitMs: item.timeLimitMs,
        memoryLimitMiB: item.memoryLimitMiB,
      };
    }),
    loadDraft: fromPromise<PracticeDraft | null, DraftKey>(async ({ input }) => {
      const draft = await transport.call(memberQuestion.memberQuestionQueryDraft, {
        query: { questionId: questionIdOf(input), language: input.language },
      });
      return draft && { source: draft.source, input: draft.input };
    }),
    saveDraft: fromPromise<{ updatedAt: string }, JobRequest>(async ({ input }) => {
      const saved = await transport.call(memberQuestion.memberQuestionSaveAsDraft, {
        body: { ...jobBody(input), input: input.input },
      });
      return { updatedAt: saved.updatedAt };
    }),
    debug: fromPromise<{ id: number }, JobRequest>(async ({ input }) => {
      const queued = await transport.call(memberQuestion.memberQuestionDebug, {
        body: { ...jobBody(input), input: input.input },
      });
      return { id: queued.id };
    }),
    submit: fromPromise<{ id: number }, JobRequest>(async ({ input }) => {
      const queued = await transport.call(memberQuestion.memberQuestionSubmitAnswer, {
        body: jobBody(input),
      });
      return { id: queued.id };
    }),
    loadHistory: fromPromise(async ({ input }: { input: { questionId: number } }) => {
      const page = await transport.call(memberQuestion.memberQuestionQueryList, {
        query: { page: 0, size: 10 },
        body: { questionId: input.questionId, kind: 'submit' },
      });
      return page.content;
    }),
  };
}

/** The playground's calls: one draft per language, runs on custom input. */
function playgroundActors(transport: Runtime['transport']) {
  return {
    loadDraft: fromPromise<PracticeDraft | null, DraftKey>(async ({ input }) => {
      const latest = await transport.call(memberQuestion.memberPlaygroundQueryLatest, {
        query: { language: input.language },
      });
      return latest.draft && { source: latest.draft.source, input: latest.draft.input };
    }),
    saveDraft: fromPromise<{ updatedAt: string }, JobRequest>(async ({ input }) => {
      const saved = await transport.call(memberQuestion.memberPlaygroundSaveAsDraft, {
        body: { language: input.language, source: input.source, input: input.input },
      });
      return { updatedAt: saved.updatedAt };
    }),
    debug: fromPromise<{ id: number }, JobRequest>(async ({ input }) => {
      const queued = await transport.call(memberQuestion.memberPlaygroundSubmitAnswer, {
        body: { language: input.language, source: input.source, input: input.input },
      });
      return { id: queued.id };
    }),
  };
}

function createPracticeActor(
  runtime: Runtime,
  questionId: number | null,
  language: PracticeLanguage,
): PracticeActor {
  const { transport, eventLog } = runtime;
  const machine = practiceMachine.provide({
    actors: {
      ...(questionId === null ? playgroundActors(transport) : questionActors(transport)),
      // Polls queryById: each change is an ANSWER.PROGRESS event (so the log holds the whole
      // queued → compiling → running k/n story), the final detail ends the follow.
      followAnswer: fromCallback<AnyEventObject, FollowInput>(({ input, sendBack }) => {
        let stopped = false;
        let timer: ReturnType<typeof setTimeout> | undefined;
        let failures = 0;
        let last = '';
        const poll = async () => {
          try {
            const detail = await transport.call(memberQuestion.memberQuestionQueryById, {
              query: { id: input.id },
              skipErrorHandler: true,
            });
            if (stopped) return;
            failures = 0;
            if (FINAL.has(detail.status)) {
              sendBack({ type: 'ANSWER.FINISHED', detail });
              return;
            }
            const status = toStatus(detail);
            const key = JSON.stringify(status);
            if (key !== last) sendBack({ type: 'ANSWER.PROGRESS', status });
            last = key;
          } catch (error) {
            if (stopped) return;
            failures += 1;
            if (failures >= ANSWER_POLL_FAILURES) {
              sendBack({
                type: 'ANSWER.LOST',
                message: error instanceof Error ? error.message : String(error),
              });
              return;
            }
          }
          timer = setTimeout(() => void poll(), ANSWER_POLL_MS);
        };
        void poll();
        return () => {
          stopped = true;
          clearTimeout(timer);
        };
      }),
    },
  });
  const name = questionId === null ? `playground:${language}` : `practice:${questionId}`;
  return createActor(
    machine,
    eventLog.attachToActor(name, { input: { questionId, language } }),
  ).start();
}

interface ActorCache {
  /** Whose drafts and submissions the actors hold. */
  userId: number | null;
  actors: Map<string, PracticeActor>;
}

const byRuntime = new WeakMap<Runtime, ActorCache>();

/**
 * Kept per runtime, and only for the member who opened them: after a logout or a switch of
 * account, the next member starts afresh instead of seeing someone else's code.
 */
function cached(runtime: Runtime, key: string, create: () => PracticeActor): PracticeActor {
  const userId = runtime.actors.startup.getSnapshot().context.user?.id ?? null;
  let cache = byRuntime.get(runtime);
  if (!cache || cache.userId !== userId) {
    for (const actor of cache?.actors.values() ?? []) actor.stop();
    cache = { userId, actors: new Map() };
    byRuntime.set(runtime, cache);
  }
  let actor = cache.actors.get(key);
  if (!actor) {
    actor = create();
    cache.actors.set(key, actor);
  }
  return actor;
}

/** The practice actor of a question, started on first use and kept afterwards. */
export function practiceActorFor(runtime: Runtime, questionId: number): PracticeActor {
  return cached(runtime, `question:${questionId}`, () =>
    createPracticeActor(runtime, questionId, 'cpp'),
  );
}

/** The playground actor, one per starting language (/play/home C++, /play/python Python). */
export function playgroundActorFor(runtime: Runtime, language: PracticeLanguage): PracticeActor {
  return cached(runtime, `playground:${language}`, () =>
    createPracticeActor(runtime, null, language),
  );
}

/**
 * The homework room's effects: the practice machine (../practice/machine.ts) and the objective
 * machine (../objective-practice/machine.ts) provided with the homeworkMemberQuestion calls of
 * one enrollment, so a homework question is practised exactly like any question — the same
 * drafts-after-a-pause, runs, submissions and live verdicts — with the homework's rules applied
 * by the server (open window, late marks, settlement, the class's controls on test data).
 *
 * What differs from practice, and why:
 * - one draft per question (the homework answer's), in the language it was saved in: asking for
 *   another language finds none and starts from its template;
 * - the history is the enrollment's own submissions (querySubmissionList), late ones marked;
 * - homework never uses the daily submission quota, so there is no quota line (limit null);
 * - no corrections (订正): the room never switches to review mode, so `reviewSubmit` is never
 *   reached; it is the homework's submit like `submit`.
 * The statement and the live status of a judged answer are practice's own calls.
 */
import { fromPromise } from 'xstate';
import { homework } from '../../contract/homework/refs.ts';
import { DEFAULT_PAGE_SIZE } from '../../contract/page-size.ts';
import type { Transport } from '../../transport/client.ts';
import type { FeatureImplementations } from '../implementations.ts';
import type { objectivePracticeMachine } from '../objective-practice/machine.ts';
import { createPracticeImplementations, type PracticeDeps } from '../practice/implementations.ts';
import type { practiceMachine } from '../practice/machine.ts';
import type { HistoryPage, HistoryRequest, JobRequest, PracticeQuota } from '../practice/types.ts';

export interface HomeworkRoomDeps extends PracticeDeps {
  /** The learner's enrollment in the homework: every call names it. */
  homeworkEnrollId: number;
}

/** The answer a call is about: the enrollment's answer to the actor's question. */
function answerKey(homeworkEnrollId: number, input: { questionId: number | null }) {
  if (input.questionId === null) throw new Error('a homework call without a question');
  return { homeworkEnrollId, questionId: input.questionId };
}

/** One page of the enrollment's submissions of one question, newest first. */
export const homeworkHistory = (transport: Transport, homeworkEnrollId: number) =>
  fromPromise<HistoryPage, HistoryRequest>(async ({ input, signal }) => {
    const page = await transport.call(homework['oj.homeworkMemberQuestion.querySubmissionList'], {
      query: { page: input.page, size: DEFAULT_PAGE_SIZE },
      body: { homeworkEnrollId, questionId: input.questionId },
      signal,
    });
    return {
      // Each is a graded submission; the late mark and the chosen options ride along.
      items: page.content.map((s) => ({ ...s, kind: 'submit' as const })),
      page: page.number,
      totalPages: page.totalPages,
      totalElements: page.totalElements,
    };
  });

const jobBody = (homeworkEnrollId: number, input: JobRequest) => ({
  ...answerKey(homeworkEnrollId, input),
  language: input.language,
  source: input.source,
});

/** A programming question of the homework (an objective one hands over to the next). */
export function createHomeworkPracticeImplementations(
  deps: HomeworkRoomDeps,
): FeatureImplementations<typeof practiceMachine> {
  const { transport, homeworkEnrollId } = deps;
  const practice = createPracticeImplementations(deps);
  const submit = fromPromise<{ id: number }, JobRequest>(async ({ input, signal }) => {
    const queued = await transport.call(homework['oj.homeworkMemberQuestion.submit'], {
      body: jobBody(homeworkEnrollId, input),
      signal,
    });
    return { id: queued.id };
  });
  return {
    actors: {
      loadQuestion: practice.actors.loadQuestion,
      followAnswer: practice.actors.followAnswer,
      loadDraft: fromPromise(async ({ input, signal }) => {
        const answer = await transport.call(homework['oj.homeworkMemberQuestion.queryLatest'], {
          query: answerKey(homeworkEnrollId, input),
          signal,
        });
        if (!answer || answer.draft === '') return null;
        // The one draft is in its own language; another language starts from its template.
        if (input.language !== null && answer.language !== input.language) return null;
        return { source: answer.draft, input: null, language: answer.language ?? undefined };
      }),
      // Not cancelled with its state: a newer edit supersedes the save, it does not undo it.
      saveDraft: fromPromise(async ({ input }) => {
        const saved = await transport.call(homework['oj.homeworkMemberQuestion.save'], {
          body: {
            ...answerKey(homeworkEnrollId, input),
            language: input.language,
            draft: input.source,
          },
        });
        return { updatedAt: saved.savedAt ?? '' };
      }),
      debug: fromPromise(async ({ input, signal }) => {
        const queued = await transport.call(homework['oj.homeworkMemberQuestion.debug'], {
          body: { ...jobBody(homeworkEnrollId, input), input: input.input },
          signal,
        });
        return { id: queued.id };
      }),
      submit,
      reviewSubmit: submit,
      loadHistory: homeworkHistory(transport, homeworkEnrollId),
      // Homework never counts against the daily quota: no limit, so no quota line.
      loadQuota: fromPromise<PracticeQuota, void>(() => Promise.resolve({ used: 0, limit: null })),
    },
  };
}

/** An objective question of the homework: graded at once, without the answer key. */
export function createHomeworkObjectiveImplementations(
  deps: HomeworkRoomDeps,
): FeatureImplementations<typeof objectivePracticeMachine> {
  const { transport, homeworkEnrollId, onGraded } = deps;
  const submit = fromPromise(
    async ({
      input,
      signal,
    }: {
      input: { questionId: number; answer: string };
      signal: AbortSignal;
    }) => {
      const answer = await transport.call(homework['oj.homeworkMemberQuestion.submit'], {
        body: { homeworkEnrollId, questionId: input.questionId, answer: input.answer },
        signal,
      });
      onGraded();
      return answer;
    },
  );
  return {
    actors: {
      submitAnswer: submit,
      reviewSubmit: submit,
      loadHistory: homeworkHistory(transport, homeworkEnrollId),
    },
  };
}

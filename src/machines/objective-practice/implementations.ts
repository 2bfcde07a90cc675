/**
 * Objective answers' effects: submitAnswer or reviewSubmit, graded at once, and the history.
 * A graded answer changes the lists of the member's latest answers at once (`onGraded`).
 */
import { fromPromise } from 'xstate';
import { memberQuestion } from '../../contract/member-question/refs.ts';
import type { FeatureImplementations } from '../implementations.ts';
import { submissionHistory, type PracticeDeps } from '../practice/implementations.ts';
import type { objectivePracticeMachine } from './machine.ts';

export function createObjectiveImplementations({
  transport,
  onGraded,
}: PracticeDeps): FeatureImplementations<typeof objectivePracticeMachine> {
  const graded = (call: (typeof memberQuestion)['memberQuestion.submitAnswer']) =>
    fromPromise(
      async ({
        input,
        signal,
      }: {
        input: { questionId: number; answer: string };
        signal: AbortSignal;
      }) => {
        const answer = await transport.call(call, {
          body: { questionId: input.questionId, answer: input.answer },
          signal,
        });
        onGraded();
        return answer;
      },
    );
  return {
    actors: {
      submitAnswer: graded(memberQuestion['memberQuestion.submitAnswer']),
      // A CONFLICT (nothing to correct) is toasted by the transport like any refusal.
      reviewSubmit: graded(memberQuestion['memberQuestion.reviewSubmit']),
      loadHistory: submissionHistory(transport),
    },
  };
}

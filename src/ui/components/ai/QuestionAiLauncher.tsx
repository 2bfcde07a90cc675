/**
 * The assistant on the practice question screen: about this question and the learner's latest
 * graded answer (its code, verdict and failing case are read by the server from the answer).
 */
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { isGradedJob } from '../../../machines/practice/types.ts';
import type { PracticeActor } from '../../app/practice-actors.ts';
import { AiLauncher } from './AiLauncher.tsx';

export function QuestionAiLauncher({
  actor,
  questionId,
}: {
  actor: PracticeActor;
  questionId: number;
}) {
  // The answer just judged, else the newest in the history (a submission or a correction).
  const answerId = useSelector(actor, (s) => {
    const { result, jobKind, history } = s.context;
    if (result && isGradedJob(jobKind)) return result.id;
    return history.items[0]?.id;
  });
  const input = useMemo(
    () => ({
      scene: 'question' as const,
      context: answerId === undefined ? { questionId } : { questionId, answerId },
    }),
    [questionId, answerId],
  );
  return <AiLauncher input={input} />;
}

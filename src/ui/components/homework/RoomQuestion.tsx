/**
 * One question of the homework in the room: the practice screen's panels for a program, the
 * objective answer for a choice or true/false question — the practice features themselves, run
 * through the homework's calls (src/ui/app/homework-actors.ts). The statement decides which, as
 * on /question/detail.
 */
import { Spinner } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { asObjectiveQuestion } from '../../../machines/objective-practice/machine.ts';
import { selectQuestion, selectQuestionFailed } from '../../../machines/practice/selectors.ts';
import { useRuntime } from '../../app/context.ts';
import { homeworkObjectiveActorFor, homeworkPracticeActorFor } from '../../app/homework-actors.ts';
import { ObjectivePractice } from '../practice/ObjectivePractice.tsx';
import { PracticeScreen } from '../practice/PracticeScreen.tsx';

export function RoomQuestion({
  enrollId,
  questionId,
  readOnly,
}: {
  enrollId: number;
  questionId: number;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const actor = homeworkPracticeActorFor(runtime, enrollId, questionId);
  const question = useSelector(actor, selectQuestion);
  const failed = useSelector(actor, selectQuestionFailed);
  // Until the statement says what kind of question this is, neither layout is right; a failed
  // load shows in the question panel with its retry button.
  if (!question && !failed) return <Spinner size={24} aria-label={t('app.loading')} />;
  const objective = question && asObjectiveQuestion(question);
  if (objective) {
    return (
      <ObjectivePractice
        actor={homeworkObjectiveActorFor(runtime, enrollId, objective)}
        readOnly={readOnly}
      />
    );
  }
  return <PracticeScreen actor={actor} withQuestion readOnly={readOnly} />;
}

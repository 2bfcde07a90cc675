/**
 * /question/detail?id=N — practise one question. The practice actor loads the statement; a
 * programming question gets the question, code and result panels, an objective one (single,
 * multiple, true/false) the options and its own answer flow.
 */
import { Callout, Spinner } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { asObjectiveQuestion } from '../../machines/objectivePractice.ts';
import { useRuntime } from '../app/context.ts';
import { objectiveActorFor, practiceActorFor, type PracticeActor } from '../app/practiceActors.ts';
import { ObjectivePractice } from '../components/practice/ObjectivePractice.tsx';
import { PracticeScreen } from '../components/practice/PracticeScreen.tsx';

function QuestionPractice({ actor }: { actor: PracticeActor }) {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const question = useSelector(actor, (s) => s.context.question);
  const failed = useSelector(actor, (s) => s.context.questionError !== null);
  // Until the statement says what kind of question this is, neither layout is right; a failed
  // load shows in the question panel with its retry button.
  if (!question && !failed) return <Spinner size={24} aria-label={t('app.loading')} />;
  const objective = question && asObjectiveQuestion(question);
  if (objective) return <ObjectivePractice actor={objectiveActorFor(runtime, objective)} />;
  return <PracticeScreen actor={actor} withQuestion />;
}

export default function QuestionDetailPage() {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  if (!Number.isInteger(id) || id <= 0) {
    return <Callout intent="warning">{t('practice.loadFailed', { message: 'id' })}</Callout>;
  }
  return <QuestionPractice actor={practiceActorFor(runtime, id)} />;
}

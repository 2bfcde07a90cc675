/**
 * /question/detail?id=N[&mode=review] — practise one question. The practice actor loads the
 * statement; a programming question gets the question, code and result panels, an objective
 * one (single, multiple, true/false) the options and its own answer flow. With mode=review
 * (the 订正 link of the play home's wrong list) the answer is a correction: it goes through
 * memberQuestion/reviewSubmit and is counted apart from first submissions.
 */
import { Callout, Spinner } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { asObjectiveQuestion } from '../../machines/objective-practice/machine.ts';
import { submitModeOf, type SubmitMode } from '../../machines/practice/types.ts';
import { selectQuestion, selectQuestionFailed } from '../../machines/practice/selectors.ts';
import { useRuntime } from '../app/context.ts';
import {
  objectiveActorFor,
  practiceActorFor,
  type ObjectiveActor,
  type PracticeActor,
} from '../app/practice-actors.ts';
import { BackLink } from '../components/practice/BackLink.tsx';
import { useObjectiveEvents, usePracticeEvents } from '../components/practice/hooks.ts';
import { ObjectivePractice } from '../components/practice/ObjectivePractice.tsx';
import { PracticeScreen } from '../components/practice/PracticeScreen.tsx';
import { LockedQuestion } from '../components/practice/LockedQuestion.tsx';
import { QuestionAiLauncher } from '../components/ai/QuestionAiLauncher.tsx';

/**
 * Actors are kept per question across visits; one made in the other mode is told of the
 * address's mode (a MODE event, so the change is in the event log).
 */
function useSubmitMode(
  actor: PracticeActor | ObjectiveActor,
  setMode: (mode: SubmitMode) => void,
  mode: SubmitMode,
): void {
  useEffect(() => {
    if (actor.getSnapshot().context.mode !== mode) setMode(mode);
  }, [actor, setMode, mode]);
}

function ObjectiveScreen({ actor, mode }: { actor: ObjectiveActor; mode: SubmitMode }) {
  useSubmitMode(actor, useObjectiveEvents(actor).setMode, mode);
  return (
    <>
      <BackLink mode={mode} />
      <ObjectivePractice actor={actor} />
    </>
  );
}

function QuestionPractice({ actor, mode }: { actor: PracticeActor; mode: SubmitMode }) {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const events = usePracticeEvents(actor);
  useSubmitMode(actor, events.setMode, mode);
  const question = useSelector(actor, selectQuestion);
  const failed = useSelector(actor, selectQuestionFailed);
  // Until the statement says what kind of question this is, neither layout is right; a failed
  // load shows in the question panel with its retry button.
  if (!question && !failed) return <Spinner size={24} aria-label={t('app.loading')} />;
  if (question?.locked) {
    return (
      <LockedQuestion question={{ ...question, locked: question.locked }} reload={events.reload} />
    );
  }
  const objective = question && asObjectiveQuestion(question);
  if (objective) {
    return <ObjectiveScreen actor={objectiveActorFor(runtime, objective, mode)} mode={mode} />;
  }
  return (
    <PracticeScreen
      actor={actor}
      withQuestion
      header={
        <div className="xa-ai-header-row">
          <BackLink mode={mode} />
          {question && <QuestionAiLauncher actor={actor} questionId={question.id} />}
        </div>
      }
    />
  );
}

export default function QuestionDetailPage() {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const mode = submitModeOf(params.get('mode'));
  if (!Number.isInteger(id) || id <= 0) {
    // An address without a question (typed, or cut short): say so in words and offer the list.
    return (
      <Callout intent="warning" data-testid="question-missing">
        {t('practice.missingId')} <Link to="/play/home">{t('practice.chooseProblem')}</Link>
      </Callout>
    );
  }
  return <QuestionPractice actor={practiceActorFor(runtime, id, mode)} mode={mode} />;
}

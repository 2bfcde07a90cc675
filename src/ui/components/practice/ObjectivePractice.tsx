/**
 * Answering an objective question (single, multiple, true/false) on /question/detail: the
 * statement, the options as radio buttons or checkboxes, the verdict with the learner's answer
 * and the correct one when it is known, and the earlier attempts. No code or result panels.
 * State: the objective practice machine (src/machines/objective-practice/).
 */
import { Button, Callout, Checkbox, Radio, Tag } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { AnswerSummary } from '../../../contract/member-question/calls.ts';
import { answerDisplay } from '../../../machines/objective-practice/machine.ts';
import {
  selectBusy,
  selectCanSubmit,
  selectChoice,
  selectError,
  selectHistory,
  selectQuestion,
  selectResult,
  selectReviewing,
  selectSubmitted,
} from '../../../machines/objective-practice/selectors.ts';
import type { ObjectiveActor } from '../../app/practice-actors.ts';
import { useObjectiveEvents } from './hooks.ts';
import { HistoryList } from './ResultView.tsx';
import { ReviewHint } from './ReviewHint.tsx';
import { StatementMarkdown } from './StatementMarkdown.tsx';
import './practice.css';

/**
 * An answer as docs/product-rules.md#answers-and-labels shows it: letters A–D, 正确/错误 for two
 * options, '-' for none.
 */
export function answerText(t: TFunction, flags: string | null, optionCount: number): string {
  const display = answerDisplay(flags, optionCount);
  switch (display.kind) {
    case 'empty':
      return t('practice.objective.answerEmpty');
    case 'letters':
      return display.letters;
    case 'trueFalse':
      return t(display.value ? 'practice.objective.answerTrue' : 'practice.objective.answerFalse');
  }
}

function RightWrong({ verdict }: { verdict: AnswerSummary['verdict'] }) {
  const { t } = useTranslation();
  if (!verdict) return null;
  const right = verdict === 'AC';
  return (
    <Tag intent={right ? 'success' : 'danger'} data-verdict={verdict}>
      {t(right ? 'practice.objective.right' : 'practice.objective.wrong')}
    </Tag>
  );
}

function Verdict({ actor }: { actor: ObjectiveActor }) {
  const { t } = useTranslation();
  const question = useSelector(actor, selectQuestion);
  const result = useSelector(actor, selectResult);
  const submitted = useSelector(actor, selectSubmitted);
  if (!result) return null;
  const count = question.options.length;
  const solution = result.solution;
  return (
    <Callout
      intent={result.verdict === 'AC' ? 'success' : 'danger'}
      data-testid="objective-verdict"
      data-verdict={result.verdict ?? ''}
    >
      <p>
        <RightWrong verdict={result.verdict} />{' '}
        {t('practice.objective.yourAnswer', { answer: answerText(t, submitted, count) })}
      </p>
      {solution && (
        <p data-testid="objective-correct-answer">
          {t('practice.objective.correctAnswer', { answer: answerText(t, solution.answer, count) })}
        </p>
      )}
      {solution && solution.analysis.trim() !== '' && (
        <div data-testid="objective-analysis">
          <strong>{t('practice.objective.analysis')}</strong>
          <StatementMarkdown markdown={solution.analysis} />
        </div>
      )}
    </Callout>
  );
}

function Options({ actor, readOnly }: { actor: ObjectiveActor; readOnly: boolean }) {
  const { t } = useTranslation();
  const objective = useObjectiveEvents(actor);
  const question = useSelector(actor, selectQuestion);
  const choice = useSelector(actor, selectChoice);
  const busy = useSelector(actor, selectBusy);
  const multiple = question.type === 'multiple';
  const trueFalse = question.options.length === 2 && question.type === 'judge';
  return (
    <fieldset className="xa-objective-options" aria-label={t('practice.objective.options')}>
      {multiple && <p className="xa-practice-hint">{t('practice.objective.multipleHint')}</p>}
      {question.options.map((option, index) => {
        const label = trueFalse ? option.text : `${option.label}. ${option.text}`;
        const checked = choice[index] === '1';
        const onChange = () => objective.choose(index);
        return multiple ? (
          <Checkbox
            key={option.label}
            label={label}
            checked={checked}
            disabled={busy || readOnly}
            onChange={onChange}
          />
        ) : (
          <Radio
            key={option.label}
            name={`objective-${question.id}`}
            label={label}
            value={option.label}
            checked={checked}
            disabled={busy || readOnly}
            onChange={onChange}
          />
        );
      })}
    </fieldset>
  );
}

function History({ actor }: { actor: ObjectiveActor }) {
  const { t } = useTranslation();
  const history = useSelector(actor, selectHistory);
  const question = useSelector(actor, selectQuestion);
  const objective = useObjectiveEvents(actor);
  return (
    <HistoryList
      history={history}
      onPage={objective.showHistoryPage}
      cells={(item) => (
        <>
          <td>
            <RightWrong verdict={item.verdict} />
          </td>
          {/* Where the history carries the options chosen (homework), they are shown. */}
          {item.answer !== undefined && (
            <td data-testid="objective-history-answer">
              {answerText(t, item.answer, question.options.length)}
            </td>
          )}
        </>
      )}
    />
  );
}

export function ObjectivePractice({
  actor,
  readOnly = false,
}: {
  actor: ObjectiveActor;
  /** Shown, not answered (homework before it opens, after it closes or settles). */
  readOnly?: boolean;
}) {
  const { t } = useTranslation();
  const objective = useObjectiveEvents(actor);
  const question = useSelector(actor, selectQuestion);
  const canSubmit = useSelector(actor, selectCanSubmit);
  const busy = useSelector(actor, selectBusy);
  const reviewing = useSelector(actor, selectReviewing);
  const error = useSelector(actor, selectError);
  return (
    <article className="xa-screen xa-objective" data-testid="objective-practice">
      <h3>
        <Tag minimal>{t(`practice.objective.types.${question.type}`)}</Tag>
      </h3>
      <StatementMarkdown markdown={question.title} />
      {question.content.trim() !== '' && <StatementMarkdown markdown={question.content} />}
      {reviewing && <ReviewHint />}
      <Options actor={actor} readOnly={readOnly} />
      {!readOnly && (
        <div className="xa-practice-closed">
          <Button
            intent="primary"
            icon="send-message"
            loading={busy}
            disabled={!canSubmit}
            onClick={objective.submit}
          >
            {t(reviewing ? 'practice.review.submit' : 'practice.objective.submit')}
          </Button>
        </div>
      )}
      {error && (
        <Callout intent="danger">
          {t('practice.objective.answerFailed', { message: error })}
        </Callout>
      )}
      <Verdict actor={actor} />
      <History actor={actor} />
    </article>
  );
}

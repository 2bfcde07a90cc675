import { Button, Callout, Spinner, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { PracticeQuestion } from '../../../machines/practice/types.ts';
import { DifficultyTag, InlineTitle } from './QuestionLabels.tsx';
import { StatementMarkdown } from './StatementMarkdown.tsx';
import { statementShowsSamples } from './statement-samples.ts';

/**
 * The statement, rendered from Markdown and sanitised (StatementMarkdown), then the samples
 * unless the statement already shows them.
 */
export function QuestionBody(props: {
  question: PracticeQuestion | null;
  error: string | null;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  if (props.error !== null) {
    return (
      <Callout intent="danger">
        {t('practice.loadFailed', { message: props.error })}{' '}
        <Button size="small" onClick={props.onRetry}>
          {t('app.retry')}
        </Button>
      </Callout>
    );
  }
  const question = props.question;
  if (!question) return <Spinner size={24} aria-label={t('app.loading')} />;
  const listSamples = !statementShowsSamples(question.content, question.samples);
  return (
    <article>
      <h3>
        <InlineTitle text={question.title} />
      </h3>
      <p className="xa-practice-hint">
        <DifficultyTag difficulty={question.difficulty} />{' '}
        {question.timeLimitMs !== null && t('practice.timeLimit', { value: question.timeLimitMs })}{' '}
        {question.memoryLimitMiB !== null &&
          t('practice.memoryLimit', { value: question.memoryLimitMiB })}
      </p>
      <IoMode question={question} />
      <StatementMarkdown markdown={question.content} title={question.title} />
      {listSamples && <h4>{t('practice.samples')}</h4>}
      {(listSamples ? question.samples : []).map((sample, i) => (
        <div key={i}>
          <div>{t('practice.sampleInput', { index: i + 1 })}</div>
          <pre className="xa-practice-pre">{sample.input}</pre>
          <div>{t('practice.sampleOutput', { index: i + 1 })}</div>
          <pre className="xa-practice-pre">{sample.output}</pre>
        </div>
      ))}
    </article>
  );
}

/**
 * Which mode the program runs in, beside the limits (issue 14): the files it must open, or that
 * it talks to an interactor. Standard input and output, the usual case, says nothing.
 */
function IoMode({ question }: { question: PracticeQuestion }) {
  const { t } = useTranslation();
  const io = question.io;
  const file = io?.mode === 'file' ? io : null;
  if (!file && !question.interactive) return null;
  return (
    <div className="xa-practice-io" data-testid="question-io-mode">
      {file && (
        <p>
          <Tag intent="warning" minimal>
            {t('questionEditor.mode.file', { input: file.input, output: file.output })}
          </Tag>{' '}
          <span className="xa-muted">
            {t('questionEditor.mode.fileHint', { input: file.input, output: file.output })}
          </span>
        </p>
      )}
      {question.interactive && (
        <p>
          <Tag intent="primary" minimal>
            {t('questionEditor.mode.interactive')}
          </Tag>{' '}
          <span className="xa-muted">{t('questionEditor.mode.interactiveHint')}</span>
        </p>
      )}
    </div>
  );
}

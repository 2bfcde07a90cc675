import { Button, Callout, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { PracticeQuestion } from '../../../machines/practice/machine.ts';
import { StatementMarkdown } from './StatementMarkdown.tsx';

/**
 * The statement, rendered from Markdown and sanitised (StatementMarkdown), then the samples.
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
  return (
    <article>
      <h3>{question.title}</h3>
      <p className="xa-practice-hint">
        {question.timeLimitMs !== null && t('practice.timeLimit', { value: question.timeLimitMs })}{' '}
        {question.memoryLimitMiB !== null &&
          t('practice.memoryLimit', { value: question.memoryLimitMiB })}
      </p>
      <StatementMarkdown markdown={question.content} title={question.title} />
      {question.samples.length > 0 && <h4>{t('practice.samples')}</h4>}
      {question.samples.map((sample, i) => (
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

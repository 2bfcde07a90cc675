import { Callout, HTMLTable, Tag } from '@blueprintjs/core';
import type { ReactNode, RefCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnswerDetail, StatusEvent } from '../../../contract/member-question/calls.ts';
import {
  isGradedJob,
  type HistoryItem,
  type HistoryPage,
  type JobKind,
} from '../../../machines/practice/types.ts';
import { Pager } from '../Pager.tsx';
import { FailingCase } from './FailingCase.tsx';
import { languageName } from './language-name.ts';

type Verdict = NonNullable<AnswerDetail['verdict']>;

export function VerdictTag({ verdict }: { verdict: Verdict | null }) {
  const { t } = useTranslation();
  if (!verdict) return null;
  return (
    <Tag intent={verdict === 'AC' ? 'success' : 'danger'} data-verdict={verdict}>
      {verdict} {t(`practice.verdicts.${verdict}`)}
    </Tag>
  );
}

/** queued / compiling / running k/n while an answer is judged. */
export function StatusLine({
  status,
  starting,
}: {
  status: StatusEvent | null;
  starting: boolean;
}) {
  const { t } = useTranslation();
  let text: string;
  if (!status) text = t('practice.starting');
  else if (status.status === 'running')
    text = status.progress
      ? t('practice.status.running', { case: status.progress.case, of: status.progress.of })
      : t('practice.status.runningNoCount');
  else text = t(`practice.status.${status.status}`);
  return (
    <p role="status" data-testid="practice-status" data-starting={starting}>
      {text}
    </p>
  );
}

/**
 * A finished run (stdout/stderr) or submission (per-case table), with compile output on CE.
 * `failingCaseRef` receives the failing case's element (or the note that it is hidden).
 */
export function ResultDetail({
  detail,
  kind,
  failingCaseRef,
}: {
  detail: AnswerDetail;
  kind: JobKind | null;
  failingCaseRef?: RefCallback<HTMLElement>;
}) {
  const { t } = useTranslation();
  return (
    <div data-testid="practice-result" data-kind={kind ?? ''}>
      <p>
        <VerdictTag verdict={detail.verdict} /> {t('practice.time')}: {detail.timeMs ?? '—'} ms ·{' '}
        {t('practice.memory')}: {detail.memoryKiB ?? '—'} KiB
        {detail.score !== null && detail.maxScore !== null && isGradedJob(kind) && (
          <>
            {' '}
            · {t('practice.score')}: {detail.score}/{detail.maxScore}
          </>
        )}
      </p>
      {detail.error && (
        <Callout intent="danger">{t('practice.judgeError', { message: detail.error })}</Callout>
      )}
      {detail.compileOutput && (
        <>
          <div>{t('practice.compileOutput')}</div>
          <pre className="xa-practice-pre" data-testid="practice-compile-output">
            {detail.compileOutput}
          </pre>
        </>
      )}
      {detail.run && (
        <>
          <div>{t('practice.stdout')}</div>
          <pre className="xa-practice-pre" data-testid="practice-stdout">
            {detail.run.stdout}
          </pre>
          {detail.run.stderr && (
            <>
              <div>{t('practice.stderr')}</div>
              <pre className="xa-practice-pre">{detail.run.stderr}</pre>
            </>
          )}
          {detail.run.exitCode !== null && (
            <p className="xa-practice-hint">
              {t('practice.exitCode', { code: detail.run.exitCode })}
            </p>
          )}
        </>
      )}
      {isGradedJob(kind) && detail.cases.length > 0 && (
        <HTMLTable compact striped data-testid="practice-cases">
          <thead>
            <tr>
              <th>{t('practice.caseIndex')}</th>
              <th>{t('practice.verdict')}</th>
              <th>{t('practice.time')} (ms)</th>
              <th>{t('practice.memory')} (KiB)</th>
            </tr>
          </thead>
          <tbody>
            {detail.cases.map((c) => (
              <tr key={c.index}>
                <td>{c.index}</td>
                <td>
                  <VerdictTag verdict={c.verdict} />
                </td>
                <td>{c.timeMs}</td>
                <td>{c.memoryKiB}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      {isGradedJob(kind) && (
        <FailingCase
          detail={detail}
          anchorRef={failingCaseRef}
          verdict={(index) => (
            <VerdictTag verdict={detail.cases.find((c) => c.index === index)?.verdict ?? null} />
          )}
        />
      )}
    </div>
  );
}

/** A history row's language, named (language-name.ts). */
function LanguageCell({ language }: { language: string | null }) {
  const { t } = useTranslation();
  return <td>{languageName(t, language)}</td>;
}

/**
 * A learner's attempts at a question, newest first, corrections (订正) tagged as such. `cells`
 * gives the columns between the id and the time (programming: language, verdict, time;
 * objective: right or wrong).
 */
export function HistoryList({
  history,
  cells = (item) => (
    <>
      <LanguageCell language={item.language} />
      <td>
        <VerdictTag verdict={item.verdict} />
      </td>
      <td>{item.timeMs ?? '—'} ms</td>
    </>
  ),
  onPage,
}: {
  history: HistoryPage;
  cells?: (item: HistoryItem) => ReactNode;
  /** Another page of the history (the feature's HISTORY.PAGE). */
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <section aria-label={t('practice.history')}>
      <h4>{t('practice.history')}</h4>
      {history.items.length === 0 ? (
        <p className="xa-practice-hint">{t('practice.noHistory')}</p>
      ) : (
        <HTMLTable compact data-testid="practice-history">
          <tbody>
            {history.items.map((item) => (
              <tr key={item.id}>
                <td>
                  #{item.id}
                  {item.kind === 'review' && (
                    <>
                      {' '}
                      <Tag minimal intent="primary" data-kind="review">
                        {t('practice.review.kind')}
                      </Tag>
                    </>
                  )}
                  {item.late && (
                    <>
                      {' '}
                      <Tag minimal intent="warning" data-late="true">
                        {t('homework.late')}
                      </Tag>
                    </>
                  )}
                </td>
                {cells(item)}
                <td>{new Date(item.createdAt).toLocaleString()}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      <Pager
        page={history.page}
        totalPages={history.totalPages}
        totalElements={history.totalElements}
        onChange={onPage}
        testId="history-pager"
      />
    </section>
  );
}

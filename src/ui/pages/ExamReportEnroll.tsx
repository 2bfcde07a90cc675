import { Callout, Card, Elevation, HTMLTable, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ReportItem } from '../../contract/exam/sittings.ts';
import { describeError } from '../../machines/errors.ts';
import { useRuntime } from '../app/context.ts';
import { useLiveRefresh } from '../app/use-live-refresh.ts';
import { sittingReport } from '../app/exam-queries.ts';
import { childExamReport } from '../app/family-queries.ts';
import { useIdParam } from '../app/use-page-param.ts';
import { useQuery } from '../app/use-query.ts';
import { PageSpinner } from '../components/PageSpinner.tsx';
import { StatementMarkdown } from '../components/practice/StatementMarkdown.tsx';
import { QuestionStatement } from '../components/exam/QuestionStatement.tsx';
import '../components/exam/exam.css';
import { AiLauncher } from '../components/ai/AiLauncher.tsx';
import { languageName } from '../components/practice/language-name.ts';

/** While the paper is judged the report is not out yet: look again this often. */
const JUDGING_REFRESH_MS = 2_000;

/**
 * /exam/report/enroll?id= (issue 7 item 6): one sitting's report — score, rank, time used, and
 * per question the answer, the correct one, the score, and the program's verdicts. With
 * `&childId=`, a parent reads their bound child's report on the parent's call (issue 25 item 11).
 */
export default function ExamReportEnrollPage() {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const id = useIdParam();
  const childId = useIdParam('childId');
  const query = childId === 0 ? sittingReport(runtime, id) : childExamReport(runtime, childId, id);
  const report = useQuery(query);
  // The server answers "still judging" as a status: ask again until the report is out. Waiting
  // for staff to publish may take days, so that one is shown, not polled.
  const judging = report.data?.status === 'judging';
  useLiveRefresh(query.key, judging, JUDGING_REFRESH_MS);
  return (
    <section className="xa-screen" aria-labelledby="screen-examReportEnroll">
      <h1 id="screen-examReportEnroll" className="xa-screen-title">
        {t('exam.report.title')}
      </h1>
      {report.data?.status === 'ready' ? (
        <Report report={report.data} forChild={childId !== 0} />
      ) : report.data ? (
        <Callout
          intent="primary"
          data-testid="exam-report-pending"
          data-status={report.data.status}
          role="status"
        >
          {t(`exam.report.${report.data.status}`)}
        </Callout>
      ) : report.error !== undefined ? (
        <Callout intent="danger" title={t('exam.report.failed')} role="alert">
          {describeError(report.error).message}
        </Callout>
      ) : (
        <PageSpinner />
      )}
      <p>
        {childId === 0 ? (
          <Link to="/user/report">{t('exam.report.back')}</Link>
        ) : (
          <Link to={`/user/child?id=${childId}&tab=results`}>{t('family.backToChild')}</Link>
        )}
      </p>
    </section>
  );
}

const flagsToLabels = (flags: string, labels: string[]) =>
  [...flags].flatMap((c, i) => (c === '1' ? [labels[i] ?? ''] : [])).join('、');

/** `forChild`: a parent reads it, so the answers are the child's and the AI helper is not theirs. */
function Report({ report, forChild }: { report: ReportItem; forChild: boolean }) {
  const { t } = useTranslation();
  const used = report.usedSeconds ?? 0;
  return (
    <>
      <Card elevation={Elevation.ONE} className="xa-section" data-testid="exam-report">
        <h2>
          {report.examName} · {report.examPaperName}
        </h2>
        <HTMLTable>
          <tbody>
            <tr>
              <th>{t('exam.report.score')}</th>
              <td data-testid="exam-report-score">
                {report.score} / {report.maxScore}
              </td>
            </tr>
            <tr>
              <th>{t('exam.report.rank')}</th>
              <td>
                {report.rank === null
                  ? '—'
                  : t('exam.report.rankOf', { rank: report.rank, of: report.rankOf })}
              </td>
            </tr>
            <tr>
              <th>{t('exam.report.used')}</th>
              <td>
                {t('exam.report.usedValue', {
                  minutes: Math.floor(used / 60),
                  seconds: used % 60,
                })}
              </td>
            </tr>
          </tbody>
        </HTMLTable>
      </Card>
      {report.questions.map((q, i) => {
        const labels = q.options.map((o) => o.label);
        return (
          <Card
            key={q.questionId}
            className="xa-exam-report-question"
            data-testid={`exam-report-question-${i + 1}`}
          >
            <h3>
              {t('exam.room.questionNo', { n: i + 1 })} · {t(`exam.type.${q.type}`)}{' '}
              <Tag intent={q.got === q.score ? 'success' : q.got > 0 ? 'warning' : 'danger'}>
                {t('exam.report.got', { got: q.got, score: q.score })}
              </Tag>
              {q.overridden && <Tag minimal>{t('exam.report.overridden')}</Tag>}
            </h3>
            <QuestionStatement question={q} />
            {!forChild && (
              <AiLauncher
                input={{
                  scene: 'examReport',
                  context: {
                    examId: report.examId,
                    questionId: q.questionId,
                    ...(q.judgeAnswerId === null ? {} : { answerId: q.judgeAnswerId }),
                  },
                }}
                testId={`ai-launcher-${i + 1}`}
              />
            )}
            {q.type === 'programming' ? (
              <>
                <p>
                  {t('exam.report.verdict')}: <Tag>{q.verdict ?? t('exam.report.noAnswer')}</Tag>
                </p>
                {q.cases.length > 0 && (
                  <ul className="xa-muted" aria-label={t('exam.report.cases')}>
                    {q.cases.map((c) => (
                      <li key={c.index}>
                        {t('exam.report.caseLine', {
                          index: c.index,
                          verdict: c.verdict,
                          time: c.timeMs,
                          memory: c.memoryKiB,
                        })}
                      </li>
                    ))}
                  </ul>
                )}
                {q.source && (
                  <>
                    <strong>
                      {forChild ? t('family.childCode') : t('exam.report.code')} ·{' '}
                      {languageName(t, q.language)}
                    </strong>
                    <pre className="xa-mono">{q.source}</pre>
                  </>
                )}
              </>
            ) : (
              <>
                <ul>
                  {q.options.map((o) => (
                    <li key={o.label}>
                      {o.label}. {o.text}
                    </li>
                  ))}
                </ul>
                <p>
                  {forChild ? t('family.childAnswer') : t('exam.report.yourAnswer')}:{' '}
                  {q.answer.includes('1')
                    ? flagsToLabels(q.answer, labels)
                    : t('exam.report.noAnswer')}{' '}
                  · {t('exam.report.correctAnswer')}: {flagsToLabels(q.correctAnswer, labels)}
                </p>
              </>
            )}
            {q.analysis && (
              <>
                <strong>{t('exam.report.analysis')}</strong>
                <StatementMarkdown markdown={q.analysis} />
              </>
            )}
          </Card>
        );
      })}
    </>
  );
}

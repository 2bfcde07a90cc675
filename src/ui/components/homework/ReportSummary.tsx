/**
 * A learner's report of one homework (oj/homeworkEnroll/report or queryMineLatestEnroll): the
 * homework, its window, the score (settled, or the best so far before settlement) and, per
 * question, the points, the latest result, the submissions and the late mark.
 */
import { Card, Elevation, HTMLTable, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { questionMark } from '../../../machines/homework-room/status.ts';
import type { HomeworkReport } from '../../app/homework-queries.ts';
import { formatDateTime } from '../../format.ts';
import { InlineTitle } from '../practice/QuestionLabels.tsx';
import { VerdictTag } from '../practice/ResultView.tsx';
import { LateTag, QuestionMarkTag } from './HomeworkTags.tsx';
import './homework.css';

export function ReportSummary({ report }: { report: HomeworkReport }) {
  const { t, i18n } = useTranslation();
  const at = (iso: string) => formatDateTime(iso, i18n.language);
  const { homework: hw, enroll } = report;
  return (
    <Card elevation={Elevation.ONE} className="xa-section" data-testid="homework-report">
      <h2>{hw.title}</h2>
      <HTMLTable compact>
        <tbody>
          <tr>
            <th>{t('homework.report.grade')}</th>
            <td>{hw.gradeName}</td>
          </tr>
          <tr>
            <th>{t('homework.report.window')}</th>
            <td>
              {t('homework.report.windowValue', { start: at(hw.startAt), due: at(hw.dueAt) })}
              {hw.lateUntil && (
                <span className="xa-homework-sub">
                  {t('homework.report.lateWindow', {
                    time: at(hw.lateUntil),
                    percent: 100 - hw.latePenaltyPercent,
                  })}
                </span>
              )}
            </td>
          </tr>
          <tr>
            <th>{t('homework.report.score')}</th>
            <td>
              <span data-testid="homework-report-score" data-settled={enroll.score !== null}>
                {enroll.score ?? enroll.currentScore} / {enroll.maxScore}
              </span>
              <span className="xa-homework-sub">
                {enroll.settledAt
                  ? t('homework.report.settledAt', { time: at(enroll.settledAt) })
                  : t('homework.report.notSettled')}
              </span>
            </td>
          </tr>
          <tr>
            <th>{t('homework.report.progress')}</th>
            <td>
              {t('homework.list.progressValue', {
                answered: enroll.answeredCount,
                total: enroll.questionCount,
              })}
              {enroll.lateCount > 0 && (
                <>
                  {' '}
                  <Tag minimal intent="warning" data-late="true">
                    {t('homework.list.lateCount', { count: enroll.lateCount })}
                  </Tag>
                </>
              )}
            </td>
          </tr>
        </tbody>
      </HTMLTable>
      <HTMLTable compact striped className="xa-table" data-testid="homework-report-questions">
        <thead>
          <tr>
            <th>#</th>
            <th>{t('homework.report.question')}</th>
            <th>{t('homework.report.type')}</th>
            <th>{t('homework.report.earned')}</th>
            <th>{t('homework.report.verdict')}</th>
            <th>{t('homework.report.submissions')}</th>
          </tr>
        </thead>
        <tbody>
          {report.questions.map((q, i) => (
            <tr key={q.questionId} data-testid={`homework-report-question-${i + 1}`}>
              <td>{i + 1}</td>
              <td>
                <InlineTitle text={q.title} />
              </td>
              <td>{t(`homework.types.${q.type}`)}</td>
              <td>
                <Tag minimal>
                  {q.earned} / {q.maxScore}
                </Tag>{' '}
                <QuestionMarkTag mark={questionMark(q)} /> {q.late && <LateTag />}
              </td>
              <td>
                {q.latestVerdict ? (
                  <VerdictTag verdict={q.latestVerdict} />
                ) : q.submissions === 0 ? (
                  <span className="xa-muted">{t('homework.report.noAnswer')}</span>
                ) : (
                  <QuestionMarkTag mark="judging" />
                )}
              </td>
              <td>{q.submissions}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </Card>
  );
}

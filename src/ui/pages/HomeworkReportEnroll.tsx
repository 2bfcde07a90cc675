/**
 * /homework/report/enroll?id=<homeworkEnrollId> (issue 8 item 5): one enrollment's report, as
 * /exam/report/enroll is one sitting's — the summary, then each question's best and latest
 * submission with the code (or options chosen) and the judge's verdicts, and every submission
 * with its late mark. With `&childId=`, a parent reads their bound child's report (issue 25
 * item 11) through the parent's call; the page is the same.
 */
import { Callout } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { describeError } from '../../machines/errors.ts';
import { useRuntime } from '../app/context.ts';
import { childHomeworkReport } from '../app/family-queries.ts';
import { enrollReport } from '../app/homework-queries.ts';
import { useIdParam } from '../app/use-page-param.ts';
import { useQuery } from '../app/use-query.ts';
import { EnrollAnswers } from '../components/homework/EnrollAnswers.tsx';
import { ReportSummary } from '../components/homework/ReportSummary.tsx';
import { PageSpinner } from '../components/PageSpinner.tsx';

export default function HomeworkReportEnrollPage() {
  const { t } = useTranslation();
  const id = useIdParam();
  const childId = useIdParam('childId');
  return (
    <section className="xa-screen" aria-labelledby="screen-homeworkReportEnroll">
      <h1 id="screen-homeworkReportEnroll" className="xa-screen-title">
        {t('pages.homeworkReportEnroll.title')}
      </h1>
      {id === 0 ? (
        <Callout intent="warning">{t('homework.room.missingId')}</Callout>
      ) : (
        <Report enrollId={id} childId={childId} />
      )}
    </section>
  );
}

function Report({ enrollId, childId }: { enrollId: number; childId: number }) {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const report = useQuery(
    childId === 0
      ? enrollReport(runtime, enrollId)
      : childHomeworkReport(runtime, childId, enrollId),
  );
  if (report.data === undefined) {
    return report.error === undefined ? (
      <PageSpinner />
    ) : (
      <Callout intent="danger" title={t('homework.enroll.failed')} role="alert">
        {describeError(report.error).message}
      </Callout>
    );
  }
  return (
    <>
      <ReportSummary report={report.data} />
      <EnrollAnswers report={report.data} />
      <p>
        {childId === 0 ? (
          <Link to={`/homework/report?id=${report.data.homework.id}`}>
            {t('homework.enroll.backToReport')}
          </Link>
        ) : (
          <Link to={`/user/child?id=${childId}&tab=homework`}>{t('family.backToChild')}</Link>
        )}
      </p>
    </>
  );
}

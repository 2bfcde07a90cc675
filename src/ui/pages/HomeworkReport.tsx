/**
 * /homework/report?id=<homeworkId> (issue 8 item 5): the member's report of one homework — its
 * window, the score (settled, or the best so far), and per question the points, the latest
 * result, the submissions and the late mark. Spec 000 sets it beside the *enrolment* report, so
 * it is addressed by the homework (homeworkEnroll/queryMineLatestEnroll, the report of the
 * member's latest enrollment in it); /homework/report/enroll?id= is one enrollment's, with code.
 */
import { Callout, NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { describeError } from '../../machines/errors.ts';
import { canWork, roomPhase } from '../../machines/homework-room/status.ts';
import { useRuntime } from '../app/context.ts';
import { mineHomework, type HomeworkReport } from '../app/homework-queries.ts';
import { useIdParam } from '../app/use-page-param.ts';
import { useQuery } from '../app/use-query.ts';
import { ReportSummary } from '../components/homework/ReportSummary.tsx';
import { PageSpinner } from '../components/PageSpinner.tsx';

export default function HomeworkReportPage() {
  const { t } = useTranslation();
  const id = useIdParam();
  return (
    <section className="xa-screen" aria-labelledby="screen-homeworkReport">
      <h1 id="screen-homeworkReport" className="xa-screen-title">
        {t('pages.homeworkReport.title')}
      </h1>
      {id === 0 ? (
        <Callout intent="warning">{t('homework.room.missingId')}</Callout>
      ) : (
        <Report homeworkId={id} />
      )}
      <p>
        <Link to="/user/homework">{t('homework.report.backToList')}</Link>
      </p>
    </section>
  );
}

function Report({ homeworkId }: { homeworkId: number }) {
  const { t } = useTranslation();
  const mine = useQuery(mineHomework(useRuntime(), homeworkId));
  if (mine.data === null) {
    return (
      <NonIdealState
        icon="lock"
        title={t('homework.room.notAssigned')}
        description={t('homework.room.notAssignedHint')}
      />
    );
  }
  if (mine.data === undefined) {
    return mine.error === undefined ? (
      <PageSpinner />
    ) : (
      <Callout intent="danger" title={t('homework.report.failed')} role="alert">
        {describeError(mine.error).message}
      </Callout>
    );
  }
  return (
    <>
      <ReportSummary report={mine.data} />
      <ReportLinks report={mine.data} />
    </>
  );
}

function ReportLinks({ report }: { report: HomeworkReport }) {
  const { t } = useTranslation();
  // As the server answered: the room keeps the clock.
  const open = canWork(roomPhase(report.homework, Date.parse(report.homework.serverNow)));
  return (
    <p className="xa-homework-links">
      <Link to={`/homework/room?id=${report.homework.id}`} data-testid="homework-report-room">
        {open ? t('homework.report.openRoom') : t('homework.report.viewRoom')}
      </Link>
      <Link
        to={`/homework/report/enroll?id=${report.enroll.id}`}
        data-testid="homework-report-details"
      >
        {t('homework.report.details')}
      </Link>
    </p>
  );
}

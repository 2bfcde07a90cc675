import { Button, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { hasReport } from '../../../machines/lifecycles/exam-paper-enroll.ts';
import { orderStateName } from '../../../machines/lifecycles/orders.ts';
import { useRuntime } from '../../app/context.ts';
import { childSittings } from '../../app/family-queries.ts';
import { myEnrollments, myExamStatistics, mySittings } from '../../app/exam-queries.ts';
import { usePageParam } from '../../app/use-page-param.ts';
import { useQuery } from '../../app/use-query.ts';
import { formatDateTime, formatFen } from '../../format.ts';
import { PagedTable } from '../PagedTable.tsx';
import { QueryStatus } from '../QueryStatus.tsx';

/** The member's exam enrollments: state, fee, papers sat and their scores. */
export function MyEnrollments() {
  const { t, i18n } = useTranslation();
  const runtime = useRuntime();
  const [page, setPage] = usePageParam();
  const enrollments = useQuery(myEnrollments(runtime, page));
  return (
    <>
      <MyStatistics />
      <PagedTable
        state={enrollments}
        failedTitle={t('exam.mine.enrollmentsFailed')}
        empty={{
          title: t('exam.mine.noEnrollments'),
          description: t('exam.mine.noEnrollmentsHint'),
        }}
        headers={[
          t('exam.mine.exam'),
          t('exam.mine.state'),
          t('exam.mine.fee'),
          t('exam.mine.score'),
          t('exam.mine.enrolledAt'),
          t('exam.mine.actions'),
        ]}
        testId="my-exams"
        page={page}
        onPage={setPage}
        row={(e) => (
          <tr key={e.id}>
            <td>{e.itemName}</td>
            <td>{orderStateName(e)}</td>
            <td>
              {e.amountFen === 0
                ? t('exam.list.free')
                : t('format.price', { amount: formatFen(e.amountFen) })}
            </td>
            <td>
              {e.sittings
                .filter((s) => s.score !== null && hasReport(s.state))
                .map((s) => (
                  <Tag key={s.id} minimal>
                    {s.score} / {s.maxScore}
                  </Tag>
                ))}
            </td>
            <td>{formatDateTime(e.createdAt, i18n.language)}</td>
            <td>
              <Link to={`/exam/detail?id=${e.examId}`}>{t('exam.mine.open')}</Link>
            </td>
          </tr>
        )}
      />
    </>
  );
}

function MyStatistics() {
  const { t } = useTranslation();
  const stats = useQuery(myExamStatistics(useRuntime()));
  return (
    <QueryStatus state={stats} failedTitle={t('exam.mine.enrollmentsFailed')}>
      {(s) => (
        <p className="xa-muted" data-testid="my-exam-statistics">
          {t('exam.mine.statistics', s)}
          {s.averagePercent !== null &&
            ` · ${t('exam.mine.average', { percent: s.averagePercent })}`}
          {s.bestPercent !== null && ` · ${t('exam.mine.best', { percent: s.bestPercent })}`}
        </p>
      )}
    </QueryStatus>
  );
}

/**
 * The member's sittings (exam records): score, rank, when, and the report. With `child`, a
 * parent's read of a bound child's (issue 25 item 11): the report opens on the parent's call,
 * and an exam not yet reported leads nowhere (the parent does not sit it).
 */
export function MySittings({ child }: { child?: number } = {}) {
  const { t, i18n } = useTranslation();
  const runtime = useRuntime();
  const [page, setPage] = usePageParam();
  const sittings = useQuery(
    child === undefined ? mySittings(runtime, page) : childSittings(runtime, child, page),
  );
  return (
    <PagedTable
      state={sittings}
      failedTitle={t('exam.mine.sittingsFailed')}
      empty={
        child === undefined
          ? { title: t('exam.mine.noSittings'), description: t('exam.mine.noSittingsHint') }
          : { title: t('family.results.empty'), description: t('family.results.emptyHint') }
      }
      headers={[
        t('exam.mine.exam'),
        t('exam.mine.paper'),
        t('exam.mine.state'),
        t('exam.mine.score'),
        t('exam.mine.rank'),
        t('exam.mine.startedAt'),
        t('exam.mine.actions'),
      ]}
      testId={child === undefined ? 'my-sittings' : 'child-sittings'}
      page={page}
      onPage={setPage}
      row={(s) => (
        <tr key={s.id}>
          <td>{s.examName}</td>
          <td>{s.examPaperName}</td>
          <td>{t(`exam.sittingState.${s.state}`)}</td>
          <td>{s.score === null ? '—' : `${s.score} / ${s.maxScore}`}</td>
          <td>{s.rank === null ? '—' : t('exam.report.rankOf', { rank: s.rank, of: s.rankOf })}</td>
          <td>{formatDateTime(s.startedAt, i18n.language)}</td>
          <td>
            {hasReport(s.state) ? (
              <Link
                to={
                  child === undefined
                    ? `/exam/report/enroll?id=${s.id}`
                    : `/exam/report/enroll?id=${s.id}&childId=${child}`
                }
              >
                {t('exam.mine.report')}
              </Link>
            ) : child !== undefined ? (
              '—'
            ) : (
              <Link to={`/exam/detail?id=${s.examId}`}>
                <Button variant="minimal" size="small" text={t('exam.mine.open')} />
              </Link>
            )}
          </td>
        </tr>
      )}
    />
  );
}

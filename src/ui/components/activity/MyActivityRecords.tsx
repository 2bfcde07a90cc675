import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { orderStateName } from '../../../machines/lifecycles/orders.ts';
import { myActivityEnrollments, myActivityStatistics } from '../../app/activity-queries.ts';
import { useRuntime } from '../../app/context.ts';
import { useQuery } from '../../app/use-query.ts';
import { formatDateTime } from '../../format.ts';
import { PagedTable } from '../PagedTable.tsx';
import { QueryStatus } from '../QueryStatus.tsx';

/** /exam/report's activity records: each enrollment with its score, rank and completion. */
export function MyActivityRecords() {
  const { t, i18n } = useTranslation();
  const runtime = useRuntime();
  const [page, setPage] = useState(0);
  const records = useQuery(myActivityEnrollments(runtime, page));
  const stats = useQuery(myActivityStatistics(runtime));
  return (
    <section className="xa-section" aria-labelledby="my-activities">
      <h2 id="my-activities">{t('activity.mine.title')}</h2>
      <QueryStatus state={stats} failedTitle={t('activity.mine.failed')}>
        {(s) => (
          <p className="xa-muted" data-testid="my-activity-statistics">
            {t('activity.mine.statistics', {
              enrolled: s.enrolled,
              completed: s.completed,
              best: s.bestRank ?? '—',
            })}
          </p>
        )}
      </QueryStatus>
      <PagedTable
        state={records}
        failedTitle={t('activity.mine.failed')}
        empty={{ title: t('activity.mine.empty'), description: t('activity.mine.emptyHint') }}
        headers={[
          t('activity.mine.activity'),
          t('activity.mine.state'),
          t('activity.mine.score'),
          t('activity.mine.rank'),
          t('activity.mine.completed'),
          t('activity.mine.enrolledAt'),
        ]}
        testId="my-activities"
        page={page}
        onPage={setPage}
        row={(e) => (
          <tr key={e.id}>
            <td>
              <Link to={`/activity/detail?id=${e.activityId}`}>{e.itemName}</Link>
            </td>
            <td>{orderStateName(e)}</td>
            <td>{e.standing?.score ?? '—'}</td>
            <td>{e.standing?.rank ?? '—'}</td>
            <td>
              {e.standing
                ? e.standing.completed
                  ? t('activity.mine.yes')
                  : t('activity.mine.no')
                : '—'}
            </td>
            <td>{formatDateTime(e.createdAt, i18n.language)}</td>
          </tr>
        )}
      />
    </section>
  );
}

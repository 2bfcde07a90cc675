import { useTranslation } from 'react-i18next';
import type { QueryState } from '../../../streams/query-cache.ts';
import type { RankingPage } from '../../app/activity-queries.ts';
import { formatDateTime } from '../../format.ts';
import { PagedTable } from '../PagedTable.tsx';

/** An activity's ranking: rank (ties share one), who, score, completed and when. */
export function RankingTable({
  state,
  page,
  onPage,
  highlightMemberId,
}: {
  state: QueryState<RankingPage>;
  page: number;
  onPage: (page: number) => void;
  highlightMemberId?: number;
}) {
  const { t, i18n } = useTranslation();
  return (
    <PagedTable
      state={state}
      failedTitle={t('activity.ranking.failed')}
      empty={{ title: t('activity.ranking.empty'), description: t('activity.ranking.emptyHint') }}
      headers={[
        t('activity.ranking.rank'),
        t('activity.ranking.member'),
        t('activity.ranking.score'),
        t('activity.ranking.completed'),
      ]}
      testId="activity-ranking"
      page={page}
      onPage={onPage}
      row={(r) => (
        <tr
          key={r.enrollId}
          className={r.memberId === highlightMemberId ? 'xa-row-mine' : undefined}
        >
          <td>{r.rank}</td>
          <td>
            {r.memberName}
            <div className="xa-muted">{r.organizationName}</div>
          </td>
          <td>{r.score}</td>
          <td>
            {r.completed && r.finishedAt
              ? t('activity.ranking.completedAt', {
                  at: formatDateTime(r.finishedAt, i18n.language),
                })
              : t('activity.ranking.notCompleted')}
          </td>
        </tr>
      )}
    />
  );
}

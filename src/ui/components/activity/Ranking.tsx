import { HTMLTable } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { QueryState } from '../../../streams/query-cache.ts';
import type { RankingPage } from '../../app/activity-queries.ts';
import { formatDateTime } from '../../format.ts';
import { EmptyState } from '../EmptyState.tsx';
import { Pager } from '../Pager.tsx';
import { QueryStatus } from '../QueryStatus.tsx';

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
    <QueryStatus state={state} failedTitle={t('activity.ranking.failed')}>
      {(data) =>
        data.content.length === 0 ? (
          <EmptyState
            title={t('activity.ranking.empty')}
            description={t('activity.ranking.emptyHint')}
          />
        ) : (
          <>
            <HTMLTable className="xa-table" striped data-testid="activity-ranking">
              <thead>
                <tr>
                  <th>{t('activity.ranking.rank')}</th>
                  <th>{t('activity.ranking.member')}</th>
                  <th>{t('activity.ranking.score')}</th>
                  <th>{t('activity.ranking.completed')}</th>
                </tr>
              </thead>
              <tbody>
                {data.content.map((r) => (
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
                ))}
              </tbody>
            </HTMLTable>
            <Pager
              page={page}
              totalPages={data.totalPages}
              totalElements={data.totalElements}
              onChange={onPage}
            />
          </>
        )
      }
    </QueryStatus>
  );
}

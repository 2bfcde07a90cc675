import { Button, Callout, Tab, Tabs } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { activity as activityApi } from '../../../../contract/activity/refs.ts';
import { orderStateName } from '../../../../machines/lifecycles/orders.ts';
import {
  staffActivity,
  staffActivityEnrollments,
  staffActivityRanking,
  staffActivityStatistics,
  type ActivityArea,
} from '../../../app/activity-queries.ts';
import { useRuntime } from '../../../app/context.ts';
import { useQuery } from '../../../app/use-query.ts';
import { formatDateTime, formatFen } from '../../../format.ts';
import { RankingTable } from '../../activity/Ranking.tsx';
import { PagedTable } from '../../PagedTable.tsx';
import { QueryStatus } from '../../QueryStatus.tsx';
import { BatchAnswerRows } from '../enrollment/BatchAnswerRows.tsx';
import { BatchEnrollPanel, splitList } from '../enrollment/BatchEnrollPanel.tsx';
import { submitStaffWrite } from '../../../../machines/staff-edit/events.ts';
import { selectAnswer } from '../../../../machines/staff-edit/selectors.ts';

/**
 * The prizes helper's staff component (agreed in the activity coordination notes), found by a
 * glob so this screen builds before and after it lands.
 */
const prizeModules = import.meta.glob<{
  StaffActivityPrizes: ComponentType<{ area: ActivityArea; activityId: number }>;
}>('../prizes/StaffActivityPrizes.tsx');
const loadPrizes = Object.values(prizeModules)[0];
const StaffActivityPrizes = loadPrizes
  ? lazy(() => loadPrizes().then((m) => ({ default: m.StaffActivityPrizes })))
  : null;

type DeskTab = 'enrollments' | 'ranking' | 'prizes';

/** One activity's desk: statistics, enrollments with batch forms and the export, ranking, prizes. */
export function ActivityDesk({
  area,
  activityId,
  onClose,
}: {
  area: ActivityArea;
  activityId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const [tab, setTab] = useState<DeskTab>('enrollments');
  const activity = useQuery(staffActivity(runtime, area, activityId));
  const stats = useQuery(staffActivityStatistics(runtime, area, activityId));
  return (
    <section className="xa-section" aria-labelledby="activity-desk" data-testid="activity-desk">
      <QueryStatus state={activity} failedTitle={t('staffActivity.failed')}>
        {(a) => (
          <>
            <h2 id="activity-desk">
              {a.title}{' '}
              <Button
                size="small"
                variant="minimal"
                text={t('staffActivity.back')}
                onClick={onClose}
              />
            </h2>
            <QueryStatus state={stats} failedTitle={t('staffActivity.failed')}>
              {(s) => (
                <p className="xa-muted" data-testid="activity-statistics">
                  {t('staffActivity.statistics', {
                    total: s.total,
                    participated: s.participated,
                    completed: s.completed,
                    highest: s.highestScore ?? '—',
                    paid: t('format.price', { amount: formatFen(s.paidFen) }),
                  })}
                </p>
              )}
            </QueryStatus>
            <Tabs
              id="activity-desk-tabs"
              selectedTabId={tab}
              onChange={(id) => setTab(id as DeskTab)}
            >
              <Tab id="enrollments" title={t('staffActivity.tabs.enrollments')} />
              {a.kind === 'contest' && <Tab id="ranking" title={t('staffActivity.tabs.ranking')} />}
              <Tab id="prizes" title={t('staffActivity.tabs.prizes')} />
            </Tabs>
            {tab === 'enrollments' && <Enrollments area={area} activityId={a.id} />}
            {tab === 'ranking' && <StaffRanking area={area} activityId={a.id} />}
            {tab === 'prizes' &&
              (StaffActivityPrizes ? (
                <Suspense fallback={null}>
                  <StaffActivityPrizes area={area} activityId={a.id} />
                </Suspense>
              ) : (
                <Callout>{t('staffActivity.prizesPending')}</Callout>
              ))}
          </>
        )}
      </QueryStatus>
    </section>
  );
}

function Enrollments({ area, activityId }: { area: ActivityArea; activityId: number }) {
  const { t, i18n } = useTranslation();
  const runtime = useRuntime();
  const { staffEdit } = runtime.actors;
  const [page, setPage] = useState(0);
  const [ids, setIds] = useState('');
  const busy = useSelector(staffEdit, (s) => s.matches('working'));
  const byIds = `${area}.activityEnroll.batchEnroll` as const;
  // The by-ids form's answer (BatchEnrollPanel shows those of its own calls only).
  const byIdsAnswer = useSelector(staffEdit, (s) => selectAnswer(s, [byIds]));
  const list = useQuery(staffActivityEnrollments(runtime, area, activityId, page));
  const memberIds = splitList(ids)
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
  return (
    <>
      <div className="xa-activity-actions">
        <Button
          icon="download"
          text={t('staffActivity.download')}
          onClick={() =>
            runtime.commands.download(activityApi[`${area}.activityEnroll.downloadEnrollList`], {
              body: { activityId },
            })
          }
        />
        <input
          className="bp6-input"
          aria-label={t('staffActivity.memberIds')}
          placeholder={t('staffActivity.memberIds')}
          value={ids}
          onChange={(e) => setIds(e.target.value)}
        />
        <Button
          text={t('staffActivity.enrollIds')}
          disabled={busy || memberIds.length === 0}
          onClick={() =>
            submitStaffWrite(staffEdit, byIds, { activityId, memberIds, charge: false })
          }
        />
      </div>
      {byIdsAnswer && <BatchAnswerRows testId="activity-batch-result" answer={byIdsAnswer} />}
      <BatchEnrollPanel
        area={area}
        itemField="activityId"
        itemId={activityId}
        calls={
          area === 'bms'
            ? {
                mobiles: 'bms.activityEnroll.batchEnrollByMobile',
                tags: 'bms.activityEnroll.batchEnrollByTags',
              }
            : {
                mobiles: 'edms.activityEnroll.batchEnrollByMobile',
                groups: 'edms.activityEnroll.batchEnrollByGroups',
              }
        }
      />
      <PagedTable
        state={list}
        failedTitle={t('staffActivity.failed')}
        empty={{
          title: t('staffActivity.noEnrollments'),
          description: t('staffActivity.noEnrollmentsHint'),
        }}
        headers={[
          t('staffActivity.member'),
          t('staffActivity.mobile'),
          t('staffActivity.state'),
          t('staffActivity.score'),
          t('staffActivity.rank'),
          t('staffActivity.enrolledAt'),
        ]}
        testId="activity-enrollments"
        page={page}
        onPage={setPage}
        row={(e) => (
          <tr key={e.id}>
            <td>
              {e.memberName}
              <div className="xa-muted">{e.organizationName}</div>
            </td>
            <td>{e.mobile ?? '—'}</td>
            <td>{orderStateName(e)}</td>
            <td>{e.standing?.score ?? '—'}</td>
            <td>{e.standing?.rank ?? '—'}</td>
            <td>{formatDateTime(e.createdAt, i18n.language)}</td>
          </tr>
        )}
      />
    </>
  );
}

function StaffRanking({ area, activityId }: { area: ActivityArea; activityId: number }) {
  const runtime = useRuntime();
  const [page, setPage] = useState(0);
  const ranking = useQuery(staffActivityRanking(runtime, area, activityId, page));
  return <RankingTable state={ranking} page={page} onPage={setPage} />;
}

import { Spinner, Tag } from '@blueprintjs/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { GradeItem } from '../../../../contract/grade/grades.ts';
import { gradeLifecycle } from '../../../../machines/lifecycles/grade.ts';
import { orderStateName } from '../../../../machines/lifecycles/orders.ts';
import { gradeStatistics, staffGrade, type StaffArea } from '../../../app/class-staff-queries.ts';
import { useRuntime } from '../../../app/context.ts';
import { useQuery } from '../../../app/use-query.ts';
import { formatDateTime, formatFen, formatPercent } from '../../../format.ts';
import { QueryStatus } from '../../QueryStatus.tsx';
import { BatchEnrollPanel } from '../enrollment/BatchEnrollPanel.tsx';
import { StaffEditOutcome } from '../StaffEditOutcome.tsx';
import { ClassControls } from './ClassControls.tsx';
import { ClassSyllabus } from './ClassSyllabus.tsx';
import { Roster } from './Roster.tsx';
import { Settlements } from './Settlements.tsx';

const CountChart = lazy(() => import('../CountChart.tsx'));

/**
 * One class's desk (issue 8 item 6): its figures with charts, the roster with groups and
 * teachers, batch enrollment with the per-row report, the controls, and the class fees settled.
 */
export function ClassDesk({ area, id }: { area: StaffArea; id: number }) {
  const { t, i18n } = useTranslation();
  const grade = useQuery(staffGrade(useRuntime(), area, id));
  const at = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language) : '—');
  return (
    <QueryStatus state={grade} failedTitle={t('staffClass.classFailed')}>
      {(g) => (
        <>
          <h2>
            {g.name} <Tag minimal>{gradeLifecycle.states[g.state]}</Tag>{' '}
            <Tag minimal>{t(`gradeStatus.${g.status}`)}</Tag>
          </h2>
          <p className="xa-muted">
            {[
              `${at(g.startTime)} — ${at(g.endTime)}`,
              g.schedule,
              g.teachers
                .map((p) => (p.head ? t('staffClass.headName', { name: p.nickname }) : p.nickname))
                .join('、'),
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
          <StaffEditOutcome />
          <Figures area={area} grade={g} />
          <Roster area={area} grade={g} />
          <BatchEnrollPanel
            area={area}
            calls={{
              mobiles: `${area}.grade.enroll.batchEnrollByMobile`,
              tags: `${area}.grade.enroll.batchEnrollByTags`,
              ...(area === 'edms' ? { groups: 'grade.enroll.batchEnrollByGroups' as const } : {}),
            }}
            itemField="gradeId"
            itemId={g.id}
          />
          <ClassSyllabus area={area} gradeId={g.id} />
          <ClassControls area={area} gradeId={g.id} />
          {area === 'edms' && <Settlements grade={g} />}
        </>
      )}
    </QueryStatus>
  );
}

function Figures({ area, grade }: { area: StaffArea; grade: GradeItem }) {
  const { t } = useTranslation();
  const stats = useQuery(gradeStatistics(useRuntime(), area, grade.id));
  return (
    <section className="xa-section" aria-labelledby="class-figures">
      <h3 id="class-figures">{t('staffClass.figures')}</h3>
      <QueryStatus state={stats} failedTitle={t('staffClass.figuresFailed')}>
        {(s) => (
          <>
            <p className="xa-muted" data-testid="class-figures">
              {t('staffClass.figureLine', {
                members: s.memberCount,
                capacity: s.capacity ?? '—',
                paid: formatFen(s.paidFen),
                refunded: formatFen(s.refundedFen),
                settled: formatFen(s.settledFen),
                homework: s.homeworkCount,
                completion: formatPercent(s.homeworkCompletionPercent),
                average: formatPercent(s.homeworkAveragePercent),
                active: s.activeLast7Days,
              })}
            </p>
            <div className="xa-chart-pair">
              <Suspense fallback={<Spinner size={20} />}>
                <CountChart
                  label={t('staffClass.byState')}
                  bars={s.byState.map((b) => ({
                    label: orderStateName({ kind: 'grade', state: b.state }),
                    count: b.count,
                  }))}
                />
                {s.groups.length > 0 && (
                  <CountChart
                    label={t('staffClass.byGroup')}
                    bars={s.groups.map((b) => ({ label: b.name, count: b.count }))}
                  />
                )}
              </Suspense>
            </div>
          </>
        )}
      </QueryStatus>
    </section>
  );
}

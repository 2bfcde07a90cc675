import { Card, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  members,
  organizationRights,
  roster,
  staffGrades,
  staffHomeworks,
} from '../../../app/class-staff-queries.ts';
import { useRuntime } from '../../../app/context.ts';
import { useQuery } from '../../../app/use-query.ts';
import { QueryStatus } from '../../QueryStatus.tsx';

/** A figure that links to the screen where it can be worked on. */
function Figure({ label, value, to }: { label: string; value: number | undefined; to: string }) {
  return (
    <Card className="xa-figure" compact>
      <div className="xa-muted">{label}</div>
      <Link to={to} className="xa-figure-value">
        {value ?? '…'}
      </Link>
    </Card>
  );
}

/**
 * The organization's dashboard (issue 8 item 6): who it is and what its staff may do, then what
 * waits — classes enrolling, homework open, quit applications and learners to approve.
 */
export function Dashboard() {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const rights = useQuery(organizationRights(runtime));
  const published = useQuery(staffGrades(runtime, 'edms', 'published', 0));
  const open = useQuery(staffHomeworks(runtime, 'edms', { phase: 'open' }, 0));
  const quits = useQuery(roster(runtime, 'edms', { state: 'quitApplied' }, 0));
  const waiting = useQuery(members(runtime, { approval: 'reviewing' }, 0));
  return (
    <section className="xa-section" aria-labelledby="org-dashboard">
      <QueryStatus state={rights} failedTitle={t('staffPeople.dashboardFailed')}>
        {(r) => (
          <>
            <h2 id="org-dashboard">
              {r.organizationName} {r.vip && <Tag intent="success">{t('staffPeople.vip')}</Tag>}
            </h2>
            <p className="xa-muted">
              {t('staffPeople.dashboardCounts', {
                students: r.studentCount,
                teachers: r.teacherCount,
              })}
            </p>
            {r.rights.length > 0 && (
              <p>
                {r.rights.map((right) => (
                  <Tag key={right.code} minimal className="xa-tag-gap">
                    {right.name}
                  </Tag>
                ))}
              </p>
            )}
          </>
        )}
      </QueryStatus>
      <div className="xa-figures" data-testid="dashboard-figures">
        <Figure
          label={t('staffPeople.publishedClasses')}
          value={published.data?.totalElements}
          to="/manage/classes"
        />
        <Figure
          label={t('staffPeople.openHomework')}
          value={open.data?.totalElements}
          to="/manage/homework"
        />
        <Figure
          label={t('staffClass.queue.quitApplied')}
          value={quits.data?.totalElements}
          to="/manage/approvals"
        />
        <Figure
          label={t('staffClass.queue.members')}
          value={waiting.data?.totalElements}
          to="/manage/approvals"
        />
      </div>
    </section>
  );
}

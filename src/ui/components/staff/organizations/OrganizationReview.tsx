import { Button, HTMLSelect, Tag } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrganizationItem } from '../../../../contract/organization/organizations.ts';
import { organizations } from '../../../app/class-staff-queries.ts';
import { useRuntime } from '../../../app/context.ts';
import { usePageParam } from '../../../app/use-page-param.ts';
import { useQuery } from '../../../app/use-query.ts';
import { formatDateTime } from '../../../format.ts';
import { PagedTable } from '../../PagedTable.tsx';
import { ReasonDialog, type ReasonRequest } from '../ReasonDialog.tsx';
import { Permitted } from '../Permitted.tsx';
import { StaffEditOutcome } from '../StaffEditOutcome.tsx';
import { OrganizationTeachers } from './OrganizationTeachers.tsx';
import { submitStaffWrite } from '../../../../machines/staff-edit/events.ts';

const STATES = ['reviewing', 'passed', 'rejected', ''] as const;

/**
 * Organizations for platform staff (issue 8 item 6): applications waiting first; pass one (its
 * applicant becomes its first admin) or reject it with a reason the applicant sees; a passed
 * one's teachers and their roles (issue 27 item 8).
 */
export function OrganizationReview() {
  const { t, i18n } = useTranslation();
  const runtime = useRuntime();
  const { staffEdit } = runtime.actors;
  const [state, setState] = useState<(typeof STATES)[number]>('reviewing');
  const [page, setPage] = usePageParam();
  const list = useQuery(organizations(runtime, state, page));
  const [reason, setReason] = useState<ReasonRequest | null>(null);
  const busy = useSelector(staffEdit, (s) => s.matches('working'));
  const [opened, setOpened] = useState<OrganizationItem | null>(null);
  return (
    <section className="xa-section" aria-labelledby="organizations">
      <h2 id="organizations">
        {t('staffPeople.organizations')}{' '}
        <HTMLSelect
          aria-label={t('orders.state')}
          value={state}
          onChange={(e) => {
            setState(e.currentTarget.value as (typeof STATES)[number]);
            setPage(0);
          }}
          options={STATES.map((s) => ({
            value: s,
            label: s ? t(`staffPeople.approval.${s}`) : t('staff.allStates'),
          }))}
        />
      </h2>
      <StaffEditOutcome />
      <PagedTable
        state={list}
        failedTitle={t('staffPeople.organizationsFailed')}
        empty={{ title: t('staffPeople.noOrganizations'), description: '' }}
        headers={[
          t('staffPeople.organization'),
          t('staffPeople.contact'),
          t('staffPeople.applicant'),
          t('orders.state'),
          t('staffPeople.counts'),
          t('orders.actions'),
        ]}
        testId="organizations"
        page={page}
        onPage={setPage}
        row={(o) => (
          <tr key={o.id}>
            <td>
              {o.name}
              <div className="xa-muted">{o.description}</div>
            </td>
            <td>
              {o.contactName} {o.contactMobile}
              <div className="xa-muted">{o.address}</div>
            </td>
            <td>
              {o.applicantName ?? ''}
              <div className="xa-muted">{formatDateTime(o.createdAt, i18n.language)}</div>
            </td>
            <td>
              <Tag
                minimal
                intent={
                  o.state === 'passed' ? 'success' : o.state === 'rejected' ? 'danger' : 'warning'
                }
              >
                {t(`staffPeople.approval.${o.state}`)}
              </Tag>
              {o.reviewReason && <div className="xa-muted">{o.reviewReason}</div>}
            </td>
            <td className="xa-muted">
              {t('staffPeople.countLine', {
                students: o.studentCount,
                teachers: o.teacherCount,
                classes: o.gradeCount,
              })}
            </td>
            <td>
              {o.state === 'passed' && (
                <Permitted call="bms.teacherMember.queryList">
                  <Button
                    size="small"
                    variant="outlined"
                    text={t('staffPeople.showTeachers')}
                    onClick={() => setOpened(o)}
                    data-testid={`organization-teachers-${o.id}`}
                  />
                </Permitted>
              )}
              {o.state === 'reviewing' && (
                <>
                  <Button
                    size="small"
                    variant="outlined"
                    intent="success"
                    disabled={busy}
                    text={t('staffExam.action.pass')}
                    onClick={() =>
                      submitStaffWrite(staffEdit, 'bms.organization.pass', { id: o.id })
                    }
                    data-testid="organization-pass"
                  />
                  <Button
                    size="small"
                    variant="outlined"
                    disabled={busy}
                    text={t('staffExam.action.reject')}
                    onClick={() =>
                      setReason({
                        title: t('staffPeople.rejectTitle', { name: o.name }),
                        required: true,
                        onConfirm: ({ reason: r }) =>
                          submitStaffWrite(staffEdit, 'bms.organization.reject', {
                            id: o.id,
                            reason: r,
                          }),
                      })
                    }
                  />
                </>
              )}
            </td>
          </tr>
        )}
      />
      <ReasonDialog request={reason} onClose={() => setReason(null)} />
      {opened && (
        <OrganizationTeachers
          key={opened.id}
          organization={opened}
          onClose={() => setOpened(null)}
        />
      )}
    </section>
  );
}

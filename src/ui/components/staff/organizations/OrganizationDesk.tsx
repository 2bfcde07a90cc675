import { Button, HTMLTable, Switch, Tag } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrganizationItem } from '../../../../contract/organization/organizations.ts';
import { useRuntime } from '../../../app/context.ts';
import { useSessionUser } from '../../../app/hooks.ts';
import { ownOrganizations } from '../../../app/organization-queries.ts';
import { useQuery } from '../../../app/use-query.ts';
import { EmptyState } from '../../EmptyState.tsx';
import { QueryStatus } from '../../QueryStatus.tsx';
import { StaffEditOutcome } from '../StaffEditOutcome.tsx';
import { StaffForm, staffForm, type FormValues, type StaffFormRequest } from '../StaffForm.tsx';
import { submitStaffWrite } from '../../../../machines/staff-edit/events.ts';

const SETTINGS = ['memberApproval', 'homeworkReview', 'examReview'] as const;
const TEXT_FIELDS = [
  'name',
  'shortName',
  'description',
  'contactName',
  'contactMobile',
  'address',
] as const;

const STATE_INTENT = { reviewing: 'warning', passed: 'success', rejected: 'danger' } as const;

/**
 * /manage/organization (issue 25 item 4): the organization's settings, which its admin switches
 * (成员审核: learners a teacher adds wait in the approval queue; 作业审核 and 考试审核: a teacher's
 * homework, or exams and papers, wait for the platform's review), and a teacher's applications to
 * open an organization of their own — applied for here, reviewed in the platform's approval
 * queue, and answered here (passed, or rejected with the reason, to correct and send again).
 */
export function OrganizationDesk() {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const { staffEdit } = runtime.actors;
  const user = useSessionUser();
  const list = useQuery(ownOrganizations(runtime));
  const [form, setForm] = useState<StaffFormRequest | null>(null);
  const busy = useSelector(staffEdit, (s) => s.matches('working'));
  const isAdmin = user?.role === 'orgAdmin';

  const applicationForm = (existing: OrganizationItem | null) =>
    staffForm({
      title: existing
        ? t('staffOrg.resubmitTitle', { name: existing.name })
        : t('staffOrg.applyTitle'),
      call: existing ? 'edms.organization.update' : 'edms.organization.create',
      fields: [
        ...TEXT_FIELDS.map((name) => ({
          name,
          label: t(`staffOrg.${name}`),
          kind: name === 'description' ? ('textarea' as const) : ('text' as const),
        })),
        { name: 'memberApproval', label: t('staffOrg.memberApproval'), kind: 'checkbox' },
      ],
      values: {
        ...Object.fromEntries(TEXT_FIELDS.map((name) => [name, existing?.[name] ?? ''])),
        contactName: existing?.contactName ?? user?.nickname ?? '',
        contactMobile: existing?.contactMobile ?? '',
        memberApproval: existing?.memberApproval ?? false,
      },
      toBody: (v: FormValues) => ({
        body: {
          ...(existing ? { id: existing.id } : {}),
          ...(Object.fromEntries(
            TEXT_FIELDS.map((name) => [name, String(v[name]).trim()]),
          ) as Record<(typeof TEXT_FIELDS)[number], string>),
          memberApproval: v.memberApproval === true,
        },
      }),
    });

  return (
    <section className="xa-screen" aria-labelledby="screen-organization">
      <h1 id="screen-organization" className="xa-screen-title">
        {t('staffOrg.title')}
      </h1>
      <StaffEditOutcome />
      <QueryStatus state={list} failedTitle={t('staffOrg.failed')}>
        {(page) => {
          const current = page.content.find((o) => o.id === user?.organizationId);
          return (
            <>
              {current && (
                <section className="xa-section" aria-labelledby="org-settings">
                  <h2 id="org-settings">
                    {t('staffOrg.settings')} · {current.name}
                  </h2>
                  {!isAdmin && <p className="xa-muted">{t('staffOrg.adminOnly')}</p>}
                  {SETTINGS.map((setting) => (
                    <div key={setting}>
                      <Switch
                        checked={current[setting]}
                        disabled={!isAdmin || busy}
                        label={t(`staffOrg.${setting}`)}
                        data-testid={`org-${setting}`}
                        onChange={() =>
                          submitStaffWrite(staffEdit, 'edms.organization.update', {
                            id: current.id,
                            [setting]: !current[setting],
                          })
                        }
                      />
                      <p className="xa-muted">{t(`staffOrg.${setting}Help`)}</p>
                    </div>
                  ))}
                </section>
              )}
              <section className="xa-section" aria-labelledby="org-applications">
                <h2 id="org-applications">
                  {t('staffOrg.applications')}{' '}
                  <Button
                    size="small"
                    intent="primary"
                    disabled={busy}
                    text={t('staffOrg.apply')}
                    onClick={() => setForm(applicationForm(null))}
                    data-testid="org-apply"
                  />
                </h2>
                <p className="xa-muted">{t('staffOrg.applicationsHint')}</p>
                {page.content.length === 0 ? (
                  <EmptyState title={t('staffOrg.noApplications')} description="" />
                ) : (
                  <HTMLTable className="xa-table" striped data-testid="org-applications">
                    <tbody>
                      {page.content.map((o) => (
                        <tr key={o.id} data-state={o.state}>
                          <td>
                            {o.name}{' '}
                            {o.id === user?.organizationId && (
                              <Tag minimal>{t('staffOrg.current')}</Tag>
                            )}
                            <div className="xa-muted">{o.description}</div>
                          </td>
                          <td>
                            <Tag minimal intent={STATE_INTENT[o.state]}>
                              {t(`staffPeople.approval.${o.state}`)}
                            </Tag>
                          </td>
                          <td data-testid="org-outcome">
                            {o.id !== user?.organizationId && t(`staffOrg.outcome.${o.state}`)}
                            {o.reviewReason && (
                              <div className="xa-muted">
                                {t('staffOrg.reason', { reason: o.reviewReason })}
                              </div>
                            )}
                          </td>
                          <td>
                            {o.state === 'rejected' && (
                              <Button
                                size="small"
                                variant="outlined"
                                disabled={busy}
                                text={t('staffOrg.resubmit')}
                                onClick={() => setForm(applicationForm(o))}
                              />
                            )}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </HTMLTable>
                )}
              </section>
            </>
          );
        }}
      </QueryStatus>
      <StaffForm request={form} onClose={() => setForm(null)} />
    </section>
  );
}

import { Button } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrganizationItem } from '../../../../contract/organization/organizations.ts';
import { organizationTeachers } from '../../../app/class-staff-queries.ts';
import { useRuntime } from '../../../app/context.ts';
import { useQuery } from '../../../app/use-query.ts';
import { PagedTable } from '../../PagedTable.tsx';
import { StaffForm, type StaffFormRequest } from '../StaffForm.tsx';
import {
  AssignRolesButton,
  TeacherIdentityCells,
  teacherIdentityHeaders,
} from '../people/TeacherIdentity.tsx';
import { useRoleOptions } from '../people/teacher-roles.ts';

/**
 * One organization's teachers as the platform sees them (issue 27 item 8): who they are, their
 * built-in identity and custom roles, and 设置角色 — so the platform can give a role it made for
 * a school to one of the school's teachers without entering the school's back office.
 */
export function OrganizationTeachers({
  organization,
  onClose,
}: {
  organization: OrganizationItem;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const [page, setPage] = useState(0);
  const list = useQuery(organizationTeachers(runtime, organization.id, page));
  const roles = useRoleOptions(organization.id, t);
  const [form, setForm] = useState<StaffFormRequest | null>(null);
  return (
    <section className="xa-section" aria-labelledby="organization-teachers">
      <h3 id="organization-teachers">
        {t('staffPeople.teachersOf', { name: organization.name })}{' '}
        <Button size="small" variant="minimal" text={t('app.close')} onClick={onClose} />
      </h3>
      <PagedTable
        state={list}
        failedTitle={t('staffPeople.teachersFailed')}
        empty={{ title: t('staffPeople.noTeachers'), description: '' }}
        headers={[...teacherIdentityHeaders(t), t('orders.actions')]}
        testId="organization-teachers"
        page={page}
        onPage={setPage}
        row={(p) => (
          <tr key={p.id}>
            <TeacherIdentityCells teacher={p} />
            <td>
              <AssignRolesButton teacher={p} roles={roles} onForm={setForm} />
            </td>
          </tr>
        )}
      />
      <StaffForm request={form} onClose={() => setForm(null)} />
    </section>
  );
}

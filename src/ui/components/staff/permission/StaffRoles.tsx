import { Button, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoleItem } from '../../../../contract/permission/roles.ts';
import { useRuntime } from '../../../app/context.ts';
import { useSessionUser } from '../../../app/hooks.ts';
import { staffRoles, type RoleFilter } from '../../../app/permission-queries.ts';
import { usePageParam } from '../../../app/use-page-param.ts';
import { IDLE_QUERY, stillLoading, useQuery } from '../../../app/use-query.ts';
import { organizationChoices } from '../../../app/class-staff-queries.ts';
import { formatDateTime } from '../../../format.ts';
import { PagedTable } from '../../PagedTable.tsx';
import { CreateButton } from '../CreateButton.tsx';
import { KeywordFilter } from '../KeywordFilter.tsx';
import { Permitted } from '../Permitted.tsx';
import { EditButton } from '../RowButtons.tsx';
import { StaffDeleteButton } from '../StaffDeleteButton.tsx';
import { StaffEditOutcome } from '../StaffEditOutcome.tsx';
import {
  StaffForm,
  staffForm,
  trimmedText,
  type FormValues,
  type StaffFormRequest,
} from '../StaffForm.tsx';
import { PermissionDialog } from './PermissionTree.tsx';

/**
 * Roles that staff configure (issue 27 item 1; docs/decisions/admin-and-identity.md): the list,
 * create and edit (name, remark, enabled), delete one nobody holds, and pick its permissions in
 * the tree. `organization`: the session's organization's roles (/manage/roles); `platform`:
 * every role, new ones platform-wide or for an organization the platform picks (/admin/roles).
 */
export function StaffRoles({ scope }: { scope: 'organization' | 'platform' }) {
  const { t, i18n } = useTranslation();
  const runtime = useRuntime();
  const organizationId = useSessionUser()?.organizationId;
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = usePageParam();
  const filter: RoleFilter = {
    ...(keyword ? { keyword } : {}),
    ...(scope === 'organization' && organizationId !== undefined ? { organizationId } : {}),
  };
  const list = useQuery(staffRoles(runtime, filter, page));
  const [form, setForm] = useState<StaffFormRequest | null>(null);
  const [perms, setPerms] = useState<RoleItem | null>(null);
  // The platform makes a role platform-wide or for one organization (its teachers then hold it).
  const owners = useQuery(scope === 'platform' ? organizationChoices(runtime) : IDLE_QUERY);
  const ownerOptions = [
    { value: '', label: t('staffRoles.platformWide') },
    ...(owners.data?.content ?? []).map((o) => ({ value: String(o.id), label: o.name })),
  ];

  const fields = (withEnabled: boolean) => [
    { name: 'name', label: t('staffRoles.name'), kind: 'text' as const },
    { name: 'remark', label: t('staffRoles.remark'), kind: 'textarea' as const },
    ...(withEnabled
      ? [{ name: 'enabled', label: t('staffRoles.enabled'), kind: 'checkbox' as const }]
      : []),
  ];
  const createForm = () =>
    staffForm({
      title: t(scope === 'platform' ? 'staffRoles.newPlatform' : 'staffRoles.new'),
      call: 'role.create',
      fields: [
        ...(scope === 'platform'
          ? [
              {
                name: 'organizationId',
                label: t('staffRoles.ownerField'),
                kind: 'select' as const,
                options: ownerOptions,
              },
            ]
          : []),
        ...fields(false),
      ],
      values: { organizationId: '', name: '', remark: '' },
      toBody: (v: FormValues) => ({
        body: {
          name: trimmedText(v.name),
          remark: trimmedText(v.remark),
          // The session's organization, also for platform staff acting in its back office.
          organizationId:
            scope === 'organization'
              ? (organizationId ?? null)
              : v.organizationId
                ? Number(v.organizationId)
                : null,
          enabled: true,
        },
      }),
    });
  const editForm = (role: RoleItem) =>
    staffForm({
      title: t('staffRoles.edit', { name: role.name }),
      call: 'role.update',
      fields: fields(true),
      values: { name: role.name, remark: role.remark, enabled: role.enabled },
      toBody: (v: FormValues) => ({
        body: {
          id: role.id,
          name: trimmedText(v.name),
          remark: trimmedText(v.remark),
          enabled: v.enabled === true,
        },
      }),
    });

  return (
    <section className="xa-section" aria-labelledby="staff-roles">
      <h2 id="staff-roles">
        {t('staffRoles.title')}{' '}
        <CreateButton
          call="role.create"
          onClick={() => setForm(createForm())}
          loading={scope === 'platform' && stillLoading(owners)}
          testId="role-create"
        />
      </h2>
      <p className="xa-muted">
        {t(scope === 'platform' ? 'staffRoles.hintPlatform' : 'staffRoles.hint')}
      </p>
      <KeywordFilter
        label={t('staffRoles.search')}
        onApply={(k) => {
          setKeyword(k);
          setPage(0);
        }}
      />
      <StaffEditOutcome />
      <PagedTable
        state={list}
        failedTitle={t('staffRoles.failed')}
        empty={{ title: t('staffRoles.empty'), description: t('staffRoles.emptyHint') }}
        headers={[
          t('staffRoles.name'),
          t('staffRoles.owner'),
          t('staffRoles.state'),
          t('staffRoles.operates'),
          t('staffRoles.holders'),
          t('staffRoles.updatedAt'),
          t('orders.actions'),
        ]}
        testId="roles"
        page={page}
        onPage={setPage}
        row={(role) => (
          <tr key={role.id} data-testid={`role-${role.id}`}>
            <td>
              {role.name}
              {role.remark && <div className="xa-muted">{role.remark}</div>}
            </td>
            <td>{role.organizationName ?? t('staffRoles.platformWide')}</td>
            <td>
              <Tag minimal intent={role.enabled ? 'success' : 'none'}>
                {t(role.enabled ? 'staffRoles.on' : 'staffRoles.off')}
              </Tag>
            </td>
            <td>{role.callIds.length}</td>
            <td>{role.holderCount}</td>
            <td className="xa-muted xa-nowrap">{formatDateTime(role.updatedAt, i18n.language)}</td>
            <td>
              <EditButton call="role.update" onClick={() => setForm(editForm(role))} />
              <Permitted call="role.configPerms">
                <Button
                  size="small"
                  variant="outlined"
                  text={t('staffRoles.perms')}
                  onClick={() => setPerms(role)}
                  data-testid="role-perms"
                />
              </Permitted>
              <StaffDeleteButton call="role.delete" id={role.id} name={role.name} />
            </td>
          </tr>
        )}
      />
      <StaffForm request={form} onClose={() => setForm(null)} />
      {perms && <PermissionDialog role={perms} onClose={() => setPerms(null)} />}
    </section>
  );
}

import { Button, HTMLSelect, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlatformUserItem } from '../../../../contract/permission/users.ts';
import { submitStaffWrite } from '../../../../machines/staff-edit/events.ts';
import { useRuntime } from '../../../app/context.ts';
import { useSessionUser } from '../../../app/hooks.ts';
import { platformUsers, roleChoices } from '../../../app/permission-queries.ts';
import { usePageParam } from '../../../app/use-page-param.ts';
import { useQuery, stillLoading } from '../../../app/use-query.ts';
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
  chosenOf,
  listOf,
  staffForm,
  trimmedText,
  type FormValues,
  type StaffFormRequest,
} from '../StaffForm.tsx';
import { IssuedAccount } from '../people/IssuedAccount.tsx';

const STATUSES = ['active', 'disabled'] as const;

/** An optional text field: '' is absent (create) or cleared (update). */
const optional = (value: FormValues[string] | undefined) => trimmedText(value) || null;

/**
 * The platform's users (issue 27 item 2; /admin/users): the list by keyword and state; add one
 * (the password is shown once and changed at the first login), edit or disable one, reset a
 * password, limit one with platform roles, delete one (a user with a history is only disabled).
 */
export function PlatformUsers() {
  const { t, i18n } = useTranslation();
  const runtime = useRuntime();
  const { staffEdit } = runtime.actors;
  const me = useSessionUser();
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState<'' | (typeof STATUSES)[number]>('');
  const [page, setPage] = usePageParam();
  const list = useQuery(
    platformUsers(
      runtime,
      { ...(keyword ? { keyword } : {}), ...(status ? { status } : {}) },
      page,
    ),
  );
  const roles = useQuery(roleChoices(runtime, { platformWide: true }));
  const roleOptions = (roles.data?.content ?? []).map((r) => ({
    value: String(r.id),
    label: r.name,
  }));
  const [form, setForm] = useState<StaffFormRequest | null>(null);

  const createForm = () =>
    staffForm({
      title: t('platformUsers.new'),
      call: 'user.create',
      fields: [
        { name: 'username', label: t('platformUsers.username'), kind: 'text' },
        { name: 'nickname', label: t('platformUsers.nickname'), kind: 'text' },
        { name: 'mobile', label: t('platformUsers.mobile'), kind: 'text' },
        { name: 'email', label: t('platformUsers.email'), kind: 'text' },
        { name: 'password', label: t('platformUsers.passwordOptional'), kind: 'text' },
        { name: 'roleIds', label: t('platformUsers.roles'), kind: 'multi', options: roleOptions },
      ],
      values: { username: '', nickname: '', mobile: '', email: '', password: '', roleIds: [] },
      toBody: (v: FormValues) => {
        const mobile = optional(v.mobile);
        const email = optional(v.email);
        const password = optional(v.password);
        return {
          body: {
            username: trimmedText(v.username),
            nickname: trimmedText(v.nickname),
            ...(mobile ? { mobile } : {}),
            ...(email ? { email } : {}),
            ...(password ? { password } : {}),
            roleIds: listOf(v.roleIds).map(Number),
          },
        };
      },
    });
  const editForm = (user: PlatformUserItem) =>
    staffForm({
      title: t('platformUsers.edit', { name: user.username }),
      call: 'user.update',
      fields: [
        { name: 'nickname', label: t('platformUsers.nickname'), kind: 'text' },
        { name: 'mobile', label: t('platformUsers.mobile'), kind: 'text' },
        { name: 'email', label: t('platformUsers.email'), kind: 'text' },
        {
          name: 'status',
          label: t('platformUsers.status'),
          kind: 'select',
          options: STATUSES.map((s) => ({ value: s, label: t(`platformUsers.state.${s}`) })),
        },
      ],
      values: {
        nickname: user.nickname,
        mobile: user.mobile ?? '',
        email: user.email ?? '',
        status: user.status,
      },
      toBody: (v: FormValues) => ({
        body: {
          id: user.id,
          nickname: trimmedText(v.nickname),
          mobile: optional(v.mobile),
          email: optional(v.email),
          status: chosenOf(v.status, STATUSES),
        },
      }),
    });
  const rolesForm = (user: PlatformUserItem) =>
    staffForm({
      title: t('platformUsers.rolesOf', { name: user.username }),
      call: 'user.configRoles',
      fields: [
        { name: 'roleIds', label: t('platformUsers.roles'), kind: 'multi', options: roleOptions },
      ],
      values: { roleIds: user.roles.map((r) => String(r.id)) },
      toBody: (v: FormValues) => ({
        body: { id: user.id, roleIds: listOf(v.roleIds).map(Number) },
      }),
    });

  return (
    <section className="xa-section" aria-labelledby="platform-users">
      <h2 id="platform-users">
        {t('platformUsers.title')}{' '}
        <CreateButton
          call="user.create"
          onClick={() => setForm(createForm())}
          loading={stillLoading(roles)}
          testId="user-create"
        />{' '}
        <HTMLSelect
          aria-label={t('platformUsers.status')}
          value={status}
          onChange={(e) => {
            setStatus(e.currentTarget.value as typeof status);
            setPage(0);
          }}
          options={[
            { value: '', label: t('platformUsers.allStates') },
            ...STATUSES.map((s) => ({ value: s, label: t(`platformUsers.state.${s}`) })),
          ]}
        />
      </h2>
      <p className="xa-muted">{t('platformUsers.hint')}</p>
      <KeywordFilter
        label={t('platformUsers.search')}
        onApply={(k) => {
          setKeyword(k);
          setPage(0);
        }}
      />
      <StaffEditOutcome />
      <IssuedAccount calls={['user.create', 'user.resetPwd']} invitedTitle="" />
      <PagedTable
        state={list}
        failedTitle={t('platformUsers.failed')}
        empty={{ title: t('platformUsers.empty'), description: '' }}
        headers={[
          t('platformUsers.username'),
          t('platformUsers.mobile'),
          t('platformUsers.status'),
          t('platformUsers.roles'),
          t('platformUsers.lastLogin'),
          t('orders.actions'),
        ]}
        testId="platform-users"
        page={page}
        onPage={setPage}
        row={(user) => (
          <tr key={user.id} data-testid={`platform-user-${user.id}`}>
            <td>
              {user.username}
              <div className="xa-muted">{user.nickname}</div>
            </td>
            <td>{user.mobile ?? user.email ?? ''}</td>
            <td>
              <Tag minimal intent={user.status === 'active' ? 'success' : 'none'}>
                {t(`platformUsers.state.${user.status}`)}
              </Tag>
              {user.mustChangePassword && (
                <Tag minimal intent="warning" className="xa-tag-gap">
                  {t('platformUsers.mustChange')}
                </Tag>
              )}
            </td>
            <td>
              {user.roles.length === 0 ? (
                <span className="xa-muted">{t('platformUsers.unlimited')}</span>
              ) : (
                user.roles.map((r) => (
                  <Tag key={r.id} minimal intent="primary" className="xa-tag-gap">
                    {r.name}
                  </Tag>
                ))
              )}
            </td>
            <td className="xa-muted xa-nowrap">
              {user.lastLoginAt
                ? formatDateTime(user.lastLoginAt, i18n.language)
                : t('platformUsers.never')}
            </td>
            <td>
              {/* One's own account is changed on 账号设置, never here. */}
              {user.id !== me?.userId && (
                <>
                  <EditButton call="user.update" onClick={() => setForm(editForm(user))} />
                  <Permitted call="user.configRoles">
                    <Button
                      size="small"
                      variant="outlined"
                      text={t('platformUsers.setRoles')}
                      onClick={() => setForm(rolesForm(user))}
                    />
                  </Permitted>
                  <Permitted call="user.resetPwd">
                    <Button
                      size="small"
                      variant="outlined"
                      text={t('platformUsers.resetPwd')}
                      onClick={() => {
                        if (
                          window.confirm(t('platformUsers.resetConfirm', { name: user.username }))
                        ) {
                          submitStaffWrite(staffEdit, 'user.resetPwd', { id: user.id });
                        }
                      }}
                    />
                  </Permitted>
                  <StaffDeleteButton
                    call="user.delete"
                    id={user.id}
                    name={user.username}
                    confirm={t('platformUsers.deleteConfirm', { name: user.username })}
                  />
                </>
              )}
            </td>
          </tr>
        )}
      />
      <StaffForm request={form} onClose={() => setForm(null)} />
    </section>
  );
}

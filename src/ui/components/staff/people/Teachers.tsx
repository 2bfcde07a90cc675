import { Button, HTMLTable, Tag } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TeacherItem } from '../../../../contract/organization/teachers.ts';
import { teacherGroups, teachers } from '../../../app/class-staff-queries.ts';
import { useRuntime } from '../../../app/context.ts';
import { useSessionUser } from '../../../app/hooks.ts';
import { usePageParam } from '../../../app/use-page-param.ts';
import { useQuery, stillLoading } from '../../../app/use-query.ts';
import { PagedTable } from '../../PagedTable.tsx';
import { QueryStatus } from '../../QueryStatus.tsx';
import { StaffEditOutcome } from '../StaffEditOutcome.tsx';
import {
  StaffForm,
  chosenOf,
  listOf,
  staffForm,
  type FormValues,
  type StaffFormRequest,
} from '../StaffForm.tsx';
import { CreateButton } from '../CreateButton.tsx';
import { IssuedAccount } from './IssuedAccount.tsx';
import {
  AssignRolesButton,
  TeacherIdentityCells,
  teacherIdentityHeaders,
} from './TeacherIdentity.tsx';
import { TEACHER_ROLES, useRoleOptions } from './teacher-roles.ts';
import { submitStaffWrite } from '../../../../machines/staff-edit/events.ts';

/**
 * The organization's teachers and teaching groups (issue 8 item 2): add a teacher (an existing
 * user by mobile gets a teacher account here), put teachers in groups, add and remove groups.
 * Writes are the organization admin's; teachers read.
 */
export function Teachers() {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const { staffEdit } = runtime.actors;
  const [page, setPage] = usePageParam();
  const list = useQuery(teachers(runtime, page));
  const groups = useQuery(teacherGroups(runtime));
  const [form, setForm] = useState<StaffFormRequest | null>(null);
  const busy = useSelector(staffEdit, (s) => s.matches('working'));
  // Teachers read; the organization admin writes (the server refuses others all the same).
  const isAdmin = useSessionUser()?.role === 'orgAdmin';
  const groupOptions = (groups.data?.content ?? []).map((g) => ({
    value: String(g.id),
    label: g.name,
  }));
  const roles = useRoleOptions(useSessionUser()?.organizationId, t);

  const newTeacher = () =>
    staffForm({
      title: t('staffPeople.newTeacher'),
      call: 'edms.teacherMember.create',
      fields: [
        { name: 'nickname', label: t('staffPeople.nickname'), kind: 'text' },
        { name: 'realName', label: t('staffPeople.realName'), kind: 'text' },
        { name: 'mobile', label: t('staffPeople.mobile'), kind: 'text' },
        { name: 'password', label: t('staffPeople.passwordOptional'), kind: 'text' },
        {
          name: 'role',
          label: t('staffPeople.role'),
          kind: 'select',
          options: TEACHER_ROLES.map((r) => ({
            value: r,
            label: t(`role.${r}`),
          })),
        },
        { name: 'groupIds', label: t('staffPeople.groups'), kind: 'multi', options: groupOptions },
      ],
      values: {
        nickname: '',
        realName: '',
        mobile: '',
        password: '',
        role: 'teacher',
        groupIds: [],
      },
      toBody: (v: FormValues) => ({
        body: {
          nickname: String(v.nickname).trim(),
          realName: String(v.realName).trim(),
          mobile: String(v.mobile).trim(),
          ...(String(v.password).trim() ? { password: String(v.password).trim() } : {}),
          role: chosenOf(v.role, TEACHER_ROLES),
          groupIds: listOf(v.groupIds).map(Number),
        },
      }),
    });

  const groupsForm = (teacher: TeacherItem) =>
    staffForm({
      title: t('staffPeople.groupsOf', { name: teacher.nickname }),
      call: 'edms.teacherMember.setGroups',
      fields: [
        { name: 'groupIds', label: t('staffPeople.groups'), kind: 'multi', options: groupOptions },
      ],
      values: { groupIds: teacher.groups.map((g) => String(g.id)) },
      toBody: (v: FormValues) => ({
        body: { memberId: teacher.id, groupIds: listOf(v.groupIds).map(Number) },
      }),
    });

  const newGroup = () =>
    staffForm({
      title: t('staffPeople.newGroup'),
      call: 'edms.teacherGroup.create',
      fields: [
        { name: 'name', label: t('staffPeople.groupName'), kind: 'text' },
        { name: 'description', label: t('staffPeople.groupDescription'), kind: 'text' },
      ],
      values: { name: '', description: '' },
      toBody: (v: FormValues) => ({
        body: { name: String(v.name).trim(), description: String(v.description).trim() },
      }),
    });

  return (
    <section className="xa-section" aria-labelledby="staff-teachers">
      <h2 id="staff-teachers">
        {t('staffPeople.teachers')}{' '}
        {isAdmin && (
          <CreateButton
            call="edms.teacherMember.create"
            onClick={() => setForm(newTeacher())}
            loading={stillLoading(groups)}
            testId="teacher-create"
          />
        )}
      </h2>
      {!isAdmin && <p className="xa-muted">{t('staffPeople.adminWrites')}</p>}
      <StaffEditOutcome />
      <IssuedAccount
        calls={['edms.teacherMember.create']}
        invitedTitle={t('staffPeople.awaitingTeacher')}
      />
      <PagedTable
        state={list}
        failedTitle={t('staffPeople.teachersFailed')}
        empty={{ title: t('staffPeople.noTeachers'), description: '' }}
        headers={[
          ...teacherIdentityHeaders(t),
          t('staffPeople.groups'),
          t('staffPeople.classes'),
          t('orders.actions'),
        ]}
        testId="teachers"
        page={page}
        onPage={setPage}
        row={(p) => (
          <tr key={p.id}>
            <TeacherIdentityCells teacher={p} />
            <td>
              {p.groups.map((g) => (
                <Tag key={g.id} minimal className="xa-tag-gap">
                  {g.name}
                </Tag>
              ))}
            </td>
            <td className="xa-muted">{p.grades.map((g) => g.name).join('、')}</td>
            <td>
              {isAdmin && (
                <Button
                  size="small"
                  variant="outlined"
                  text={t('staffPeople.setGroups')}
                  onClick={() => setForm(groupsForm(p))}
                />
              )}
              <AssignRolesButton teacher={p} roles={roles} onForm={setForm} />
            </td>
          </tr>
        )}
      />
      <section className="xa-section" aria-labelledby="teacher-groups">
        <h3 id="teacher-groups">
          {t('staffPeople.teacherGroups')}{' '}
          {isAdmin && (
            <CreateButton call="edms.teacherGroup.create" onClick={() => setForm(newGroup())} />
          )}
        </h3>
        <QueryStatus state={groups} failedTitle={t('staffPeople.groupsFailed')}>
          {(found) => (
            <HTMLTable className="xa-table" striped>
              <tbody>
                {found.content.map((g) => (
                  <tr key={g.id}>
                    <td>{g.name}</td>
                    <td className="xa-muted">{g.description}</td>
                    <td>{t('staffPeople.groupCount', { count: g.memberCount })}</td>
                    <td>
                      <Button
                        size="small"
                        variant="outlined"
                        intent="danger"
                        disabled={busy || !isAdmin}
                        text={t('staff.delete')}
                        onClick={() =>
                          submitStaffWrite(staffEdit, 'edms.teacherGroup.delete', { id: g.id })
                        }
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          )}
        </QueryStatus>
      </section>
      <StaffForm request={form} onClose={() => setForm(null)} />
    </section>
  );
}

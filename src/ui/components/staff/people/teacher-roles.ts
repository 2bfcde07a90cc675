/**
 * 设置角色 for a teacher (issue 27 item 1): the built-in identity and the organization's custom
 * roles, given with member/configRoles — from the organization's own 教师 screen and from the
 * platform's organization list alike.
 */
import type { TFunction } from 'i18next';
import type { TeacherItem } from '../../../../contract/organization/teachers.ts';
import { useRuntime } from '../../../app/context.ts';
import { roleChoices } from '../../../app/permission-queries.ts';
import { useOperates } from '../../../app/use-operates.ts';
import { IDLE_QUERY, stillLoading, useQuery } from '../../../app/use-query.ts';
import {
  chosenOf,
  listOf,
  staffForm,
  type FormValues,
  type StaffFormRequest,
} from '../StaffForm.tsx';

/** The roles a teacher account is made with (the contract's teacherCreate role). */
export const TEACHER_ROLES = ['teacher', 'orgAdmin'] as const;

export interface RoleOption {
  value: string;
  label: string;
}

/** The organization's custom roles as choices, and whether a form should wait for them. */
export interface RoleChoices {
  options: readonly RoleOption[];
  loading: boolean;
}

/** The organization's custom roles as choices: read only by who may give them. */
export function useRoleOptions(organizationId: number | undefined, t: TFunction): RoleChoices {
  const runtime = useRuntime();
  const { may } = useOperates();
  const asked = may('role.queryList') && organizationId !== undefined;
  const roles = useQuery(asked ? roleChoices(runtime, { organizationId }) : IDLE_QUERY);
  return {
    options: (roles.data?.content ?? []).map((r) => ({
      value: String(r.id),
      label: r.enabled ? r.name : `${r.name}（${t('staffRoles.off')}）`,
    })),
    // A role made a moment ago on 角色 is among them once the stale list is read again.
    loading: asked && stillLoading(roles),
  };
}

export function teacherRolesForm(
  t: TFunction,
  teacher: TeacherItem,
  roleOptions: readonly RoleOption[],
): StaffFormRequest {
  return staffForm({
    title: t('staffRoles.assignTitle', { name: teacher.nickname }),
    call: 'member.configRoles',
    fields: [
      {
        name: 'role',
        label: t('staffRoles.builtIn'),
        kind: 'select',
        options: TEACHER_ROLES.map((r) => ({ value: r, label: t(`role.${r}`) })),
      },
      { name: 'roleIds', label: t('staffRoles.custom'), kind: 'multi', options: [...roleOptions] },
    ],
    values: { role: teacher.role, roleIds: teacher.roles.map((r) => String(r.id)) },
    toBody: (v: FormValues) => ({
      body: {
        id: teacher.id,
        role: chosenOf(v.role, TEACHER_ROLES),
        roleIds: listOf(v.roleIds).map(Number),
      },
    }),
  });
}

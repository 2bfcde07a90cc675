import { Button, Tag } from '@blueprintjs/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { TeacherItem } from '../../../../contract/organization/teachers.ts';
import { Permitted } from '../Permitted.tsx';
import type { StaffFormRequest } from '../StaffForm.tsx';
import { teacherRolesForm, type RoleChoices } from './teacher-roles.ts';

/**
 * A teacher's row as the school's 教师 screen and the platform's 教师与角色 both show it: who,
 * how they sign in, their built-in identity and custom roles; and 设置角色.
 */
export const teacherIdentityHeaders = (t: TFunction): string[] => [
  t('staffPeople.nickname'),
  t('staffPeople.login'),
  t('staffPeople.role'),
  t('staffRoles.roles'),
];

export function TeacherIdentityCells({ teacher }: { teacher: TeacherItem }) {
  const { t } = useTranslation();
  return (
    <>
      <td>
        {teacher.nickname}
        {teacher.realName && <span className="xa-muted"> · {teacher.realName}</span>}
      </td>
      <td>{teacher.mobile ?? teacher.username}</td>
      <td>{t(`role.${teacher.role}`)}</td>
      <td>
        {teacher.roles.map((r) => (
          <Tag key={r.id} minimal intent="primary" className="xa-tag-gap">
            {r.name}
          </Tag>
        ))}
      </td>
    </>
  );
}

export function AssignRolesButton({
  teacher,
  roles,
  onForm,
}: {
  teacher: TeacherItem;
  roles: RoleChoices;
  onForm: (form: StaffFormRequest) => void;
}) {
  const { t } = useTranslation();
  return (
    <Permitted call="member.configRoles">
      <Button
        size="small"
        variant="outlined"
        text={t('staffRoles.assign')}
        loading={roles.loading}
        onClick={() => onForm(teacherRolesForm(t, teacher, roles.options))}
        data-testid={`teacher-roles-${teacher.id}`}
      />
    </Permitted>
  );
}

// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { accounts } from '../../../../contract/accounts/calls.ts';
import type * as auth from '../../../../contract/accounts/calls.ts';
import { membership } from '../../../../contract/membership/calls.ts';
import { organization } from '../../../../contract/organization/calls.ts';
import { permission } from '../../../../contract/permission/calls.ts';
import { ErrorCode } from '../../../../contract/errors.ts';
import { answer, failure, success } from '../../../test/fake-api.ts';
import { renderScreen, serveFakeApi } from '../../../test/test-runtime.tsx';
import { Teachers } from './Teachers.tsx';

serveFakeApi();

const orgAdmin: auth.CurrentUser = {
  id: 5,
  userId: 5,
  username: 'school_admin',
  nickname: '示范校管理员',
  mobile: null,
  email: null,
  role: 'orgAdmin',
  organizationId: 1,
  organizationName: '示范校',
  platformAdmin: false,
  mustChangePassword: false,
};
const empty = { content: [], totalElements: 0, totalPages: 0, number: 0, size: 20 };
const teacher = {
  id: 31,
  userId: 40,
  username: 'zhang_laoshi',
  nickname: '张老师',
  realName: '张伟',
  mobile: '13800000031',
  status: 'enabled' as const,
  organizationId: 1,
  organizationName: '示范校',
  grades: [],
  createdAt: '2026-11-01T00:00:00.000Z',
  lastLoginAt: null,
  role: 'teacher' as const,
  groups: [],
};

async function showTeachers() {
  answer(accounts.queryCurrent, () => success(orgAdmin));
  answer(accounts['oj.member.queryMineTeacherList'], () => success([]));
  answer(membership['oj.memberMembership.queryList'], () => success({ ...empty, size: 100 }));
  answer(organization['edms.teacherMember.queryList'], () => success(empty));
  answer(organization['edms.teacherGroup.queryList'], () => success({ ...empty, size: 100 }));
  await renderScreen(<Teachers />, { path: '/manage/teachers' });
  // The button waits for the teacher groups the form offers, as a user must.
  const create = await screen.findByTestId('teacher-create');
  await waitFor(() => expect(create).toHaveProperty('disabled', false));
  fireEvent.click(create);
  fireEvent.change(await screen.findByLabelText('昵称'), { target: { value: '王老师' } });
  fireEvent.change(screen.getByLabelText('手机号'), { target: { value: '13900000077' } });
  fireEvent.click(screen.getByRole('button', { name: '保存' }));
}

describe('adding a teacher (新增教师)', () => {
  it('shows the invitation waiting for someone registered in another organization', async () => {
    answer(organization['edms.teacherMember.create'], () =>
      success({
        invitation: {
          id: 3,
          state: 'pending',
          maskedName: '王*',
          maskedMobile: '139****0077',
          role: 'teacher',
          nickname: '王老师',
          invitedByName: '示范校管理员',
          createdAt: '2026-12-01T00:00:00.000Z',
          updatedAt: '2026-12-01T00:00:00.000Z',
        },
        message: '该手机号已在其他机构注册，已向 王* 发送邀请，对方确认后加入本机构',
      }),
    );
    await showTeachers();
    const notice = await screen.findByTestId('invited');
    expect(notice.textContent).toContain('待教师确认');
    expect(notice.textContent).toContain('已向 王* 发送邀请');
    expect(screen.queryByTestId('issued-password')).toBeNull();
  });

  it('shows the new account’s password once when the account was made here', async () => {
    answer(organization['edms.teacherMember.create'], () =>
      success({ ...teacher, nickname: '王老师', initialPassword: 'k7Pq2mXa', invitation: null }),
    );
    await showTeachers();
    const issued = await screen.findByTestId('issued-password');
    expect(issued.textContent).toContain('王老师 的密码：k7Pq2mXa');
    expect(screen.queryByTestId('invited')).toBeNull();
  });

  it('shows a refusal on the form and issues nothing', async () => {
    answer(organization['edms.teacherMember.create'], () =>
      failure(ErrorCode.CONFLICT, '该手机号已是本机构教师', 409),
    );
    await showTeachers();
    // The form stays open with the refusal, so nothing typed is lost.
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('该手机号已是本机构教师')).toBeDefined();
    expect((within(dialog).getByLabelText('手机号') as HTMLInputElement).value).toBe('13900000077');
    expect(screen.queryByTestId('invited')).toBeNull();
    expect(screen.queryByTestId('issued-password')).toBeNull();
  });
});

describe('设置角色 (giving a teacher the school’s roles)', () => {
  it('waits for the roles it offers, so a role made a moment ago is among them', async () => {
    let release!: () => void;
    const rolesRead = new Promise<void>((resolve) => (release = resolve));
    answer(accounts.queryCurrent, () => success(orgAdmin));
    answer(accounts['oj.member.queryMineTeacherList'], () => success([]));
    answer(membership['oj.memberMembership.queryList'], () => success({ ...empty, size: 100 }));
    answer(organization['edms.teacherGroup.queryList'], () => success({ ...empty, size: 100 }));
    answer(organization['edms.teacherMember.queryList'], () =>
      success({ ...empty, content: [{ ...teacher, roles: [] }], totalElements: 1, totalPages: 1 }),
    );
    answer(permission['role.queryList'], async () => {
      await rolesRead;
      return success({
        ...empty,
        size: 100,
        totalElements: 1,
        totalPages: 1,
        content: [
          {
            id: 7,
            name: '阅卷老师',
            remark: '',
            organizationId: 1,
            organizationName: '示范校',
            enabled: true,
            callIds: [],
            holderCount: 0,
            createdAt: '2026-12-01T00:00:00.000Z',
            updatedAt: '2026-12-01T00:00:00.000Z',
          },
        ],
      });
    });
    await renderScreen(<Teachers />, { path: '/manage/teachers' });
    const assign = await screen.findByTestId('teacher-roles-31');
    // Opened now, the form would offer no custom role and keep offering none.
    expect(assign).toHaveProperty('disabled', true);
    release();
    await waitFor(() => expect(assign).toHaveProperty('disabled', false));
    fireEvent.click(assign);
    expect(await screen.findByText('阅卷老师')).toBeTruthy();
  });
});

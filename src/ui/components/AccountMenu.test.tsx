// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { waitFor } from 'xstate';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { accounts } from '../../contract/accounts/calls.ts';
import { membership } from '../../contract/membership/calls.ts';
import type * as auth from '../../contract/accounts/calls.ts';
import { ErrorCode } from '../../contract/errors.ts';
import type { Runtime } from '../app/runtime.ts';
import { answer, failure, success } from '../test/fake-api.ts';
import { createTestRuntime, serveFakeApi, withRuntime } from '../test/test-runtime.tsx';
import { AccountMenu } from './AccountMenu.tsx';

serveFakeApi();

const teacher: auth.CurrentUser = {
  id: 7,
  userId: 3,
  username: 'demo_teacher',
  nickname: '演示教练',
  mobile: null,
  email: null,
  role: 'teacher',
  organizationId: 1,
  organizationName: '示例机构',
  platformAdmin: false,
  mustChangePassword: false,
};
const otherAccount = {
  id: 9,
  nickname: '演示教练（星火）',
  role: 'teacher' as const,
  organizationId: 2,
  organizationName: '星火机构',
};

/** A runtime whose session is the teacher with a second account, and the menu on screen. */
async function loggedInMenu(user: auth.CurrentUser = teacher): Promise<Runtime> {
  answer(accounts.queryCurrent, () => success(user));
  answer(accounts['oj.member.queryMineTeacherList'], () =>
    success([{ ...otherAccount, id: 7, organizationId: 1 }, otherAccount]),
  );
  // Each logged-in member's cards are loaded; this teacher has none.
  answer(membership['oj.memberMembership.queryList'], () =>
    success({ content: [], totalElements: 0, totalPages: 0, number: 0, size: 100 }),
  );
  const runtime = createTestRuntime();
  runtime.start();
  const { startup } = runtime.actors;
  await waitFor(
    startup,
    (s) => s.matches({ session: 'ready' }) && s.context.teacherList.length > 0,
  );
  const Menu = () => {
    const user = startup.getSnapshot().context.user;
    return user ? <AccountMenu user={user} /> : null;
  };
  const router = createMemoryRouter([
    { path: '/', element: <Menu /> },
    { path: '/dev/inbox', element: <p>inbox screen</p> },
  ]);
  render(withRuntime(runtime, <RouterProvider router={router} />));
  return runtime;
}

async function chooseMenuItem(name: string) {
  fireEvent.click(screen.getByTestId('account-menu'));
  fireEvent.click(await screen.findByText(name));
}

describe('AccountMenu session commands', () => {
  it('logs out by telling the start-up machine, which asks the server', async () => {
    let loggedOut = 0;
    answer(accounts.logout, () => {
      loggedOut += 1;
      return success({ loggedOut: true });
    });
    const runtime = await loggedInMenu();
    await chooseMenuItem('退出登录');
    const snapshot = await waitFor(runtime.actors.startup, (s) => s.matches({ session: 'ready' }));
    expect(snapshot.context.user).toBeNull();
    expect(loggedOut).toBe(1);
    runtime.stop();
  });

  it('keeps the user and shows the failure when the server refuses the logout', async () => {
    answer(accounts.logout, () => failure(ErrorCode.INTERNAL, '服务器内部错误', 500));
    const runtime = await loggedInMenu();
    await chooseMenuItem('退出登录');
    await waitFor(runtime.actors.toastQueue, (s) => s.context.visible.length > 0);
    const snapshot = await waitFor(runtime.actors.startup, (s) => s.matches({ session: 'ready' }));
    expect(snapshot.context.user?.id).toBe(7);
    expect(runtime.actors.toastQueue.getSnapshot().context.visible[0]?.message).toBe(
      '服务器内部错误',
    );
    runtime.stop();
  });

  it('switches to the other organization’s account through the start-up machine', async () => {
    answer(accounts.switchOrganization, () =>
      success({
        ...teacher,
        id: 9,
        nickname: otherAccount.nickname,
        organizationId: 2,
        organizationName: otherAccount.organizationName,
      }),
    );
    const runtime = await loggedInMenu();
    fireEvent.click(screen.getByTestId('account-menu'));
    // The submenu opens on hovering its menu item.
    fireEvent.mouseEnter((await screen.findByText('切换机构')).closest('a')!);
    fireEvent.click(await screen.findByText('星火机构 · 教师'));
    const snapshot = await waitFor(
      runtime.actors.startup,
      (s) => s.matches({ session: 'ready' }) && s.context.user?.id === 9,
    );
    expect(snapshot.context.user?.organizationName).toBe('星火机构');
    runtime.stop();
  });
});

describe('AccountMenu dev inbox item', () => {
  it('is offered to a platform admin and opens /dev/inbox', async () => {
    const runtime = await loggedInMenu({ ...teacher, platformAdmin: true });
    await chooseMenuItem('开发收件箱');
    await screen.findByText('inbox screen');
    runtime.stop();
  });

  it('is not offered to anyone else', async () => {
    const runtime = await loggedInMenu();
    fireEvent.click(screen.getByTestId('account-menu'));
    await screen.findByText('退出登录');
    expect(screen.queryByText('开发收件箱')).toBeNull();
    expect(screen.queryByTestId('dev-inbox-link')).toBeNull();
    runtime.stop();
  });
});

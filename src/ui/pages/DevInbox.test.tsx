// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { http } from 'msw';
import { waitFor } from 'xstate';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { accounts } from '../../contract/accounts/calls.ts';
import { membership } from '../../contract/membership/calls.ts';
import type * as auth from '../../contract/accounts/calls.ts';
import { ErrorCode } from '../../contract/errors.ts';
import { buildRoutes } from '../routes/route-table.tsx';
import { answer, api, failure, sealedFor, success, TEST_API } from '../test/fake-api.ts';
import { createTestRuntime, serveFakeApi, withRuntime } from '../test/test-runtime.tsx';

serveFakeApi();

const admin: auth.CurrentUser = {
  id: 15,
  userId: 5,
  username: 'demo_admin',
  nickname: '平台管理员',
  mobile: null,
  email: null,
  role: 'orgAdmin',
  organizationId: 1,
  organizationName: '示范校',
  platformAdmin: true,
  mustChangePassword: false,
};

const olderSms = {
  id: 1,
  channel: 'sms',
  target: '13800000001',
  body: '【信奥训练营】您的登录验证码是 482913，5 分钟内有效。',
  createdAt: '2025-03-01T02:03:04.000Z',
};
const newerEmail = {
  id: 2,
  channel: 'email',
  target: 'student@demo.xinao.local',
  body: '【信奥训练营】您的绑定验证码是 775120，5 分钟内有效。',
  createdAt: '2025-03-01T16:30:05.000Z',
};

/** Answers the inbox with `messages()` each time and records the query strings it was asked. */
function answerInbox(messages: () => unknown[]): URLSearchParams[] {
  const asked: URLSearchParams[] = [];
  api.use(
    http.get(`${TEST_API}${accounts['bms.devInbox.queryList'].path}`, ({ request }) => {
      asked.push(new URL(request.url).searchParams);
      return sealedFor(request, success(messages() as never));
    }),
  );
  return asked;
}

async function openInboxAsAdmin() {
  answer(accounts.queryCurrent, () => success(admin));
  answer(accounts['oj.member.queryMineTeacherList'], () => success([]));
  answer(membership['oj.memberMembership.queryList'], () =>
    success({ content: [], totalElements: 0, totalPages: 0, number: 0, size: 100 }),
  );
  const runtime = createTestRuntime();
  runtime.start();
  const router = createMemoryRouter(buildRoutes(), { initialEntries: ['/dev/inbox'] });
  await act(async () => {
    render(withRuntime(runtime, <RouterProvider router={router} />));
  });
  await screen.findByRole('heading', { name: '开发收件箱' });
  return runtime;
}

/** Stops the runtime once the admin's cards have arrived, so no call outlives the test. */
async function stopSettled(runtime: Awaited<ReturnType<typeof openInboxAsAdmin>>) {
  await waitFor(runtime.actors.membership, (s) => !s.matches('loading'));
  runtime.stop();
}

function rows(): string[][] {
  const table = screen.getByTestId('dev-inbox');
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent ?? ''),
    );
}

describe('the dev inbox page', () => {
  it('explains itself and lists the messages newest first, times in Asia/Shanghai', async () => {
    const asked = answerInbox(() => [olderSms, newerEmail]);
    const runtime = await openInboxAsAdmin();
    expect(screen.getByText(/默认发送器不会真正发出短信和邮件/).textContent).toContain('50');
    await screen.findByTestId('dev-inbox');
    expect(rows()).toEqual([
      ['2025/03/02 00:30:05', '邮件', newerEmail.target, newerEmail.body],
      ['2025/03/01 10:03:04', '短信', olderSms.target, olderSms.body],
    ]);
    expect(asked[0]?.get('limit')).toBe('50');
    await stopSettled(runtime);
  });

  it('fetches again on refresh and shows what arrived since', async () => {
    let messages = [olderSms];
    const asked = answerInbox(() => messages);
    const runtime = await openInboxAsAdmin();
    await screen.findByText(olderSms.body);
    messages = [newerEmail, olderSms];
    // Within the cache's 2 s dedupe window: refresh still asks the server.
    fireEvent.click(screen.getByTestId('dev-inbox-refresh'));
    await screen.findByText(newerEmail.body);
    expect(asked).toHaveLength(2);
    expect(rows().map((row) => row[1])).toEqual(['邮件', '短信']);
    await stopSettled(runtime);
  });

  it('says so when the inbox cannot be read', async () => {
    answer(accounts['bms.devInbox.queryList'], () =>
      failure(ErrorCode.INTERNAL, '服务器内部错误', 500),
    );
    const runtime = await openInboxAsAdmin();
    // The failure shows in the page (and, like every failed call, as a red 提示 notification).
    const failed = (await screen.findByText('收件箱加载失败')).closest('[role="alert"]');
    expect(failed?.textContent).toContain('服务器内部错误');
    expect(screen.queryByTestId('dev-inbox')).toBeNull();
    await stopSettled(runtime);
  });

  it('keeps the codes and phone numbers it shows out of the exported event log', async () => {
    answerInbox(() => [olderSms, newerEmail]);
    const runtime = await openInboxAsAdmin();
    await screen.findByText(olderSms.body);
    const exported = runtime.eventLog.exportLog();
    expect(exported).toContain(accounts['bms.devInbox.queryList'].id);
    for (const secret of ['482913', '775120', olderSms.target, newerEmail.target]) {
      expect(exported).not.toContain(secret);
    }
    await stopSettled(runtime);
  });
});

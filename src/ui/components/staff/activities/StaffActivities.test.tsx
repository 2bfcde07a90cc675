// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor as waitForDom } from '@testing-library/react';
import { waitFor } from 'xstate';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { accounts } from '../../../../contract/accounts/calls.ts';
import type * as auth from '../../../../contract/accounts/calls.ts';
import { activity } from '../../../../contract/activity/calls.ts';
import { grade } from '../../../../contract/grade/calls.ts';
import type { ActivityItem } from '../../../../contract/activity/calls.ts';
import { membership } from '../../../../contract/membership/calls.ts';
import { answer, api, success } from '../../../test/fakeApi.ts';
import { createTestRuntime, withRuntime } from '../../../test/testRuntime.tsx';
import { StaffActivities } from './StaffActivities.tsx';

beforeAll(() => api.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  api.resetHandlers();
});
afterAll(() => api.close());

const admin: auth.CurrentUser = {
  id: 2,
  userId: 2,
  username: 'demo_admin',
  nickname: '平台管理员',
  mobile: null,
  email: null,
  role: 'orgAdmin',
  organizationId: 1,
  organizationName: '示范校',
  platformAdmin: true,
};
const reviewing: ActivityItem = {
  id: 8,
  title: '示范校信奥开放日',
  summary: '',
  description: '',
  kind: 'event',
  organizationId: 1,
  organizationName: '示范校',
  state: 'reviewing',
  reviewReason: null,
  startAt: '2026-12-01T00:00:00.000Z',
  endAt: '2026-12-01T04:00:00.000Z',
  stoppedAt: null,
  phase: 'upcoming',
  priceFen: 0,
  capacity: 60,
  seatsLeft: 60,
  showRanking: false,
  enrolledCount: 0,
  questionCount: 0,
  totalScore: 0,
  questionsOpen: true,
  questions: [],
  serverNow: '2026-11-27T00:00:00.000Z',
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};
const empty = { content: [], totalElements: 0, totalPages: 0, number: 0, size: 20 };

describe('the staff activities screen', () => {
  it('offers the machine’s actions for the state, rejects with a reason, and opens the desk', async () => {
    let rejected = 0;
    answer(accounts.queryCurrent, () => success(admin));
    answer(accounts['oj.member.queryMineTeacherList'], () => success([]));
    answer(membership['oj.memberMembership.queryList'], () => success({ ...empty, size: 100 }));
    answer(activity['bms.activity.queryList'], () =>
      success({ content: [reviewing], totalElements: 1, totalPages: 1, number: 0, size: 20 }),
    );
    answer(activity['bms.activity.reject'], () => {
      rejected += 1;
      return success({ ...reviewing, state: 'rejected', reviewReason: '请补充说明' });
    });
    answer(activity['bms.activity.queryById'], () => success(reviewing));
    answer(activity['bms.activityEnroll.queryEnrollStatistics'], () =>
      success({
        activityId: 8,
        total: 0,
        byState: [],
        paidFen: 0,
        refundedFen: 0,
        participated: 0,
        completed: 0,
        averageScore: null,
        highestScore: null,
      }),
    );
    answer(activity['bms.activityEnroll.queryList'], () => success(empty));
    answer(grade['bms.grade.querySimpleList'], () => success({ ...empty, size: 100 }));
    const runtime = createTestRuntime();
    runtime.start();
    await waitFor(runtime.actors.startup, (s) => s.matches({ session: 'ready' }));
    const router = createMemoryRouter(
      [{ path: '/admin/activities', element: <StaffActivities area="bms" /> }],
      { initialEntries: ['/admin/activities'] },
    );
    render(withRuntime(runtime, <RouterProvider router={router} />));
    expect(await screen.findByText('示范校信奥开放日')).toBeDefined();
    // Reviewing: pass and reject only (no publish before review).
    expect(screen.queryByText('发布')).toBeNull();
    expect(screen.getByText('通过')).toBeDefined();
    fireEvent.click(screen.getByText('驳回'));
    const reason = await screen.findByRole('textbox');
    fireEvent.change(reason, { target: { value: '请补充说明' } });
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitForDom(() => expect(rejected).toBe(1));
    // The write went through the staff edit machine, as logged for replay.
    expect(runtime.actors.staffEdit.getSnapshot().context.last).toEqual({
      call: 'bms.activity.reject',
      body: { id: 8, reason: '请补充说明' },
    });
    fireEvent.click(screen.getByText('示范校信奥开放日'));
    expect(await screen.findByTestId('activity-statistics')).toBeDefined();
    expect(await screen.findByText('还没有人报名')).toBeDefined();
  }, 20_000);
});

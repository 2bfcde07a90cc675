// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor as waitForDom } from '@testing-library/react';
import { accounts } from '../../../contract/accounts/calls.ts';
import { activity } from '../../../contract/activity/calls.ts';
import { activityPrize } from '../../../contract/activity-prize/calls.ts';
import type { ActivityItem } from '../../../contract/activity/calls.ts';
import { membership } from '../../../contract/membership/calls.ts';
import type { OrderDetail } from '../../../contract/order/calls.ts';
import ActivityDetailPage from '../../pages/ActivityDetail.tsx';
import { answer, success } from '../../test/fake-api.ts';
import { renderScreen, serveFakeApi } from '../../test/test-runtime.tsx';
import { demoStudent } from '../../test/fixtures.ts';

serveFakeApi();

const question = {
  questionId: 31,
  sort: 1,
  score: 40,
  title: 'A+B 问题',
  type: 'programming' as const,
  difficulty: 'easy' as const,
};
const base: ActivityItem = {
  id: 4,
  title: '冬季热身赛（免费）',
  summary: '四道题热热身',
  description: '比赛说明',
  kind: 'contest',
  organizationId: null,
  organizationName: null,
  state: 'published',
  reviewReason: null,
  startAt: '2026-11-01T00:00:00.000Z',
  endAt: '2026-12-01T00:00:00.000Z',
  stoppedAt: null,
  phase: 'running',
  priceFen: 0,
  capacity: null,
  seatsLeft: null,
  showRanking: true,
  enrolledCount: 0,
  questionCount: 1,
  totalScore: 40,
  questionsOpen: false,
  questions: [],
  serverNow: '2026-11-27T00:00:00.000Z',
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};
const order = {
  id: 90,
  orderNo: 'A90',
  kind: 'activity',
  memberId: 11,
  memberName: '演示学生',
  organizationId: 1,
  organizationName: '示范校',
  itemId: 4,
  itemName: base.title,
  itemUnits: null,
  amountFen: 0,
  state: 'enrolled',
  payMethod: null,
  paidFen: 0,
  refundedFen: 0,
  quitReason: null,
  quitDecision: null,
  remark: '',
  paidAt: null,
  createdAt: '2026-11-27T00:00:00.000Z',
  updatedAt: '2026-11-27T00:00:00.000Z',
  pendingPayment: null,
  refunds: [],
  history: [],
} as unknown as OrderDetail;

describe('the activity detail screen', () => {
  it('enrolls through the enroll machine, then shows the questions and my standing', async () => {
    let enrolled = false;
    let enrollCalls = 0;
    answer(accounts.queryCurrent, () => success(demoStudent));
    answer(accounts['oj.member.queryMineTeacherList'], () => success([]));
    answer(membership['oj.memberMembership.queryList'], () =>
      success({ content: [], totalElements: 0, totalPages: 0, number: 0, size: 100 }),
    );
    answer(activity['oj.activity.queryById'], () =>
      success(enrolled ? { ...base, questionsOpen: true, questions: [question] } : base),
    );
    answer(activity['oj.activityEnroll.queryMineLatestEnroll'], () =>
      success(
        enrolled
          ? {
              order,
              activity: base,
              standing: { score: 40, completed: true, finishedAt: base.serverNow, rank: 1 },
            }
          : null,
      ),
    );
    answer(activity['oj.activityEnroll.queryMemberListSortByScore'], () =>
      success({ content: [], totalElements: 0, totalPages: 0, number: 0, size: 20 }),
    );
    // No prizes: the answer carries no draw either, as the server gives it.
    answer(activityPrize['oj.activityPrize.queryList'], () =>
      success({ content: [], totalElements: 0, totalPages: 0, number: 0, size: 100, draw: null }),
    );
    answer(activity['oj.activityEnroll.enroll'], () => {
      enrollCalls += 1;
      enrolled = true;
      return success(order);
    });
    const runtime = await renderScreen(<ActivityDetailPage />, {
      path: '/activity/detail',
      at: '/activity/detail?id=4',
    });
    expect(await screen.findByText('报名后即可看到题目。')).toBeDefined();
    fireEvent.click(await screen.findByTestId('activity-enroll'));
    // The questions and the standing come from two reads refetched after enrolling: either may
    // arrive first.
    await waitForDom(() => {
      expect(screen.getByTestId('activity-questions')).toBeDefined();
      expect(screen.getByTestId('activity-my-standing').textContent).toContain('我的得分：40 / 40');
    });
    expect(screen.getByText('A+B 问题')).toBeDefined();
    expect(screen.getByTestId('activity-enroll-state').textContent).toContain('已报名');
    expect(enrollCalls).toBe(1);
    expect(runtime.actors.activityEnroll.getSnapshot().context).toMatchObject({ activityId: 4 });
  }, 20_000);
});

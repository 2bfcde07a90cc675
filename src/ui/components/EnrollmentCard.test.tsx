// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { accounts } from '../../contract/accounts/calls.ts';
import { membership } from '../../contract/membership/calls.ts';
import type { OrderItem } from '../../contract/order/calls.ts';
import { answer, success } from '../test/fake-api.ts';
import { renderScreen, serveFakeApi } from '../test/test-runtime.tsx';
import { demoStudent } from '../test/fixtures.ts';
import { EnrollmentCard } from './EnrollmentCard.tsx';

serveFakeApi();

const order = (state: OrderItem['state']): OrderItem => ({
  id: 60,
  orderNo: 'E60',
  kind: 'exam',
  memberId: 11,
  memberName: '演示学生',
  organizationId: 1,
  organizationName: '示范校',
  itemId: 5,
  itemName: '十一月模拟赛',
  itemUnits: null,
  amountFen: 1000,
  state,
  payMethod: null,
  paidFen: 0,
  refundedFen: 0,
  quitReason: null,
  quitDecision: null,
  remark: '',
  paidAt: null,
  createdAt: '2026-11-27T00:00:00.000Z',
  updatedAt: '2026-11-27T00:00:00.000Z',
});

async function show(card: React.ReactElement) {
  answer(accounts.queryCurrent, () => success(demoStudent));
  answer(accounts['oj.member.queryMineTeacherList'], () => success([]));
  answer(membership['oj.memberMembership.queryList'], () =>
    success({ content: [], totalElements: 0, totalPages: 0, number: 0, size: 100 }),
  );
  return renderScreen(card);
}

describe('the enrollment card of an exam', () => {
  it('offers enrolling with the fee, and what the page adds to the actions', async () => {
    const onEnroll = vi.fn();
    await show(
      <EnrollmentCard
        kind="exam"
        order={null}
        priceFen={1000}
        enrolling={false}
        enrollError={null}
        enrollDisabled={false}
        onEnroll={onEnroll}
        actions={({ holds }) => !holds && <span>尚未开放</span>}
      />,
    );
    const card = await screen.findByTestId('exam-enrollment');
    expect(within(card).queryByTestId('exam-enroll-state')).toBeNull();
    fireEvent.click(within(card).getByTestId('exam-enroll'));
    expect(onEnroll).toHaveBeenCalledTimes(1);
    expect(within(card).getByTestId('exam-enroll').textContent).toContain('10.00');
    expect(within(card).getByText('尚未开放')).toBeDefined();
  }, 20_000);

  it('asks to pay an order that waits, through the checkout, or to cancel it', async () => {
    const waiting = order('awaitingPayment');
    const runtime = await show(
      <EnrollmentCard
        kind="exam"
        order={waiting}
        priceFen={1000}
        enrolling={false}
        enrollError={{ message: '报名已截止', code: 40000 }}
        enrollDisabled={false}
        onEnroll={() => undefined}
      >
        {({ holds }) => holds && <p>试卷</p>}
      </EnrollmentCard>,
    );
    const card = await screen.findByTestId('exam-enrollment');
    expect(within(card).getByTestId('exam-enroll-state').textContent).toContain('待支付');
    expect(within(card).getByRole('alert').textContent).toContain('报名已截止');
    expect(within(card).queryByTestId('exam-enroll')).toBeNull();
    expect(within(card).queryByText('试卷')).toBeNull();
    const send = vi.spyOn(runtime.actors.checkout, 'send');
    fireEvent.click(within(card).getByRole('button', { name: '支付报名费' }));
    expect(send).toHaveBeenCalledWith({ type: 'PAY', order: waiting });
  }, 20_000);

  it('shows what a place holds instead of the enroll button', async () => {
    await show(
      <EnrollmentCard
        kind="exam"
        order={order('enrolled')}
        priceFen={1000}
        enrolling={false}
        enrollError={null}
        enrollDisabled={false}
        onEnroll={() => undefined}
      >
        {({ holds }) => holds && <p>试卷</p>}
      </EnrollmentCard>,
    );
    const card = await screen.findByTestId('exam-enrollment');
    expect(within(card).queryByTestId('exam-enroll')).toBeNull();
    expect(within(card).getByText('试卷')).toBeDefined();
  }, 20_000);
});

// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor as waitForDom, within } from '@testing-library/react';
import { accounts } from '../../../../contract/accounts/calls.ts';
import { activity } from '../../../../contract/activity/calls.ts';
import { grade } from '../../../../contract/grade/calls.ts';
import type { ActivityItem } from '../../../../contract/activity/calls.ts';
import { membership } from '../../../../contract/membership/calls.ts';
import { answer, failure, success } from '../../../test/fake-api.ts';
import { renderScreen, serveFakeApi } from '../../../test/test-runtime.tsx';
import { platformAdmin } from '../../../test/fixtures.ts';
import { StaffActivities } from './StaffActivities.tsx';

serveFakeApi();

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
    answer(activity['bms.activity.reject'], () => {
      rejected += 1;
      return success({ ...reviewing, state: 'rejected', reviewReason: '请补充说明' });
    });
    const runtime = await showScreen([reviewing]);
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

  /** The screen for `rows`, after the session is ready, with the desk's reads answered. */
  async function showScreen(rows: ActivityItem[]) {
    answer(accounts.queryCurrent, () => success(platformAdmin));
    answer(accounts['oj.member.queryMineTeacherList'], () => success([]));
    answer(membership['oj.memberMembership.queryList'], () => success({ ...empty, size: 100 }));
    answer(activity['bms.activity.queryList'], () =>
      success({ content: rows, totalElements: rows.length, totalPages: 1, number: 0, size: 20 }),
    );
    answer(activity['bms.activity.queryById'], () => success(rows[0]!));
    answer(activity['bms.activityEnroll.queryEnrollStatistics'], () =>
      success({
        activityId: rows[0]!.id,
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
    const runtime = await renderScreen(<StaffActivities area="bms" />, {
      path: '/admin/activities',
    });
    expect(await screen.findByText(rows[0]!.title)).toBeDefined();
    return runtime;
  }

  const approvedContest: ActivityItem = {
    ...reviewing,
    id: 9,
    title: '冬季热身赛（草稿）',
    kind: 'contest',
    state: 'approved',
  };

  it('shows the server’s refusal of a publish in Chinese', async () => {
    answer(activity['bms.activity.publish'], () =>
      failure(40900, '竞赛活动还没有题目，不能发布', 409),
    );
    await showScreen([approvedContest]);
    fireEvent.click(screen.getByText('发布'));
    const outcome = await screen.findByTestId('staff-edit-outcome');
    expect(outcome.textContent).toBe('竞赛活动还没有题目，不能发布');
    expect(outcome.getAttribute('role')).toBe('alert');
  }, 20_000);

  it('shows each row of a batch by ids, the refused ones with their reason', async () => {
    answer(activity['bms.activityEnroll.batchEnroll'], () =>
      success({
        enrolled: 1,
        alreadyEnrolled: 0,
        refused: 1,
        rows: [
          {
            key: '11',
            memberId: 11,
            memberName: '小明',
            outcome: 'enrolled',
            enrollId: 70,
            message: '',
          },
          {
            key: '999',
            memberId: null,
            memberName: null,
            outcome: 'unknownMember',
            enrollId: null,
            message: '学员 999 不存在',
          },
        ],
      }),
    );
    await showScreen([approvedContest]);
    fireEvent.click(screen.getByText('冬季热身赛（草稿）'));
    const ids = await screen.findByLabelText('学员 id（逗号或换行分隔）');
    fireEvent.change(ids, { target: { value: '11, 999' } });
    fireEvent.click(screen.getByRole('button', { name: '报名' }));
    const table = await screen.findByTestId('activity-batch-result');
    expect(table.textContent).toContain('报名成功');
    expect(table.textContent).toContain('学员不存在');
    expect(table.textContent).toContain('学员 999 不存在');
    expect(screen.getByText('报名 1 人，已在其中 0 人，未能报名 1 人')).toBeDefined();
  }, 20_000);

  it('asks before deleting, and deletes only once confirmed', async () => {
    let deleted = 0;
    answer(activity['bms.activity.delete'], () => {
      deleted += 1;
      return success({ id: approvedContest.id });
    });
    await showScreen([approvedContest]);
    fireEvent.click(screen.getByTestId('activity-delete'));
    expect(
      await screen.findByText(
        '确定删除活动「冬季热身赛（草稿）」吗？删除后不能恢复（已有报名的活动只能停止）。',
      ),
    ).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    await waitForDom(() =>
      expect(screen.queryByText(/确定删除活动「冬季热身赛（草稿）」/)).toBeNull(),
    );
    expect(deleted).toBe(0);
    fireEvent.click(screen.getByTestId('activity-delete'));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '删除' }));
    await waitForDom(() => expect(deleted).toBe(1));
  }, 20_000);

  it('sends no time the editor left untouched, so a title edit moves neither', async () => {
    let updates = 0;
    answer(activity['bms.activity.update'], () => {
      updates += 1;
      return success({ ...approvedContest, title: '冬季热身赛' });
    });
    // Seconds the form's minutes cannot show.
    const runtime = await showScreen([{ ...approvedContest, startAt: '2026-12-01T00:00:30.000Z' }]);
    fireEvent.click(screen.getByRole('button', { name: '编辑' }));
    fireEvent.change(await screen.findByLabelText('活动名称'), {
      target: { value: '冬季热身赛' },
    });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitForDom(() => expect(updates).toBe(1));
    const sent = runtime.actors.staffEdit.getSnapshot().context.last!.body;
    expect(sent).toMatchObject({ id: approvedContest.id, title: '冬季热身赛' });
    expect(sent).not.toHaveProperty('startAt');
    expect(sent).not.toHaveProperty('endAt');
  }, 20_000);

  it('refuses a price or a capacity out of the contract’s range, under the field, and sends nothing', async () => {
    let updates = 0;
    answer(activity['bms.activity.update'], () => {
      updates += 1;
      return success(approvedContest);
    });
    const runtime = await showScreen([approvedContest]);
    fireEvent.click(screen.getByRole('button', { name: '编辑' }));
    fireEvent.change(await screen.findByLabelText('报名费（元）'), {
      target: { value: '100000.01' },
    });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    // The bounds are the contract's (activityFields.priceFen), in yuan.
    expect(await screen.findByText('请填写 0 到 100000 元之间的金额，最多两位小数')).toBeDefined();
    fireEvent.change(screen.getByLabelText('报名费（元）'), { target: { value: '12' } });
    fireEvent.change(screen.getByLabelText('名额（留空为不限）'), { target: { value: '100001' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('名额应为 1 到 100000 的整数，不限请留空')).toBeDefined();
    fireEvent.change(screen.getByLabelText('名额（留空为不限）'), { target: { value: '1.5' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('名额应为 1 到 100000 的整数，不限请留空')).toBeDefined();
    expect(updates).toBe(0);
    expect(runtime.actors.staffEdit.getSnapshot().context.last).toBeNull();
    // Within the range, it is sent.
    fireEvent.change(screen.getByLabelText('名额（留空为不限）'), { target: { value: '100000' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitForDom(() => expect(updates).toBe(1));
    expect(runtime.actors.staffEdit.getSnapshot().context.last!.body).toMatchObject({
      priceFen: 1200,
      capacity: 100_000,
    });
  }, 20_000);
});

// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor as waitForDom, within } from '@testing-library/react';
import { waitFor } from 'xstate';
import { accounts } from '../../../../contract/accounts/calls.ts';
import { activityPrize } from '../../../../contract/activity-prize/calls.ts';
import type { AwardItem, DrawInfo, PrizeItem } from '../../../../contract/activity-prize/calls.ts';
import { membership } from '../../../../contract/membership/calls.ts';
import { answer, success } from '../../../test/fake-api.ts';
import { renderScreen, serveFakeApi } from '../../../test/test-runtime.tsx';
import { platformAdmin } from '../../../test/fixtures.ts';
import { StaffActivityPrizes } from './StaffActivityPrizes.tsx';

serveFakeApi();

const prize: PrizeItem = {
  id: 2,
  activityId: 4,
  activityTitle: '秋季编程挑战杯',
  name: '机械键盘',
  description: '',
  delivery: 'express',
  tokens: null,
  sort: 0,
  stock: 1,
  awarded: 0,
  remaining: 1,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};
const pending: DrawInfo = {
  activityId: 4,
  rule: '规则',
  commitment: 'a'.repeat(64),
  drawn: false,
  seed: null,
  participantsHash: null,
  drawnAt: null,
  participants: null,
  winners: null,
  drawableFrom: '2026-11-19T00:00:00.000Z',
};
const addressed: AwardItem = {
  id: 7,
  activityId: 4,
  activityTitle: prize.activityTitle,
  prizeId: 2,
  prizeName: prize.name,
  delivery: 'express',
  tokens: null,
  memberId: 11,
  memberNickname: '演示学生',
  place: 1,
  state: 'addressed',
  recipient: '张同学',
  mobile: '13800001111',
  provinceCode: '440000',
  cityCode: '440300',
  districtCode: '440304',
  regionNames: '广东省 深圳市 福田区',
  addressDetail: '科技园一路 1 号',
  carrier: null,
  trackingNo: null,
  addressedAt: '2026-11-21T00:00:00.000Z',
  shippedAt: null,
  collectedAt: null,
  createdAt: '2026-11-20T00:00:00.000Z',
};
const page = <T,>(content: T[]) => ({
  content,
  totalElements: content.length,
  totalPages: content.length ? 1 : 0,
  number: 0,
  size: 20,
});

describe("an activity's prizes in the back office", () => {
  it('runs the draw after a confirmation, then ships an addressed prize with a checked number', async () => {
    let draws = 0;
    let shipped: AwardItem | null = null;
    let drawn = false;
    answer(accounts.queryCurrent, () => success(platformAdmin));
    answer(accounts['oj.member.queryMineTeacherList'], () => success([]));
    answer(membership['oj.memberMembership.queryList'], () => success(page([])));
    answer(activityPrize['bms.activityPrize.queryList'], () =>
      success({
        ...page([{ ...prize, awarded: drawn ? 1 : 0, remaining: drawn ? 0 : 1 }]),
        draw: drawn
          ? { ...pending, drawn: true, seed: 'b'.repeat(64), drawnAt: '2026-11-20T00:00:00.000Z' }
          : pending,
      }),
    );
    answer(activityPrize['bms.activityPrize.queryAwardList'], () =>
      success(page(drawn ? [shipped ?? addressed] : [])),
    );
    answer(activityPrize['bms.activityPrize.draw'], () => {
      draws += 1;
      drawn = true;
      return success({ ...pending, drawn: true, seed: 'b'.repeat(64) });
    });
    answer(activityPrize['bms.activityPrize.express'], () => {
      shipped = { ...addressed, state: 'shipped', carrier: '顺丰速运', trackingNo: 'SF1234567890' };
      return success(shipped);
    });
    await renderScreen(<StaffActivityPrizes area="bms" activityId={4} />);

    expect(await screen.findByText('机械键盘')).toBeDefined();
    expect(await screen.findByText('还没有中奖记录')).toBeDefined();
    fireEvent.click(screen.getByTestId('prize-draw'));
    expect(draws).toBe(0);
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm.textContent).toContain('开奖只能进行一次');
    fireEvent.click(within(confirm).getByRole('button', { name: '开奖' }));
    // The awards and the published seed come from two reads refetched after the draw: either
    // may arrive first.
    await waitForDom(() => {
      expect(screen.getByTestId('staff-award-list')).toBeDefined();
      expect(screen.getByTestId('staff-prize-draw').textContent).toContain('b'.repeat(64));
    });
    expect(draws).toBe(1);

    fireEvent.click(screen.getByRole('button', { name: '发货' }));
    fireEvent.change(await screen.findByLabelText('快递公司'), { target: { value: '顺丰速运' } });
    fireEvent.change(screen.getByLabelText('快递单号'), { target: { value: '单号?' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('快递单号为 6–40 位字母、数字或连字符')).toBeDefined();
    expect(shipped).toBeNull();
    fireEvent.change(screen.getByLabelText('快递单号'), { target: { value: 'SF1234567890' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitForDom(() =>
      expect(screen.getByTestId('staff-award-list').textContent).toContain('顺丰速运 SF1234567890'),
    );
    expect(screen.getByTestId('staff-award-list').textContent).toContain('已发货');
  }, 20_000);

  it('checks an AI-token prize with the contract’s range and the delivery rule before sending', async () => {
    let created = 0;
    answer(accounts.queryCurrent, () => success(platformAdmin));
    answer(accounts['oj.member.queryMineTeacherList'], () => success([]));
    answer(membership['oj.memberMembership.queryList'], () => success(page([])));
    answer(activityPrize['bms.activityPrize.queryList'], () =>
      success({ ...page([prize]), draw: pending }),
    );
    answer(activityPrize['bms.activityPrize.queryAwardList'], () => success(page([])));
    answer(activityPrize['bms.activityPrize.create'], () => {
      created += 1;
      return success({ ...prize, id: 12, name: '额度礼包', delivery: 'aiTokens', tokens: 500 });
    });
    const runtime = await renderScreen(<StaffActivityPrizes area="bms" activityId={4} />);

    fireEvent.click(await screen.findByTestId('prize-create'));
    fireEvent.change(await screen.findByLabelText('奖品名称'), { target: { value: '额度礼包' } });
    fireEvent.change(screen.getByLabelText('领取方式'), { target: { value: 'aiTokens' } });
    const save = () => fireEvent.click(screen.getByRole('button', { name: '保存' }));
    save();
    expect(await screen.findByText('AI 额度奖品须填写额度，其他奖品不填')).toBeDefined();
    fireEvent.change(screen.getByLabelText('AI 额度（仅 AI 额度奖品）'), {
      target: { value: '0' },
    });
    save();
    // The range is the contract's (prizeTokens), its numbers in the form's words.
    expect(await screen.findByText('AI 额度应为 1–10000000 的整数')).toBeDefined();
    fireEvent.change(screen.getByLabelText('AI 额度（仅 AI 额度奖品）'), {
      target: { value: '五百' },
    });
    save();
    expect(await screen.findByText('AI 额度应为 1–10000000 的整数')).toBeDefined();
    expect(created).toBe(0);
    fireEvent.change(screen.getByLabelText('AI 额度（仅 AI 额度奖品）'), {
      target: { value: '500' },
    });
    save();
    await waitFor(runtime.actors.staffEdit, (s) => s.matches('done'));
    expect(created).toBe(1);
    expect(runtime.actors.staffEdit.getSnapshot().context.last?.body).toMatchObject({
      activityId: 4,
      delivery: 'aiTokens',
      tokens: 500,
    });
  }, 20_000);
});

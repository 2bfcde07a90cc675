// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor as waitForDom } from '@testing-library/react';
import { accounts } from '../../../contract/accounts/calls.ts';
import { activityPrize } from '../../../contract/activity-prize/calls.ts';
import type { AwardItem, DrawInfo, PrizeItem } from '../../../contract/activity-prize/calls.ts';
import { address } from '../../../contract/address/calls.ts';
import { ErrorCode } from '../../../contract/errors.ts';
import { membership } from '../../../contract/membership/calls.ts';
import { answer, failure, success } from '../../test/fake-api.ts';
import { renderScreen, serveFakeApi } from '../../test/test-runtime.tsx';
import { demoStudent } from '../../test/fixtures.ts';
import { ActivityPrizes } from './ActivityPrizes.tsx';

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
  awarded: 1,
  remaining: 0,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};
const draw: DrawInfo = {
  activityId: 4,
  rule: '规则',
  commitment: 'a'.repeat(64),
  drawn: true,
  seed: 'b'.repeat(64),
  drawnAt: '2026-11-20T00:00:00.000Z',
  participants: [11, 12],
  participantsHash: 'c'.repeat(64),
  winners: [{ place: 1, memberId: 11, prizeId: 2 }],
  drawableFrom: '2026-11-19T00:00:00.000Z',
};
const won: AwardItem = {
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
  state: 'won',
  recipient: null,
  mobile: null,
  provinceCode: null,
  cityCode: null,
  districtCode: null,
  regionNames: null,
  addressDetail: null,
  carrier: null,
  trackingNo: null,
  addressedAt: null,
  shippedAt: null,
  collectedAt: null,
  createdAt: '2026-11-20T00:00:00.000Z',
};

async function start(prizes: PrizeItem[] = [prize]) {
  answer(accounts.queryCurrent, () => success(demoStudent));
  answer(accounts['oj.member.queryMineTeacherList'], () => success([]));
  answer(membership['oj.memberMembership.queryList'], () =>
    success({ content: [], totalElements: 0, totalPages: 0, number: 0, size: 100 }),
  );
  answer(activityPrize['oj.activityPrize.queryList'], () =>
    success({
      content: prizes,
      totalElements: prizes.length,
      totalPages: prizes.length ? 1 : 0,
      number: 0,
      size: 100,
      draw: prizes.length ? draw : null,
    }),
  );
  answer(address['address.queryProvinceList'], () => success([{ code: '440000', name: '广东省' }]));
  answer(address['address.queryCityList'], () => success([{ code: '440300', name: '深圳市' }]));
  answer(address['address.queryDistrictList'], () => success([{ code: '440304', name: '福田区' }]));
  return renderScreen(<ActivityPrizes activityId={4} />);
}

describe("an activity's prizes", () => {
  it('shows the prizes, the published seed and a won prize; the address form checks each field', async () => {
    let award = won;
    let sent = 0;
    answer(activityPrize['oj.activityPrize.lottery'], () =>
      success({ activityId: 4, result: 'won', participated: true, award, draw }),
    );
    answer(activityPrize['oj.activityPrize.express'], () => {
      sent += 1;
      if (sent === 1) {
        return failure(ErrorCode.VALIDATION, '参数校验失败', 400, {
          fields: [{ field: 'body.districtCode', message: '区县代码 440304 不属于深圳市' }],
        });
      }
      award = {
        ...won,
        state: 'addressed',
        recipient: '张同学',
        mobile: '13800001111',
        provinceCode: '440000',
        cityCode: '440300',
        districtCode: '440304',
        regionNames: '广东省 深圳市 福田区',
        addressDetail: '科技园一路 1 号',
      };
      return success(award);
    });
    await start();
    expect(await screen.findByText('机械键盘')).toBeDefined();
    expect(screen.getByTestId('prize-seed').textContent).toBe('b'.repeat(64));
    expect(screen.getByTestId('prize-participants-hash').textContent).toBe('c'.repeat(64));
    expect((await screen.findByTestId('prize-result')).textContent).toContain('恭喜中奖：机械键盘');

    fireEvent.click(screen.getByText('保存地址'));
    expect(await screen.findByText('请填写收货人')).toBeDefined();
    expect(sent).toBe(0);

    fireEvent.change(screen.getByLabelText('收货人'), { target: { value: '张同学' } });
    fireEvent.change(screen.getByLabelText('手机号'), { target: { value: '138' } });
    fireEvent.click(screen.getByText('保存地址'));
    expect(await screen.findByText('请输入 11 位手机号')).toBeDefined();
    fireEvent.change(screen.getByLabelText('手机号'), { target: { value: '13800001111' } });
    await screen.findByText('广东省');
    fireEvent.change(screen.getByLabelText('省份'), { target: { value: '440000' } });
    await screen.findByText('深圳市');
    fireEvent.change(screen.getByLabelText('城市'), { target: { value: '440300' } });
    await screen.findByText('福田区');
    fireEvent.change(screen.getByLabelText('区县'), { target: { value: '440304' } });
    fireEvent.change(screen.getByLabelText('详细地址'), { target: { value: '科技园一路 1 号' } });

    fireEvent.click(screen.getByText('保存地址'));
    expect(await screen.findByText('区县代码 440304 不属于深圳市')).toBeDefined();
    fireEvent.click(screen.getByText('保存地址'));
    await waitForDom(() =>
      expect(screen.getByTestId('prize-award-state').textContent).toBe('待发货'),
    );
    expect(sent).toBe(2);
    expect(screen.getByTestId('prize-result').textContent).toContain('广东省 深圳市 福田区');
  }, 20_000);

  it('shows nothing for an activity without prizes', async () => {
    let asked = 0;
    answer(activityPrize['oj.activityPrize.lottery'], () => {
      asked += 1;
      return success(null);
    });
    await start([]);
    // The list answered (no spinner left) and the panel stays empty.
    expect(document.querySelector('.xa-page-spinner')).not.toBeNull();
    await waitForDom(() => expect(document.querySelector('.xa-page-spinner')).toBeNull());
    expect(screen.queryByTestId('prize-panel')).toBeNull();
    // Without prizes the learner's result is never asked for (it would run nothing).
    expect(asked).toBe(0);
  }, 20_000);
});

/**
 * Issue 6's journey in Chromium against the real server: the demo student, whose card has run
 * out, uses up the day's submissions, follows the "times used up" notification to the card list,
 * buys a card through the sandbox checkout and submits again; recharges the wallet and buys an AI
 * token pack with the balance; applies to quit that order; staff pass it, finish it and refund it
 * from the approval queue with the keyboard; the student sees the refund in the wallet history.
 * The event logs exported from the student's two tabs and the staff's browser replay exactly.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_MACHINES } from '../../src/ui/app/root-machines.ts';
import { checkLedger } from '../../src/server/ledger/check.ts';
import type { TestPlatform } from '../support/platform.ts';
import {
  expectLogReplays,
  launchBrowser,
  logInAs,
  startPlatformAndBrowser,
  type TestBrowser,
} from './browser.ts';
import { payAtCheckout } from './checkout.ts';
import { typeIntoEditor, verdictOf } from './practice-page.ts';

const SUBMISSIONS_A_DAY = 2;
const SOURCE = 'a, b = map(int, input().split())\nprint(a + b)\n';

describe('buying a card, recharging, paying from the wallet, quitting and a refund', () => {
  let platform: TestPlatform;
  let ui: TestBrowser;

  beforeAll(async () => {
    ({ platform, ui } = await startPlatformAndBrowser({
      quotas: { submissions: SUBMISSIONS_A_DAY },
      judgeWorkers: 1,
      sandboxPayments: { retryDelaysMs: [100, 200], maxAttempts: 5, pollMs: 100 },
    }));
    await ui.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: platform.url,
    });
    // The demo student's seeded card has run out.
    await platform.pool.query(
      `UPDATE member_memberships SET ended_at = now()
        WHERE member_id = (SELECT m.id FROM members m JOIN users u ON u.id = m.user_id
                            WHERE u.username = $1)`,
      [platform.accounts.student.username],
    );
  }, 120_000);

  afterAll(async () => {
    await Promise.all([ui?.close(), platform?.stop()]);
  });

  const login = (page: Page, who = platform.accounts.student) => logInAs(page, platform, who);

  /** The session's log replays exactly, and reaches every root machine. */
  async function expectEveryActorReplays(page: Page) {
    const { verdicts } = await expectLogReplays(page);
    expect(verdicts.length).toBeGreaterThanOrEqual(Object.keys(ROOT_MACHINES).length);
  }

  let cardTab: Page;

  it('uses up the submissions, follows the notification and buys a card at the checkout', async () => {
    const { page } = ui;
    await login(page);
    await page.goto(`${platform.url}/web/play/home`);
    await page.getByTestId('problem-list').getByRole('link', { name: 'A+B 问题' }).click();
    await page.getByRole('heading', { name: 'A+B 问题' }).waitFor();
    await page.getByLabel('语言').selectOption('python');
    await typeIntoEditor(page, SOURCE);
    const submit = page.getByRole('button', { name: '提交', exact: true });
    for (let i = 0; i < SUBMISSIONS_A_DAY; i++) {
      await submit.click();
      // Judged before the next one: the verdict shows and the button is back.
      await expect
        .poll(async () => (await submit.count()) === 1 && (await submit.isEnabled()), {
          timeout: 60_000,
        })
        .toBe(true);
      expect(await verdictOf(page)).toBe('AC');
    }
    await submit.click();
    const quota = page
      .getByTestId('toasts')
      .locator('[data-toast-id]')
      .filter({ hasText: '次数已用完' });
    await quota.waitFor();
    expect(await quota.textContent()).toContain('可以购买会员卡继续使用');

    // Closing the notification opens the card list in a new tab (docs/product-rules.md#errors).
    [cardTab] = await Promise.all([
      page.context().waitForEvent('page'),
      quota.getByRole('button').click(),
    ]);
    await cardTab.waitForURL(/\/web\/vipCardList$/);
    await cardTab.getByTestId('vip-cards').waitFor();
    await cardTab.getByRole('button', { name: '购买 学生季卡' }).click();
    const dialog = cardTab.getByRole('dialog', { name: '支付订单' });
    await dialog.getByTestId('pay-summary').getByText('学生季卡').waitFor();
    await dialog.getByRole('button', { name: '确认支付' }).click();
    await payAtCheckout(cardTab);
    await dialog.getByRole('button', { name: '完成' }).click();
    // The card is in effect without a reload.
    await cardTab.getByTestId('vip-validity').filter({ hasText: '有效' }).waitFor();

    // Back on the problem, the submission goes through.
    await page.bringToFront();
    await submit.click();
    await expect
      .poll(async () => {
        const r = await platform.pool.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM member_questions mq JOIN members m ON m.id = mq.member_id
             JOIN users u ON u.id = m.user_id WHERE u.username = $1 AND mq.kind = 'submit'`,
          [platform.accounts.student.username],
        );
        return r.rows[0]!.n;
      })
      .toBe(SUBMISSIONS_A_DAY + 1);
    expect(await quota.count()).toBe(0);
    // The judge's first runs and two checkout round trips, on a machine busy with other tests.
  }, 180_000);

  it('recharges the wallet and buys an AI token pack with the balance', async () => {
    // The learner goes on in the card list's tab, behind the problem's since the last step.
    const page = cardTab;
    await page.bringToFront();
    await page.goto(`${platform.url}/web/user/wallet`);
    const balance = page.getByTestId('wallet-balance');
    // The seeded welcome credit, less the seeded AI pack.
    await expect.poll(() => balance.textContent()).toBe('¥40.10');
    await page.getByLabel('充值金额（元）').fill('abc');
    await page.getByRole('button', { name: '充值' }).click();
    await page.getByText('请输入 1 到 50000 元之间的金额').waitFor();
    await page.getByLabel('充值金额（元）').fill('100');
    await page.getByRole('button', { name: '充值' }).click();
    const dialog = await payAtCheckout(page);
    await dialog.getByRole('button', { name: '完成' }).click();
    await expect.poll(() => balance.textContent()).toBe('¥140.10');

    await page.goto(`${platform.url}/web/activityPackages`);
    await page.getByRole('button', { name: '购买 AI 助教体验包' }).click();
    const pay = page.getByRole('dialog', { name: '支付订单' });
    await pay
      .locator('label')
      .filter({ hasText: /^钱包余额/ })
      .click();
    await pay.getByRole('button', { name: '确认支付' }).click();
    await pay.getByTestId('pay-done').waitFor();
    await pay.getByRole('button', { name: '完成' }).click();
    await page.goto(`${platform.url}/web/user/wallet`);
    await expect.poll(() => page.getByTestId('wallet-balance').textContent()).toBe('¥130.20');
    await expect.poll(() => page.getByTestId('wallet-tokens').textContent()).toBe('100000 点');
  }, 120_000);

  it('applies to quit the pack; staff pass and refund it; the refund shows in the wallet', async () => {
    const page = cardTab;
    await page.goto(`${platform.url}/web/order`);
    // The newest order comes first (the seed left another of the same pack).
    const row = page
      .getByTestId('orders')
      .locator('tr')
      .filter({ hasText: 'AI 助教体验包' })
      .first();
    await row.getByRole('button', { name: '申请退款' }).click();
    const quit = page.getByRole('dialog', { name: '申请退出并退款' });
    await quit.getByRole('button', { name: '提交申请' }).click();
    await quit.getByText('请填写退出原因').waitFor();
    await quit.getByLabel('退出原因').fill('买多了');
    await quit.getByRole('button', { name: '提交申请' }).click();
    await page.getByText('已提交申请，等待审核').waitFor();
    await expect.poll(() => row.getByTestId('order-state').textContent()).toBe('退出审核中');
    // The learner may not pay or cancel an order waiting for approval.
    expect(await row.getByRole('button').count()).toBe(0);

    // Staff work through the approval queue with the keyboard, in their own browser.
    const staff = await launchBrowser();
    try {
      const desk = staff.page;
      await login(desk, platform.accounts.admin);
      await desk.getByTestId('account-menu').click();
      await desk.getByTestId('admin-link').click();
      await desk.waitForURL(/\/web\/admin\/approvals$/);
      const queue = desk.getByTestId('approvals');
      const applied = desk
        .getByTestId('queue-quitApplied')
        .locator('tr')
        .filter({ hasText: '买多了' });
      await applied.waitFor();
      await applied.click();
      await queue.focus();
      await desk.keyboard.press('p');
      const approved = desk
        .getByTestId('queue-quitApproved')
        .locator('tr')
        .filter({ hasText: '买多了' });
      await approved.waitFor();
      await approved.click();
      await queue.focus();
      await desk.keyboard.press('f');
      const quitRow = desk.getByTestId('queue-quit').locator('tr').filter({ hasText: '买多了' });
      await quitRow.waitFor();
      await quitRow.click();
      await queue.focus();
      await desk.keyboard.press('d');
      const refundDialog = desk.getByRole('dialog');
      await refundDialog.getByLabel('原因').fill('同意退款');
      await refundDialog.getByRole('button', { name: '确定' }).click();
      await desk.getByTestId('staff-outcome').filter({ hasText: '已处理' }).waitFor();
      await expect.poll(() => quitRow.count()).toBe(0);
      // The order's history names every step and who took it.
      await desk.goto(`${platform.url}/web/admin/orders`);
      await desk
        .getByTestId('admin-orders')
        .locator('tr')
        .filter({ hasText: 'AI 助教体验包' })
        .first()
        .click();
      const history = desk.getByTestId('order-history');
      await expect.poll(() => history.locator('li').count()).toBe(6);
      expect(await history.textContent()).toContain('同意退款');
      await desk.keyboard.press('Escape');
      await history.waitFor({ state: 'detached' });
      await expectEveryActorReplays(desk);
      expect(staff.pageErrors).toEqual([]);
    } finally {
      await staff.close();
    }

    await page.goto(`${platform.url}/web/user/wallet`);
    const history = page.getByTestId('wallet-history');
    await history.locator('tr').filter({ hasText: '退款' }).filter({ hasText: '+¥9.90' }).waitFor();
    await expect.poll(() => page.getByTestId('wallet-balance').textContent()).toBe('¥140.10');
    await page.goto(`${platform.url}/web/order`);
    await expect.poll(() => row.getByTestId('order-state').textContent()).toBe('已退款');
    expect(await row.textContent()).toContain('已退 ¥9.90');

    await expectEveryActorReplays(page);
    await expectEveryActorReplays(ui.page);
    expect((await checkLedger(platform.pool)).problems).toEqual([]);
    expect(ui.pageErrors).toEqual([]);
  }, 120_000);
});

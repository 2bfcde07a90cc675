/**
 * Issue 25 item 7 in Chromium against the real server: enrolling in a paid item pays in one go.
 * The demo student enrolls in the paid exam and the pay dialog opens at once — the same dialog a
 * card opens — and they pay from the wallet; the exam is theirs to start without a detour. A new
 * learner enrolls, closes the dialog, finds the order still payable on the exam's page and in
 * 订单管理, and pays it there through the sandbox checkout. Both event logs replay exactly.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organization } from '../../src/contract/organization/calls.ts';
import { checkLedger } from '../../src/server/ledger/check.ts';
import { DEMO_EXAMS } from '../../src/server/seed/exams.ts';
import type { TestPlatform } from '../support/platform.ts';
import { loginAs } from '../support/sessions.ts';
import {
  expectLogReplays,
  launchBrowser,
  logInAs,
  startPlatformAndBrowser,
  type TestBrowser,
} from './browser.ts';
import { payAtCheckout } from './checkout.ts';

const EXAM = DEMO_EXAMS.paid;
const NEWCOMER = { username: '13955552501', password: 'Newcomer#2026' };

/** From the exam list to the paid exam's page, as a learner finds it. */
async function openExam(page: Page, url: string) {
  await page.goto(`${url}/web/exam/list`);
  await page.getByTestId('exam-list').getByRole('link', { name: EXAM }).click();
  await page.getByRole('heading', { name: EXAM }).waitFor();
}

describe('enrolling in a paid exam pays in one go', () => {
  let platform: TestPlatform;
  let ui: TestBrowser;

  beforeAll(async () => {
    ({ platform, ui } = await startPlatformAndBrowser({
      sandboxPayments: { retryDelaysMs: [100, 200], maxAttempts: 5, pollMs: 100 },
    }));
    // A learner of the demo school with nothing in their wallet, added by their teacher.
    const { api: teacher } = await loginAs(platform, 'teacher');
    await teacher.call(organization['edms.organizationMember.create'], {
      body: { nickname: '新同学', mobile: NEWCOMER.username, password: NEWCOMER.password },
    });
  }, 120_000);

  afterAll(async () => {
    await Promise.all([ui?.close(), platform?.stop()]);
  });

  it('opens the pay dialog on 报名 and pays from the wallet', async () => {
    const { page } = ui;
    await logInAs(page, platform, platform.accounts.student);
    await openExam(page, platform.url);
    await page.getByRole('button', { name: '报名（¥9.90）' }).click();

    const dialog = page.getByRole('dialog', { name: '支付订单' });
    await dialog.getByTestId('pay-summary').getByText(EXAM).waitFor();
    await dialog
      .locator('label')
      .filter({ hasText: /^钱包余额/ })
      .click();
    await dialog.getByRole('button', { name: '确认支付' }).click();
    await dialog.getByTestId('pay-done').waitFor();
    await dialog.getByRole('button', { name: '完成' }).click();

    // Enrolled and paid without a detour: the exam can be started.
    await page.getByTestId('exam-enroll-state').filter({ hasText: '报名状态：已报名' }).waitFor();
    await page
      .getByTestId('exam-papers-actions')
      .getByRole('button', { name: '开始作答' })
      .waitFor();
    expect(await page.getByRole('button', { name: '支付报名费' }).count()).toBe(0);
    expect(ui.pageErrors).toEqual([]);
    await expectLogReplays(page, ['examEnroll', 'checkout']);
  }, 120_000);

  it('leaves the order payable when the dialog is closed, and pays it from 订单管理', async () => {
    const learner = await launchBrowser();
    try {
      const { page } = learner;
      await logInAs(page, platform, NEWCOMER);
      await openExam(page, platform.url);
      await page.getByRole('button', { name: '报名（¥9.90）' }).click();
      const dialog = page.getByRole('dialog', { name: '支付订单' });
      await dialog.getByTestId('pay-summary').getByText(EXAM).waitFor();
      await dialog.getByRole('button', { name: '关闭' }).click();
      await dialog.waitFor({ state: 'detached' });

      // Unpaid, and still payable from the exam's page.
      await page.getByTestId('exam-enroll-state').filter({ hasText: '报名状态：待支付' }).waitFor();
      await page.getByRole('button', { name: '支付报名费' }).waitFor();

      await page.goto(`${platform.url}/web/order`);
      const order = page.getByTestId('orders').locator('tr').filter({ hasText: EXAM });
      await order.getByTestId('order-state').filter({ hasText: '待支付' }).waitFor();
      await order.getByRole('button', { name: '支付' }).click();
      await dialog.getByTestId('pay-summary').getByText(EXAM).waitFor();
      await dialog.getByRole('button', { name: '确认支付' }).click();
      await payAtCheckout(page);
      await dialog.getByRole('button', { name: '完成' }).click();
      await order.getByTestId('order-state').filter({ hasText: '已报名' }).waitFor();

      await openExam(page, platform.url);
      await page.getByTestId('exam-enroll-state').filter({ hasText: '报名状态：已报名' }).waitFor();
      await page
        .getByTestId('exam-papers-actions')
        .getByRole('button', { name: '开始作答' })
        .waitFor();
      expect(learner.pageErrors).toEqual([]);
      await expectLogReplays(page, ['examEnroll', 'checkout']);
      expect((await checkLedger(platform.pool)).problems).toEqual([]);
    } finally {
      await learner.close();
    }
  }, 180_000);
});

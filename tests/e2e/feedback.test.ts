/**
 * Issue 27 item 5's journey in Chromium against the real server: the demo learner sends feedback
 * from the exam list through the account menu (an empty one refused on the spot), and sees it
 * 待处理 on 意见反馈; the platform admin finds it on 意见反馈, starts it, is refused a resolution
 * without a reply (by field), answers it; the learner's bell counts the reply without a reload
 * and the feedback reads 已解决 with the answer. Both sessions' logs replay exactly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPlatform } from '../support/platform.ts';
import {
  expectLogReplays,
  launchBrowser,
  logInAs,
  startPlatformAndBrowser,
  type TestBrowser,
} from './browser.ts';

describe('feedback, sent by a learner and answered by staff', () => {
  let platform: TestPlatform;
  let learner: TestBrowser;
  let admin: TestBrowser;

  beforeAll(async () => {
    ({ platform, ui: learner } = await startPlatformAndBrowser());
    admin = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    await Promise.all([learner?.close(), admin?.close(), platform?.stop()]);
  });

  it('goes from the learner’s page to staff and back as a message', async () => {
    const page = learner.page;
    await logInAs(page, platform, platform.accounts.student);
    await page.goto(`${platform.url}/web/exam/list`);
    await page.getByTestId('account-menu').click();
    await page.getByTestId('feedback-link').click();
    await page.waitForURL(/\/web\/user\/feedback\?from=%2Fexam%2Flist/);
    await page.getByText(/你所在的页面（\/exam\/list）/).waitFor();
    await page.getByTestId('feedback-send').click();
    await page.getByText('请填写反馈内容').waitFor();
    await page.getByLabel('反馈内容').fill('模拟赛列表希望能按日期筛选');
    await page.getByTestId('feedback-send').click();
    await page.getByText('已提交，感谢你的反馈！').waitFor();
    const mine = page.getByTestId('my-feedback').locator('tr').filter({ hasText: '按日期筛选' });
    await mine.getByText('待处理').waitFor();
    await page.getByTestId('message-bell').waitFor();

    const staff = admin.page;
    await logInAs(staff, platform, platform.accounts.admin);
    await staff.goto(`${platform.url}/web/admin/feedback`);
    const row = staff.getByTestId('staff-feedback').locator('tr').filter({ hasText: '按日期筛选' });
    await row.getByText('页面 /exam/list').waitFor();
    await row.getByRole('button', { name: '开始处理' }).click();
    // Out of 待处理: the default filter no longer lists it; all statuses do.
    await staff.getByRole('combobox', { name: '状态' }).selectOption({ label: '全部状态' });
    await row.getByText('处理中').waitFor();
    await row.getByRole('button', { name: '回复并解决' }).click();
    const form = staff.getByRole('dialog');
    await form.getByRole('button', { name: '保存' }).click();
    await form.getByText('解决反馈须填写回复').waitFor();
    await form.getByLabel(/回复/).fill('已加入下个版本的计划，谢谢！');
    await form.getByRole('button', { name: '保存' }).click();
    await form.waitFor({ state: 'detached' });
    await row.getByText('已解决').waitFor();

    // The learner, without reloading: the bell counts the answer; the list shows it.
    await page.getByTestId('message-unread').waitFor();
    await expect.poll(() => mine.textContent(), { timeout: 15_000 }).toContain('已解决');
    expect(await mine.textContent()).toContain('已加入下个版本的计划');
    expect(learner.pageErrors).toEqual([]);
    expect(admin.pageErrors).toEqual([]);
    await expectLogReplays(staff);
    await expectLogReplays(page);
  });
});

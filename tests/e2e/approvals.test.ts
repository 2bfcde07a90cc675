/**
 * Issue 25 item 4 in Chromium against the real server: every approval queue is reached from the
 * action that fills it, each step taken by the person who takes it, from their own menus.
 * - The organization admin switches 成员审核 on; a teacher adds a learner, who waits in the
 *   organization's 审批队列 until the admin passes them; then the learner signs in.
 * - A teacher applies to open an organization; the platform admin finds it in 审批队列 and
 *   rejects it with a reason; the teacher reads the reason, corrects and applies again; the
 *   admin passes it; the teacher sees it passed.
 * - A teacher's activity, submitted for review, shows in the platform's 审批队列 and is passed.
 * The organization admin's, the teacher's and the platform admin's logs replay exactly.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEventLog } from '../../src/streams/event-log-file.ts';
import { replayLog, verifyReplay } from '../../src/streams/replay.ts';
import { REPLAY_MACHINES } from '../../src/ui/app/root-machines.ts';
import type { TestPlatform } from '../support/platform.ts';
import { launchBrowser, logInAs, startPlatformAndBrowser, type TestBrowser } from './browser.ts';

const LEARNER = { nickname: '待审学员', mobile: '13912340001', password: 'Waiting@2026' };
const ORGANIZATION = '星辰信奥工作室（E2E）';
const ACTIVITY = '机构周末趣味赛（E2E）';

async function exportedLog(page: Page) {
  await page.getByTestId('account-menu').click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('export-log').click(),
  ]);
  await page.keyboard.press('Escape');
  return parseEventLog(await readFile((await download.path())!, 'utf8'));
}

async function expectReplays(page: Page) {
  const log = await exportedLog(page);
  const result = replayLog(log, REPLAY_MACHINES);
  const verdicts = verifyReplay(log, result);
  expect(verdicts.some((v) => v.actor === 'staffEdit')).toBe(true);
  expect(verdicts.filter((v) => !v.matches)).toEqual([]);
  expect(result.skipped).toEqual([]);
}

/** From the back office's own menu, as staff get there. */
async function openMenu(page: Page, name: string) {
  await page.locator('nav.xa-user-menu').getByRole('menuitem', { name, exact: true }).click();
}

describe('each approval queue is reached from the action that fills it', () => {
  let platform: TestPlatform;
  let admin: TestBrowser;
  let teacher: TestBrowser;
  let orgAdmin: TestBrowser;

  beforeAll(async () => {
    ({ platform, ui: orgAdmin } = await startPlatformAndBrowser());
    [teacher, admin] = await Promise.all([launchBrowser(), launchBrowser()]);
    await Promise.all([
      logInAs(orgAdmin.page, platform, platform.accounts.orgAdmin),
      logInAs(teacher.page, platform, platform.accounts.teacher),
      logInAs(admin.page, platform, platform.accounts.admin),
    ]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([orgAdmin?.close(), teacher?.close(), admin?.close(), platform?.stop()]);
  });

  it('成员审核: the admin switches it on, a teacher adds a learner, the admin passes them in 审批队列', async () => {
    const desk = orgAdmin.page;
    await desk.goto(`${platform.url}/web/manage/dashboard`);
    await openMenu(desk, '机构');
    const approval = desk.getByTestId('org-memberApproval');
    expect(await approval.isChecked()).toBe(false);
    await approval.click({ force: true });
    await desk.locator('[data-testid="org-memberApproval"]:checked').waitFor();
    await openMenu(desk, '审批队列');
    await desk.getByText('没有待审核的成员').waitFor();

    const page = teacher.page;
    await page.goto(`${platform.url}/web/manage/dashboard`);
    await openMenu(page, '成员');
    await page.getByTestId('member-create').click();
    const form = page.getByRole('dialog', { name: '添加学员' });
    await form.getByLabel('昵称').fill(LEARNER.nickname);
    await form.getByLabel('手机号').fill(LEARNER.mobile);
    await form.getByLabel('初始密码（留空则自动生成）').fill(LEARNER.password);
    await form.getByRole('button', { name: '保存' }).click();
    await form.waitFor({ state: 'detached' });

    await desk.reload();
    const waiting = desk
      .getByTestId('member-queue')
      .locator('tr')
      .filter({ hasText: LEARNER.nickname });
    await waiting.getByRole('button', { name: '通过' }).click();
    await desk.getByText('没有待审核的成员').waitFor();
    await expectReplays(desk);

    const learner = await launchBrowser();
    try {
      await logInAs(learner.page, platform, {
        username: LEARNER.mobile,
        password: LEARNER.password,
      });
      await learner.page.getByTestId('account-menu').waitFor();
    } finally {
      await learner.close();
    }
  }, 120_000);

  it('机构审核: a teacher applies, the platform rejects with a reason, the teacher corrects it and it is passed', async () => {
    const page = teacher.page;
    await page.goto(`${platform.url}/web/manage/dashboard`);
    await openMenu(page, '机构');
    await page.getByTestId('org-apply').click();
    const form = page.getByRole('dialog', { name: '申请开设机构' });
    await form.getByLabel('机构名称').fill(ORGANIZATION);
    await form.getByLabel('联系电话').fill('1390000');
    await form.getByRole('button', { name: '保存' }).click();
    await form.getByText('请输入 11 位手机号').waitFor();
    await form.getByLabel('联系电话').fill('13900001234');
    await form.getByRole('button', { name: '保存' }).click();
    await form.waitFor({ state: 'detached' });
    const application = page
      .getByTestId('org-applications')
      .locator('tr')
      .filter({ hasText: ORGANIZATION });
    await application.getByText('平台审核中，请等待结果').waitFor();

    const desk = admin.page;
    await desk.goto(`${platform.url}/web/admin`);
    await openMenu(desk, '审批队列');
    const waiting = desk
      .getByTestId('queue-reviews')
      .locator('tr[data-kind="organization"]')
      .filter({ hasText: ORGANIZATION });
    await waiting.getByRole('button', { name: '驳回' }).click();
    const reject = desk.getByRole('dialog');
    await reject.getByRole('textbox').fill('请补充机构简介与办学地址');
    await reject.getByRole('button', { name: '确定' }).click();
    await waiting.waitFor({ state: 'detached' });

    await page.reload();
    await application.getByText('驳回原因：请补充机构简介与办学地址').waitFor();
    await application.getByRole('button', { name: '修改并重新提交' }).click();
    const again = page.getByRole('dialog', { name: `修改开设申请 · ${ORGANIZATION}` });
    await again.getByLabel('简介').fill('面向初中生的信奥训练');
    await again.getByLabel('地址').fill('杭州市西湖区文三路 1 号');
    await again.getByRole('button', { name: '保存' }).click();
    await again.waitFor({ state: 'detached' });
    await application.getByText('平台审核中，请等待结果').waitFor();

    await desk.reload();
    await waiting.getByRole('button', { name: '通过' }).click();
    await waiting.waitFor({ state: 'detached' });

    await page.reload();
    await application.getByText('已通过：您已是该机构的管理员').waitFor();
  }, 120_000);

  it('an organization’s activity submitted for review shows in the platform’s 审批队列 and is passed', async () => {
    const page = teacher.page;
    await openMenu(page, '活动');
    await page.getByTestId('activity-create').click();
    const form = page.getByRole('dialog', { name: '新建活动' });
    await form.getByLabel('活动名称').fill(ACTIVITY);
    await form.getByLabel('类型').selectOption({ label: '活动' });
    await form.getByRole('button', { name: '保存' }).click();
    await form.waitFor({ state: 'detached' });
    const row = page.getByTestId('staff-activities').locator('tr').filter({ hasText: ACTIVITY });
    await row.getByText('待审核').waitFor();

    const desk = admin.page;
    await desk.reload();
    const waiting = desk
      .getByTestId('queue-reviews')
      .locator('tr[data-kind="activity"]')
      .filter({ hasText: ACTIVITY });
    await waiting.getByRole('button', { name: '通过' }).click();
    await waiting.waitFor({ state: 'detached' });
    await expectReplays(desk);

    await page.reload();
    await row.getByText('待发布').waitFor();
    await expectReplays(page);
  }, 120_000);
});

/**
 * Issue 25 item 6 in Chromium against the real server: the demo student sees the seeded
 * rejection of an earlier application, then applies to quit their class from 我的班级 again;
 * the class's teacher rejects it with a reason from their own class desk (班级 → the class →
 * its roster); the student then sees the decision and the teacher's reason on 我的班级 and in
 * 订单管理, not just 已报名 and their own reason. Both event logs replay exactly.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEventLog } from '../../src/streams/event-log-file.ts';
import { replayLog, verifyReplay } from '../../src/streams/replay.ts';
import { REPLAY_MACHINES } from '../../src/ui/app/root-machines.ts';
import type { TestPlatform } from '../support/platform.ts';
import { launchBrowser, logInAs, startPlatformAndBrowser, type TestBrowser } from './browser.ts';

/** The demo student's class, paid at the desk, taught by the demo teacher (the seed). */
const CLASS = 'CSP-J 入门班（2026 冬季）';
const OWN_REASON = '周末要上别的课';
const TEACHER_REASON = '本期已过半，期末再申请';
/** The teacher's reason for rejecting the student's earlier application (the seed). */
const SEEDED_REASON = '周日班已满，请本期继续在周六班上课';

async function expectLogReplays(page: Page) {
  await page.getByTestId('account-menu').click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('export-log').click(),
  ]);
  await page.keyboard.press('Escape');
  const log = parseEventLog(await readFile((await download.path())!, 'utf8'));
  const result = replayLog(log, REPLAY_MACHINES);
  const verdicts = verifyReplay(log, result);
  expect(verdicts.filter((v) => !v.matches)).toEqual([]);
  expect(result.skipped).toEqual([]);
}

describe('a rejected quit application tells the learner so', () => {
  let platform: TestPlatform;
  let ui: TestBrowser;

  beforeAll(async () => {
    ({ platform, ui } = await startPlatformAndBrowser());
  }, 120_000);

  afterAll(async () => {
    await Promise.all([ui?.close(), platform?.stop()]);
  });

  it('shows the teacher’s rejection and reason on 我的班级 and in 订单管理', async () => {
    const { page } = ui;
    await logInAs(page, platform, platform.accounts.student);
    await page.goto(`${platform.url}/web/user/grade`);
    const row = page.getByTestId('my-classes').locator('tr').filter({ hasText: CLASS });
    await row.getByTestId('my-class-state').filter({ hasText: '已报名' }).waitFor();
    // On a fresh start the seed's earlier rejection is there to see.
    await row
      .getByTestId('quit-decision')
      .filter({ hasText: '退出申请未通过' })
      .filter({ hasText: SEEDED_REASON })
      .waitFor();
    await row.getByRole('button', { name: '申请退出' }).click();
    const quit = page.getByRole('dialog', { name: '申请退出并退款' });
    await quit.getByLabel('退出原因').fill(OWN_REASON);
    await quit.getByRole('button', { name: '提交申请' }).click();
    await row.getByTestId('my-class-state').filter({ hasText: '退出审核中' }).waitFor();
    expect(await row.getByTestId('quit-decision').count()).toBe(0);

    // The teacher, from their own menu: 班级 → the class → its roster.
    const teacher = await launchBrowser();
    try {
      const desk = teacher.page;
      await logInAs(desk, platform, platform.accounts.teacher);
      await desk.goto(`${platform.url}/web/manage/classes`);
      await desk
        .getByTestId('staff-classes')
        .locator('tr')
        .filter({ hasText: CLASS })
        .getByRole('link', { name: CLASS })
        .click();
      const search = desk.getByLabel('昵称、用户名或手机号');
      await search.fill('演示学生');
      await search.press('Enter');
      const enrollment = desk.getByTestId('roster').locator('tr').filter({ hasText: '演示学生' });
      await enrollment.getByTestId('enroll-rejectQuit').click();
      const reject = desk.getByRole('dialog');
      await reject.getByRole('button', { name: '确定' }).click();
      await reject.getByText('请填写原因').waitFor();
      await reject.getByLabel('原因').fill(TEACHER_REASON);
      await reject.getByRole('button', { name: '确定' }).click();
      await reject.waitFor({ state: 'detached' });
      await enrollment.getByTestId('enroll-rejectQuit').waitFor({ state: 'detached' });
      expect(teacher.pageErrors).toEqual([]);
      await expectLogReplays(desk);
    } finally {
      await teacher.close();
    }

    // The learner: the decision and the teacher's reason where they applied.
    await page.reload();
    await row.getByTestId('my-class-state').filter({ hasText: '已报名' }).waitFor();
    const decision = row.getByTestId('quit-decision');
    await decision.filter({ hasText: '退出申请未通过' }).waitFor();
    expect(await decision.textContent()).toContain(TEACHER_REASON);
    expect(await decision.textContent()).toContain('演示教练');
    expect(await row.getByTestId('quit-reason').textContent()).toBe(`我的退出原因：${OWN_REASON}`);
    // The place is kept, so applying again is open.
    await row.getByRole('button', { name: '申请退出' }).waitFor();

    await page.goto(`${platform.url}/web/order`);
    const order = page.getByTestId('orders').locator('tr').filter({ hasText: CLASS });
    await order.getByTestId('quit-decision').filter({ hasText: '退出申请未通过' }).waitFor();
    expect(await order.getByTestId('quit-decision').textContent()).toContain(TEACHER_REASON);
    expect(await order.getByTestId('order-state').textContent()).toBe('已报名');
    expect(ui.pageErrors).toEqual([]);
    await expectLogReplays(page);
  }, 180_000);
});

/**
 * Issue 8 item 5's learner journey in Chromium against the real server: a visitor opens a class
 * from the home page's class card and is asked to log in; the demo student enrolls in a paid
 * class and pays at once at the sandbox checkout (the pay dialog opens on enrolling), finds it
 * in /user/grade and applies to quit it; a stopped class says why it takes nobody. The
 * student's event log replays exactly. Then the class's teacher opens the student's record
 * (/chapter/student) from the class roster, and a teacher of another organization is told they
 * may not see it.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../src/server/ledger/check.ts';
import { parseEventLog } from '../../src/streams/event-log-file.ts';
import { replayLog, verifyReplay } from '../../src/streams/replay.ts';
import { REPLAY_MACHINES, ROOT_MACHINES } from '../../src/ui/app/root-machines.ts';
import type { TestPlatform } from '../support/platform.ts';
import { launchBrowser, logInAs, startPlatformAndBrowser, type TestBrowser } from './browser.ts';
import { payAtCheckout } from './checkout.ts';

const PAID_CLASS = 'CSP-S 提高班';
const STOPPED_CLASS = '暑期集训营（2025）';

describe('a learner enrolls in a class, pays, sees it in my classes and applies to quit', () => {
  let platform: TestPlatform;
  let ui: TestBrowser;

  beforeAll(async () => {
    ({ platform, ui } = await startPlatformAndBrowser({
      sandboxPayments: { retryDelaysMs: [100, 200], maxAttempts: 5, pollMs: 100 },
    }));
  }, 120_000);

  afterAll(async () => {
    await Promise.all([ui?.close(), platform?.stop()]);
  });

  /** The class's card on the home page, by its name. */
  const card = (page: Page, name: string) =>
    page.getByTestId('public-classes').getByRole('link', { name, exact: true });

  it('shows a visitor the class from its home card and asks them to log in to enroll', async () => {
    const { page } = ui;
    await page.goto(`${platform.url}/web/`);
    await card(page, PAID_CLASS).click();
    await page.waitForURL(/\/web\/grade\/detail\?id=\d+$/);
    await page.getByRole('heading', { name: PAID_CLASS }).waitFor();
    expect(await page.getByTestId('grade-price').textContent()).toBe('¥2999.00');
    expect(await page.getByTestId('grade-teachers').textContent()).toContain('演示教练');
    await page.getByRole('button', { name: '登录后报名' }).click();
    await page.getByRole('dialog').getByLabel('用户名').waitFor();
    await page.keyboard.press('Escape');
  });

  it('enrolls in a paid class and pays at the sandbox checkout', async () => {
    const { page } = ui;
    await logInAs(page, platform, platform.accounts.student);
    await card(page, PAID_CLASS).click();
    await page.getByRole('heading', { name: PAID_CLASS }).waitFor();
    await page.getByRole('button', { name: '报名（¥2999.00）' }).click();
    const state = page.getByTestId('grade-enroll-state');
    // Enrolling and paying are one step (issue 25 item 7): the pay dialog opens at once, over
    // the unpaid enrollment that holds the seat.
    const dialog = page.getByRole('dialog', { name: '支付订单' });
    await state.filter({ hasText: '报名状态：待支付' }).waitFor();
    await dialog.getByTestId('pay-summary').getByText(PAID_CLASS).waitFor();
    await dialog.getByRole('button', { name: '确认支付' }).click();
    await payAtCheckout(page);
    await dialog.getByRole('button', { name: '完成' }).click();

    // In the class without a reload: its homework is a link away, and leaving is an application.
    await state.filter({ hasText: '报名状态：已报名' }).waitFor();
    await page.getByRole('link', { name: '查看作业' }).waitFor();
    await page.getByRole('button', { name: '申请退出' }).waitFor();
    expect(await page.getByRole('button', { name: /^报名/ }).count()).toBe(0);
  }, 120_000);

  it('finds the class in my classes and applies to quit it with a reason', async () => {
    const { page } = ui;
    await page.goto(`${platform.url}/web/user/grade`);
    const row = page.getByTestId('my-classes').locator('tr').filter({ hasText: PAID_CLASS });
    await expect.poll(() => row.getByTestId('my-class-state').textContent()).toBe('已报名');
    // The seeded desk-paid class is there too.
    await page
      .getByTestId('my-classes')
      .locator('tr')
      .filter({ hasText: 'CSP-J 入门班（2026 冬季）' })
      .waitFor();
    await expect
      .poll(() => page.getByTestId('my-class-statistics').textContent())
      .toContain('在读 2 个班级');

    await row.getByRole('button', { name: '申请退出' }).click();
    const quit = page.getByRole('dialog', { name: '申请退出并退款' });
    await quit.getByRole('button', { name: '提交申请' }).click();
    await quit.getByText('请填写退出原因').waitFor();
    await quit.getByLabel('退出原因').fill('时间冲突');
    await quit.getByRole('button', { name: '提交申请' }).click();
    await page.getByText('已提交申请，等待审核').waitFor();
    await expect.poll(() => row.getByTestId('my-class-state').textContent()).toBe('退出审核中');
    expect(await row.textContent()).toContain('退出原因：时间冲突');
    // Waiting for a decision: nothing more for the learner to do on it.
    expect(await row.getByRole('button').count()).toBe(0);

    // /user/class is the same list.
    await page.goto(`${platform.url}/web/user/class`);
    await page
      .getByTestId('my-classes')
      .locator('tr')
      .filter({ hasText: PAID_CLASS })
      .getByTestId('my-class-state')
      .filter({ hasText: '退出审核中' })
      .waitFor();
  });

  it('says why a stopped class takes nobody', async () => {
    const { page } = ui;
    await page.goto(`${platform.url}/web/`);
    await card(page, STOPPED_CLASS).click();
    await page.getByRole('heading', { name: STOPPED_CLASS }).waitFor();
    await page.getByTestId('grade-refusal').filter({ hasText: '班级已停止' }).waitFor();
    expect(await page.getByRole('button', { name: '报名（¥1599.00）' }).isDisabled()).toBe(true);
  });

  it("opens a student's record from the class roster, for that student's teacher only", async () => {
    const staff = await launchBrowser();
    try {
      const desk = staff.page;
      await logInAs(desk, platform, platform.accounts.teacher);
      const { rows } = await platform.pool.query<{ id: number }>(
        `SELECT id FROM grades WHERE name = 'CSP-J 入门班（2026 冬季）'`,
      );
      await desk.goto(`${platform.url}/web/manage/classes/desk?id=${rows[0]!.id}`);
      const search = desk.getByRole('textbox', { name: '昵称、用户名或手机号' });
      await search.fill('演示学生');
      await search.press('Enter');
      const row = desk.getByTestId('roster').locator('tr').filter({ hasText: '演示学生' });
      await row.getByRole('link', { name: '学习情况' }).click();
      await desk.waitForURL(/\/web\/chapter\/student\?memberId=\d+$/);
      await desk
        .getByTestId('student-profile')
        .getByRole('heading', { name: '演示学生' })
        .waitFor();
      await desk
        .getByTestId('student-chapters')
        .locator('tr')
        .filter({ hasText: '入门：顺序结构' })
        .waitFor();
      const address = desk.url();

      // The same teacher acting for the other organization is not this student's teacher.
      const account = desk.getByTestId('account-menu');
      await account.click();
      await desk.getByTestId('switch-organization').hover();
      await desk.getByRole('menuitem', { name: '星火信奥工作室 · 教师' }).click();
      await expect.poll(() => account.textContent()).toBe('演示教练（星火）');
      await desk.goto(address);
      await desk.getByTestId('student-refused').filter({ hasText: '不是 TA 的老师' }).waitFor();
      expect(await desk.getByTestId('student-chapters').count()).toBe(0);
      expect(staff.pageErrors).toEqual([]);
    } finally {
      await staff.close();
    }
  }, 120_000);

  it('replays the session’s event log exactly', async () => {
    const { page } = ui;
    await page.getByTestId('account-menu').click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-log').click(),
    ]);
    await page.keyboard.press('Escape');
    const log = parseEventLog(await readFile((await download.path())!, 'utf8'));
    const result = replayLog(log, REPLAY_MACHINES);
    const verdicts = verifyReplay(log, result);
    expect(verdicts.length).toBeGreaterThanOrEqual(Object.keys(ROOT_MACHINES).length);
    expect(verdicts.filter((v) => !v.matches)).toEqual([]);
    expect(result.skipped).toEqual([]);
    expect((await checkLedger(platform.pool)).problems).toEqual([]);
    expect(ui.pageErrors).toEqual([]);
  });
});

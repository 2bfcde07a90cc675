/**
 * The platform's answer records in Chromium against the real server and a judge worker
 * (/admin/answers; bms memberQuestion): the platform admin opens 作答记录 from their menu, is
 * refused an entry without a learner on the spot, enters the demo learner's A+B code (补录), sees
 * it judged and marked with who entered it, judges it again (重测) and takes it out of the
 * learner's history; the learner no longer finds it in their own records. The admin's event log
 * replays exactly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberQuestion } from '../../src/contract/member-question/calls.ts';
import { accounts } from '../../src/contract/accounts/refs.ts';
import { sdk } from '../support/api.ts';
import type { TestPlatform } from '../support/platform.ts';
import { expectLogReplays, logInAs, startPlatformAndBrowser, type TestBrowser } from './browser.ts';

describe('the platform corrects a learner’s answers', () => {
  let platform: TestPlatform;
  let ui: TestBrowser;

  beforeAll(async () => {
    ({ platform, ui } = await startPlatformAndBrowser({ judgeWorkers: 1 }));
  }, 120_000);

  afterAll(async () => {
    await Promise.all([ui?.close(), platform?.stop()]);
  });

  it('enters a submission for the learner, judges it again and takes it out of their history', async () => {
    const { rows } = await platform.pool.query<{ id: number; s: Record<string, string> }>(
      `SELECT id, reference_solutions AS s FROM questions WHERE seed_key = 'problem:01-a-plus-b'`,
    );
    const question = rows[0]!;
    const { page } = ui;
    await logInAs(page, platform, platform.accounts.admin);
    await page.goto(`${platform.url}/web/admin/approvals`);
    await page.getByRole('navigation').getByText('作答记录').click();
    await page.getByRole('heading', { name: /作答记录/ }).waitFor();

    await page.getByTestId('answer-enter').click();
    const form = page.getByRole('dialog');
    await form.getByRole('button', { name: '保存' }).click();
    await form.getByText('请先查找并选择学员').waitFor();
    await form
      .getByPlaceholder('输入昵称、用户名或手机号')
      .fill(platform.accounts.student.username);
    await form.getByRole('button', { name: '查找' }).click();
    await form
      .getByRole('button', { name: new RegExp(platform.accounts.student.username) })
      .click();
    await form.getByLabel('题目编号').fill(String(question.id));
    await form.getByLabel('语言').selectOption('python');
    await form.getByLabel('代码').fill(question.s.python!);
    await form.getByRole('button', { name: '保存' }).click();
    await form.waitFor({ state: 'detached' });

    // The newest row is the entry, marked with who entered it; its verdict arrives by itself.
    const rowsOf = page.getByTestId('platform-answers').locator('tbody tr');
    const entered = rowsOf.first();
    await entered.getByText(/补录/).waitFor();
    await expect.poll(() => entered.textContent(), { timeout: 60_000 }).toContain('AC 通过');
    const answerId = Number((await entered.locator('td').first().textContent())!.trim());

    const jobOf = async () =>
      (
        await platform.pool.query<{ j: string }>(
          `SELECT judge_job_id AS j FROM member_questions WHERE id = $1`,
          [answerId],
        )
      ).rows[0]!.j;
    const firstJob = await jobOf();
    page.once('dialog', (confirm) => void confirm.accept());
    await entered.getByRole('button', { name: '重测' }).click();
    await expect.poll(jobOf).not.toBe(firstJob);
    await expect.poll(() => entered.textContent(), { timeout: 60_000 }).toContain('AC 通过');

    page.once('dialog', (confirm) => void confirm.accept());
    await entered.getByRole('button', { name: '移出学员历史' }).click();
    await entered.getByText(/已移出学员历史/).waitFor();
    expect(await entered.getByRole('button', { name: '移出学员历史' }).count()).toBe(0);

    // The learner's own records no longer hold it.
    const learner = sdk(platform.apiUrl);
    const { username, password } = platform.accounts.student;
    await learner.call(accounts.loginByPwd, { body: { username, password } });
    const mine = await learner.call(memberQuestion['memberQuestion.queryList'], {
      query: { page: 0, size: 100 },
      body: {},
    });
    expect(mine.content.map((a) => a.id)).not.toContain(answerId);

    if (process.env.SHOT) await page.screenshot({ path: process.env.SHOT, fullPage: true });
    await expectLogReplays(page);
    expect(ui.pageErrors).toEqual([]);
  }, 120_000);
});

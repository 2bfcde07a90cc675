/**
 * Issue 25 items 1–3 in Chromium against the real server, as the demo teacher from their own
 * menus: the coach creates an exam, finds it under 待审核 in their own list, and after the
 * platform's review publishes it from 待发布 and monitors it (enrolls the student by mobile).
 * The platform's exams in the same list offer no action the server would refuse. A refused
 * delete says why beside the row, and the next screen says nothing of it. Then the
 * organization admin switches 考试审核 off on /manage/organization, and the coach builds a paper,
 * creates an exam, publishes it and monitors it with no platform admin involved. As platform
 * staff, a banner's save says 已保存 and the next screen does not. Every event log replays exactly.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exam } from '../../src/contract/exam/refs.ts';
import { accounts } from '../../src/contract/accounts/refs.ts';
import { DEMO_EXAMS } from '../../src/server/seed/exams.ts';
import { parseEventLog } from '../../src/streams/event-log-file.ts';
import { replayLog, verifyReplay } from '../../src/streams/replay.ts';
import { REPLAY_MACHINES } from '../../src/ui/app/root-machines.ts';
import { sdk } from '../support/api.ts';
import type { TestPlatform } from '../support/platform.ts';
import { launchBrowser, logInAs, startPlatformAndBrowser, type TestBrowser } from './browser.ts';

const EXAM = '教练周测（E2E）';
/** The journey where the organization does not ask for exam review. */
const TRUSTED_PAPER = '教练自组卷（免审）';
const TRUSTED_EXAM = '教练免审周测（E2E）';
/** A paper of the platform's, passed: a coach may put it in their exam. */
const PAPER = '信奥入门模拟卷（一）（已通过）';

async function exportedLog(page: Page) {
  await page.getByTestId('account-menu').click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('export-log').click(),
  ]);
  await page.keyboard.press('Escape');
  return parseEventLog(await readFile((await download.path())!, 'utf8'));
}

function expectReplays(log: ReturnType<typeof parseEventLog>) {
  const result = replayLog(log, REPLAY_MACHINES);
  const verdicts = verifyReplay(log, result);
  expect(verdicts.some((v) => v.actor === 'staffEdit')).toBe(true);
  expect(verdicts.filter((v) => !v.matches)).toEqual([]);
  expect(result.skipped).toEqual([]);
}

/** A screen of the back office's menu, reached as a person does: without reloading the page. */
const openFromMenu = (page: Page, label: string) =>
  page.getByRole('menuitem', { name: label, exact: true }).click();

describe('a coach runs their own exam from their own list', () => {
  let platform: TestPlatform;
  let ui: TestBrowser;

  beforeAll(async () => {
    ({ platform, ui } = await startPlatformAndBrowser());
  }, 120_000);

  afterAll(async () => {
    await Promise.all([ui?.close(), platform?.stop()]);
  });

  const rowOf = (page: Page, name: string) =>
    page.getByTestId('staff-exams').locator('tr').filter({ hasText: name });

  it('creates an exam that waits under 待审核 in their list; the platform’s exams offer no action', async () => {
    const { page } = ui;
    await logInAs(page, platform, platform.accounts.teacher);
    await page.goto(`${platform.url}/web/manage/dashboard`);
    await openFromMenu(page, '考试');

    const platformExam = rowOf(page, DEMO_EXAMS.free);
    await platformExam.getByTestId('exam-read-only').waitFor();
    expect(await platformExam.getByRole('button').count()).toBe(0);
    expect(await platformExam.getByRole('link', { name: DEMO_EXAMS.free }).count()).toBe(0);

    await page.getByTestId('exam-create').click();
    const form = page.getByRole('dialog', { name: '新建考试' });
    await form.getByLabel('考试名称').fill(EXAM);
    const shanghai = (ms: number) =>
      new Date(Date.now() + ms + 8 * 3600_000).toISOString().slice(0, 16);
    await form.getByLabel('报名开始').fill(shanghai(-3600_000));
    await form.getByLabel('报名截止').fill(shanghai(3600_000));
    await form.getByLabel('考试开始').fill(shanghai(-3600_000));
    await form.getByLabel('考试结束').fill(shanghai(7200_000));
    await form.getByText(PAPER).click();
    await form.getByRole('button', { name: '保存' }).click();
    await form.waitFor({ state: 'detached' });

    const mine = rowOf(page, EXAM);
    await mine.getByText('待审核').waitFor();
    // Waiting for review: nothing to publish yet, but the coach may still change or delete it.
    expect(await mine.getByTestId('exam-publish').count()).toBe(0);
    await mine.getByTestId('exam-edit').waitFor();

    await page.getByLabel('状态', { exact: true }).selectOption('reviewing');
    await mine.getByText('待审核').waitFor();
    await expect.poll(() => rowOf(page, DEMO_EXAMS.free).count()).toBe(0);
  }, 120_000);

  it('publishes it from 待发布 once the platform passed it', async () => {
    const { page } = ui;
    const admin = sdk(platform.apiUrl);
    await admin.call(accounts.loginByPwd, {
      body: {
        username: platform.accounts.admin.username,
        password: platform.accounts.admin.password,
      },
    });
    const found = await admin.call(exam['bms.exam.queryList'], { body: { keyword: EXAM } });
    await admin.call(exam['bms.exam.pass'], { body: { id: found.content[0]!.id } });

    await page.getByLabel('状态', { exact: true }).selectOption('approved');
    const mine = rowOf(page, EXAM);
    await mine.getByText('待发布').waitFor();
    await mine.getByTestId('exam-publish').click();
    await page.getByLabel('状态', { exact: true }).selectOption('');
    await mine.getByText('已发布').waitFor();
    await mine.getByTestId('exam-unpublish').waitFor();
  }, 60_000);

  it('monitors it: enrolls the student by mobile and sees them enrolled', async () => {
    const { page } = ui;
    await rowOf(page, EXAM).getByRole('link', { name: EXAM }).click();
    await page.getByTestId('batch-mobiles').fill(platform.accounts.student.mobile);
    await page.getByTestId('batch-enroll').click();
    await page.getByTestId('batch-result').getByText('报名成功').waitFor();
    await page.getByTestId('staff-enrollments').getByText('演示学生').waitFor();
  }, 60_000);

  it('says why a delete is refused beside the row, and nothing of it on the next screen', async () => {
    const { page } = ui;
    await openFromMenu(page, '考试');
    const mine = rowOf(page, EXAM);
    await mine.getByTestId('exam-delete').click();
    const refusal = mine.getByTestId('staff-edit-outcome');
    await refusal.getByText(/不能删除/).waitFor();
    // Only the row whose button was pressed says it.
    expect(await page.getByTestId('staff-edit-outcome').count()).toBe(1);

    await openFromMenu(page, '班级');
    await page.getByTestId('staff-classes').waitFor();
    expect(await page.getByTestId('staff-edit-outcome').count()).toBe(0);
    await openFromMenu(page, '考试');
    await rowOf(page, EXAM).getByText('已发布').waitFor();
    expect(await page.getByTestId('staff-edit-outcome').count()).toBe(0);
  }, 60_000);

  it('exports a coach log that replays exactly', async () => {
    expectReplays(await exportedLog(ui.page));
  });

  it('lets the organization admin switch 考试审核 off; the coach sees it off and cannot switch it', async () => {
    const desk = await launchBrowser();
    try {
      const { page } = desk;
      await logInAs(page, platform, platform.accounts.orgAdmin);
      await page.goto(`${platform.url}/web/manage/dashboard`);
      await openFromMenu(page, '机构');
      const review = page.getByTestId('org-examReview');
      expect(await review.isChecked()).toBe(true);
      await review.click({ force: true });
      await page.locator('[data-testid="org-examReview"]:not(:checked)').waitFor();
      expectReplays(await exportedLog(page));
    } finally {
      await desk.close();
    }
    const { page } = ui;
    await openFromMenu(page, '机构');
    const seen = page.getByTestId('org-examReview');
    await page.locator('[data-testid="org-examReview"]:not(:checked)').waitFor();
    expect(await seen.isDisabled()).toBe(true);
  }, 90_000);

  it('with it off, the coach builds a paper, creates, publishes and monitors an exam on their own', async () => {
    const { page } = ui;
    await openFromMenu(page, '试卷');
    await page.getByTestId('paper-create').click();
    const form = page.getByRole('dialog', { name: '新建试卷' });
    await form.getByLabel('试卷名称').fill(TRUSTED_PAPER);
    await form.getByLabel('时长（分钟）').fill('30');
    await form.getByRole('button', { name: '保存' }).click();
    await form.waitFor({ state: 'detached' });
    const paper = page.getByTestId('staff-papers').locator('tr').filter({ hasText: TRUSTED_PAPER });
    await paper.getByText('已通过').waitFor();
    await paper.getByRole('button', { name: '组卷' }).click();
    const builder = page.getByRole('dialog', { name: '组卷：选题、排序、设置分值' });
    await builder.getByTestId('bank-search').fill('A+B');
    await builder.getByTestId('bank-search').press('Enter');
    await builder
      .getByTestId('bank-results')
      .locator('tr')
      .filter({ hasText: 'A+B 问题' })
      .getByRole('button', { name: '加入' })
      .click();
    await builder.getByLabel('「A+B 问题」的分值').fill('100');
    await builder.getByTestId('paper-save').click();
    await builder.waitFor({ state: 'detached' });
    await paper.getByText('1 题 · 满分 100 · 30 分钟').waitFor();
    // A trusted change keeps the paper passed: nothing goes to the platform.
    await paper.getByText('已通过').waitFor();

    await openFromMenu(page, '考试');
    await page.getByTestId('exam-create').click();
    const examForm = page.getByRole('dialog', { name: '新建考试' });
    await examForm.getByLabel('考试名称').fill(TRUSTED_EXAM);
    const shanghai = (ms: number) =>
      new Date(Date.now() + ms + 8 * 3600_000).toISOString().slice(0, 16);
    await examForm.getByLabel('报名开始').fill(shanghai(-3600_000));
    await examForm.getByLabel('报名截止').fill(shanghai(3600_000));
    await examForm.getByLabel('考试开始').fill(shanghai(-3600_000));
    await examForm.getByLabel('考试结束').fill(shanghai(7200_000));
    await examForm.getByText(`${TRUSTED_PAPER}（已通过）`).click();
    await examForm.getByRole('button', { name: '保存' }).click();
    await examForm.waitFor({ state: 'detached' });

    // Straight to 待发布: no review to wait for.
    await page.getByLabel('状态', { exact: true }).selectOption('approved');
    const mine = rowOf(page, TRUSTED_EXAM);
    await mine.getByText('待发布').waitFor();
    await mine.getByTestId('exam-publish').click();
    await page.getByLabel('状态', { exact: true }).selectOption('');
    await mine.getByText('已发布').waitFor();

    await mine.getByRole('link', { name: TRUSTED_EXAM }).click();
    await page.getByTestId('batch-mobiles').fill(platform.accounts.student.mobile);
    await page.getByTestId('batch-enroll').click();
    await page.getByTestId('batch-result').getByText('报名成功').waitFor();
    await page.getByTestId('staff-enrollments').getByText('演示学生').waitFor();
    expectReplays(await exportedLog(page));
  }, 120_000);

  it('as platform staff, says 已保存 for a banner once, and not on the next screen', async () => {
    const staff = await launchBrowser();
    try {
      const { page } = staff;
      await logInAs(page, platform, platform.accounts.admin);
      await page.goto(`${platform.url}/web/admin/approvals`);
      await openFromMenu(page, '轮播图');
      const banner = page.getByTestId('banner-list').locator('tbody tr').first();
      await banner.getByRole('button', { name: '编辑' }).click();
      const form = page.getByRole('dialog');
      await form.getByLabel('排序').fill('7');
      await form.getByRole('button', { name: '保存' }).click();
      await form.waitFor({ state: 'detached' });
      const saved = page.getByTestId('toasts').getByText('已保存');
      await saved.waitFor();

      await openFromMenu(page, '站点设置');
      await page.getByTestId('site-texts').waitFor();
      expect(await page.getByTestId('staff-edit-outcome').count()).toBe(0);
      await expect.poll(() => saved.count()).toBe(0);
      expectReplays(await exportedLog(page));
    } finally {
      await staff.close();
    }
  }, 90_000);
});

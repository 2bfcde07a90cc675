/**
 * Issue 7's journey in Chromium against the real server: the demo student enrolls in the free
 * demo exam, starts it, answers objective and programming questions, reloads mid-exam and finds
 * every answer, hands in and reads the report with the score. Then an exam that closes hands
 * itself in at time-up with the last saved answer. The session's event log replays exactly.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../src/contract/accounts/refs.ts';
import { exam } from '../../src/contract/exam/refs.ts';
import { parseEventLog } from '../../src/streams/event-log-file.ts';
import { replayLog, verifyReplay } from '../../src/streams/replay.ts';
import { REPLAY_MACHINES } from '../../src/ui/app/root-machines.ts';
import { DEMO_EXAMS } from '../../src/server/seed/exams.ts';
import { sdk } from '../support/api.ts';
import type { TestPlatform } from '../support/platform.ts';
import { launchBrowser, logInAs, startPlatformAndBrowser, type TestBrowser } from './browser.ts';
import { typeIntoEditor } from './practice-page.ts';
import { outsideApi, watchFailedResponses } from './responses.ts';

const SOURCE = 'a, b = map(int, input().split())\nprint(a + b)\n';

describe('sitting an exam from enrollment to report', () => {
  let platform: TestPlatform;
  let ui: TestBrowser;
  let failed: string[];

  beforeAll(async () => {
    ({ platform, ui } = await startPlatformAndBrowser({ judgeWorkers: 1, examClockMs: 500 }));
    failed = watchFailedResponses(ui.context);
    await ui.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: platform.url,
    });
  }, 120_000);

  afterAll(async () => {
    await Promise.all([ui?.close(), platform?.stop()]);
  });

  const login = (page: Page, who = platform.accounts.student) => logInAs(page, platform, who);

  const saved = (page: Page) =>
    expect
      .poll(() => page.getByTestId('exam-save-status').getAttribute('data-status'), {
        timeout: 15_000,
      })
      .toBe('saved');

  /** Picks option `index` of the current objective question (Blueprint hides the input). */
  const pickOption = (page: Page, index: number) =>
    page.getByTestId('exam-options').locator('label').nth(index).click();

  it('enrolls, answers, reloads and finds every answer, hands in and reads the report', async () => {
    const { page } = ui;
    await login(page);
    await page.goto(`${platform.url}/web/exam/list`);
    await page.getByTestId('exam-list').getByRole('link', { name: DEMO_EXAMS.free }).click();
    await page.getByRole('heading', { name: DEMO_EXAMS.free }).waitFor();
    await page.getByRole('button', { name: '报名', exact: true }).click();
    await page.getByTestId('exam-enroll-state').filter({ hasText: '已报名' }).waitFor();
    await page.getByRole('button', { name: '开始作答' }).click();
    await page.getByTestId('exam-room').waitFor();

    // Four objective questions: the first option of each, the last one flagged.
    for (let i = 0; i < 4; i++) {
      await pickOption(page, 0);
      if (i === 3) await page.getByText('标记此题').click();
      await page.getByTestId('exam-next').click();
    }
    // The fifth is A+B: Python that adds.
    await page.getByTestId('exam-language').selectOption('python');
    await typeIntoEditor(page, SOURCE, 'exam-editor');
    await saved(page);

    // A reload finds every acknowledged answer.
    await page.reload();
    await page.getByTestId('exam-room').waitFor();
    const navigator = page.getByTestId('exam-navigator');
    await expect
      .poll(() => navigator.locator('[data-mark="answered"]').count(), { timeout: 15_000 })
      .toBe(5);
    await expect.poll(() => navigator.locator('[data-flagged="true"]').count()).toBe(1);
    await expect
      .poll(() => page.getByTestId('exam-options').locator('input:checked').count())
      .toBe(1);
    await navigator.getByRole('button', { name: /第 5 题/ }).click();
    await expect
      .poll(async () =>
        (await page.getByTestId('exam-editor').locator('.view-lines').textContent())?.replaceAll(
          '\u00a0',
          ' ',
        ),
      )
      .toContain('print(a + b)');
    await expect(page.getByTestId('exam-language').inputValue()).resolves.toBe('python');

    // Hand in, with the confirmation.
    await page.getByTestId('exam-complete').click();
    await page.getByTestId('exam-confirm').click();
    await page.getByTestId('exam-handed-in').waitFor();
    // While the judge is at the program the report is "still judging", answered as a state
    // (200) that the screen shows and asks again about, never as an error status.
    const reportStatuses: number[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/examPaperEnroll/report'))
        reportStatuses.push(response.status());
    });
    await page.getByRole('link', { name: '查看成绩' }).click();
    const score = page.getByTestId('exam-report-score');
    await score.waitFor({ timeout: 60_000 });
    expect(reportStatuses.length).toBeGreaterThan(0);
    expect(reportStatuses.filter((status) => status !== 200)).toEqual([]);
    const text = (await score.textContent()) ?? '';
    expect(text).toMatch(/^\d+ \/ 100$/);
    // A+B accepted: at least its 40 points.
    expect(Number(text.split(' ')[0])).toBeGreaterThanOrEqual(40);
    await page.getByTestId('exam-report-question-5').getByText('AC').first().waitFor();
    // The program's language is named as people say it, not by its id.
    await page.getByTestId('exam-report-question-5').getByText('你的代码 · Python').waitFor();
    // No page asked for anything missing (an icon, an asset) on the way.
    expect(outsideApi(failed)).toEqual([]);
  }, 180_000);

  it('hands an exam in by itself at time-up with the last saved answer', async () => {
    // Staff set up a one-minute exam on the demo paper that closes in half a minute: a sitting
    // never runs past the exam's end, so time is up then (no test waits out a whole minute).
    const admin = sdk(platform.apiUrl);
    await admin.call(accounts.loginByPwd, {
      body: {
        username: platform.accounts.admin.username,
        password: platform.accounts.admin.password,
      },
    });
    const papers = await admin.call(exam['bms.examPaper.queryList'], {
      body: { keyword: '信奥入门模拟卷' },
    });
    const now = Date.now();
    const closes = new Date(now + 30_000).toISOString();
    const created = await admin.call(exam['bms.exam.create'], {
      body: {
        name: '一分钟小测',
        enrollStartAt: new Date(now - 60_000).toISOString(),
        enrollEndAt: closes,
        startAt: new Date(now - 60_000).toISOString(),
        endAt: closes,
        schedule: 'flexible',
        durationMinutes: 1,
        examPaperIds: [papers.content[0]!.id],
      },
    });
    await admin.call(exam['bms.exam.publish'], { body: { id: created.id } });

    const { page } = ui;
    await page.goto(`${platform.url}/web/exam/detail?id=${created.id}`);
    await page.getByRole('button', { name: '报名', exact: true }).click();
    await page.getByRole('button', { name: '开始作答' }).click();
    await page.getByTestId('exam-room').waitFor();
    await pickOption(page, 1);
    await saved(page);
    await page.getByTestId('exam-handed-in').waitFor({ timeout: 90_000 });
    await page.getByText('时间到，已自动交卷').waitFor();

    const mine = await admin.call(exam['bms.examPaperEnroll.queryList'], {
      body: { examId: created.id },
    });
    expect(mine.content).toHaveLength(1);
    const answers = await admin.call(exam['bms.examMemberQuestion.queryListByExamPaperEnroll'], {
      body: { examPaperEnrollId: mine.content[0]!.id },
    });
    expect(answers.content.map((a) => a.answer)).toEqual([expect.stringMatching(/^01/)]);
  }, 180_000);

  it('staff build a paper from the bank, schedule and publish an exam, enroll by mobile and watch it', async () => {
    const staff = await launchBrowser();
    try {
      const desk = staff.page;
      await login(desk, platform.accounts.admin);
      await desk.goto(`${platform.url}/web/admin/papers`);
      await desk.getByTestId('paper-create').click();
      const form = desk.getByRole('dialog', { name: '新建试卷' });
      await form.getByLabel('试卷名称').fill('课堂周测卷');
      await form.getByLabel('时长（分钟）').fill('30');
      await form.getByRole('button', { name: '保存' }).click();
      await form.waitFor({ state: 'detached' });
      const row = desk.getByTestId('staff-papers').locator('tr').filter({ hasText: '课堂周测卷' });
      await row.getByRole('button', { name: '组卷' }).click();
      const builder = desk.getByRole('dialog', { name: '组卷：选题、排序、设置分值' });
      await builder.getByTestId('bank-search').fill('A+B');
      await builder.getByTestId('bank-search').press('Enter');
      await builder
        .getByTestId('bank-results')
        .locator('tr')
        .filter({ hasText: 'A+B 问题' })
        .getByRole('button', { name: '加入' })
        .click();
      await builder.getByLabel('「A+B 问题」的分值').fill('abc');
      await builder.getByTestId('paper-save').click();
      await builder.getByRole('alert').filter({ hasText: '分值须为 1 到 1000 的整数' }).waitFor();
      await builder.getByLabel('「A+B 问题」的分值').fill('100');
      await builder.getByTestId('paper-save').click();
      await builder.waitFor({ state: 'detached' });
      await row.getByText('1 题 · 满分 100 · 30 分钟').waitFor();

      await desk.goto(`${platform.url}/web/admin/exams`);
      await desk.getByTestId('exam-create').click();
      const examForm = desk.getByRole('dialog', { name: '新建考试' });
      await examForm.getByLabel('考试名称').fill('课堂周测');
      const shanghai = (ms: number) =>
        new Date(Date.now() + ms + 8 * 3600_000).toISOString().slice(0, 16);
      await examForm.getByLabel('报名开始').fill(shanghai(-3600_000));
      await examForm.getByLabel('报名截止').fill(shanghai(3600_000));
      await examForm.getByLabel('考试开始').fill(shanghai(-3600_000));
      await examForm.getByLabel('考试结束').fill(shanghai(7200_000));
      await examForm.getByLabel('报名费（元，0 为免费）').fill('x');
      await examForm.getByRole('button', { name: '保存' }).click();
      await examForm.getByText('报名费须在 0 到 100000 元之间').waitFor();
      await examForm.getByLabel('报名费（元，0 为免费）').fill('0');
      await examForm.getByText('课堂周测卷（已通过）').click();
      await examForm.getByRole('button', { name: '保存' }).click();
      await examForm.waitFor({ state: 'detached' });
      const exam = desk.getByTestId('staff-exams').locator('tr').filter({ hasText: '课堂周测' });
      await exam.getByTestId('exam-publish').click();
      await exam.getByText('已发布').waitFor();

      await exam.getByRole('link', { name: '课堂周测' }).click();
      await desk
        .getByTestId('batch-mobiles')
        .fill(`${platform.accounts.student.mobile}\n13999999999, 123`);
      await desk.getByTestId('batch-enroll').click();
      const result = desk.getByTestId('batch-result');
      await result.getByText('报名成功').waitFor();
      await result.getByText('手机号未注册').waitFor();
      await result.getByText('手机号格式不对').waitFor();
      await desk.getByTestId('staff-enrollments').getByText('演示学生').waitFor();
      await desk.getByTestId('count-chart').first().waitFor();
    } finally {
      await staff.close();
    }
  }, 120_000);

  it('exports a log that replays exactly', async () => {
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
    expect(verdicts.some((v) => v.actor.startsWith('examRoom:'))).toBe(true);
    expect(verdicts.filter((v) => !v.matches)).toEqual([]);
    expect(result.skipped).toEqual([]);
  });
});

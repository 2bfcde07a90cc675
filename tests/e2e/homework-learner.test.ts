/**
 * Issue 8 item 5's learner journey in Chromium against the real server and the seeded demo
 * classes: a student of CSP-J 入门班 (cspj_01, nothing handed in yet) finds 第 3 周作业 on
 * /user/homework — its due time passed, the late window open — answers a choice question and
 * A+B in the room, each marked 补交 with the verdict streaming in as in practice, comes back to
 * the code after a reload, reads the report and each answer's code and verdicts, and finds the
 * settled 第 2 周作业 read-only. The session's event log replays exactly.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEventLog } from '../../src/streams/event-log-file.ts';
import { replayLog, verifyReplay } from '../../src/streams/replay.ts';
import { REPLAY_MACHINES } from '../../src/ui/app/root-machines.ts';
import type { TestPlatform } from '../support/platform.ts';
import { logInAs, startPlatformAndBrowser, type TestBrowser } from './browser.ts';
import { editorText, pick, typeIntoEditor, verdictOf } from './practice-page.ts';

const A_PLUS_B = 'a, b = map(int, input().split())\nprint(a + b)\n';

describe('a learner does their homework, from the list to the report', () => {
  let platform: TestPlatform;
  let ui: TestBrowser;

  beforeAll(async () => {
    ({ platform, ui } = await startPlatformAndBrowser({ judgeWorkers: 1 }));
    await ui.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: platform.url,
    });
  }, 120_000);

  afterAll(async () => {
    await Promise.all([ui?.close(), platform?.stop()]);
  });

  it('lists the homework with its window, state and progress', async () => {
    const { page } = ui;
    await logInAs(page, platform, {
      username: 'cspj_01',
      password: platform.accounts.student.password,
    });
    await page.goto(`${platform.url}/web/user/homework`);
    const list = page.getByTestId('my-homework');
    const open = list.locator('tr').filter({ hasText: '第 3 周作业' });
    await open.waitFor();
    expect(await open.locator('[data-status]').getAttribute('data-status')).toBe('late');
    expect(await open.textContent()).toContain('得分按 80% 计');
    expect(await open.textContent()).toContain('已做 0 / 4 题');
    const settled = list.locator('tr').filter({ hasText: '第 2 周作业' });
    expect(await settled.locator('[data-status]').getAttribute('data-status')).toBe('settled');
    expect(await settled.getByTestId('my-homework-score').textContent()).toMatch(/^\d+ \/ 60$/);
    await page.getByTestId('my-homework-statistics').waitFor();
  });

  it('answers a choice question and A+B in the room, each marked late, the verdict streaming in', async () => {
    const { page } = ui;
    await page
      .getByTestId('my-homework')
      .locator('tr')
      .filter({ hasText: '第 3 周作业' })
      .getByRole('link', { name: '去做作业' })
      .click();
    const room = page.getByTestId('homework-room');
    await room.waitFor();
    expect(await room.getAttribute('data-read-only')).toBe('false');
    expect(await page.getByTestId('homework-notice').getAttribute('data-phase')).toBe('late');
    expect(await page.getByTestId('homework-countdown').getAttribute('data-kind')).toBe(
      'lateUntil',
    );

    // 第 1 题: hexadecimal 2F is 47 (B).
    const objective = page.getByTestId('objective-practice');
    await pick(objective, 'B. 47');
    await objective.getByRole('button', { name: '提交答案' }).click();
    const verdict = objective.getByTestId('objective-verdict');
    await expect.poll(() => verdict.getAttribute('data-verdict')).toBe('AC');
    const history = objective.getByTestId('practice-history');
    await history.locator('[data-late="true"]').first().waitFor();
    expect(await history.getByTestId('objective-history-answer').first().textContent()).toBe('B');
    const navigator = page.getByTestId('homework-navigator');
    // Late: 80% of 20 points, shown as partial points with 补交.
    await expect
      .poll(() => navigator.locator('button').first().getAttribute('data-mark'))
      .toBe('partial');

    // 第 4 题: A+B in Python.
    await navigator.getByRole('button', { name: /第 4 题/ }).click();
    await page.getByRole('heading', { name: 'A+B 问题' }).waitFor();
    expect(page.url()).toMatch(/[?&]q=\d+/);
    await page.getByLabel('语言').selectOption('python');
    await expect.poll(() => editorText(page)).not.toContain('using namespace std;');
    await typeIntoEditor(page, A_PLUS_B);
    await expect.poll(() => editorText(page)).toContain('print(a + b)');
    await page.locator('[data-testid="practice-draft"][data-draft="saved"]').waitFor();
    const streamed = page.waitForResponse(
      (response) =>
        response.url().includes('/memberQuestion/status') &&
        (response.headers()['content-type'] ?? '').includes('text/event-stream'),
    );
    await page.getByRole('button', { name: '提交', exact: true }).click();
    await page.getByTestId('practice-status').waitFor();
    await streamed;
    await expect.poll(() => verdictOf(page), { timeout: 60_000 }).toBe('AC');
    await page
      .getByTestId('practice-history')
      .locator('tr')
      .filter({ has: page.locator('[data-verdict="AC"]') })
      .locator('[data-late="true"]')
      .waitFor();
    // 16 + 32 of 100 so far (both late, scored at 80%).
    await expect
      .poll(() => page.getByTestId('homework-score').textContent(), { timeout: 15_000 })
      .toContain('48 / 100');
    expect(ui.pageErrors).toEqual([]);
  }, 180_000);

  it('comes back to the saved code after a reload', async () => {
    const { page } = ui;
    await page.reload();
    await page.getByRole('heading', { name: 'A+B 问题' }).waitFor();
    await expect.poll(() => editorText(page)).toContain('print(a + b)');
    expect(await page.getByLabel('语言').inputValue()).toBe('python');
  }, 60_000);

  it("reads the report, then each answer's code and verdicts", async () => {
    const { page } = ui;
    await page.getByTestId('homework-report-link').click();
    const score = page.getByTestId('homework-report-score');
    await score.waitFor();
    expect(await score.textContent()).toBe('48 / 100');
    expect(await score.getAttribute('data-settled')).toBe('false');
    const aPlusB = page.getByTestId('homework-report-question-4');
    await aPlusB.locator('[data-verdict="AC"]').waitFor();
    await aPlusB.locator('[data-late="true"]').waitFor();
    expect(await page.getByTestId('homework-report-question-2').textContent()).toContain('未作答');

    await page.getByTestId('homework-report-details').click();
    const question = page.getByTestId('homework-enroll-question-4');
    await question.getByTestId('homework-answer-code').waitFor();
    expect(await question.getByTestId('homework-answer-code').textContent()).toContain(
      'print(a + b)',
    );
    expect(await question.locator('li[data-verdict="AC"]').count()).toBeGreaterThan(0);
    await question.getByTestId('homework-submissions').locator('[data-late="true"]').waitFor();
    // The language is named as people say it, in the answer and in the submissions, not `python`.
    await question.getByText('代码 · Python', { exact: true }).waitFor();
    const submissions = await question.getByTestId('homework-submissions').textContent();
    expect(submissions).toContain('Python');
    expect(submissions).not.toContain('python');
    expect(await page.getByTestId('homework-enroll-question-1').textContent()).toContain(
      '所选答案: B',
    );
  }, 60_000);

  it('finds settled homework read-only, with its report', async () => {
    const { page } = ui;
    await page.goto(`${platform.url}/web/user/homework`);
    await page
      .getByTestId('my-homework')
      .locator('tr')
      .filter({ hasText: '第 2 周作业' })
      .getByRole('link', { name: '查看作答' })
      .click();
    const room = page.getByTestId('homework-room');
    await room.waitFor();
    expect(await room.getAttribute('data-read-only')).toBe('true');
    const notice = page.getByTestId('homework-notice');
    expect(await notice.getAttribute('data-phase')).toBe('settled');
    const objective = page.getByTestId('objective-practice');
    await objective.waitFor();
    expect(await objective.getByRole('button', { name: '提交答案' }).count()).toBe(0);
    expect(await objective.getByRole('radio').first().isDisabled()).toBe(true);
    await notice.getByRole('link', { name: '查看作业报告' }).click();
    expect(await page.getByTestId('homework-report-score').getAttribute('data-settled')).toBe(
      'true',
    );
    expect(ui.pageErrors).toEqual([]);
  }, 60_000);

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
    expect(verdicts.some((v) => v.actor.startsWith('homeworkPractice:'))).toBe(true);
    expect(verdicts.some((v) => v.actor.startsWith('homeworkObjective:'))).toBe(true);
    expect(verdicts.filter((v) => !v.matches)).toEqual([]);
    expect(result.skipped).toEqual([]);
  });
});

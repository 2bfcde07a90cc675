import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEventLog } from '../../src/streams/event-log-file.ts';
import { replayLog, verifyReplay } from '../../src/streams/replay.ts';
import { REPLAY_MACHINES, ROOT_MACHINES } from '../../src/ui/app/root-machines.ts';
import type { TestPlatform } from '../support/platform.ts';
import { startPlatformAndBrowser, type TestBrowser } from './browser.ts';
import { editorText, pick, typeIntoEditor, verdictOf } from './practice-page.ts';
import { outsideApi, watchFailedResponses } from './responses.ts';

const A_PLUS_B = path.resolve(import.meta.dirname, '../../seed/problems/01-a-plus-b');
const refCpp = await readFile(path.join(A_PLUS_B, 'solutions/ref.cpp'), 'utf8');
const wrongPy = await readFile(path.join(A_PLUS_B, 'solutions/wrong.py'), 'utf8');
const caseCount = (await readdir(path.join(A_PLUS_B, 'tests'))).filter((f) =>
  f.endsWith('.in'),
).length;

/**
 * Whether `element` can be seen: inside the window and inside every ancestor that clips it
 * (the scrolling panels), so a verdict scrolled out of its panel counts as hidden.
 */
function visibleOnScreen(element: Locator): Promise<boolean> {
  return element.evaluate((el) => {
    const box = el.getBoundingClientRect();
    if (box.height === 0 || box.bottom > window.innerHeight || box.top < 0) return false;
    for (let p = el.parentElement; p; p = p.parentElement) {
      const { overflowY } = getComputedStyle(p);
      if (overflowY === 'visible') continue;
      const clip = p.getBoundingClientRect();
      if (box.top < clip.top || box.bottom > clip.bottom) return false;
    }
    return true;
  });
}

/**
 * The part of `element` a learner sees first, its top edge, is on screen: inside the window and
 * inside every ancestor that clips it (a tall failing case need not fit the small panel whole).
 */
function topOnScreen(element: Locator): Promise<boolean> {
  return element.evaluate((el) => {
    const top = el.getBoundingClientRect().top + 4;
    if (top < 0 || top > window.innerHeight) return false;
    for (let p = el.parentElement; p; p = p.parentElement) {
      const { overflowY } = getComputedStyle(p);
      if (overflowY === 'visible') continue;
      const clip = p.getBoundingClientRect();
      if (top < clip.top || top > clip.bottom) return false;
    }
    return true;
  });
}

/**
 * Records, from the first paint of every document, whether @monaco-editor/react's own English
 * placeholder (`Loading...`) was ever put on the page (it shows for a moment while Monaco starts).
 */
const WATCH_ENGLISH_LOADING = () => {
  const seen = (node: Node) => node.textContent?.includes('Loading...') ?? false;
  new MutationObserver((mutations) => {
    for (const m of mutations) {
      if ([...m.addedNodes].some(seen) || (m.type === 'characterData' && seen(m.target))) {
        document.documentElement.dataset.englishLoading = 'seen';
      }
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
};
const sawEnglishLoading = (page: Page) =>
  page.evaluate(() => document.documentElement.dataset.englishLoading === 'seen');

describe('practising a problem in Chromium: run, submit, switch language', () => {
  let platform: TestPlatform;
  let ui: TestBrowser;
  let failed: string[];

  beforeAll(async () => {
    ({ platform, ui } = await startPlatformAndBrowser({ judgeWorkers: 1 }));
    await ui.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: platform.url,
    });
    await ui.context.addInitScript(WATCH_ENGLISH_LOADING);
    failed = watchFailedResponses(ui.context);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([ui?.close(), platform?.stop()]);
  });

  it('logs in and opens the seeded A+B problem from the play home', async () => {
    const { page } = ui;
    const student = platform.accounts.student;
    await page.goto(`${platform.url}/web/`);
    await page.getByTestId('login-button').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('用户名').fill(student.username);
    await dialog.getByLabel('密码', { exact: true }).fill(student.password);
    await dialog.getByRole('button', { name: '登录' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.goto(`${platform.url}/web/play/home`);
    await page.getByTestId('problem-list').getByRole('link', { name: 'A+B 问题' }).click();
    await page.getByRole('heading', { name: 'A+B 问题' }).waitFor();
    expect(page.url()).toMatch(/\/web\/question\/detail\?id=\d+$/);
    // The default C++ template is in the editor, which said nothing in English while it started.
    await expect.poll(() => editorText(page)).toContain('using namespace std;');
    expect(await sawEnglishLoading(page)).toBe(false);
    // The difficulty shows with the limits; the samples the statement shows are not repeated.
    const statement = page.locator('[data-panel="questionPanel"]');
    expect(await statement.locator('[data-difficulty]').first().textContent()).toBe('简单');
    expect(await statement.getByText('样例输入 1').count()).toBe(1);
    expect(await statement.getByText('输入 #1').count()).toBe(0);
  });

  it('lists show difficulty and titles without Markdown backticks; an address without an id says so', async () => {
    const { page } = ui;
    await page.goto(`${platform.url}/web/play/home`);
    const problems = page.getByTestId('problem-list');
    await problems.getByRole('link', { name: 'A+B 问题' }).waitFor();
    const aPlusB = problems.locator('tr', { has: page.getByRole('link', { name: 'A+B 问题' }) });
    expect(await aPlusB.locator('[data-difficulty]').textContent()).toBe('简单');
    const objective = page.getByTestId('objective-list');
    const coded = objective.getByRole('link', { name: '在 C++ 中，表达式 7 / 2 的值是多少？' });
    await coded.waitFor();
    expect(await coded.locator('code').textContent()).toBe('7 / 2');
    expect(await objective.textContent()).not.toContain('`');

    await page.goto(`${platform.url}/web/question/detail`);
    const missing = page.getByTestId('question-missing');
    expect(await missing.textContent()).toContain('没有指定要练习的题目');
    expect(await missing.textContent()).not.toContain('：id');
    await missing.getByRole('link', { name: '去题目列表选一道题' }).click();
    await expect.poll(() => page.url()).toMatch(/\/web\/play\/home/);
    await page.getByTestId('problem-list').getByRole('link', { name: 'A+B 问题' }).click();
    await page.getByRole('heading', { name: 'A+B 问题' }).waitFor();
  }, 60_000);

  it('pages through 练习场 to a problem beyond the first page, the page kept in the address', async () => {
    const { page } = ui;
    await page.goto(`${platform.url}/web/play/home`);
    const list = page.getByTestId('problem-list');
    await list.getByRole('link', { name: 'A+B 问题' }).waitFor();
    // 25 seeded programming problems, 20 a page.
    expect(await list.getByRole('link').count()).toBe(20);
    const pager = page.getByTestId('programming-pager');
    expect(await pager.textContent()).toContain('共 25 条');
    await pager.getByRole('button', { name: '下一页' }).click();
    await expect.poll(() => page.url()).toMatch(/[?&]page=2\b/);
    await expect.poll(() => list.getByRole('link').count()).toBe(5);
    await page.reload();
    await expect.poll(() => page.getByTestId('problem-list').getByRole('link').count()).toBe(5);
    const beyond = page.getByTestId('problem-list').getByRole('link').first();
    const title = (await beyond.textContent())!;
    expect(title).not.toBe('A+B 问题');
    await beyond.click();
    await page.getByRole('heading', { name: title }).waitFor();
    expect(page.url()).toMatch(/\/web\/question\/detail\?id=\d+$/);
    // Back returns to the second page.
    await page.goBack();
    await expect.poll(() => page.url()).toMatch(/[?&]page=2\b/);
    await page.getByTestId('programming-pager').waitFor();
    await page.goto(`${platform.url}/web/play/home`);
    await page.getByTestId('problem-list').getByRole('link', { name: 'A+B 问题' }).click();
    await page.getByRole('heading', { name: 'A+B 问题' }).waitFor();
  }, 60_000);

  it("typesets the statement's math with KaTeX from the app's own assets", async () => {
    const { page } = ui;
    const statement = page.locator('[data-testid="practice-statement"][data-math="typeset"]');
    await statement.locator('.katex').first().waitFor();
    expect(await statement.locator('.katex').count()).toBeGreaterThan(3);
    // KaTeX's fonts come with the bundle: the page loaded them from its own origin.
    const fonts = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((name) => /katex|KaTeX/.test(name)),
    );
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) expect(font.startsWith(platform.url)).toBe(true);
  });

  it('resizes the panels by dragging the separators, starting from the spec sizes', async () => {
    const { page } = ui;
    const question = page.locator('[data-panel="questionPanel"]');
    const code = page.locator('[data-panel="codePanel"]');
    const result = page.locator('[data-panel="resultPanel"]');
    const width = async (panel: Locator) => (await panel.boundingBox())?.width ?? 0;
    const height = async (panel: Locator) => (await panel.boundingBox())?.height ?? 0;
    const before = await width(question);
    // Question 40 : 60 of the width; code 75 : result 20 of the column's height.
    const total = before + (await width(code));
    expect(before / total).toBeGreaterThan(0.35);
    expect(before / total).toBeLessThan(0.45);
    expect((await height(code)) / (await height(result))).toBeGreaterThan(3);

    const separator = page.locator('[data-separator]').first();
    const box = (await separator.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 120, box.y + box.height / 2, { steps: 8 });
    await page.mouse.up();
    await expect.poll(() => width(question)).toBeGreaterThan(before + 80);
  });

  it('runs the code on custom input and shows the output', async () => {
    const { page } = ui;
    await typeIntoEditor(page, refCpp);
    await page.getByLabel('自定义输入').fill('2000000000 1000000000\n');
    await page.getByRole('button', { name: '运行', exact: true }).click();
    const stdout = page.getByTestId('practice-stdout');
    await stdout.waitFor({ timeout: 60_000 });
    expect((await stdout.textContent())?.trim()).toBe('3000000000');
  }, 90_000);

  it('submits a correct C++ solution and sees AC on every case, with live status from the stream', async () => {
    const { page } = ui;
    const streamed = page.waitForResponse(
      (response) =>
        response.url().includes('/memberQuestion/status') &&
        (response.headers()['content-type'] ?? '').includes('text/event-stream'),
    );
    await page.getByRole('button', { name: '提交', exact: true }).click();
    await page.getByTestId('practice-status').waitFor();
    // The live status comes over the event stream (polling is only the fallback).
    await streamed;
    await page.getByTestId('practice-cases').waitFor({ timeout: 60_000 });
    expect(await verdictOf(page)).toBe('AC');
    const rows = page.getByTestId('practice-cases').locator('tbody tr');
    expect(await rows.count()).toBe(caseCount);
    expect(await rows.locator('[data-verdict="AC"]').count()).toBe(caseCount);
    // The submission is in the history, its language named as people say it.
    const history = page.getByTestId('practice-history');
    await history.locator('[data-verdict="AC"]').first().waitFor();
    const newest = history.locator('tbody tr').first();
    expect(await newest.locator('td').nth(1).textContent()).toBe('C++');
    // The demo student's annual card has the default rights, unlimited submissions among them:
    // no "submissions left" line.
    expect(await page.getByTestId('practice-quota').count()).toBe(0);
  }, 90_000);

  it('switches to Python, submits a wrong answer and sees WA', async () => {
    const { page } = ui;
    // A laptop screen: the result panel is a fifth of the column, its verdict below the fold.
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.getByLabel('语言').selectOption('python');
    await expect.poll(() => editorText(page)).not.toContain('using namespace std;');
    await typeIntoEditor(page, wrongPy);
    await page.getByRole('button', { name: '提交', exact: true }).click();
    await expect.poll(() => verdictOf(page), { timeout: 60_000 }).toBe('WA');
    const rows = page.getByTestId('practice-cases').locator('tbody tr');
    expect(await rows.locator('[data-verdict="WA"]').count()).toBeGreaterThan(0);
    // Without a click, the panel has scrolled the failing case into view with its verdict, in
    // a live region; at 1366×900 it starts below the verdict line and the per-case table, far
    // below the fold of the 20% result panel. (The demo student's card may or may not show the
    // case's data: either the case or the note saying it is hidden comes into view.)
    const failing = page.locator(
      '[data-testid="practice-failing-case"], [data-testid="practice-failing-case-hidden"]',
    );
    await failing.first().waitFor();
    await expect.poll(() => topOnScreen(failing.first()), { timeout: 10_000 }).toBe(true);
    if ((await page.getByTestId('practice-failing-case').count()) > 0) {
      const heading = page.getByTestId('practice-failing-case').locator('h4');
      await expect.poll(() => visibleOnScreen(heading), { timeout: 10_000 }).toBe(true);
      expect(await heading.locator('[data-verdict]').getAttribute('data-verdict')).toBe('WA');
      await expect
        .poll(() => topOnScreen(page.getByTestId('case-input')), { timeout: 10_000 })
        .toBe(true);
    }
    expect(await page.getByTestId('practice-outcome').getAttribute('aria-live')).toBe('polite');
    const newest = page.getByTestId('practice-history').locator('tbody tr').first();
    await expect.poll(() => newest.locator('td').nth(1).textContent()).toBe('Python');
    expect(ui.pageErrors).toEqual([]);
  }, 90_000);

  it('reopens in the language last used, and keeps the draft of each language', async () => {
    const { page } = ui;
    await page.locator('[data-testid="practice-draft"][data-draft="saved"]').waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'A+B 问题' }).waitFor();
    // Python was the last language used on this question, so it comes back in Python.
    await expect.poll(() => editorText(page)).toContain('def as_int32(x):');
    expect(await page.getByLabel('语言').inputValue()).toBe('python');
    await page.getByLabel('语言').selectOption('cpp');
    await expect.poll(() => editorText(page)).toContain('long long a, b;');
    expect(await sawEnglishLoading(page)).toBe(false);
  }, 60_000);

  it('asks the assistant in a drawer that is a named dialog, closed by a button in Chinese', async () => {
    const { page } = ui;
    await page.getByTestId('ai-launcher').click();
    const drawer = page.getByRole('dialog', { name: 'AI 助手' });
    await drawer.waitFor();
    const close = drawer.getByRole('button', { name: '关闭' });
    expect(await close.getAttribute('title')).toBe('关闭');
    expect(await page.getByRole('button', { name: 'Close' }).count()).toBe(0);
    await close.click();
    await drawer.waitFor({ state: 'detached' });
  }, 60_000);

  it('goes from a question to the rest of the site through the menu in its header', async () => {
    const { page } = ui;
    const header = page.locator('[data-layout="custom"] header');
    for (const name of ['首页', '课程', '考试', '练习场', '活动']) {
      await header.getByRole('link', { name, exact: true }).waitFor();
    }
    await header.getByRole('link', { name: '活动', exact: true }).click();
    await expect.poll(() => page.url()).toMatch(/\/web\/activity$/);
    await page.goBack();
    await page.getByRole('heading', { name: 'A+B 问题' }).waitFor();
    await header.getByRole('link', { name: '课程', exact: true }).click();
    await expect.poll(() => page.url()).toMatch(/\/web\/course\/list$/);
    await page.goBack();
    await page.getByRole('heading', { name: 'A+B 问题' }).waitFor();
  }, 60_000);

  it('answers a true/false question wrong, then right, and sees each verdict', async () => {
    const { page } = ui;
    await page.goto(`${platform.url}/web/play/home`);
    await page
      .getByTestId('objective-list')
      .getByRole('link', { name: /if \(x = 5\)/ })
      .click();
    const screen = page.getByTestId('objective-practice');
    await screen.waitFor();
    // No code or result panels for an objective question.
    expect(await page.getByTestId('practice-editor').count()).toBe(0);
    expect(await screen.getByTestId('practice-statement').first().textContent()).toContain(
      'if (x == 5)',
    );
    const submit = screen.getByRole('button', { name: '提交答案' });
    expect(await submit.isDisabled()).toBe(true);

    await pick(screen, '正确');
    expect(await screen.getByRole('radio', { name: '正确' }).isChecked()).toBe(true);
    await submit.click();
    const verdict = screen.getByTestId('objective-verdict');
    await expect.poll(() => verdict.getAttribute('data-verdict')).toBe('WA');
    expect(await verdict.textContent()).toContain('回答错误');
    expect(await verdict.textContent()).toContain('你的答案：正确');
    // Once answered, the correct answer and the seeded analysis are shown.
    expect(await screen.getByTestId('objective-correct-answer').textContent()).toBe(
      '正确答案：错误',
    );
    expect(await screen.getByTestId('objective-analysis').textContent()).toContain(
      'x == 5 才是比较',
    );

    await pick(screen, '错误');
    // A new pick starts a new attempt: the old verdict goes.
    expect(await verdict.count()).toBe(0);
    await submit.click();
    await expect.poll(() => verdict.getAttribute('data-verdict')).toBe('AC');
    expect(await verdict.textContent()).toContain('回答正确');
    const history = screen.getByTestId('practice-history');
    await expect.poll(() => history.locator('tbody tr').count()).toBe(2);
    expect(await history.locator('[data-verdict="AC"]').count()).toBe(1);
    expect(await history.locator('[data-verdict="WA"]').count()).toBe(1);
    expect(ui.pageErrors).toEqual([]);
  }, 60_000);

  it('answers a multiple-choice question with checkboxes, shown as letters', async () => {
    const { page } = ui;
    await page.goto(`${platform.url}/web/play/home`);
    await page
      .getByTestId('objective-list')
      .getByRole('link', { name: '下列哪些是 C++ 中合法的变量名？' })
      .click();
    const screen = page.getByTestId('objective-practice');
    await screen.waitFor();
    await pick(screen, 'A. _count');
    await pick(screen, 'C. sum_1');
    expect(await screen.getByRole('checkbox', { checked: true }).count()).toBe(2);
    await screen.getByRole('button', { name: '提交答案' }).click();
    const verdict = screen.getByTestId('objective-verdict');
    await expect.poll(() => verdict.getAttribute('data-verdict')).toBe('AC');
    expect(await verdict.textContent()).toContain('你的答案：AC');
    expect(await screen.getByTestId('objective-correct-answer').textContent()).toBe('正确答案：AC');
    // No page asked for anything missing (an icon, an asset) on the way.
    expect(outsideApi(failed)).toEqual([]);
  }, 60_000);

  it('exports a log whose replay reaches every actor’s state, the questions’ own included', async () => {
    const { page } = ui;
    await page.getByTestId('account-menu').click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-log').click(),
    ]);
    const log = parseEventLog(await readFile((await download.path())!, 'utf8'));
    const recorded = Object.keys(log.finalStates ?? {});
    expect(recorded).toEqual(expect.arrayContaining(Object.keys(ROOT_MACHINES)));
    expect(recorded.some((name) => name.startsWith('practice:'))).toBe(true);
    expect(recorded.some((name) => name.startsWith('objective:'))).toBe(true);
    const result = replayLog(log, REPLAY_MACHINES);
    expect(result.skipped).toEqual([]);
    expect(verifyReplay(log, result).filter((verdict) => !verdict.matches)).toEqual([]);
    await page.keyboard.press('Escape');
  });

  it('runs Python in the playground and keeps its draft', async () => {
    const { page } = ui;
    await page.goto(`${platform.url}/web/play/python`);
    await page.getByTestId('playground-python').waitFor();
    await page.getByLabel('自定义输入').fill('21\n');
    await typeIntoEditor(page, 'print(int(input()) * 2)\n');
    // Under load the editor can lag the keyboard: run only once the whole line is in.
    await expect.poll(() => editorText(page)).toContain('print(int(input()) * 2)');
    // The editor's own shortcut runs the code (the hint beside the buttons says so).
    await page.getByText('Ctrl+Enter 运行').waitFor();
    await page.keyboard.press('Control+Enter');
    await expect
      .poll(async () => (await page.getByTestId('practice-stdout').textContent())?.trim(), {
        timeout: 60_000,
      })
      .toBe('42');
    expect(await page.getByRole('button', { name: '提交', exact: true }).count()).toBe(0);
    await page.locator('[data-testid="practice-draft"][data-draft="saved"]').waitFor();
    await page.reload();
    await expect.poll(() => editorText(page)).toContain('print(int(input()) * 2)');
    expect(ui.pageErrors).toEqual([]);
  }, 90_000);
});

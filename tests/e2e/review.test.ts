/**
 * 订正 in Chromium: a wrong answer lands in the play home's 我的错题 list, its 订正 link opens
 * the question in review mode, the correction goes through reviewSubmit (shown as 订正 in the
 * history), and an accepted correction takes the question off the list. Objective and
 * programming questions; a correction with nothing to correct is refused with a toast.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPlatform } from '../support/platform.ts';
import { logInAs, startPlatformAndBrowser, type TestBrowser } from './browser.ts';
import { pick, typeIntoEditor, verdictOf } from './practice-page.ts';

const A_PLUS_B = path.resolve(import.meta.dirname, '../../seed/problems/01-a-plus-b');
const refPy = await readFile(path.join(A_PLUS_B, 'solutions/ref.py'), 'utf8');
const wrongPy = await readFile(path.join(A_PLUS_B, 'solutions/wrong.py'), 'utf8');

const TRUE_FALSE = /if \(x = 5\)/;
const MULTIPLE = '下列哪些是 C++ 中合法的变量名？';

describe('订正 from 我的错题 in Chromium', () => {
  let platform: TestPlatform;
  let ui: TestBrowser;

  /**
   * The play home, reached as a learner does, without reloading (so the practice actors of
   * questions already opened are kept): from a question by its back link, elsewhere by the top
   * navigation (the play home's own layout has none).
   */
  async function toPlayHome(page: Page): Promise<void> {
    if (new URL(page.url()).pathname === '/web/play/home') return;
    const back = page.getByTestId('practice-back');
    if (await back.count()) await back.click();
    else await page.getByRole('navigation').getByRole('link', { name: '练习场' }).first().click();
    await page.getByRole('tablist').waitFor();
  }

  /** The play home's 题库 tab. */
  async function openProblems(page: Page): Promise<void> {
    await toPlayHome(page);
    await page.getByRole('tab', { name: '题库' }).click();
  }

  /** The play home's 我的错题 tab; its address says so. */
  async function openWrongList(page: Page): Promise<Locator> {
    await toPlayHome(page);
    await page.getByRole('tab', { name: /我的错题/ }).click();
    expect(page.url()).toMatch(/[?&]tab=wrong/);
    return page.getByRole('tabpanel');
  }

  beforeAll(async () => {
    ({ platform, ui } = await startPlatformAndBrowser({ judgeWorkers: 1 }));
    await ui.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: platform.url,
    });
    const { page } = ui;
    await logInAs(page, platform, platform.accounts.student);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([ui?.close(), platform?.stop()]);
  });

  it('starts with an empty wrong list and every question 未做', async () => {
    const { page } = ui;
    const panel = await openWrongList(page);
    await panel.getByText('暂无错题').waitFor();
    expect(await page.getByTestId('wrong-list').count()).toBe(0);
    await page.getByRole('tab', { name: '题库' }).click();
    const row = page.getByTestId('problem-list').locator('tr', { hasText: 'A+B 问题' });
    await expect
      .poll(() => row.locator('[data-progress]').getAttribute('data-progress'))
      .toBe('untried');
    expect(await row.locator('[data-progress]').textContent()).toBe('未做');
  });

  it('refuses a correction of a question never answered, and the screen stays usable', async () => {
    const { page } = ui;
    const link = page.getByTestId('objective-list').getByRole('link', { name: MULTIPLE });
    const href = await link.getAttribute('href');
    await page.goto(`${platform.url}${href}&mode=review`);
    const screen = page.getByTestId('objective-practice');
    await screen.waitFor();
    await pick(screen, 'A. _count');
    await screen.getByRole('button', { name: '提交订正' }).click();
    await expect.poll(async () => page.getByTestId('toasts').textContent()).toContain('无需订正');
    expect(await screen.getByTestId('objective-verdict').count()).toBe(0);
    // The choice stays and can be sent again.
    expect(await screen.getByRole('checkbox', { name: 'A. _count' }).isChecked()).toBe(true);
    expect(await screen.getByRole('button', { name: '提交订正' }).isEnabled()).toBe(true);
  });

  it('answers a true/false question wrong and finds it under 我的错题', async () => {
    const { page } = ui;
    await openProblems(page);
    await page.getByTestId('objective-list').getByRole('link', { name: TRUE_FALSE }).click();
    const screen = page.getByTestId('objective-practice');
    await screen.waitFor();
    expect(await screen.getByTestId('review-hint').count()).toBe(0);
    await pick(screen, '正确');
    await screen.getByRole('button', { name: '提交答案' }).click();
    const verdict = screen.getByTestId('objective-verdict');
    await expect.poll(() => verdict.getAttribute('data-verdict')).toBe('WA');

    const panel = await openWrongList(page);
    const row = panel.getByTestId('wrong-list').locator('tbody tr');
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain('if (x = 5)');
    expect(await row.textContent()).toContain('判断题');
    expect(await row.locator('[data-verdict="WA"]').textContent()).toBe('回答错误');
    // The time of the verdict, as a date and time.
    expect(await row.textContent()).toMatch(/\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}/);
    // The tab carries the count.
    expect(await page.getByRole('tab', { name: /我的错题/ }).textContent()).toContain('1');
  });

  it('corrects it from the list, sees 回答正确, and the question leaves the list', async () => {
    const { page } = ui;
    const panel = page.getByRole('tabpanel');
    await panel.getByRole('link', { name: '订正', exact: true }).click();
    expect(page.url()).toMatch(/\/web\/question\/detail\?id=\d+&mode=review$/);
    const screen = page.getByTestId('objective-practice');
    await screen.waitFor();
    expect(await screen.getByTestId('review-hint').textContent()).toContain(
      '订正记录单独统计，不影响首次提交成绩',
    );
    // A fresh attempt: the first answer's verdict is not carried over.
    expect(await screen.getByTestId('objective-verdict').count()).toBe(0);
    await pick(screen, '错误');
    await screen.getByRole('button', { name: '提交订正' }).click();
    const verdict = screen.getByTestId('objective-verdict');
    await expect.poll(() => verdict.getAttribute('data-verdict')).toBe('AC');
    expect(await verdict.textContent()).toContain('回答正确');
    // Both attempts in the history, the correction tagged 订正.
    const history = screen.getByTestId('practice-history');
    await expect.poll(() => history.locator('tbody tr').count()).toBe(2);
    const review = history.locator('tbody tr').first();
    expect(await review.locator('[data-kind="review"]').textContent()).toBe('订正');
    expect(await review.locator('[data-verdict="AC"]').count()).toBe(1);
    expect(await history.locator('tbody tr').nth(1).locator('[data-kind]').count()).toBe(0);

    const list = await openWrongList(page);
    await list.getByText('暂无错题').waitFor();
    await page.getByRole('tab', { name: '题库' }).click();
    const row = page.getByTestId('objective-list').locator('tr', { hasText: 'if (x = 5)' });
    // The status column revalidates when its list comes back on screen (stale while it does).
    await expect.poll(() => row.locator('[data-progress]').textContent()).toBe('已通过');
    expect(ui.pageErrors).toEqual([]);
  }, 60_000);

  it('submits a wrong Python solution to A+B and finds it under 我的错题 as WA', async () => {
    const { page } = ui;
    await page.getByTestId('problem-list').getByRole('link', { name: 'A+B 问题' }).click();
    await page.getByRole('heading', { name: 'A+B 问题' }).waitFor();
    await page.getByTestId('practice-editor').locator('.monaco-editor').first().waitFor();
    await page.getByLabel('语言').selectOption('python');
    await typeIntoEditor(page, wrongPy);
    await page.getByRole('button', { name: '提交', exact: true }).click();
    await expect.poll(() => verdictOf(page), { timeout: 60_000 }).toBe('WA');
    await page.locator('[data-testid="practice-draft"][data-draft="saved"]').waitFor();

    const panel = await openWrongList(page);
    const row = panel.getByTestId('wrong-list').locator('tr', { hasText: 'A+B 问题' });
    await row.waitFor();
    expect(await row.locator('[data-verdict]').getAttribute('data-verdict')).toBe('WA');
    expect(await row.textContent()).toContain('编程题');
    await page.getByRole('tab', { name: '题库' }).click();
    const listed = page.getByTestId('problem-list').locator('tr', { hasText: 'A+B 问题' });
    await expect.poll(() => listed.locator('[data-progress]').textContent()).toBe('未通过');
  }, 90_000);

  it('corrects A+B with a right Python solution from the list and sees AC', async () => {
    const { page } = ui;
    const panel = await openWrongList(page);
    await panel
      .getByTestId('wrong-list')
      .locator('tr', { hasText: 'A+B 问题' })
      .getByRole('link', { name: '订正', exact: true })
      .click();
    await page.getByRole('heading', { name: 'A+B 问题' }).waitFor();
    expect(page.url()).toMatch(/mode=review$/);
    await page.getByTestId('review-hint').waitFor();
    // Back in the language last used, with the wrong solution to correct.
    await expect.poll(() => page.getByLabel('语言').inputValue()).toBe('python');
    expect(await page.getByRole('button', { name: '提交', exact: true }).count()).toBe(0);
    await typeIntoEditor(page, refPy);
    await page.getByRole('button', { name: '提交订正' }).click();
    await expect.poll(() => verdictOf(page), { timeout: 60_000 }).toBe('AC');
    expect(await page.getByTestId('practice-result').getAttribute('data-kind')).toBe('review');
    const cases = page.getByTestId('practice-cases').locator('tbody tr');
    expect(await cases.locator('[data-verdict="AC"]').count()).toBe(await cases.count());
    const history = page.getByTestId('practice-history');
    await expect.poll(() => history.locator('tbody tr').count()).toBe(2);
    expect(await history.locator('tbody tr').first().locator('[data-kind="review"]').count()).toBe(
      1,
    );

    const list = await openWrongList(page);
    await list.getByText('暂无错题').waitFor();
    await page.getByRole('tab', { name: '题库' }).click();
    const listed = page.getByTestId('problem-list').locator('tr', { hasText: 'A+B 问题' });
    await expect.poll(() => listed.locator('[data-progress]').textContent()).toBe('已通过');
    expect(ui.pageErrors).toEqual([]);
  }, 90_000);
});

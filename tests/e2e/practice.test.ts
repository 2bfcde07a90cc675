import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPlatform } from '../support/platform.ts';
import { startPlatformAndBrowser, type TestBrowser } from './browser.ts';

const A_PLUS_B = path.resolve(import.meta.dirname, '../../seed/problems/01-a-plus-b');
const refCpp = await readFile(path.join(A_PLUS_B, 'solutions/ref.cpp'), 'utf8');
const wrongPy = await readFile(path.join(A_PLUS_B, 'solutions/wrong.py'), 'utf8');
const caseCount = (await readdir(path.join(A_PLUS_B, 'tests'))).filter((f) =>
  f.endsWith('.in'),
).length;

/** Replaces the editor's text as a learner would: focus, select all, type. */
async function typeIntoEditor(page: Page, source: string): Promise<void> {
  const editor = page.getByTestId('practice-editor').locator('.monaco-editor').first();
  await editor.waitFor();
  await editor.locator('.view-lines').click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  // Pasted, as a learner brings in code: typing would let Monaco auto-indent every new line.
  await page.evaluate((text) => navigator.clipboard.writeText(text), source);
  await page.keyboard.press('Control+V');
}

/** The editor's visible text, with Monaco's non-breaking spaces made plain. */
const editorText = async (page: Page): Promise<string> =>
  (
    (await page.getByTestId('practice-editor').locator('.view-lines').textContent()) ?? ''
  ).replaceAll('\u00a0', ' ');

const verdictOf = (page: Page) =>
  page
    .getByTestId('practice-result')
    .locator('p [data-verdict]')
    .first()
    .getAttribute('data-verdict');

describe('practising a problem in Chromium: run, submit, switch language', () => {
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
    // The default C++ template is in the editor.
    await expect.poll(() => editorText(page)).toContain('using namespace std;');
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

  it('submits a correct C++ solution and sees AC on every case', async () => {
    const { page } = ui;
    await page.getByRole('button', { name: '提交', exact: true }).click();
    await page.getByTestId('practice-status').waitFor();
    await page.getByTestId('practice-cases').waitFor({ timeout: 60_000 });
    expect(await verdictOf(page)).toBe('AC');
    const rows = page.getByTestId('practice-cases').locator('tbody tr');
    expect(await rows.count()).toBe(caseCount);
    expect(await rows.locator('[data-verdict="AC"]').count()).toBe(caseCount);
    // The submission is in the history.
    await page.getByTestId('practice-history').locator('[data-verdict="AC"]').first().waitFor();
  }, 90_000);

  it('switches to Python, submits a wrong answer and sees WA', async () => {
    const { page } = ui;
    await page.getByLabel('语言').selectOption('python');
    await expect.poll(() => editorText(page)).not.toContain('using namespace std;');
    await typeIntoEditor(page, wrongPy);
    await page.getByRole('button', { name: '提交', exact: true }).click();
    await expect.poll(() => verdictOf(page), { timeout: 60_000 }).toBe('WA');
    const rows = page.getByTestId('practice-cases').locator('tbody tr');
    expect(await rows.locator('[data-verdict="WA"]').count()).toBeGreaterThan(0);
    expect(ui.pageErrors).toEqual([]);
  }, 90_000);

  it('restores the draft of each language on return', async () => {
    const { page } = ui;
    await page.locator('[data-testid="practice-draft"][data-draft="saved"]').waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'A+B 问题' }).waitFor();
    await expect.poll(() => editorText(page)).toContain('long long a, b;');
    await page.getByLabel('语言').selectOption('python');
    await expect.poll(() => editorText(page)).toContain('def as_int32(x):');
  }, 60_000);

  it('runs Python in the playground and keeps its draft', async () => {
    const { page } = ui;
    await page.goto(`${platform.url}/web/play/python`);
    await page.getByTestId('playground-python').waitFor();
    await page.getByLabel('自定义输入').fill('21\n');
    await typeIntoEditor(page, 'print(int(input()) * 2)\n');
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

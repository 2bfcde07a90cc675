/**
 * Issue 14 in Chromium against the real server: a coach writes a file-I/O programming question
 * in the editor (a refused save keeps what was typed and names the field), uploads its test
 * data as a zip after checking the preview, publishes it from the question bank's list, and a
 * student sees on the practice page which files the program must open. Both sessions' event
 * logs replay exactly.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { zipSync, strToU8 } from 'fflate';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEventLog } from '../../src/streams/event-log-file.ts';
import { replayLog, verifyReplay } from '../../src/streams/replay.ts';
import { REPLAY_MACHINES } from '../../src/ui/app/root-machines.ts';
import { TEST_TMP_ROOT, type TestPlatform } from '../support/platform.ts';
import { launchBrowser, logInAs, startPlatformAndBrowser, type TestBrowser } from './browser.ts';
import { pick } from './practice-page.ts';

const TITLE = '文件求和（浏览器）';

/** Exports the page's event log and replays it; every actor must end where the page did. */
async function replaysExactly(page: Page) {
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
  return verdicts;
}

describe('a coach brings a file-I/O problem and a student sees how to read it', () => {
  let platform: TestPlatform;
  let ui: TestBrowser;
  let dir: string;
  let questionId = 0;

  beforeAll(async () => {
    ({ platform, ui } = await startPlatformAndBrowser());
    dir = await mkdtemp(path.join(TEST_TMP_ROOT, 'question-editor-'));
  }, 120_000);

  afterAll(async () => {
    await Promise.all([ui?.close(), platform?.stop(), dir && rm(dir, { recursive: true })]);
  });

  it('the coach creates the question, is refused once, uploads its cases and publishes it', async () => {
    const staff = await launchBrowser();
    try {
      const desk = staff.page;
      await logInAs(desk, platform, platform.accounts.teacher);
      // The session is known late (as on a loaded server): the back office's menu and the
      // editor render before it. The first save once swapped the layout's read of the role for
      // one not yet made, put the layout back to its spinner and threw away the typed form.
      await desk.route('**/xinao/api/queryCurrent', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        await route.continue();
      });
      await desk.goto(`${platform.url}/web/manage/questions/edit`);
      await desk.getByRole('heading', { name: '新建题目' }).waitFor();
      await desk.unroute('**/xinao/api/queryCurrent');
      await desk.getByLabel('标题', { exact: true }).fill(TITLE);
      await desk
        .getByLabel('题面（Markdown）')
        .fill('## 题目描述\n\n从文件读入两个整数 $a, b$，把 $a+b$ 写入文件。');
      await desk.getByTestId('markdown-preview').getByText('题目描述').waitFor();
      await desk.getByLabel('标签').fill('文件输入输出, 入门');
      await pick(desk.locator('body'), '文件输入输出');
      await desk.getByLabel('输入文件名').fill('sum.in');
      // The same name twice: the server refuses and names the output file's box.
      await desk.getByLabel('输出文件名').fill('sum.in');
      await desk.getByRole('button', { name: '添加样例' }).click();
      await desk.getByLabel('输入', { exact: true }).fill('1 2\n');
      await desk.getByLabel('输出', { exact: true }).fill('3\n');
      await desk.getByTestId('qe-save').click();
      const refusal = desk.locator('[data-field-error="io.output"]');
      await refusal.waitFor();
      expect(await refusal.textContent()).toContain('输出文件名不能与输入文件名相同');
      expect(await desk.getByLabel('标题', { exact: true }).inputValue()).toBe(TITLE);
      expect(await desk.getByLabel('输入', { exact: true }).inputValue()).toBe('1 2\n');

      await desk.getByLabel('输出文件名').fill('sum.out');
      await desk.getByTestId('qe-save').click();
      await desk.waitForURL(/questions\/edit\?id=\d+/);
      questionId = Number(new URL(desk.url()).searchParams.get('id'));
      await desk.getByRole('heading', { name: new RegExp(`编辑题目 #${questionId}`) }).waitFor();
      await desk.getByText('当前共 0 个测试点').waitFor();

      // Test data: a zip of N.in/N.out, previewed, then the cases replaced by it.
      const zipPath = path.join(dir, 'sum-cases.zip');
      await writeFile(
        zipPath,
        zipSync({
          '1.in': strToU8('1 2\n'),
          '1.out': strToU8('3\n'),
          '2.in': strToU8('40 2\n'),
          '2.out': strToU8('42\n'),
          '3.in': strToU8('-5 5\n'),
          '3.out': strToU8('0\n'),
        }),
      );
      await desk.getByLabel('测试数据压缩包').setInputFiles(zipPath);
      const preview = desk.getByTestId('qe-zip-preview');
      await preview.getByText('压缩包含 3 个测试点（输入共 14 字节，输出共 7 字节）').waitFor();
      expect(await preview.locator('tbody tr').count()).toBe(3);
      await desk.getByRole('button', { name: '用这 3 个测试点替换当前的 0 个' }).click();
      await desk.getByText('已替换，现在共 3 个测试点').waitFor();
      await desk.getByText('当前共 3 个测试点').waitFor();

      // Published from the bank's list, where the editor's back link leads.
      await desk.getByRole('link', { name: '← 返回题库' }).click();
      const row = desk.getByTestId('staff-question').filter({ hasText: TITLE });
      await row.getByTestId('question-publish').click();
      await expect.poll(() => row.textContent()).toContain('已上架');

      const verdicts = await replaysExactly(desk);
      expect(verdicts.some((v) => v.actor === 'staffEdit')).toBe(true);
      expect(staff.pageErrors).toEqual([]);
    } finally {
      await staff.close();
    }
  }, 120_000);

  it('the student reads which files the program must open, beside the limits', async () => {
    const { page } = ui;
    await logInAs(page, platform, platform.accounts.student);
    await page.goto(`${platform.url}/web/question/detail?id=${questionId}`);
    const mode = page.getByTestId('question-io-mode');
    await mode.waitFor();
    expect(await mode.textContent()).toContain('文件输入输出：从 sum.in 读入，输出到 sum.out');
    expect(await mode.textContent()).toContain('freopen("sum.in", "r", stdin)');
    await page.getByText('时间限制 1000 ms').waitFor();
    await replaysExactly(page);
    expect(ui.pageErrors).toEqual([]);
  }, 60_000);
});

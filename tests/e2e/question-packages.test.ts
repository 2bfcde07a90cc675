/**
 * Issue 14's import preview in Chromium against the real server: platform staff open the
 * question bank, choose a Hydro zip built from Hydro's documented layout, read the preview
 * (title, limits, case count, checker, subtasks), import it and find the new question in the
 * list; a malformed package is refused with a message naming the file and adds nothing; the new
 * question exported as a Hydro zip reads back to the same title, and as FPS XML lists what FPS
 * cannot carry. The staff member's event log replays exactly.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { question } from '../../src/contract/question/calls.ts';
import { readPackage } from '../../src/judge/packages/read.ts';
import { parseEventLog } from '../../src/streams/event-log-file.ts';
import { replayLog, verifyReplay } from '../../src/streams/replay.ts';
import type { Transport } from '../../src/transport/client.ts';
import { REPLAY_MACHINES } from '../../src/ui/app/root-machines.ts';
import { hydroPackage, zip } from '../support/packages.ts';
import type { TestPlatform } from '../support/platform.ts';
import { loginAs } from '../support/sessions.ts';
import { logInAs, startPlatformAndBrowser, type TestBrowser } from './browser.ts';

/** problem.yaml's title in tests/support/packages.ts hydroPackage(). */
const TITLE = '包导入：求和（Hydro）';

describe('platform staff bring a Hydro package into the bank and take it out again', () => {
  let platform: TestPlatform;
  let ui: TestBrowser;
  let admin: Transport;

  /** How many questions of the platform bank carry `title` (read over the API). */
  const countTitled = async (title: string) =>
    (
      await admin.call(question['bms.question.queryList'], {
        query: { size: 50 },
        body: { keyword: title },
      })
    ).content.filter((q) => q.title === title).length;

  beforeAll(async () => {
    ({ platform, ui } = await startPlatformAndBrowser());
    admin = (await loginAs(platform, 'admin')).api;
  }, 120_000);

  afterAll(async () => {
    await Promise.all([ui?.close(), platform?.stop()]);
  });

  it('previews the package, imports it, and finds the question in the list', async () => {
    const { page } = ui;
    await logInAs(page, platform, platform.accounts.admin);
    await page.goto(`${platform.url}/web/admin/questions`);
    await page.getByTestId('staff-questions').waitFor();
    expect(await countTitled(TITLE)).toBe(0);

    await page.getByTestId('question-import-open').click();
    const dialog = page.getByRole('dialog', { name: '导入题目包' });
    await dialog.getByLabel('题目包文件').setInputFiles({
      name: 'hydro-sum.zip',
      mimeType: 'application/zip',
      buffer: hydroPackage(),
    });
    const row = dialog.getByTestId('package-problem');
    await row.waitFor();
    expect(await dialog.getByTestId('package-summary').textContent()).toBe('Hydro 格式，共 1 题');
    expect(await row.textContent()).toContain(TITLE);
    expect(await row.getByTestId('package-limits').textContent()).toBe('1000 ms / 256 MiB');
    expect(await row.getByTestId('package-cases').textContent()).toContain('3 个');
    expect(await row.getByTestId('package-checker').textContent()).toBe('忽略行末空白比较');
    expect(await row.getByTestId('package-io').textContent()).toContain('标准输入输出');
    expect(await row.textContent()).toContain('子任务 2 个，共 100 分');
    // The picker names the file chosen.
    await dialog.getByText('hydro-sum.zip').waitFor();

    await dialog.getByTestId('package-import').click();
    await dialog.getByTestId('package-imported').waitFor();
    await page.getByTestId('toasts').getByText('已导入 1 道题目').waitFor();
    await dialog.getByRole('button', { name: '关闭' }).click();
    await dialog.waitFor({ state: 'detached' });
    const listed = page.getByTestId('staff-question').filter({ hasText: TITLE });
    await listed.waitFor();
    // Imported as a draft, published from the list.
    expect(await listed.textContent()).toContain('草稿');
    expect(await countTitled(TITLE)).toBe(1);
    expect(ui.pageErrors).toEqual([]);
  });

  it('refuses a malformed package with a message naming the file, and adds nothing', async () => {
    const { page } = ui;
    const before = (
      await admin.call(question['bms.question.queryList'], { query: { size: 1 }, body: {} })
    ).totalElements;
    await page.getByTestId('question-import-open').click();
    const dialog = page.getByRole('dialog', { name: '导入题目包' });
    await dialog.getByLabel('题目包文件').setInputFiles({
      name: 'broken-package.zip',
      mimeType: 'application/zip',
      buffer: zip({ 'readme.txt': new TextEncoder().encode('这不是题目包') }),
    });
    const error = dialog.getByTestId('package-error');
    await error.waitFor();
    expect(await error.textContent()).toContain('broken-package.zip');
    expect(await error.textContent()).toContain('不是可识别的题目包');
    expect(await dialog.getByTestId('package-preview').count()).toBe(0);
    expect(await dialog.getByTestId('package-import').isDisabled()).toBe(true);
    // The file stays chosen until another is picked.
    await dialog.getByText('broken-package.zip', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: '关闭' }).click();
    await dialog.waitFor({ state: 'detached' });
    const after = (
      await admin.call(question['bms.question.queryList'], { query: { size: 1 }, body: {} })
    ).totalElements;
    expect(after).toBe(before);
  });

  it('exports the new question as a Hydro zip that reads back to the same problem', async () => {
    const { page } = ui;
    // A click event on the box itself: Blueprint's indicator covers the input, and the sticky
    // top bar may cover the row once it is scrolled to the top.
    await page.getByLabel(`选择「${TITLE}」以导出`).dispatchEvent('click');
    await page.getByTestId('question-export-bar').getByText('已选 1 题').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('question-export-hydro').click(),
    ]);
    const bytes = await readFile((await download.path())!);
    const read = readPackage(bytes, download.suggestedFilename());
    expect(read.format).toBe('hydro');
    expect(read.problems.map((p) => p.meta.title)).toEqual([TITLE]);
    expect(read.problems[0]!.cases).toHaveLength(3);
    await page.getByTestId('question-exported').waitFor();

    // FPS has no subtasks: the screen says so rather than dropping them silently.
    const [fps] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('question-export-fps').click(),
    ]);
    expect(readPackage(await readFile((await fps.path())!), fps.suggestedFilename()).format).toBe(
      'fps',
    );
    const losses = page.getByTestId('question-export-losses');
    await losses.waitFor();
    expect(await losses.textContent()).toContain('FPS 没有子任务');
    expect(ui.pageErrors).toEqual([]);
  });

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
    expect(verdicts.some((v) => v.actor === 'questionPackages')).toBe(true);
    expect(verdicts.filter((v) => !v.matches)).toEqual([]);
    expect(result.skipped).toEqual([]);
    // The exports' answers are logged by name and size, without their bytes.
    const exports = log.entries.filter(
      (e) => e.kind === 'response' && e.callId === 'bms.question.exportPackage',
    );
    expect(exports).toHaveLength(2);
    for (const entry of exports) {
      expect(entry).toMatchObject({ data: { size: expect.any(Number) } });
      expect(JSON.stringify(entry)).not.toContain('bytes');
    }
    // The chosen files are in the log by name (their bytes are not).
    const previews = log.entries.filter(
      (e) => e.kind === 'event' && e.actor === 'questionPackages' && e.event.type === 'PREVIEW',
    );
    expect(previews.map((e) => (e.kind === 'event' ? e.event.fileName : null))).toEqual([
      'hydro-sum.zip',
      'broken-package.zip',
    ]);
  });
});

import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../src/server/seed/demo-data.ts';
import { REPLAY_MACHINES, ROOT_MACHINES } from '../../src/ui/app/root-machines.ts';
import { parseEventLog } from '../../src/streams/event-log-file.ts';
import { replayLog, replaySteps, verifyReplay } from '../../src/streams/replay.ts';
import type { TestPlatform } from '../support/platform.ts';
import { startPlatformAndBrowser, type TestBrowser } from './browser.ts';

/**
 * QA's export and replay end to end (docs/architecture.md, "The event log and replay"): a real
 * session in Chromium against the real server (dismiss the notice, overflow the toast queue, log
 * in), exported from the account menu, then folded in Node through the machines' pure transitions —
 * no network, no timers — to exactly the states the live actors had when the log was exported.
 */
describe('QA: record a session in the browser and replay its event log', () => {
  let platform: TestPlatform;
  let ui: TestBrowser;

  beforeAll(async () => {
    ({ platform, ui } = await startPlatformAndBrowser());
  });

  afterAll(async () => {
    await Promise.all([ui?.close(), platform?.stop()]);
  });

  it('replays the exported log to the states the live app had', async () => {
    const { page } = ui;
    await page.goto(`${platform.url}/web/`);

    const notice = page.getByTestId('rolling-notice');
    await notice.waitFor();
    await notice.getByRole('button').click();
    await notice.waitFor({ state: 'detached' });

    // A flaky gateway in front of the captcha: seven refreshes, seven distinct failures, each
    // a red 提示 toast. Five are visible at once, the rest wait in the queue.
    const statuses = [500, 502, 503, 504, 507, 508, 511];
    let failures = 0;
    await page.route('**/xinao/api/getImageCaptcha**', (route) =>
      route.fulfill({
        status: statuses[failures++ % statuses.length]!,
        contentType: 'text/plain',
        body: 'gateway trouble',
      }),
    );
    await page.getByTestId('login-button').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('tab', { name: '注册新账号' }).click();
    const captcha = dialog.getByTestId('captcha-image');
    await expect.poll(() => failures).toBe(1);
    while (failures < statuses.length) {
      const before = failures;
      await captcha.click();
      await expect.poll(() => failures).toBe(before + 1);
    }
    const toasts = page.getByTestId('toasts').locator('[data-toast-id]');
    await expect.poll(() => toasts.count()).toBe(5);
    expect(await page.getByTestId('toasts').textContent()).toContain(
      'Request failed with status code 500',
    );
    await page.unroute('**/xinao/api/getImageCaptcha**');

    const student = platform.accounts.student;
    await dialog.getByRole('tab', { name: '密码登录' }).click();
    await dialog.getByLabel('用户名').fill(student.username);
    await dialog.getByLabel('密码', { exact: true }).fill(student.password);
    await dialog.getByRole('button', { name: '登录' }).click();
    await dialog.waitFor({ state: 'detached' });
    const account = page.getByTestId('account-menu');
    await expect.poll(() => account.textContent()).toBe(DEMO_ACCOUNTS.student.nickname);

    await account.click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-log').click(),
    ]);
    const file = (await download.path())!;
    const text = await readFile(file, 'utf8');
    expect(text).not.toContain(student.password);
    const log = parseEventLog(text);

    // Every root actor replays to exactly the state and context recorded at export time.
    const result = replayLog(log, REPLAY_MACHINES);
    const verdicts = verifyReplay(log, result);
    expect(verdicts.length).toBe(Object.keys(ROOT_MACHINES).length);
    expect(verdicts.filter((v) => !v.matches)).toEqual([]);
    expect(result.skipped).toEqual([]);

    // …and those states are the session we just had.
    expect(result.snapshots.rollingNotice?.value).toBe('hidden');
    expect(result.snapshots.loginDialog?.value).toBe('closed');
    const user = (result.snapshots.startup?.context as { user: { nickname: string } | null }).user;
    expect(user?.nickname).toBe(DEMO_ACCOUNTS.student.nickname);
    const overflow = replaySteps(log, REPLAY_MACHINES).filter((step) => {
      const queue = step.context as { visible?: unknown[]; queued?: unknown[] };
      return step.actor === 'toastQueue' && queue.visible?.length === 5 && queue.queued?.length;
    });
    expect(overflow.length).toBeGreaterThan(0);

    // The QA replay view reaches the same verdict in the browser.
    await page.goto(`${platform.url}/web/replay`);
    await page.locator('input[type="file"]').setInputFiles(file);
    const verdict = page.getByTestId('replay-verdict');
    await expect.poll(() => verdict.textContent()).toContain('回放与导出时的状态一致');
    expect(ui.pageErrors).toEqual([]);
  });
});

/**
 * Headless Chromium for the browser tests (docs/decisions/testing-and-tooling.md, "Browser tests
 * on Debian's Chromium"): Debian's chromium driven by playwright-core, one per test worker, and a
 * fresh context (cookies, storage, cache) for each person a test plays.
 */
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { parseEventLog } from '../../src/streams/event-log-file.ts';
import { replayLog, verifyReplay } from '../../src/streams/replay.ts';
import { REPLAY_MACHINES } from '../../src/ui/app/root-machines.ts';
import { startTestPlatform, type TestPlatform } from '../support/platform.ts';
import { freshClientIp } from '../support/api.ts';

export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const BUILT_INDEX = path.resolve(import.meta.dirname, '../../dist/web/index.html');

/** The browser tests exercise the production build; `npm test` builds before vitest runs. */
export function assertWebBuilt(): void {
  if (!existsSync(BUILT_INDEX)) {
    throw new Error('dist/web is missing: run `npx vite build` before the browser tests');
  }
}

export interface TestBrowser {
  context: BrowserContext;
  page: Page;
  /** Uncaught page errors and console errors seen so far. */
  pageErrors: string[];
  close(): Promise<void>;
}

/**
 * The worker's Chromium, launched on first use and kept from one test file to the next (the
 * project shares a worker's modules: vitest.config.ts). Launching one per person cost about a
 * second each, 62 times a run; a context costs a few milliseconds and is as separate a device
 * (its own cookies, storage, cache and window). A browser that died is launched again.
 */
let workerChromium: Promise<Browser> | null = null;

async function chromiumOfWorker(): Promise<Browser> {
  const running = await workerChromium?.catch(() => null);
  if (running?.isConnected()) return running;
  workerChromium = chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    headless: true,
  });
  return workerChromium;
}

/** A person's own device: a fresh browser context in the worker's Chromium. */
export async function launchBrowser(): Promise<TestBrowser> {
  const context = await (
    await chromiumOfWorker()
  ).newContext({
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    // Menus and dialogs then appear without their scale-in, so a click's press and release
    // land on the same item even when the page paints slowly (src/ui/styles/app.css).
    reducedMotion: 'reduce',
    // Each browser is another person's device: an address of its own, as rate limits count
    // per address (the test platform trusts X-Forwarded-For, tests/support/platform.ts).
    extraHTTPHeaders: { 'x-forwarded-for': freshClientIp() },
  });
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => {
    // An HTTP error answer (401 for a visitor's current-user call) is logged by the browser
    // itself; that is expected traffic, not an app error.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      pageErrors.push(message.text());
    }
  });
  return {
    context,
    page,
    pageErrors,
    close: () => context.close(),
  };
}

/**
 * The real platform and a browser, started side by side. If either fails the other is stopped
 * again, so a failed start leaves no Postgres, Chromium or temp directory behind.
 */
export async function startPlatformAndBrowser(
  platformOptions: Parameters<typeof startTestPlatform>[0] = {},
): Promise<{
  platform: TestPlatform;
  ui: TestBrowser;
}> {
  assertWebBuilt();
  const [platform, ui] = await Promise.allSettled([
    startTestPlatform(platformOptions),
    launchBrowser(),
  ]);
  if (platform.status === 'fulfilled' && ui.status === 'fulfilled') {
    return { platform: platform.value, ui: ui.value };
  }
  await Promise.all([
    platform.status === 'fulfilled' ? platform.value.stop() : undefined,
    ui.status === 'fulfilled' ? ui.value.close() : undefined,
  ]);
  throw platform.status === 'rejected' ? platform.reason : (ui as PromiseRejectedResult).reason;
}

/** Logs `who` in from the home page's login dialog, as a learner or staff member does. */
/** The page is signed in as `username`: its account menu shows, and 我的账号 names them. */
export async function expectSignedInAs(
  page: Page,
  platform: TestPlatform,
  username: string,
): Promise<void> {
  await page.getByTestId('account-menu').waitFor();
  await page.goto(`${platform.url}/web/user/accout`);
  await page.getByTestId('account-details').getByText(username).waitFor();
}

export async function logInAs(
  page: Page,
  platform: { url: string },
  who: { username: string; password: string },
): Promise<void> {
  await page.goto(`${platform.url}/web/`);
  await page.getByTestId('login-button').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('用户名').fill(who.username);
  await dialog.getByLabel('密码', { exact: true }).fill(who.password);
  await dialog.getByRole('button', { name: '登录' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/**
 * The session's event log as a person exports it (account menu → 导出日志), replayed through the
 * pure machines: each journey then says which actors it expects and that every verdict matches.
 */
export async function exportAndReplay(page: Page) {
  await page.getByTestId('account-menu').click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('export-log').click(),
  ]);
  await page.keyboard.press('Escape');
  const log = parseEventLog(await fs.readFile((await download.path())!, 'utf8'));
  const result = replayLog(log, REPLAY_MACHINES);
  return { log, result, verdicts: verifyReplay(log, result) };
}

/**
 * The session's exported event log replays exactly: every verdict matches, nothing skipped, and
 * each of `actors` (the machines the journey drove) is among what was replayed. Answers the
 * replay, for a journey that checks more of it.
 */
export async function expectLogReplays(
  page: Page,
  actors: readonly string[] = [],
): Promise<Awaited<ReturnType<typeof exportAndReplay>>> {
  const replay = await exportAndReplay(page);
  const { result, verdicts } = replay;
  for (const actor of actors)
    expect(
      verdicts.some((v) => v.actor === actor),
      actor,
    ).toBe(true);
  expect(verdicts.filter((v) => !v.matches)).toEqual([]);
  expect(result.skipped).toEqual([]);
  return replay;
}

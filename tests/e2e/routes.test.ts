import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../src/server/seed/demo-data.ts';
import type { TestPlatform } from '../support/platform.ts';
import { startPlatformAndBrowser, type TestBrowser } from './browser.ts';

describe('routes in Chromium: redirects, 404, must-login, chunk failures', () => {
  let platform: TestPlatform;
  let ui: TestBrowser;
  const web = (path: string) => `${platform.url}/web${path}`;

  beforeAll(async () => {
    ({ platform, ui } = await startPlatformAndBrowser());
  });

  afterAll(async () => {
    await Promise.all([ui?.close(), platform?.stop()]);
  });

  it('redirects /login to the home page and /course to the course list', async () => {
    const { page } = ui;
    await page.goto(web('/login'));
    // The router writes the home address of the /web basename as /web.
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/web\/?$/);
    await page.getByTestId('public-classes').waitFor();

    await page.goto(web('/course'));
    await expect.poll(() => new URL(page.url()).pathname).toBe('/web/course/list');
    await page.getByRole('heading', { name: '课程', exact: true }).waitFor();
  });

  it('shows the 404 page for an unknown address, inside the navigation layout', async () => {
    const { page } = ui;
    await page.goto(web('/no/such/page'));
    const notFound = page.getByTestId('not-found');
    await notFound.waitFor();
    expect(await notFound.textContent()).toContain('页面不存在');
    expect(await notFound.textContent()).toContain('/no/such/page');
    await page.getByTestId('login-button').waitFor();
  });

  it('keeps a must-login screen closed to visitors, opens the dialog, shows it after login', async () => {
    const { page } = ui;
    await page.goto(web('/user/accout'));
    await page.getByTestId('must-login').waitFor();
    expect(await page.getByTestId('account-details').count()).toBe(0);
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();

    const student = platform.accounts.student;
    await dialog.getByLabel('用户名').fill(student.username);
    await dialog.getByLabel('密码', { exact: true }).fill(student.password);
    await dialog.getByRole('button', { name: '登录' }).click();

    const details = page.getByTestId('account-details');
    await details.waitFor();
    const text = await details.textContent();
    expect(text).toContain(DEMO_ACCOUNTS.student.username);
    expect(text).toContain(DEMO_ACCOUNTS.student.mobile);
  });

  it('shows a failed screen chunk with its failure type and address, and a retry', async () => {
    const { page } = ui;
    await page.goto(web('/'));
    await page.getByTestId('public-classes').waitFor();
    await page.route(/\/assets\/ExamList-[^/]+\.js$/, (route) => route.abort());
    await page.getByRole('navigation').getByText('考试', { exact: true }).click();
    const failure = page.getByTestId('chunk-error');
    await failure.waitFor();
    const text = await failure.textContent();
    expect(text).toContain('脚本加载失败');
    expect(text).toMatch(/\/web\/assets\/ExamList-[^/\s]+\.js/);
    // The layout survives the failure, and retry reloads the page with the chunk reachable.
    await page.getByTestId('brand').waitFor();
    await page.unroute(/\/assets\/ExamList-[^/]+\.js$/);
    await page.getByTestId('retry').click();
    await page.getByRole('heading', { name: '考试', exact: true }).waitFor();
  });

  it('never downloads the icon path tables on the first screen', async () => {
    const { context } = ui;
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(web('/'));
    await page.getByTestId('public-classes').waitFor();
    expect(scripts.filter((s) => /\/paths-[^/]+\.js$/.test(s))).toEqual([]);
    await page.close();
  });

  it('loads zod and the contract schemas with the login dialog, not on the first screen', async () => {
    const { context } = ui;
    // A visitor: the must-login test above left a session behind.
    await context.clearCookies();
    const page = await context.newPage();
    const scripts: Promise<{ path: string; zod: boolean }>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      // zod's error class keeps its name through minification.
      scripts.push(
        response.text().then((body) => ({
          path: new URL(response.url()).pathname,
          zod: body.includes('ZodError'),
        })),
      );
    });
    await page.goto(web('/'));
    await page.getByTestId('public-classes').waitFor();
    const firstScreen = await Promise.all(scripts);
    expect(firstScreen.length).toBeGreaterThan(0);
    expect(firstScreen.filter((s) => s.zod)).toEqual([]);

    await page.getByTestId('login-button').click();
    await page.getByRole('dialog').getByTestId('password-form').waitFor();
    const withDialog = await Promise.all(scripts);
    expect(withDialog.some((s) => s.zod)).toBe(true);
    await page.close();
  });
});

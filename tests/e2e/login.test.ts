import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DEMO_ACCOUNTS, SECOND_ORGANIZATION } from '../../src/server/seed/demo-data.ts';
import { parseEventLog } from '../../src/streams/event-log-file.ts';
import type { TestPlatform } from '../support/platform.ts';
import { startPlatformAndBrowser, type TestBrowser } from './browser.ts';

const settings = JSON.parse(
  await readFile(path.resolve(import.meta.dirname, '../../public/settings.json'), 'utf8'),
) as { title: string; favicon: string; logo: string };

describe('the web app in Chromium: start-up, log in through the dialog, switch, log out', () => {
  let platform: TestPlatform;
  let ui: TestBrowser;

  beforeAll(async () => {
    ({ platform, ui } = await startPlatformAndBrowser());
  });

  afterAll(async () => {
    await Promise.all([ui?.close(), platform?.stop()]);
  });

  it('takes the title, icon and logo from settings.json and shows the seeded home data', async () => {
    const { page } = ui;
    await page.goto(`${platform.url}/web/`);
    // index.html already carries the default title, so the title alone does not say the
    // settings were applied; wait for the logo they store as well.
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('xinao.logo')))
      .toBe(settings.logo);
    expect(await page.title()).toBe(settings.title);
    expect(await page.locator('link[rel~="icon"]').getAttribute('href')).toBe(settings.favicon);
    await page.locator(`[data-testid="brand"] img[src="${settings.logo}"]`).waitFor();
    // Real data from the start-up calls: the seeded public classes and student cards.
    await page.getByTestId('public-classes').waitFor();
    await page.getByTestId('membership-cards').waitFor();
    expect(await page.getByTestId('membership-cards').textContent()).toContain('学生年卡');
    // The navigation is in Chinese.
    for (const label of [
      '首页',
      '课程',
      '考试',
      '练习场',
      'GESP 集训营',
      '活动',
      '会员卡',
      '内容中心',
    ]) {
      await page.getByRole('navigation').getByText(label, { exact: true }).waitFor();
    }
  });

  it('logs the demo student in through the dialog, shows the nickname, logs out', async () => {
    const { page } = ui;
    const student = platform.accounts.student;
    await page.getByTestId('login-button').click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();

    // A failed submit keeps what was typed and shows the server's message.
    await dialog.getByLabel('用户名').fill(student.username);
    await dialog.getByLabel('密码', { exact: true }).fill('wrong-password-1');
    await dialog.getByRole('button', { name: '登录' }).click();
    await dialog.getByRole('alert').waitFor();
    expect(await dialog.getByLabel('用户名').inputValue()).toBe(student.username);
    // The focus is back on the password, not lost to the page, so Esc still closes the dialog.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('name') ?? null))
      .toBe('password');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('login-button').click();
    await dialog.waitFor();
    await dialog.getByLabel('用户名').fill(student.username);

    await dialog.getByLabel('密码', { exact: true }).fill(student.password);
    await dialog.getByRole('button', { name: '登录' }).click();
    await dialog.waitFor({ state: 'detached' });

    const account = page.getByTestId('account-menu');
    await account.waitFor();
    expect((await account.textContent())?.trim()).toBe(DEMO_ACCOUNTS.student.nickname);
    expect(await page.getByTestId('login-button').count()).toBe(0);

    // The seeded student holds a valid annual card.
    await page.getByRole('navigation').getByText('会员卡', { exact: true }).click();
    await expect.poll(() => page.getByTestId('vip-validity').textContent()).toBe('有效');

    // QA export: the downloaded log is a valid event log and carries no password.
    await account.click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-log').click(),
    ]);
    const exported = await readFile((await download.path())!, 'utf8');
    const log = parseEventLog(exported);
    expect(log.entries.some((e) => e.kind === 'event' && e.actor === 'loginDialog')).toBe(true);
    expect(exported).not.toContain(student.password);

    await account.click();
    await page.getByTestId('logout').click();
    await page.getByTestId('login-button').waitFor();
    expect(await page.getByTestId('account-menu').count()).toBe(0);
    expect(ui.pageErrors).toEqual([]);
  });

  it('switches the demo teacher to the other organization from the account menu', async () => {
    const { page } = ui;
    const teacher = platform.accounts.teacher;
    await page.getByTestId('login-button').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('用户名').fill(teacher.username);
    await dialog.getByLabel('密码', { exact: true }).fill(teacher.password);
    await dialog.getByRole('button', { name: '登录' }).click();
    await dialog.waitFor({ state: 'detached' });
    const account = page.getByTestId('account-menu');
    await expect.poll(() => account.textContent()).toBe(DEMO_ACCOUNTS.teacher.nickname);

    await account.click();
    await page.getByTestId('switch-organization').hover();
    await page.getByRole('menuitem', { name: `${SECOND_ORGANIZATION} · 教师` }).click();
    await expect.poll(() => account.textContent()).toBe(DEMO_ACCOUNTS.teacher.members[1].nickname);

    // The session now belongs to the other account: a reload reads it back from the server.
    await page.reload();
    await expect.poll(() => account.textContent()).toBe(DEMO_ACCOUNTS.teacher.members[1].nickname);
    await account.click();
    await page.getByTestId('logout').click();
    await page.getByTestId('login-button').waitFor();
    expect(ui.pageErrors).toEqual([]);
  });

  it('registers a new account through the dialog, answering the image captcha', async () => {
    const { page } = ui;
    await page.getByTestId('login-button').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('tab', { name: '注册新账号' }).click();
    const image = dialog.getByAltText('图形验证码图片，点击换一张');
    await image.waitFor();
    await dialog.getByLabel('用户名').fill('e2e_new_student');
    await dialog.getByLabel('昵称').fill('新同学');
    await dialog.getByLabel('密码', { exact: true }).fill('e2e-Password-1');
    await dialog
      .getByLabel('图形验证码')
      .fill(platform.captchas.answerFor((await image.getAttribute('src'))!));
    await dialog.getByRole('button', { name: '注册并登录' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('account-menu').textContent()).toContain('新同学');

    // The English catalogue is its own chunk: the Chinese first screen does not fetch it.
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    const englishChunks = () => scripts.filter((s) => /\/assets\/en-[^/]+\.js$/.test(s));
    await page.reload();
    await page.getByRole('navigation').getByText('课程', { exact: true }).waitFor();
    expect(englishChunks()).toEqual([]);

    // The language switch in the account menu loads it, applies it and remembers it.
    await page.getByTestId('account-menu').click();
    await page.getByRole('menuitem', { name: '语言' }).hover();
    await page.getByRole('option', { name: 'English' }).click();
    await page.getByRole('navigation').getByText('Courses', { exact: true }).waitFor();
    expect(englishChunks()).toHaveLength(1);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(await page.evaluate(() => localStorage.getItem('xinao.language'))).toBe('en');

    // Started with English stored, the first render waits for the catalogue: the navigation
    // never shows Chinese labels or raw keys on the way. Every state it passes through is kept.
    await page.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { navigationTexts: seen });
      new MutationObserver(() => {
        const text = document.querySelector('nav')?.textContent;
        if (text) seen.push(text);
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.reload();
    await page.getByRole('navigation').getByText('Membership', { exact: true }).waitFor();
    const seen = await page.evaluate(
      () => (window as unknown as { navigationTexts: string[] }).navigationTexts,
    );
    expect(seen.length).toBeGreaterThan(0);
    for (const text of seen) {
      expect(text).toContain('Courses');
      expect(text).not.toMatch(/课程|会员卡|nav\./);
    }
    expect(ui.pageErrors).toEqual([]);
  });
});

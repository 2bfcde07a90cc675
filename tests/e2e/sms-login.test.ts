import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../src/server/seed/demo-data.ts';
import { formatDateTime } from '../../src/ui/format.ts';
import type { TestPlatform } from '../support/platform.ts';
import { launchBrowser, startPlatformAndBrowser, type TestBrowser } from './browser.ts';

/**
 * The default code sender end to end: the visitor asks for an SMS code, the platform admin reads
 * it in the dev inbox from another browser (its own cookies), the visitor logs in with it.
 */
describe('SMS login in Chromium, the code read from the dev inbox', () => {
  let platform: TestPlatform;
  /** The visitor who becomes the demo student. */
  let visitor: TestBrowser;
  /** A separate browser profile for the platform admin: separate cookies, separate session. */
  let staff: TestBrowser;
  const web = (path: string) => `${platform.url}/web${path}`;

  beforeAll(async () => {
    ({ platform, ui: visitor } = await startPlatformAndBrowser());
    staff = await launchBrowser();
  });

  afterAll(async () => {
    await Promise.all([visitor?.close(), staff?.close(), platform?.stop()]);
  });

  it('logs the demo student in with the code the platform admin reads in the dev inbox', async () => {
    const student = platform.accounts.student;
    const admin = platform.accounts.admin;

    // The visitor asks for a code on the SMS tab, answering the image captcha.
    const page = visitor.page;
    await page.goto(web('/'));
    await page.getByTestId('login-button').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('tab', { name: '手机验证码登录' }).click();
    await dialog.getByLabel('手机号').fill(student.mobile);
    const image = dialog.getByAltText('图形验证码图片，点击换一张');
    await image.waitFor();
    await dialog
      .getByLabel('图形验证码')
      .fill(platform.captchas.answerFor((await image.getAttribute('src'))!));
    await dialog.getByTestId('send-code').click();
    await expect.poll(() => dialog.getByTestId('send-code').textContent()).toBe('验证码已发送');

    // The platform admin, in the other browser, logs in on the guarded page and reads the inbox.
    const desk = staff.page;
    await desk.goto(web('/dev/inbox'));
    await desk.getByTestId('must-login').waitFor();
    const login = desk.getByRole('dialog');
    await login.getByLabel('用户名').fill(admin.username);
    await login.getByLabel('密码', { exact: true }).fill(admin.password);
    await login.getByRole('button', { name: '登录', exact: true }).click();
    await login.waitFor({ state: 'detached' });
    const inbox = desk.getByTestId('dev-inbox');
    await inbox.waitFor();
    await desk.getByRole('heading', { name: '开发收件箱' }).waitFor();

    const row = inbox.locator('tbody tr', { hasText: student.mobile }).first();
    const [time, channel, target, text] = await row.locator('td').allTextContents();
    expect(channel).toBe('短信');
    expect(target).toBe(student.mobile);
    const sentAt = await row.locator('time').getAttribute('datetime');
    expect(time).toBe(formatDateTime(sentAt!, 'zh-CN'));
    const code = /验证码是 (\d{6})/.exec(text ?? '')?.[1];
    expect(code, text).toMatch(/^\d{6}$/);

    // The admin's account menu leads to the same page.
    await desk.getByTestId('account-menu').click();
    await desk.getByTestId('dev-inbox-link').waitFor();
    await desk.keyboard.press('Escape');

    // Back to the visitor: the code logs the student in.
    await dialog.getByLabel('短信验证码').fill(code!);
    await dialog.getByRole('button', { name: '登录', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(() => page.getByTestId('account-menu').textContent())
      .toBe(DEMO_ACCOUNTS.student.nickname);
    expect(visitor.pageErrors).toEqual([]);
    expect(staff.pageErrors).toEqual([]);
  });

  it('shows the logged-in student 无权限 on /web/dev/inbox, and no messages', async () => {
    const page = visitor.page;
    await page.goto(web('/dev/inbox'));
    const forbidden = page.getByTestId('forbidden');
    await forbidden.waitFor();
    expect(await forbidden.textContent()).toContain('无权限');
    expect(await page.getByTestId('dev-inbox').count()).toBe(0);
    // Still the student: the forbidden page is a wrong role, not a lost session.
    await expect
      .poll(() => page.getByTestId('account-menu').textContent())
      .toBe(DEMO_ACCOUNTS.student.nickname);
    await page.getByTestId('account-menu').click();
    await page.getByTestId('logout').waitFor();
    expect(await page.getByTestId('dev-inbox-link').count()).toBe(0);
    expect(visitor.pageErrors).toEqual([]);
  });
});

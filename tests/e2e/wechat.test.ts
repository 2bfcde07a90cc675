/**
 * WeChat in Chromium against the real server and the WeChat sandbox (issue 27 item 7): the demo
 * learner binds a WeChat from 我的账号 through the sandbox's authorization page; signed out, they
 * open the login dialog's WeChat tab, the "phone" (the sandbox's scan page) confirms, and the page
 * signs in without a password. A WeChat nobody bound is told to sign in by password and bind.
 * The learner's event log replays exactly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPlatform } from '../support/platform.ts';
import {
  expectLogReplays,
  expectSignedInAs,
  logInAs,
  startPlatformAndBrowser,
  type TestBrowser,
} from './browser.ts';

describe('binding WeChat and signing in by scanning', () => {
  let platform: TestPlatform;
  let ui: TestBrowser;

  beforeAll(async () => {
    ({ platform, ui } = await startPlatformAndBrowser());
  }, 120_000);

  afterAll(async () => {
    await Promise.all([ui?.close(), platform?.stop()]);
  });

  /** The phone: the scanned code's page, confirmed as `nickname`; answers what it says. */
  async function confirmOnPhone(scene: string, nickname: string): Promise<string> {
    const phone = await ui.context.newPage();
    try {
      await phone.goto(`${platform.url}/sandbox-wx/scan/${scene}`);
      await phone.getByLabel(/沙箱微信昵称/).fill(nickname);
      await phone.getByRole('button', { name: '确认登录' }).click();
      return (await phone.getByRole('status').textContent()) ?? '';
    } finally {
      await phone.close();
    }
  }

  async function sceneShown(): Promise<string> {
    const qr = ui.page.getByTestId('wechat-scan').locator('img');
    await qr.waitFor();
    return (await qr.getAttribute('data-scene'))!;
  }

  it('binds a WeChat from the account page through WeChat’s authorization', async () => {
    const { page } = ui;
    await logInAs(page, platform, platform.accounts.student);
    await page.goto(`${platform.url}/web/user/accout`);
    const card = page.getByTestId('wechat-binding');
    await card.getByText('尚未绑定微信').waitFor();
    await card.getByTestId('wechat-bind').click();
    await page.waitForURL(/\/sandbox-wx\/authorize/);
    await page.getByLabel(/沙箱微信昵称/).fill('小红的微信');
    await page.getByRole('button', { name: '同意' }).click();
    await page.waitForURL(/\/web\/user\/accout$/);
    await card.getByText(/已绑定微信/).waitFor();
    expect(ui.pageErrors).toEqual([]);
  });

  it('signs in by scanning, tells a WeChat nobody bound what to do, and unbinds', async () => {
    const { page } = ui;
    await page.getByTestId('account-menu').click();
    await page.getByTestId('logout').click();
    await page.getByTestId('login-button').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('tab', { name: '微信扫码登录' }).click();

    // A stranger's WeChat first: nobody is signed in, the tab says how to bind.
    expect(await confirmOnPhone(await sceneShown(), '陌生人的微信')).toContain('尚未绑定');
    await dialog.getByText('该微信尚未绑定账号').waitFor();
    await dialog.getByTestId('wechat-refresh').click();

    expect(await confirmOnPhone(await sceneShown(), '小红的微信')).toContain('已确认');
    await dialog.waitFor({ state: 'detached' });
    await expectSignedInAs(page, platform, platform.accounts.student.username);

    // Unbinding: asked first, then the card says nothing is bound and offers binding again.
    const card = page.getByTestId('wechat-binding');
    page.once('dialog', (confirm) => void confirm.dismiss());
    await card.getByTestId('wechat-unbind').click();
    await card.getByText(/已绑定微信/).waitFor();
    page.once('dialog', (confirm) => void confirm.accept());
    await card.getByTestId('wechat-unbind').click();
    await card.getByText('尚未绑定微信').waitFor();
    expect(await card.getByTestId('wechat-unbind').count()).toBe(0);
    expect(await card.getByTestId('wechat-bind').textContent()).toBe('绑定微信');
    expect(ui.pageErrors).toEqual([]);
    await expectLogReplays(page);
  }, 90_000);
});

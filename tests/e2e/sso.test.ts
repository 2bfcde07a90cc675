/**
 * Single sign-on in Chromium (issue 27 item 7): with a school's identity provider configured (a
 * real OpenID provider in the test process), the login dialog offers its button; the learner
 * signs in at the provider's own pages and comes back to the platform signed in. A callback
 * whose request is not this platform's is refused on the page. The learner's log replays.
 */
import { findFreePort } from '../../src/server/net.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIdentityProvider, type TestIdentityProvider } from '../support/oidc-provider.ts';
import type { TestPlatform } from '../support/platform.ts';
import {
  expectLogReplays,
  expectSignedInAs,
  startPlatformAndBrowser,
  type TestBrowser,
} from './browser.ts';

const EMAIL = 'xiaoming@school.example';

describe('signing in through the school’s identity provider', () => {
  let platform: TestPlatform;
  let ui: TestBrowser;
  let idp: TestIdentityProvider;

  beforeAll(async () => {
    const port = await findFreePort();
    ({ platform, ui } = await startPlatformAndBrowser({
      env: {
        ...process.env,
        SSO_ISSUER: `http://127.0.0.1:${port}`,
        SSO_CLIENT_ID: 'xinao',
        SSO_CLIENT_SECRET: 'xinao-e2e-secret',
        SSO_NAME: '实验中学统一身份认证',
      },
    }));
    await platform.pool.query('UPDATE users SET email = $2 WHERE username = $1', [
      platform.accounts.student.username,
      EMAIL,
    ]);
    idp = await startIdentityProvider({
      port,
      clientId: 'xinao',
      clientSecret: 'xinao-e2e-secret',
      redirectUri: `${platform.url}/web/sso/callback`,
      people: { xiaoming: { email: EMAIL, email_verified: true } },
    });
  }, 120_000);

  afterAll(async () => {
    await Promise.all([ui?.close(), platform?.stop(), idp?.stop()]);
  });

  it('refuses a callback this platform never started', async () => {
    const { page } = ui;
    await page.goto(`${platform.url}/web/sso/callback?code=abc&state=${'s'.repeat(43)}`);
    await page
      .getByRole('alert')
      .getByText(/state 不符/)
      .waitFor();
  });

  it('offers the provider in the login dialog and comes back signed in', async () => {
    const { page } = ui;
    await page.goto(`${platform.url}/web/`);
    await page.getByTestId('login-button').click();
    await page.getByTestId('sso-login').getByText('使用实验中学统一身份认证登录').click();
    // The provider's own pages: sign in, then allow.
    await page.waitForURL(new RegExp(`^${idp.issuer}/interaction/`));
    await page.locator('input[name="login"]').fill('xiaoming');
    await page.locator('input[name="password"]').fill('whatever');
    await page.locator('button[type="submit"]').click();
    await page.waitForURL(new RegExp(`^${idp.issuer}/interaction/`));
    await page.locator('button[type="submit"]').first().click();
    await page.waitForURL(new RegExp(`^${platform.url}/web/?$`));
    await expectSignedInAs(page, platform, platform.accounts.student.username);
    expect(ui.pageErrors).toEqual([]);
    await expectLogReplays(page);
  }, 90_000);
});

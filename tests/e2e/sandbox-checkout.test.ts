/**
 * Issue 25 item 10: the sandbox provider's checkout page, as a payer sees it in Chromium, asks
 * for nothing that is not there (it asked for /favicon.ico, a 404, on every checkout): it
 * declares its own icon, which loads, and paying through it answers no error anywhere.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { membership } from '../../src/contract/membership/calls.ts';
import type { Transport } from '../../src/transport/client.ts';
import type { TestPlatform } from '../support/platform.ts';
import { loginAs } from '../support/sessions.ts';
import { startPlatformAndBrowser, type TestBrowser } from './browser.ts';
import { watchFailedResponses } from './responses.ts';

describe('the sandbox checkout page', () => {
  let platform: TestPlatform;
  let ui: TestBrowser;
  let parent: Transport;
  let failed: string[];

  beforeAll(async () => {
    ({ platform, ui } = await startPlatformAndBrowser({
      sandboxPayments: { retryDelaysMs: [100, 200], maxAttempts: 5, pollMs: 100 },
    }));
    failed = watchFailedResponses(ui.context);
    ({ api: parent } = await loginAs(platform, 'parent'));
  }, 120_000);

  afterAll(async () => {
    await Promise.all([ui?.close(), platform?.stop()]);
  });

  it('declares an icon that loads, and a payment through it meets no missing resource', async () => {
    const cards = await parent.call(membership['membership.queryList'], {
      body: { type: '0', status: '1' },
    });
    const card = cards.content.find((c) => c.name === '学生季卡')!;
    const placed = await parent.call(membership['oj.membership.order.create'], {
      body: { membershipId: card.id },
    });
    const answer = await parent.call(membership['oj.membership.order.payment'], {
      body: { id: placed.id, method: 'provider' },
    });
    const { page } = ui;
    await page.goto(`${platform.url}${answer.payment!.checkoutUrl}`);
    await page.getByRole('button', { name: '确认支付' }).waitFor();

    // Headless Chromium asks for an undeclared icon only now and then: the page must declare one.
    expect(await page.locator('link[rel="icon"]').count()).toBe(1);
    const icon = await page.locator('link[rel="icon"]').getAttribute('href');
    expect(icon).toBeTruthy();
    const loaded = await page.evaluate(async (href) => {
      const response = await fetch(href);
      return { status: response.status, type: response.headers.get('content-type') ?? '' };
    }, icon!);
    expect(loaded.status).toBe(200);
    expect(loaded.type).toContain('image/svg+xml');

    await page.getByRole('button', { name: '确认支付' }).click();
    await page.getByText('支付成功').waitFor();
    expect(failed).toEqual([]);
    expect(ui.pageErrors).toEqual([]);
  }, 60_000);
});

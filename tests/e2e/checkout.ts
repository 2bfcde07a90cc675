/**
 * The sandbox checkout, as a payer meets it: 前往收银台 in the pay dialog opens the checkout in a
 * tab of its own; they pay there, close it and are back on the page they paid from.
 */
import type { Locator, Page } from 'playwright-core';

/**
 * Pays the order in `page`'s pay dialog at the checkout, and returns the dialog once it shows
 * the payment done. The page is brought back to the front as closing the tab does for a person:
 * Chromium throttles a tab left behind another, and each click there waited about 2 s for the
 * animation frames that tell an element has stopped moving.
 */
export async function payAtCheckout(page: Page): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name: '支付订单' });
  const [checkout] = await Promise.all([
    page.context().waitForEvent('page'),
    dialog.getByRole('button', { name: '前往收银台' }).click(),
  ]);
  await checkout.getByRole('button', { name: '确认支付' }).click();
  await checkout.getByText('支付成功').waitFor();
  await checkout.close();
  await page.bringToFront();
  await dialog.getByTestId('pay-done').waitFor();
  return dialog;
}

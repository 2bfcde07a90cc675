/** Driving the practice screen in the browser tests as a learner does. */
import type { Locator, Page } from 'playwright-core';

/** Replaces the editor's text as a learner would: focus, select all, paste. */
export async function typeIntoEditor(
  page: Page,
  source: string,
  testId = 'practice-editor',
): Promise<void> {
  const editor = page.getByTestId(testId).locator('.monaco-editor').first();
  await editor.waitFor();
  await editor.locator('.view-lines').click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  // Pasted, as a learner brings in code: typing would let Monaco auto-indent every new line.
  await page.evaluate((text) => navigator.clipboard.writeText(text), source);
  await page.keyboard.press('Control+V');
}

/** Picks an option as a learner does: a click on its label (Blueprint hides the native input). */
export const pick = (scope: Locator, label: string) =>
  scope
    .locator('label')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .click();

/** The editor's visible text, with Monaco's non-breaking spaces made plain. */
export const editorText = async (page: Page): Promise<string> =>
  (
    (await page.getByTestId('practice-editor').locator('.view-lines').textContent()) ?? ''
  ).replaceAll('\u00a0', ' ');

/** The verdict the result panel shows for the latest answer. */
export const verdictOf = (page: Page) =>
  page
    .getByTestId('practice-result')
    .locator('p [data-verdict]')
    .first()
    .getAttribute('data-verdict');

import type { BrowserContext } from 'playwright-core';

/**
 * Every answer of 400 or more the browser gets in `context` (its pages and popups), as
 * "status url". A screen that asks for something missing (a favicon, an asset) shows up here
 * even when nothing on the page looks wrong.
 */
export function watchFailedResponses(context: BrowserContext): string[] {
  const failed: string[] = [];
  context.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  return failed;
}

/**
 * The failures that are not API answers: pages, icons, scripts, styles. API calls answer 4xx
 * by design (a visitor's current-user call, a refused action) and are checked where made.
 */
export const outsideApi = (failed: readonly string[]): string[] =>
  failed.filter((line) => !line.includes('/xinao/api/'));

/**
 * Issue 10's activity journey in Chromium against the real server: a student enrolls in a
 * contest, completes it by answering its question, the contest ends and the prizes are drawn
 * from the committed seed, the student wins, gives a shipping address (refused first without a
 * recipient), staff ship it and the student confirms receipt. The student's event log replays
 * exactly.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activity } from '../../src/contract/activity/calls.ts';
import { activityPrize } from '../../src/contract/activity-prize/calls.ts';
import { question } from '../../src/contract/question/calls.ts';
import { parseEventLog } from '../../src/streams/event-log-file.ts';
import { replayLog, verifyReplay } from '../../src/streams/replay.ts';
import type { Transport } from '../../src/transport/client.ts';
import { REPLAY_MACHINES } from '../../src/ui/app/root-machines.ts';
import type { TestPlatform } from '../support/platform.ts';
import { loginAs } from '../support/sessions.ts';
import { logInAs, startPlatformAndBrowser, type TestBrowser } from './browser.ts';
import { pick } from './practice-page.ts';
import { outsideApi, watchFailedResponses } from './responses.ts';

const TITLE = '周末小测：整数除法';
/** question:1 of seed/questions.json: 7 / 2 in C++ is 3, option B. */
const QUESTION = '在 C++ 中，表达式 `7 / 2` 的值是多少？';
/** Markdown, as staff write it (the seeded contests' descriptions are the same kind). */
const DESCRIPTION =
  '## 比赛说明\n\n报名后即可看到题目。\n\n- 每道题取你在活动期间的**最好成绩**；\n- 按总分排名。';

describe('a student takes part in a contest and wins a prize', () => {
  let platform: TestPlatform;
  let ui: TestBrowser;
  let admin: Transport;
  let activityId: number;
  let failed: string[];

  beforeAll(async () => {
    ({ platform, ui } = await startPlatformAndBrowser());
    failed = watchFailedResponses(ui.context);
    admin = (await loginAs(platform, 'admin')).api;
    const found = await admin.call(question['bms.question.queryList'], {
      query: { size: 5 },
      body: { keyword: QUESTION },
    });
    const created = await admin.call(activity['bms.activity.create'], {
      body: {
        title: TITLE,
        description: DESCRIPTION,
        kind: 'contest',
        startAt: new Date(Date.now() - 60_000).toISOString(),
        endAt: new Date(Date.now() + 86_400_000).toISOString(),
        questions: [{ questionId: found.content[0]!.id, score: 100 }],
      } as never,
    });
    activityId = created.id;
    await admin.call(activity['bms.activity.publish'], { body: { id: activityId } });
    await admin.call(activityPrize['bms.activityPrize.create'], {
      body: { activityId, name: '机械键盘', delivery: 'express', stock: 1 },
    });
  }, 120_000);

  afterAll(async () => {
    await Promise.all([ui?.close(), platform?.stop()]);
  });

  it('enrolls from the activity list and completes the contest', async () => {
    const { page } = ui;
    await logInAs(page, platform, platform.accounts.student);
    await page.goto(`${platform.url}/web/activity`);
    await page.getByRole('link', { name: TITLE }).first().click();
    await page.getByRole('heading', { name: TITLE }).waitFor();
    // The prizes and the seed's commitment are shown before anyone enrolls.
    await page.getByTestId('prize-list').getByText('机械键盘').waitFor();
    // The description is rendered Markdown: a heading, a list, bold, and no markup left over.
    const description = page.getByTestId('activity-description');
    await description.getByRole('heading', { name: '比赛说明' }).waitFor();
    expect(await description.locator('li').count()).toBe(2);
    expect(await description.locator('strong').textContent()).toBe('最好成绩');
    expect(await description.textContent()).not.toMatch(/##|\*\*/);
    await page.getByTestId('activity-enroll').click();
    await page.getByTestId('activity-enroll-state').waitFor();

    // The question's title shows its code as code, without the Markdown backticks.
    const questions = page.getByTestId('activity-questions');
    const link = questions.getByRole('link', { name: '在 C++ 中，表达式 7 / 2 的值是多少？' });
    await link.waitFor();
    expect(await link.locator('code').textContent()).toBe('7 / 2');
    expect(await questions.textContent()).not.toContain('`');
    await questions.getByRole('link').first().click();
    const screen = page.getByTestId('objective-practice');
    await pick(screen, 'B. 3');
    await screen.getByRole('button', { name: '提交答案' }).click();
    await screen.getByTestId('objective-verdict').waitFor();
    await page.goBack();
    const standing = page.getByTestId('activity-my-standing');
    await expect.poll(() => standing.textContent()).toContain('我的得分：100 / 100');
    await expect.poll(() => standing.textContent()).toContain('已完成');
  });

  it('wins the drawn prize, gives an address, and confirms receipt once shipped', async () => {
    const { page } = ui;
    // The learner is elsewhere while staff draw: a page still on the closed activity draws it
    // itself on its next read (the lazy draw), and staff's draw would then be refused as a
    // second one. That raced on a busy machine.
    const activityPage = page.url();
    await page.goto(`${platform.url}/web/`);
    // Ends now: the answer given a moment ago stays inside the window.
    await platform.pool.query(`UPDATE activities SET end_at = now() WHERE id = $1`, [activityId]);
    await admin.call(activityPrize['bms.activityPrize.draw'], { body: { activityId } });
    await page.goto(activityPage);
    const result = page.getByTestId('prize-result');
    await expect.poll(() => result.textContent()).toContain('恭喜中奖：机械键盘');
    // The seed is published once drawn: anyone may recompute the draw.
    await expect.poll(() => page.getByTestId('prize-seed').textContent()).toMatch(/[0-9a-f]{64}/);

    const form = page.getByTestId('prize-address-form');
    await form.getByLabel('手机号').fill('13912345678');
    await form.getByRole('button', { name: '保存地址' }).click();
    await form.getByText('请填写收货人').waitFor();
    await form.getByLabel('收货人').fill('演示学生');
    await form.getByLabel('省份').selectOption('440000');
    await form.getByLabel('城市').selectOption('440300');
    await form.getByLabel('区县').selectOption('440304');
    await form.getByLabel('详细地址').fill('福华路 1 号');
    await form.getByRole('button', { name: '保存地址' }).click();
    const state = page.getByTestId('prize-award-state');
    await expect.poll(() => state.textContent()).toContain('待发货');

    const awards = await admin.call(activityPrize['bms.activityPrize.queryAwardList'], {
      query: {},
      body: { activityId },
    });
    await admin.call(activityPrize['bms.activityPrize.express'], {
      body: { id: awards.content[0]!.id, carrier: '顺丰速运', trackingNo: 'SF20261127001' },
    });
    await page.reload();
    await expect.poll(() => state.textContent()).toContain('已发货');
    await page.getByText('SF20261127001').waitFor();
    await page.getByTestId('prize-collect').click();
    await expect.poll(() => state.textContent()).toContain('已收货');
    expect(ui.pageErrors).toEqual([]);
    // No page asked for anything missing (an icon, an asset) on the way.
    expect(outsideApi(failed)).toEqual([]);
  });

  it('exports a log that replays exactly', async () => {
    const { page } = ui;
    await page.getByTestId('account-menu').click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-log').click(),
    ]);
    await page.keyboard.press('Escape');
    const log = parseEventLog(await readFile((await download.path())!, 'utf8'));
    const result = replayLog(log, REPLAY_MACHINES);
    const verdicts = verifyReplay(log, result);
    expect(verdicts.some((v) => v.actor === 'activityEnroll')).toBe(true);
    expect(verdicts.some((v) => v.actor === 'prizeClaim')).toBe(true);
    expect(verdicts.filter((v) => !v.matches)).toEqual([]);
    expect(result.skipped).toEqual([]);
  });
});

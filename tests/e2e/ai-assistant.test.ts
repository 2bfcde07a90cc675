import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEventLog } from '../../src/streams/event-log-file.ts';
import { replayLog, verifyReplay } from '../../src/streams/replay.ts';
import { REPLAY_MACHINES } from '../../src/ui/app/root-machines.ts';
import type { AiChatContext } from '../../src/machines/ai-chat/machine.ts';
import type { TestPlatform } from '../support/platform.ts';
import { logInAs, startPlatformAndBrowser, type TestBrowser } from './browser.ts';
import { editorText, typeIntoEditor, verdictOf } from './practice-page.ts';

const A_PLUS_B = path.resolve(import.meta.dirname, '../../seed/problems/01-a-plus-b');
const wrongPy = await readFile(path.join(A_PLUS_B, 'solutions/wrong.py'), 'utf8');

interface StreamBlock {
  event: string;
  data: string;
  /** The block as sent, its blank line included. */
  raw: string;
}

/** The blocks of an event-stream body (comments such as keepalives are their own blocks). */
function blocksOf(body: string): StreamBlock[] {
  return body
    .split(/\n\n/)
    .filter((raw) => raw.trim() !== '')
    .map((raw) => {
      const line = (field: string) =>
        raw
          .split('\n')
          .filter((l) => l.startsWith(`${field}:`))
          .map((l) => l.slice(field.length + 1).replace(/^ /, ''))
          .join('\n');
      return { event: line('event'), data: line('data'), raw: `${raw}\n\n` };
    });
}

/**
 * Issue 10 item 3, end to end in Chromium against the real server and its built-in tutor: a
 * student gets WA on the seeded A+B problem with a wrong Python answer, asks the assistant,
 * reads an explanation that refers to the failing case while the connection is cut mid-answer
 * and resumed without duplicated text, sees the AI token balance go down, and the session's
 * event log replays exactly.
 */
describe('the AI assistant in Chromium: ask about a wrong answer', () => {
  let platform: TestPlatform;
  let ui: TestBrowser;
  /** The reply as the server sent it on the uncut connection: its deltas in seq order. */
  let expectedReply = '';

  beforeAll(async () => {
    ({ platform, ui } = await startPlatformAndBrowser({ judgeWorkers: 1 }));
    await ui.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: platform.url,
    });
  }, 120_000);

  afterAll(async () => {
    await Promise.all([ui?.close(), platform?.stop()]);
  });

  it('submits a wrong Python A+B and gets WA', async () => {
    const { page } = ui;
    await logInAs(page, platform, platform.accounts.student);
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`${platform.url}/web/play/home`);
    await page.getByTestId('problem-list').getByRole('link', { name: 'A+B 问题' }).click();
    await page.getByRole('heading', { name: 'A+B 问题' }).waitFor();
    await page.getByLabel('语言').selectOption('python');
    await expect.poll(() => editorText(page)).not.toContain('using namespace std;');
    await typeIntoEditor(page, wrongPy);
    await expect.poll(() => editorText(page)).toContain('def as_int32(x):');
    await page.getByRole('button', { name: '提交', exact: true }).click();
    await expect.poll(() => verdictOf(page), { timeout: 60_000 }).toBe('WA');
  }, 90_000);

  it('asks the assistant; the answer refers to the failing case, resumes after a drop without duplicated text, and costs tokens', async () => {
    const { page } = ui;
    // The first connection to the reply is cut after a few deltas (as a proxy or a mobile
    // network would end it); every later one goes through untouched.
    const streamRequests: string[] = [];
    let fullBody = '';
    let cutAfterSeq = 0;
    await page.route('**/aiSession/message/chatStream/**', async (route) => {
      streamRequests.push(route.request().url());
      if (streamRequests.length > 1) return route.continue();
      // The server generates independently of the connection: the whole reply, then the cut.
      const response = await route.fetch();
      fullBody = await response.text();
      const blocks = blocksOf(fullBody);
      const deltas = blocks.filter((b) => b.event === 'delta');
      cutAfterSeq = Math.max(1, Math.floor(deltas.length / 2));
      const kept = deltas
        .slice(0, cutAfterSeq)
        .map((b) => b.raw)
        .join('');
      // Half of the next block too: the client must not take a torn event for a whole one.
      const torn = deltas[cutAfterSeq]?.raw.slice(0, 12) ?? '';
      await route.fulfill({
        status: 200,
        headers: { 'content-type': 'text/event-stream; charset=utf-8' },
        body: kept + torn,
      });
    });

    await page.getByTestId('ai-launcher').click();
    const panel = page.getByTestId('ai-panel');
    await panel.waitFor();
    const balance = panel.getByTestId('ai-balance');
    await expect.poll(() => balance.getAttribute('data-balance')).toMatch(/^\d+$/);
    const before = Number(await balance.getAttribute('data-balance'));
    expect(before).toBeGreaterThan(0);

    await panel.getByLabel('你的问题').fill('为什么我的答案是错的？');
    await panel.getByTestId('ai-send').click();
    const reply = panel.getByTestId('ai-reply').last();
    await expect.poll(() => reply.getAttribute('data-status'), { timeout: 30_000 }).toBe('done');

    // The drop happened and the second connection asked for what came after the cut.
    expect(streamRequests).toHaveLength(2);
    expect(new URL(streamRequests[0]!).searchParams.get('after')).toBe('0');
    expect(new URL(streamRequests[1]!).searchParams.get('after')).toBe(String(cutAfterSeq));
    expect(cutAfterSeq).toBeGreaterThan(0);

    const blocks = blocksOf(fullBody);
    const expected = blocks
      .filter((b) => b.event === 'delta')
      .map((b) => (JSON.parse(b.data) as { text: string }).text)
      .join('');
    const done = JSON.parse(blocks.find((b) => b.event === 'done')!.data) as {
      balance: number;
      tokens: number;
    };

    // Refers to the failing case, and says honestly which assistant answered.
    const shown = (await reply.getByTestId('ai-reply-text').textContent()) ?? '';
    expect(shown).toMatch(/第 \d+ 个测试点/);
    expect(expected).toMatch(/第 \d+ 个测试点/);
    expect(await reply.getByTestId('ai-provider').getAttribute('data-provider')).toBe('builtin');

    // The balance went down by what the reply cost.
    expect(done.tokens).toBeGreaterThan(0);
    await expect.poll(() => balance.getAttribute('data-balance')).toBe(String(done.balance));
    expect(done.balance).toBe(before - done.tokens);

    expect(ui.pageErrors).toEqual([]);
    expectedReply = expected;
    await page.unroute('**/aiSession/message/chatStream/**');
  }, 90_000);

  it('exports a log whose replay reaches the chat’s state, the reply text exactly as stored', async () => {
    const { page } = ui;
    // Closing the drawer keeps the conversation (its actor lives on).
    await page
      .getByRole('dialog', { name: 'AI 助手' })
      .getByRole('button', { name: '关闭' })
      .click();
    await page.getByTestId('ai-panel').waitFor({ state: 'detached' });
    await page.getByTestId('account-menu').click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-log').click(),
    ]);
    const log = parseEventLog(await readFile((await download.path())!, 'utf8'));
    const chatName = Object.keys(log.finalStates ?? {}).find((n) => n.startsWith('aiChat:'));
    expect(chatName).toMatch(/^aiChat:question-\d+$/);
    const result = replayLog(log, REPLAY_MACHINES);
    expect(result.skipped).toEqual([]);
    expect(verifyReplay(log, result).filter((verdict) => !verdict.matches)).toEqual([]);
    const recorded = log.finalStates![chatName!] as unknown as {
      value: unknown;
      context: AiChatContext;
    };
    expect(recorded.value).toBe('done');
    const replyText = recorded.context.messages.at(-1)!.content;
    expect(replyText).toBe(expectedReply);

    // The story the log tells: deltas one by one (each a state the panel rendered), the drop
    // announced with the last seq held, then the rest from there, then done.
    const story = log.entries.flatMap((entry) =>
      entry.kind === 'event' && entry.actor === chatName && entry.event.type.startsWith('AI.')
        ? [entry.event]
        : [],
    );
    const resumeAt = story.findIndex((e) => e.type === 'AI.RESUMING');
    expect(resumeAt).toBeGreaterThan(0);
    const seqs = story.filter((e) => e.type === 'AI.DELTA').map((e) => e.seq as number);
    expect(seqs).toEqual(seqs.map((_, i) => i + 1));
    expect(story[resumeAt]!.after).toBe(resumeAt);
    expect(story.slice(0, resumeAt).every((e) => e.type === 'AI.DELTA')).toBe(true);
    expect(story.at(-1)!.type).toBe('AI.DONE');
    await page.keyboard.press('Escape');
  }, 60_000);

  it('lists the session in the chat history with its messages, and continues it', async () => {
    const { page } = ui;
    await page.goto(`${platform.url}/web/user/chatHistory`);
    const session = page.getByTestId('ai-session').first();
    await session.waitFor();
    expect(await session.textContent()).toContain('为什么我的答案是错的？');
    await session.click();
    const messages = page.getByTestId('ai-history-messages');
    await messages.waitFor();
    expect(await messages.locator('li').count()).toBe(2);
    expect(await messages.locator('li[data-status="done"]').count()).toBe(2);

    // Continued: the panel loads the conversation and answers the next question in it.
    await page.getByTestId('ai-continue').click();
    const panel = page.getByTestId('ai-panel');
    await expect.poll(() => panel.getByTestId('ai-reply').count()).toBe(1);
    await panel.getByLabel('你的问题').fill('应该怎么改？');
    await panel.getByTestId('ai-send').click();
    await expect.poll(() => panel.getByTestId('ai-reply').count()).toBe(2);
    await expect
      .poll(() => panel.getByTestId('ai-reply').last().getAttribute('data-status'), {
        timeout: 30_000,
      })
      .toBe('done');
    expect(await panel.getByTestId('ai-reply').last().textContent()).not.toBe('');
    await page
      .getByRole('dialog', { name: 'AI 助手' })
      .getByRole('button', { name: '关闭' })
      .click();
    await expect.poll(() => messages.locator('li').count()).toBe(4);
    expect(ui.pageErrors).toEqual([]);
  }, 60_000);
});

/**
 * Issue 9's learner journey in Chromium against the real server: a new student registers,
 * browses /course/list, opens 信息学公开课, opens its first unit, reads its handout in the PDF
 * preview, solves a question in it and sees the progress move on the course page; the paid unit
 * asks to be bought; a paid write-up from the camp stays locked for them and opens for a card
 * holder. Staff drag a unit into place and pass an organization's course, and edit the service
 * agreement that /agreement/service then shows. The student's event log replays exactly.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PUBLIC_COURSE_NAME } from '../../src/contract/course/units.ts';
import { parseEventLog } from '../../src/streams/event-log-file.ts';
import { replayLog, verifyReplay } from '../../src/streams/replay.ts';
import { REPLAY_MACHINES } from '../../src/ui/app/root-machines.ts';
import type { TestPlatform } from '../support/platform.ts';
import { launchBrowser, logInAs, startPlatformAndBrowser, type TestBrowser } from './browser.ts';
import { pick } from './practice-page.ts';

describe('a new student follows the public course', () => {
  let platform: TestPlatform;
  let ui: TestBrowser;
  /** The file service's clock, moved on to let a download link expire. */
  let fileClock = Date.now();

  beforeAll(async () => {
    ({ platform, ui } = await startPlatformAndBrowser({ fileClock: () => fileClock }));
  }, 120_000);

  afterAll(async () => {
    await Promise.all([ui?.close(), platform?.stop()]);
  });

  it('registers and finds the public course in the course list, filtered by tag', async () => {
    const { page } = ui;
    await page.goto(`${platform.url}/web/`);
    await page.getByTestId('login-button').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('tab', { name: '注册新账号' }).click();
    const image = dialog.getByAltText('图形验证码图片，点击换一张');
    await image.waitFor();
    await dialog.getByLabel('用户名').fill('course_new_student');
    await dialog.getByLabel('昵称').fill('课程新同学');
    await dialog.getByLabel('密码', { exact: true }).fill('e2e-Password-1');
    await dialog
      .getByLabel('图形验证码')
      .fill(platform.captchas.answerFor((await image.getAttribute('src'))!));
    await dialog.getByRole('button', { name: '注册并登录' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.goto(`${platform.url}/web/course`);
    await page.waitForURL(/\/web\/course\/list/);
    const list = page.getByTestId('course-list');
    await list.getByRole('link', { name: PUBLIC_COURSE_NAME }).waitFor();
    await page.getByLabel('标签').selectOption('趣味编程');
    await expect.poll(() => page.url()).toMatch(/tag=/);
    await expect
      .poll(() => list.getByRole('heading').allTextContents())
      .toEqual(['趣味 C++：用程序解谜']);
    await page.getByLabel('标签').selectOption('');
    await page.getByLabel('搜索课程').fill('公开课');
    await page.getByLabel('搜索课程').press('Enter');
    await expect
      .poll(() => list.getByRole('heading').allTextContents())
      .toEqual([PUBLIC_COURSE_NAME]);
  });

  it('opens the course, a unit, solves a question and sees the progress move', async () => {
    const { page } = ui;
    await page.getByTestId('course-list').getByRole('link', { name: PUBLIC_COURSE_NAME }).click();
    await page.getByRole('heading', { name: PUBLIC_COURSE_NAME }).waitFor();
    const progress = page.getByTestId('course-progress');
    await expect.poll(() => progress.textContent()).toMatch(/已通过 0 \/ \d+/);
    const units = page.getByTestId('course-unit');
    await expect.poll(() => units.count()).toBe(7);
    expect(await units.nth(0).textContent()).toContain('第一单元');
    expect(await units.nth(6).textContent()).toContain('¥19.90');

    await units.nth(0).getByRole('link', { name: '顺序结构与输入输出' }).click();
    await page.getByRole('heading', { name: '第一单元 顺序结构与输入输出' }).waitFor();
    // The handout downloads through its signed URL; the same URL altered or expired is refused.
    const href = (await page.getByRole('button', { name: '下载讲义' }).getAttribute('href'))!;
    const status = (url: string) =>
      page.evaluate(async (u) => {
        const answer = await fetch(u);
        return { status: answer.status, type: answer.headers.get('content-type') ?? '' };
      }, url);
    expect(await status(href)).toEqual({ status: 200, type: 'application/pdf' });
    const altered = href.replace(
      /signature=([0-9a-f])/,
      (_, c: string) => `signature=${c === '0' ? '1' : '0'}`,
    );
    expect((await status(altered)).status).toBe(403);
    fileClock += 11 * 60_000;
    try {
      expect((await status(href)).status).toBe(403);
    } finally {
      fileClock -= 11 * 60_000;
    }

    // The unit's handout opens in the PDF preview through the signed URL the unit handed out.
    await page.getByRole('link', { name: '在线阅读讲义' }).click();
    await page.getByText(/第 1 \/ \d+ 页/).waitFor();
    await page
      .getByRole('img', { name: 'PDF 第 1 页' })
      .or(page.getByLabel('PDF 第 1 页'))
      .waitFor();
    await page.goBack();
    const questions = page.getByTestId('chapter-questions');
    await questions.getByRole('link', { name: '在 C++ 中，表达式 7 / 2 的值是多少？' }).click();
    const screen = page.getByTestId('objective-practice');
    await pick(screen, 'B. 3');
    await screen.getByRole('button', { name: '提交答案' }).click();
    await screen.getByTestId('objective-verdict').waitFor();

    await page.goBack();
    const solvedRow = questions.locator('[data-solved="true"]');
    await expect.poll(() => solvedRow.count()).toBe(1);
    await page.getByRole('button', { name: /下一单元：第二单元/ }).waitFor();
    await page.getByRole('link', { name: '← 返回课程' }).click();
    await expect.poll(() => progress.textContent()).toMatch(/已通过 1 \/ \d+/);
    expect(await units.nth(0).textContent()).toContain('已通过 1 / 5');
  });

  it('keeps the paid unit locked, offering to buy it', async () => {
    const { page } = ui;
    const paid = page.getByTestId('course-unit').nth(6);
    await paid.getByRole('link').click();
    await page.getByText('本单元为付费内容').waitFor();
    expect(await page.getByTestId('chapter-questions').count()).toBe(0);
    await page.getByRole('button', { name: /购买单元/ }).click();
    const dialog = page.getByRole('dialog', { name: '支付订单' });
    await dialog.getByTestId('pay-summary').getByText('递推、贪心与动态规划入门').waitFor();
    await page.keyboard.press('Escape');
    expect(ui.pageErrors).toEqual([]);
  });

  it('opens a paid write-up from the camp: locked without the card right, whole with it', async () => {
    const { page } = ui;
    await page.goto(`${platform.url}/web/camp`);
    const level1 = page.getByTestId('camp-level-1');
    await level1.getByRole('button', { name: 'GESP 一级：顺序与分支' }).click();
    const row = level1.getByTestId('camp-questions').locator('tr', { hasText: '圆的周长与面积' });
    await row.getByRole('link', { name: /题解/ }).click();
    await page.waitForURL(/\/web\/camp\/answer\/detail\/\d+$/);
    const address = page.url();
    await page.getByTestId('document-locked').waitFor();
    expect(await page.getByTestId('document-article').textContent()).not.toContain('#include');

    // The demo student's annual card grants the paid write-ups
    // (docs/product-rules.md#membership-cards).
    const member = await launchBrowser();
    try {
      await logInAs(member.page, platform, platform.accounts.student);
      await member.page.goto(address);
      await member.page.getByTestId('document-article').getByText('#include').first().waitFor();
      expect(await member.page.getByTestId('document-locked').count()).toBe(0);
      expect(member.pageErrors).toEqual([]);
    } finally {
      await member.close();
    }
  });

  it('staff drag a unit into place and pass an organization’s course', async () => {
    const staff = await launchBrowser();
    try {
      const desk = staff.page;
      await logInAs(desk, platform, platform.accounts.teacher);
      await desk.goto(`${platform.url}/web/manage/courses`);
      const school = desk.getByTestId('staff-course').filter({ hasText: '校本课：程序设计入门' });
      await school.getByTestId('course-units-edit').click();
      const lines = desk.getByTestId('course-unit-lines').getByTestId('sortable-row');
      await expect.poll(() => lines.count()).toBe(2);
      // The keyboard's drag: lift the second unit, move it up, drop it. Each key waits on what
      // the page shows after the one before, not on a pause a busy machine outlasts: lifted, the
      // handle is pressed; moved, the row is drawn a row higher. dnd-kit listens for the arrow
      // keys only from a timer after the lift (KeyboardSensor.attach), which the page does not
      // show, so ArrowUp is pressed again while the row has not moved, and never once it has
      // (the top row cannot move higher, so a press too many changes nothing). The drop is made
      // only once the other row has made way too: that row is moved by the drop target dnd-kit
      // has settled on (set a render after the lifted row moves), which is what the drop uses.
      const handle = lines.nth(1).getByRole('button', { name: /拖动以调整/ });
      await handle.focus();
      await desk.keyboard.press('Space');
      await expect.poll(() => handle.getAttribute('aria-pressed')).toBe('true');
      const shiftOf = (index: number) =>
        lines.nth(index).evaluate((row) => {
          const y = /^translate3d\([^,]+, (-?[\d.]+)px/.exec((row as HTMLElement).style.transform);
          return y ? Number(y[1]) : 0;
        });
      const drawnHigher = async () => (await shiftOf(1)) < 0 && (await shiftOf(0)) > 0;
      await vi.waitFor(
        async () => {
          if (!(await drawnHigher())) await desk.keyboard.press('ArrowUp');
          expect(await drawnHigher()).toBe(true);
        },
        { timeout: 15_000, interval: 300 },
      );
      await desk.keyboard.press('Space');
      await expect.poll(() => lines.nth(0).textContent()).toContain('分支结构入门');
      // And the pointer's: drag it back below the other.
      const box = (await lines.nth(1).boundingBox())!;
      const grip = (await lines
        .nth(0)
        .getByRole('button', { name: /拖动以调整/ })
        .boundingBox())!;
      await desk.mouse.move(grip.x + grip.width / 2, grip.y + grip.height / 2);
      await desk.mouse.down();
      await desk.mouse.move(grip.x + grip.width / 2, box.y + box.height * 0.9, { steps: 12 });
      // Dropped once the other row has made way, as with the keyboard.
      await expect.poll(async () => (await shiftOf(0)) > 0 && (await shiftOf(1)) < 0).toBe(true);
      await desk.mouse.up();
      await expect.poll(() => lines.nth(0).textContent()).toContain('入门：顺序结构');
      // Saved in the keyboard's order once more, with the up button. dnd-kit swallows the clicks
      // of the first 50 ms after a pointer drop (a timer the page does not show), so the click is
      // made again while the row has not moved, and never once it has.
      await vi.waitFor(
        async () => {
          if (!(await lines.nth(0).textContent())?.includes('分支结构入门')) {
            await lines.nth(1).getByRole('button', { name: /上移/ }).click();
          }
          expect(await lines.nth(0).textContent()).toContain('分支结构入门');
        },
        { timeout: 15_000, interval: 500 },
      );
      await desk.getByTestId('course-units-save').click();
      await desk.getByTestId('course-unit-lines').waitFor({ state: 'detached' });
      await school.getByTestId('course-units-edit').click();
      await expect.poll(() => lines.nth(0).textContent()).toContain('分支结构入门');
      await desk.keyboard.press('Escape');
      expect(staff.pageErrors).toEqual([]);
    } finally {
      await staff.close();
    }
    const platformStaff = await launchBrowser();
    try {
      const desk = platformStaff.page;
      await logInAs(desk, platform, platform.accounts.admin);
      await desk.goto(`${platform.url}/web/admin/courses`);
      const queued = desk.getByTestId('staff-course').filter({ hasText: '校本课：程序设计入门' });
      await queued.getByTestId('course-pass').click();
      await expect.poll(() => queued.textContent()).toContain('已通过');
      expect(platformStaff.pageErrors).toEqual([]);
    } finally {
      await platformStaff.close();
    }
  });

  it('shows the service agreement as staff last saved it', async () => {
    const staff = await launchBrowser();
    try {
      const desk = staff.page;
      await logInAs(desk, platform, platform.accounts.admin);
      await desk.goto(`${platform.url}/web/admin/settings`);
      await desk.getByTestId('site-text-edit-serviceAgreement').click();
      const dialog = desk.getByRole('dialog');
      const text = dialog.getByLabel('内容');
      await text.fill(`${await text.inputValue()}\n\n## 第十条 课程购买\n\n单元购买后长期有效。`);
      await dialog.getByRole('button', { name: '保存' }).click();
      await dialog.waitFor({ state: 'detached' });
    } finally {
      await staff.close();
    }
    const { page } = ui;
    await page.goto(`${platform.url}/web/agreement/service`);
    await page.getByText('单元购买后长期有效。').waitFor();
  });

  it('staff write a write-up of a question picked from the bank, and register an app id', async () => {
    const staff = await launchBrowser();
    try {
      const desk = staff.page;
      await logInAs(desk, platform, platform.accounts.admin);
      await desk.goto(`${platform.url}/web/admin/content`);
      await desk.getByTestId('platform-documents-create-solution').click();
      const dialog = desk.getByRole('dialog');
      await dialog.getByLabel('标题').fill('闰年判断的三种写法');
      await dialog.getByRole('button', { name: '保存' }).click();
      // No question yet: the form names the field and keeps what was typed.
      await dialog.getByText('请从平台题库选择题目').waitFor();
      await desk.getByTestId('solution-question-bank-search').fill('闰年');
      await desk.getByTestId('solution-question-bank-search').press('Enter');
      await desk
        .getByTestId('solution-question-bank')
        .getByRole('button', { name: '加入' })
        .first()
        .click();
      await expect
        .poll(() => desk.getByTestId('solution-question').textContent())
        .toContain('闰年判断');
      await dialog.getByLabel('正文（Markdown）').fill('先判断能否被 400 整除。');
      await dialog.getByRole('button', { name: '保存' }).click();
      await dialog.waitFor({ state: 'detached' });
      await desk.getByText('闰年判断的三种写法').first().waitFor();

      await desk.goto(`${platform.url}/web/admin/apps`);
      await desk.getByTestId('app-create').click();
      await dialog.getByLabel('应用 ID').fill('campus-screen');
      await dialog.getByLabel('名称').fill('校园大屏');
      await dialog.getByRole('button', { name: '保存' }).click();
      await dialog.waitFor({ state: 'detached' });
      await desk.getByTestId('app-list').getByText('campus-screen').waitFor();
      expect(staff.pageErrors).toEqual([]);
    } finally {
      await staff.close();
    }
  });

  it('exports a log that replays exactly', async () => {
    const { page } = ui;
    await page.goto(`${platform.url}/web/course/list`);
    await page.getByTestId('account-menu').click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-log').click(),
    ]);
    await page.keyboard.press('Escape');
    const log = parseEventLog(await readFile((await download.path())!, 'utf8'));
    const result = replayLog(log, REPLAY_MACHINES);
    const verdicts = verifyReplay(log, result);
    expect(verdicts.some((v) => v.actor === 'checkout')).toBe(true);
    expect(verdicts.filter((v) => !v.matches)).toEqual([]);
    expect(result.skipped).toEqual([]);
  });
});

/**
 * Issue 25 item 11 in Chromium against the real server: the parent's side, as the people who do
 * it, from their own menus. The demo parent (bound to the demo student by the seed) opens 我的孩子
 * from the account menu and reads the child's 动态, classes, homework with its report, exam
 * result with its report and orders; paying the seeded card renewal from an empty wallet is
 * refused in Chinese, then paid at the sandbox checkout; renewing the card opens the pay dialog
 * at once. A learner's page tells a parent where the child's are. A fresh parent asks to bind the
 * child (an unknown account and a missing relation are refused, naming why), withdraws and asks
 * again, and the child refuses on their own account page; asked once more, the child confirms,
 * the parent sees the child; the child unbinds and the parent no longer does. Asked again, the
 * child's teacher confirms from the approval queue of their back office. Every actor's exported
 * log replays exactly.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organization } from '../../src/contract/organization/calls.ts';
import { checkLedger } from '../../src/server/ledger/check.ts';
import { DEMO_EXAMS } from '../../src/server/seed/exams.ts';
import { parseEventLog } from '../../src/streams/event-log-file.ts';
import { replayLog, verifyReplay } from '../../src/streams/replay.ts';
import { REPLAY_MACHINES } from '../../src/ui/app/root-machines.ts';
import type { TestPlatform } from '../support/platform.ts';
import { loginAs } from '../support/sessions.ts';
import { launchBrowser, logInAs, startPlatformAndBrowser, type TestBrowser } from './browser.ts';
import { payAtCheckout } from './checkout.ts';

/** The demo student's class and settled homework (seed/classes.ts). */
const CLASS = 'CSP-J 入门班（2026 冬季）';
const SETTLED_HOMEWORK = '第 2 周作业：变量与表达式';
/** The card the seed's parent renewed for the child, waiting for the parent's money. */
const RENEWAL = '学生季卡';
const CHILD = '演示学生';
const NEW_PARENT = { username: '13977770011', password: 'Parent#2026', nickname: '新来的爸爸' };

async function expectLogReplays(page: Page, actors: string[]) {
  await page.getByTestId('account-menu').click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('export-log').click(),
  ]);
  await page.keyboard.press('Escape');
  const log = parseEventLog(await readFile((await download.path())!, 'utf8'));
  const result = replayLog(log, REPLAY_MACHINES);
  const verdicts = verifyReplay(log, result);
  for (const actor of actors)
    expect(
      verdicts.some((v) => v.actor === actor),
      actor,
    ).toBe(true);
  expect(verdicts.filter((v) => !v.matches)).toEqual([]);
  expect(result.skipped).toEqual([]);
}

/** From the account menu, as a parent finds their children. */
async function openMyChildren(page: Page) {
  await page.getByTestId('account-menu').click();
  await page.getByTestId('my-children-link').click();
  await page.getByRole('heading', { name: '我的孩子' }).waitFor();
}

const tab = (page: Page, name: string) => page.getByRole('tab', { name }).click();

describe('a parent follows and pays for their child', () => {
  let platform: TestPlatform;
  let ui: TestBrowser;

  beforeAll(async () => {
    ({ platform, ui } = await startPlatformAndBrowser({
      sandboxPayments: { retryDelaysMs: [100, 200], maxAttempts: 5, pollMs: 100 },
    }));
    // A parent of the demo school, added by its administrator, bound to nobody yet.
    const { api: orgAdmin } = await loginAs(platform, 'orgAdmin');
    await orgAdmin.call(organization['edms.organizationMember.create'], {
      body: {
        nickname: NEW_PARENT.nickname,
        mobile: NEW_PARENT.username,
        password: NEW_PARENT.password,
        role: 'parent',
      },
    });
  }, 120_000);

  afterAll(async () => {
    await Promise.all([ui?.close(), platform?.stop()]);
  });

  it('reads the seeded child’s classes, homework, exam report and orders, and pays the renewal', async () => {
    const { page } = ui;
    await logInAs(page, platform, platform.accounts.parent);
    await openMyChildren(page);
    const binding = page.getByTestId('my-children').locator('tr').filter({ hasText: CHILD });
    await binding.getByTestId('binding-state').filter({ hasText: '已绑定' }).waitFor();
    await binding.getByRole('link', { name: '查看学习情况' }).click();
    await page.getByRole('heading', { name: `${CHILD}的学习情况` }).waitFor();

    // 动态: the child's records as lines, the renewal among them.
    await page.getByTestId('child-feed').getByText(RENEWAL).first().waitFor();

    await tab(page, '班级');
    await page.getByTestId('child-classes').getByRole('heading', { name: CLASS }).waitFor();

    await tab(page, '作业');
    const homework = page.getByTestId('child-homework').locator('tr').filter({
      hasText: SETTLED_HOMEWORK,
    });
    // A parent reads the report; the room (answering) is the child's.
    expect(await homework.getByRole('link', { name: SETTLED_HOMEWORK }).count()).toBe(0);
    await homework.getByRole('link', { name: '报告' }).click();
    await page.getByTestId('homework-report-score').waitFor();
    await page.getByRole('link', { name: '返回孩子的学习情况' }).click();
    await page.getByTestId('child-homework').waitFor();

    await tab(page, '考试成绩');
    const sitting = page.getByTestId('child-sittings').locator('tr').filter({
      hasText: DEMO_EXAMS.past,
    });
    await sitting.getByRole('link', { name: '成绩报告' }).click();
    await page.getByTestId('exam-report-score').waitFor();
    // The AI helper on a report is the learner's, not the parent's.
    expect(await page.getByTestId('ai-launcher-1').count()).toBe(0);
    await page.getByRole('link', { name: '返回孩子的学习情况' }).click();

    await tab(page, '订单');
    const order = page.getByTestId('child-orders').locator('tr').filter({ hasText: RENEWAL });
    await order.getByTestId('order-state').filter({ hasText: '待支付' }).waitFor();
    await order.getByRole('button', { name: '支付' }).click();
    const dialog = page.getByRole('dialog', { name: '支付订单' });
    await dialog.getByTestId('pay-summary').getByText(RENEWAL).waitFor();
    // The parent's wallet is empty: refused, in Chinese, and the dialog stays to choose again.
    await dialog
      .locator('label')
      .filter({ hasText: /^钱包余额/ })
      .click();
    await dialog.getByRole('button', { name: '确认支付' }).click();
    await dialog.getByRole('alert').filter({ hasText: '余额不足' }).waitFor();
    await dialog.locator('label').filter({ hasText: '在线支付' }).click();
    await dialog.getByRole('button', { name: '确认支付' }).click();
    await payAtCheckout(page);
    await dialog.getByRole('button', { name: '完成' }).click();
    await dialog.waitFor({ state: 'detached' });
    await order.getByTestId('order-state').filter({ hasNotText: '待支付' }).waitFor();
    expect(await order.getByRole('button', { name: '支付' }).count()).toBe(0);

    // 续卡: pick a card, the child's order is placed and the pay dialog opens at once.
    await page.getByTestId('renew-card').click();
    const cards = page.getByRole('dialog', { name: `为${CHILD}续卡` });
    await cards.getByRole('button', { name: `选择 ${RENEWAL}` }).click();
    await dialog.getByTestId('pay-summary').getByText(RENEWAL).waitFor();
    await dialog.getByRole('button', { name: '确认支付' }).waitFor();
    await dialog.getByRole('button', { name: '关闭' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page
      .getByTestId('child-orders')
      .locator('tr')
      .filter({ hasText: RENEWAL })
      .getByTestId('order-state')
      .filter({ hasText: '待支付' })
      .waitFor();

    // A learner's own page, opened as a parent, says where the child's are.
    await page.goto(`${platform.url}/web/user/homework`);
    await page.getByTestId('learner-only').getByText('家长账号没有自己的班级').waitFor();
    expect(await page.getByRole('menuitem', { name: '我的作业' }).count()).toBe(0);
    // On the cards on sale, a parent buys for the child right on the card: the child's order,
    // the pay dialog at once; the hint also leads to the child's page.
    await page.goto(`${platform.url}/web/vipCardList`);
    await page.getByRole('button', { name: `为${CHILD}购买 ${RENEWAL}` }).click();
    await dialog.getByTestId('pay-summary').getByText(RENEWAL).waitFor();
    await dialog.getByRole('button', { name: '关闭' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('vip-for-child').getByRole('link', { name: '我的孩子' }).click();
    await page.getByRole('heading', { name: '我的孩子' }).waitFor();

    expect(ui.pageErrors).toEqual([]);
    await expectLogReplays(page, ['childCheckout']);
    expect((await checkLedger(platform.pool)).problems).toEqual([]);
  }, 240_000);

  it('binds only when the child confirms, and unbinds when the child says so', async () => {
    const parent = await launchBrowser();
    const child = await launchBrowser();
    try {
      const mum = parent.page;
      await logInAs(mum, platform, NEW_PARENT);
      await openMyChildren(mum);
      await mum.getByText('还没有绑定孩子').waitFor();
      const form = mum.getByTestId('bind-child');
      const account = form.getByLabel('孩子的用户名或手机号');
      const ask = form.getByRole('button', { name: '申请绑定' });

      // A relation is required, named by its field; an unknown account is refused by the server.
      await account.fill('demo_student');
      await ask.click();
      await form.getByTestId('bind-invalid').filter({ hasText: '我是孩子的' }).waitFor();
      await form.getByLabel('我是孩子的').selectOption('爸爸');
      await account.fill('no_such_child_2026');
      await ask.click();
      await form.getByTestId('bind-refused').waitFor();
      expect(await form.getByTestId('bind-refused').textContent()).toBe(
        '孩子的用户名或手机号：没有找到用这个用户名或手机号注册的学员账号',
      );

      await account.fill('demo_student');
      await ask.click();
      await form.getByTestId('bind-asked').waitFor();
      const row = mum.getByTestId('my-children').locator('tbody tr').first();
      await row.getByTestId('binding-state').filter({ hasText: '待确认' }).waitFor();
      // Asking gives nothing: no way into the child's learning until they confirm.
      expect(await row.getByRole('link', { name: '查看学习情况' }).count()).toBe(0);

      // The parent may withdraw a request still waiting, and ask again.
      await row.getByRole('button', { name: '撤回申请' }).click();
      await row.getByTestId('binding-state').filter({ hasText: '已撤回' }).waitFor();
      await ask.click();
      await row.getByTestId('binding-state').filter({ hasText: '待确认' }).waitFor();

      // The child, on their own account page, refuses the first time.
      const kid = child.page;
      await logInAs(kid, platform, platform.accounts.student);
      await kid.getByTestId('account-menu').click();
      await kid.getByRole('menuitem', { name: '个人中心' }).click();
      const requests = kid.getByTestId('parent-requests');
      // The parent's rows by state: the list keeps what ended (a withdrawn request too).
      const parentRow = (state: string) =>
        requests.locator(`tr[data-state="${state}"]`).filter({ hasText: NEW_PARENT.nickname });
      await parentRow('cancelled')
        .getByTestId('binding-state')
        .filter({ hasText: '已撤回' })
        .waitFor();
      const asked = parentRow('requested');
      await asked.getByTestId('binding-state').filter({ hasText: '待确认' }).waitFor();
      await asked.getByRole('button', { name: '拒绝' }).click();
      await parentRow('refused')
        .getByTestId('binding-state')
        .filter({ hasText: '已拒绝' })
        .waitFor();
      expect(await parentRow('refused').getByRole('button').count()).toBe(0);
      await mum.reload();
      await row.getByTestId('binding-state').filter({ hasText: '已拒绝' }).waitFor();
      expect(await row.getByRole('link', { name: '查看学习情况' }).count()).toBe(0);

      // Asked again, the child confirms.
      await form.getByLabel('孩子的用户名或手机号').fill('demo_student');
      await form.getByLabel('我是孩子的').selectOption('爸爸');
      await ask.click();
      await row.getByTestId('binding-state').filter({ hasText: '待确认' }).waitFor();
      await kid.reload();
      await asked.getByRole('button', { name: '确认' }).click();
      const bound = parentRow('confirmed');
      await bound.getByTestId('binding-state').filter({ hasText: '已绑定' }).waitFor();

      await mum.reload();
      await row.getByTestId('binding-state').filter({ hasText: '已绑定' }).waitFor();
      await row.getByRole('link', { name: '查看学习情况' }).click();
      await mum.getByRole('heading', { name: `${CHILD}的学习情况` }).waitFor();
      const childPage = mum.url();

      // The child unbinds; the parent no longer sees them.
      await bound.getByRole('button', { name: '解除绑定' }).click();
      await kid.getByText(`解除后${NEW_PARENT.nickname}将看不到你的班级`).waitFor();
      await kid.getByRole('button', { name: '确定解除' }).click();
      // The child's list keeps the ended binding, with nothing left to do on it.
      await parentRow('unbound')
        .getByTestId('binding-state')
        .filter({ hasText: '已解除' })
        .waitFor();
      await bound.waitFor({ state: 'detached' });

      await mum.goto(childPage);
      await mum.getByTestId('child-missing').waitFor();
      await openMyChildren(mum);
      await row.getByTestId('binding-state').filter({ hasText: '已解除' }).waitFor();
      expect(await row.getByRole('link', { name: '查看学习情况' }).count()).toBe(0);

      expect(parent.pageErrors).toEqual([]);
      expect(child.pageErrors).toEqual([]);
      await expectLogReplays(mum, ['parentBinding']);
      await expectLogReplays(kid, ['parentBinding']);
    } finally {
      await Promise.all([parent.close(), child.close()]);
    }
  }, 240_000);

  it('a teacher of the child’s class confirms a request from the approval queue', async () => {
    const parent = await launchBrowser();
    const desk = await launchBrowser();
    try {
      const dad = parent.page;
      await logInAs(dad, platform, NEW_PARENT);
      await openMyChildren(dad);
      const form = dad.getByTestId('bind-child');
      await form.getByLabel('孩子的用户名或手机号').fill('demo_student');
      await form.getByLabel('我是孩子的').selectOption('爸爸');
      await form.getByRole('button', { name: '申请绑定' }).click();
      await form.getByTestId('bind-asked').waitFor();
      const row = dad
        .getByTestId('my-children')
        .locator('tbody tr')
        .filter({ has: dad.getByTestId('binding-state').filter({ hasText: '待确认' }) });
      await row.waitFor();

      // The teacher, from their back office's menu: 审批队列.
      const teacher = desk.page;
      await logInAs(teacher, platform, platform.accounts.teacher);
      await teacher.getByTestId('account-menu').click();
      await teacher.getByTestId('manage-link').click();
      await teacher.getByRole('menuitem', { name: '审批队列' }).click();
      const queue = teacher.getByTestId('binding-approvals');
      const asked = queue.locator('tr').filter({ hasText: NEW_PARENT.nickname });
      await asked.getByRole('button', { name: '确认' }).click();
      await asked.waitFor({ state: 'detached' });
      await queue.getByText('没有待确认的家长绑定申请').waitFor();

      await dad.reload();
      const bound = dad
        .getByTestId('my-children')
        .locator('tbody tr')
        .filter({ has: dad.getByTestId('binding-state').filter({ hasText: '已绑定' }) });
      await bound.getByRole('link', { name: '查看学习情况' }).click();
      await dad.getByRole('heading', { name: `${CHILD}的学习情况` }).waitFor();

      expect(parent.pageErrors).toEqual([]);
      expect(desk.pageErrors).toEqual([]);
      await expectLogReplays(teacher, ['parentBinding']);
      await expectLogReplays(dad, ['parentBinding']);
    } finally {
      await Promise.all([parent.close(), desk.close()]);
    }
  }, 240_000);
});

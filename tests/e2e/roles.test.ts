/**
 * Issue 27 item 1's journeys in Chromium against the real server and the seeded demo school:
 * - The platform admin makes a grading role for the demo school from 角色与权限 (a name the school
 *   already uses refused under the field), picks its operates in the tree, and from 机构审核
 *   gives it to demo_grader in place of the seeded 阅卷老师 (seed/roles.ts).
 * - That teacher opens the
 *   back office from their own account menu and finds 作业 and nothing else; no button for what
 *   the role does not grant (新建, 结算, 导出); gives a learner's answer a score by hand in the
 *   grading overview, which shows it marked 人工 — and the learner, whose page is open, sees
 *   the bell count it and reads 已批改 without reloading; a screen the role lacks says so.
 * - The school's admin (demo_orgadmin) makes a role from 角色与权限, picks its permissions in
 *   the tree, and gives it to a teacher on 教师.
 * - The platform admin adds a platform user, who must change the password first; then reads in
 *   系统日志 who did what: a stranger's failed sign-in under the name it tried, the newcomer's
 *   password change, narrowed by outcome, person and days (a backwards range refused on the
 *   spot), and exports it.
 * - The platform admin blocks the demo learner from 黑名单 (a block without a reason refused by
 *   field): the learner's open page is signed out, signing in again says until when and why;
 *   lifting the block lets them in.
 * Each session's event log replays exactly.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_ORGANIZATION } from '../../src/server/seed/demo-data.ts';
import { DEMO_GRADER_ROLE } from '../../src/server/seed/roles.ts';
import type { TestPlatform } from '../support/platform.ts';
import {
  expectLogReplays,
  launchBrowser,
  logInAs,
  startPlatformAndBrowser,
  type TestBrowser,
} from './browser.ts';

const menuEntries = (page: Page) =>
  page.locator('nav.xa-user-menu .bp6-menu-item').allTextContents();

describe('roles that staff configure, used from their own menus', () => {
  let platform: TestPlatform;
  let grader: TestBrowser;
  let admin: TestBrowser;
  let learner: TestBrowser;

  beforeAll(async () => {
    ({ platform, ui: grader } = await startPlatformAndBrowser());
    [admin, learner] = await Promise.all([launchBrowser(), launchBrowser()]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([grader?.close(), admin?.close(), learner?.close(), platform?.stop()]);
  });

  it('lets the platform admin make a grading role for the demo school and give it to a teacher', async () => {
    const platformAdmin = await launchBrowser();
    try {
      const { page } = platformAdmin;
      await logInAs(page, platform, platform.accounts.admin);
      await page.getByTestId('account-menu').click();
      await page.getByTestId('admin-link').click();
      await page.waitForURL(/\/web\/admin\//);
      await page.locator('nav.xa-user-menu').getByText('角色与权限').click();
      const roles = page.getByTestId('roles');
      await roles.getByText(DEMO_GRADER_ROLE.remark).waitFor();

      await page.getByTestId('role-create').click();
      const form = page.getByRole('dialog');
      await form.getByLabel(/^所属/).selectOption({ label: DEMO_ORGANIZATION });
      await form.getByLabel('角色名称').fill('阅卷老师');
      await form.getByRole('button', { name: '保存' }).click();
      // The school has a 阅卷老师 already: said under the name, and the form keeps what was typed.
      await form.getByText('角色名称「阅卷老师」已被使用').waitFor();
      await form.getByLabel('角色名称').fill('期末阅卷老师');
      await form.getByLabel('备注').fill('期末统一阅卷');
      await form.getByRole('button', { name: '保存' }).click();
      await form.waitFor({ state: 'detached' });
      const row = roles.locator('tr').filter({ hasText: '期末阅卷老师' });
      await row.getByText(DEMO_ORGANIZATION).waitFor();

      await row.getByTestId('role-perms').click();
      const tree = page.getByRole('dialog');
      for (const callId of DEMO_GRADER_ROLE.callIds) {
        await tree.getByLabel('搜索操作名称或接口').fill(callId);
        await tree.getByText(callId, { exact: true }).click();
      }
      await tree.getByText(`已选 ${DEMO_GRADER_ROLE.callIds.length} 项操作`).waitFor();
      await tree.getByRole('button', { name: '保存' }).click();
      await tree.waitFor({ state: 'detached' });
      await expect
        .poll(() => row.locator('td').nth(3).textContent())
        .toBe(String(DEMO_GRADER_ROLE.callIds.length));

      await page.locator('nav.xa-user-menu').getByText('机构审核').click();
      await page.getByRole('combobox', { name: '状态' }).selectOption({ label: '已通过' });
      const school = page
        .getByTestId('organizations')
        .locator('tr')
        .filter({ hasText: DEMO_ORGANIZATION });
      await school.getByRole('button', { name: '教师与角色' }).click();
      const teacher = page
        .getByTestId('organization-teachers')
        .locator('tr')
        .filter({ hasText: DEMO_ACCOUNTS.grader.nickname });
      await teacher.getByText('阅卷老师', { exact: true }).waitFor();
      await teacher.getByRole('button', { name: '设置角色' }).click();
      const assign = page.getByRole('dialog');
      await assign.getByText('阅卷老师', { exact: true }).click();
      await assign.getByText('期末阅卷老师', { exact: true }).click();
      await assign.getByRole('button', { name: '保存' }).click();
      await assign.waitFor({ state: 'detached' });
      await expect.poll(() => teacher.locator('td').nth(3).textContent()).toBe('期末阅卷老师');
      expect(platformAdmin.pageErrors).toEqual([]);
      await expectLogReplays(page, ['staffEdit']);
    } finally {
      await platformAdmin.close();
    }
  });

  it('opens the grading role’s back office at the homework, the only entry of its menu', async () => {
    const { page } = grader;
    await logInAs(page, platform, platform.accounts.grader);
    await page.getByTestId('account-menu').click();
    await page.getByTestId('manage-link').click();
    await page.waitForURL(/\/web\/manage\/homework/);
    await expect.poll(() => menuEntries(page)).toEqual(['作业']);
    const list = page.getByTestId('staff-homework');
    await list.locator('tr').filter({ hasText: '第 3 周作业' }).first().waitFor();
    // Not granted: no 新建, no edit, no delete, no publishing; and no class picker to refuse.
    expect(await page.getByTestId('homework-create').count()).toBe(0);
    expect(await list.getByRole('button', { name: '编辑' }).count()).toBe(0);
    expect(await list.getByRole('button', { name: '删除' }).count()).toBe(0);
    expect(await page.getByRole('combobox', { name: '班级' }).count()).toBe(0);
    // Nothing it may not do was asked: no refusal shows.
    expect(await page.getByText(/没有权限执行/).count()).toBe(0);
  });

  it('gives an answer a score by hand, shown marked 人工; settling and exporting are not offered', async () => {
    const { page } = grader;
    await page
      .getByTestId('staff-homework')
      .locator('tr')
      .filter({ hasText: '第 3 周作业' })
      .first()
      .getByRole('link')
      .click();
    const grading = page.getByTestId('grading');
    await grading.waitFor();
    expect(await page.getByRole('button', { name: '结算' }).count()).toBe(0);
    expect(await page.getByTestId('grading-export').count()).toBe(0);
    const row = grading.locator('tbody tr').first();
    const cell = row.locator('td[data-testid^="grading-cell-"]').first();
    // The learner of that row has the site open: their bell will hear of the grade.
    const memberId = Number(
      /^grading-cell-(\d+)-/.exec((await cell.getAttribute('data-testid'))!)![1],
    );
    const { rows } = await platform.pool.query<{ username: string }>(
      'SELECT u.username FROM members m JOIN users u ON u.id = m.user_id WHERE m.id = $1',
      [memberId],
    );
    await logInAs(learner.page, platform, {
      username: rows[0]!.username,
      password: platform.accounts.student.password,
    });
    const bell = learner.page.getByTestId('message-bell');
    await bell.waitFor();
    await learner.page.getByTestId('message-bell').click();
    await learner.page.getByTestId('message-read-all').click();
    await expect.poll(() => learner.page.getByTestId('message-unread').count()).toBe(0);
    await cell.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/得分/).fill('999');
    await dialog.getByRole('button', { name: '保存' }).click();
    // Refused before it is sent, under the field, and nothing is lost.
    await dialog.getByText(/得分须为 0 到 \d+ 的整数/).waitFor();
    await dialog.getByLabel(/得分/).fill('1');
    await dialog.getByLabel('备注').fill('纸质作答，人工登记');
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => cell.textContent()).toContain('人工');
    expect(await cell.textContent()).toMatch(/^1\b/);
    expect(await page.getByText(/没有权限执行/).count()).toBe(0);
    expect(grader.pageErrors).toEqual([]);

    // Without a reload, the learner's bell counts the message, which says 已批改.
    await learner.page.getByTestId('message-unread').getByText('1').waitFor();
    await bell.click();
    const graded = learner.page
      .getByTestId('message-menu')
      .getByText(/作业「第 3 周作业.*」已批改/);
    await graded.click();
    await learner.page.waitForURL(/\/web\/user\/homework/);
    await expect.poll(() => learner.page.getByTestId('message-unread').count()).toBe(0);
    expect(learner.pageErrors).toEqual([]);
    await expectLogReplays(learner.page);
  });

  it('says a screen its role lacks is not permitted, instead of opening onto refusals', async () => {
    const { page } = grader;
    await page.goto(`${platform.url}/web/manage/classes`);
    await page.getByRole('heading', { name: '没有权限' }).waitFor();
    expect(await page.getByText(/你的角色没有「班级」的权限/).count()).toBe(1);
    // The screen was not opened: no call of it was made, so no refusal shows.
    expect(await page.getByText(/没有权限执行/).count()).toBe(0);
    await expectLogReplays(page, ['staffEdit']);
  });

  it('lets the school’s admin make a role, pick its permissions and give it to a teacher', async () => {
    const { page } = admin;
    await logInAs(page, platform, platform.accounts.orgAdmin);
    await page.getByTestId('account-menu').click();
    await page.getByTestId('manage-link').click();
    await page.waitForURL(/\/web\/manage\/dashboard/);
    await page.locator('nav.xa-user-menu').getByText('角色与权限').click();
    const roles = page.getByTestId('roles');
    await roles.getByText(DEMO_GRADER_ROLE.remark).waitFor();

    await page.getByTestId('role-create').click();
    const form = page.getByRole('dialog');
    await form.getByRole('button', { name: '保存' }).click();
    await form.getByText('角色名称不能为空').waitFor();
    await form.getByLabel('角色名称').fill('班级助理');
    await form.getByLabel('备注').fill('只看班级');
    await form.getByRole('button', { name: '保存' }).click();
    await form.waitFor({ state: 'detached' });
    const row = roles.locator('tr').filter({ hasText: '班级助理' });
    await row.waitFor();

    await row.getByTestId('role-perms').click();
    const tree = page.getByRole('dialog');
    await tree.getByLabel('搜索操作名称或接口').fill('edms.grade.queryList');
    await tree.getByText('edms.grade.queryList').click();
    await tree.getByText('已选 1 项操作').waitFor();
    await tree.getByRole('button', { name: '保存' }).click();
    await tree.waitFor({ state: 'detached' });
    await expect.poll(() => row.locator('td').nth(3).textContent()).toBe('1');

    await page.locator('nav.xa-user-menu').getByText('教师').click();
    const teacher = page.getByTestId('teachers').locator('tr').filter({ hasText: '演示助教' });
    await teacher.getByRole('button', { name: '设置角色' }).click();
    const assign = page.getByRole('dialog');
    await assign.getByText('班级助理').click();
    await assign.getByRole('button', { name: '保存' }).click();
    await assign.waitFor({ state: 'detached' });
    await expect.poll(() => teacher.textContent()).toContain('班级助理');
    expect(admin.pageErrors).toEqual([]);
    await expectLogReplays(page, ['staffEdit']);
  });

  it('lets the platform admin add a platform user, who must change the password first', async () => {
    const platformAdmin = await launchBrowser();
    const newcomer = await launchBrowser();
    try {
      const { page } = platformAdmin;
      await logInAs(page, platform, platform.accounts.admin);
      await page.goto(`${platform.url}/web/admin/users`);
      await page.getByTestId('platform-users').waitFor();
      await page.getByTestId('user-create').click();
      const form = page.getByRole('dialog');
      await form.getByLabel('用户名').fill('ops_xu');
      await form.getByLabel('昵称').fill('运营小徐');
      await form.getByLabel(/手机号/).fill('123');
      await form.getByRole('button', { name: '保存' }).click();
      await form.getByText('请输入 11 位手机号').waitFor();
      await form.getByLabel(/手机号/).fill('');
      await form.getByRole('button', { name: '保存' }).click();
      await form.waitFor({ state: 'detached' });
      const issued = page.getByTestId('issued-password');
      const password = /：(\w+)（/.exec((await issued.textContent()) ?? '')![1]!;
      await page.getByTestId('platform-users').getByText('ops_xu').waitFor();

      const other = newcomer.page;
      // Logged in, the login dialog gives way to the password change (logInAs waits for no dialog).
      await other.goto(`${platform.url}/web/`);
      await other.getByTestId('login-button').click();
      const login = other.locator('.xa-login-dialog');
      await login.getByLabel('用户名').fill('ops_xu');
      await login.getByLabel('密码', { exact: true }).fill(password);
      await login.getByRole('button', { name: '登录' }).click();
      await login.waitFor({ state: 'detached' });
      const change = other.getByRole('dialog', { name: '修改密码' });
      await change.getByText('管理员重置了你的密码').waitFor();
      await change.getByLabel(/当前密码/).fill(password);
      await change.getByLabel(/新密码（至少 8 位）/).fill('Ops-Xu-2026');
      await change.getByLabel('再输一次新密码').fill('Ops-Xu-2027');
      await change.getByTestId('password-save').click();
      await change.getByText('两次输入的新密码不一致').waitFor();
      await change.getByLabel('再输一次新密码').fill('Ops-Xu-2026');
      await change.getByTestId('password-save').click();
      await change.waitFor({ state: 'detached' });
      await other.getByTestId('account-menu').click();
      await other.getByTestId('admin-link').click();
      await other.waitForURL(/\/web\/admin\/approvals/);

      // 权限资源: a directory of its own; a sort out of range is refused by field.
      await page.locator('nav.xa-user-menu').getByText('权限资源').click();
      await page.getByTestId('resources').waitFor();
      await page.getByTestId('directory-create').click();
      const directory = page.getByRole('dialog');
      await directory.getByLabel('名称').fill('教研常用');
      await directory.getByLabel(/排序/).fill('-1');
      await directory.getByRole('button', { name: '保存' }).click();
      await directory.getByText('请输入 0 到 99999 之间的整数').waitFor();
      await directory.getByLabel(/排序/).fill('5');
      await directory.getByRole('button', { name: '保存' }).click();
      await directory.waitFor({ state: 'detached' });
      await page.getByTestId('resources').getByText('教研常用').waitFor();
      expect(platformAdmin.pageErrors).toEqual([]);
      expect(newcomer.pageErrors).toEqual([]);
      await expectLogReplays(page, ['staffEdit']);

      // Someone else, in a browser of their own, tries the newcomer's name with a wrong password.
      const strangerBrowser = await launchBrowser();
      const stranger = strangerBrowser.page;
      await stranger.goto(`${platform.url}/web/`);
      await stranger.getByTestId('login-button').click();
      const attempt = stranger.locator('.xa-login-dialog');
      await attempt.getByLabel('用户名').fill('ops_xu');
      await attempt.getByLabel('密码', { exact: true }).fill('not-the-password');
      await attempt.getByRole('button', { name: '登录' }).click();
      await attempt.getByText('用户名或密码错误').waitFor();
      await strangerBrowser.close();

      // 系统日志, from the platform admin's own menu.
      await page.locator('nav.xa-user-menu').getByText('系统日志').click();
      const log = page.getByTestId('sys-log');
      await log.waitFor();
      await page.getByLabel('用户名、昵称或 IP 地址').fill('ops_xu');
      await page.getByLabel('用户名、昵称或 IP 地址').press('Enter');
      await log.locator('tr').filter({ hasText: '修改本人密码' }).first().waitFor();
      await page.getByRole('combobox', { name: '结果' }).selectOption({ label: '失败' });
      const failed = log.locator('tbody tr');
      await expect.poll(() => failed.count()).toBe(1);
      await expect.poll(() => failed.first().textContent()).toContain('用户名或密码错误');
      expect(await failed.first().textContent()).toContain('未登录');

      // A range that ends before it starts is said at once and not sent.
      await page.getByLabel('开始日期').fill('2026-12-02');
      await page.getByLabel('结束日期').fill('2026-12-01');
      await page.getByText('结束日期不能早于开始日期').waitFor();
      await page.getByLabel('结束日期').fill('');
      await page.getByLabel('开始日期').fill('');

      // Narrowed to one person from a row; the tag undoes it.
      await page.getByRole('combobox', { name: '结果' }).selectOption({ label: '全部结果' });
      await page.getByLabel('用户名、昵称或 IP 地址').fill('');
      await page.getByLabel('用户名、昵称或 IP 地址').press('Enter');
      const created = log.locator('tr').filter({ hasText: '新建平台用户' }).first();
      await created.getByTitle('只看此人的记录').click();
      await page.getByText(/^只看：/).waitFor();
      await expect
        .poll(async () => (await log.locator('tbody tr').allTextContents()).join('\n'))
        .not.toContain('用户名或密码错误');

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('sys-log-export').click(),
      ]);
      expect(download.suggestedFilename()).toBe('系统日志.xlsx');
      expect(platformAdmin.pageErrors).toEqual([]);
      await expectLogReplays(page);
    } finally {
      await Promise.all([platformAdmin.close(), newcomer.close()]);
    }
  });

  it('lets the platform admin block a learner, who is signed out and told why, then lift it', async () => {
    const platformAdmin = await launchBrowser();
    const learner = await launchBrowser();
    try {
      const { page } = platformAdmin;
      await logInAs(learner.page, platform, platform.accounts.student);
      await logInAs(page, platform, platform.accounts.admin);
      await page.goto(`${platform.url}/web/admin/blacklist`);
      const list = page.getByTestId('blocks');
      await list.getByText('csps_30').waitFor();

      await page.getByTestId('block-create').click();
      const form = page.getByRole('dialog');
      await form.getByPlaceholder('输入昵称、用户名或手机号').fill('demo_student');
      await form.getByRole('button', { name: '查找' }).click();
      await form.getByRole('button', { name: /demo_student/ }).click();
      await form.getByRole('button', { name: '保存' }).click();
      await form.getByText('请填写拉黑原因').waitFor();
      await form.getByLabel('原因').fill('模拟赛中请他人代答');
      await form.getByRole('button', { name: '保存' }).click();
      await form.waitFor({ state: 'detached' });
      const row = list.locator('tr').filter({ hasText: 'demo_student' });
      await row.getByText('生效中').waitFor();

      // The learner's page: the next call finds no session; signing in says why.
      const other = learner.page;
      await other.reload();
      await other.getByTestId('login-button').click();
      const login = other.locator('.xa-login-dialog');
      await login.getByLabel('用户名').fill(platform.accounts.student.username);
      await login.getByLabel('密码', { exact: true }).fill(platform.accounts.student.password);
      await login.getByRole('button', { name: '登录' }).click();
      await login.getByText(/账号已被封禁，未设解封时间。原因：模拟赛中请他人代答/).waitFor();

      page.once('dialog', (confirm) => void confirm.accept());
      await row.getByRole('button', { name: '解除' }).click();
      await row.getByText('已解除').waitFor();
      await login.getByRole('button', { name: '登录' }).click();
      await login.waitFor({ state: 'detached' });
      await other.getByTestId('account-menu').waitFor();
      expect(platformAdmin.pageErrors).toEqual([]);
      expect(learner.pageErrors).toEqual([]);
      await expectLogReplays(page, ['staffEdit']);
    } finally {
      await Promise.all([platformAdmin.close(), learner.close()]);
    }
  });
});

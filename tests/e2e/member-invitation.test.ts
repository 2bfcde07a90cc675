/**
 * Issue 25 item 13 in Chromium against the real server: an organization admin adds a learner by
 * a mobile registered only in another organization and is told 待学员确认, with the learner named
 * masked (no username, no name); the learner finds the invitation on their own account page and
 * accepts it, and only then is theirs in the organization's list. The learner's event log
 * replays exactly.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../src/contract/accounts/calls.ts';
import { organization } from '../../src/contract/organization/calls.ts';
import { parseEventLog } from '../../src/streams/event-log-file.ts';
import { replayLog, verifyReplay } from '../../src/streams/replay.ts';
import { REPLAY_MACHINES, ROOT_MACHINES } from '../../src/ui/app/root-machines.ts';
import { sdk } from '../support/api.ts';
import type { TestPlatform } from '../support/platform.ts';
import { launchBrowser, logInAs, startPlatformAndBrowser, type TestBrowser } from './browser.ts';

const LEARNER = {
  username: 'waixiao_e2e',
  nickname: '外校王同学',
  realName: '王小明',
  mobile: '13977771001',
  password: 'Outer#2026',
};

describe('a learner of another organization is invited, and joins only by accepting', () => {
  let platform: TestPlatform;
  /** The invited learner's browser. */
  let ui: TestBrowser;
  /** The organization admin's own browser profile. */
  let staff: TestBrowser;

  beforeAll(async () => {
    ({ platform, ui } = await startPlatformAndBrowser());
    staff = await launchBrowser();
    // The demo teacher, acting for their other organization, registered the learner there.
    const teacher = sdk(platform.apiUrl);
    const { username, password } = platform.accounts.teacher;
    const me = await teacher.call(accounts.loginByPwd, { body: { username, password } });
    const mine = await teacher.call(accounts['oj.member.queryMineTeacherList']);
    const other = mine.find((m) => m.organizationId !== me.organizationId)!;
    await teacher.call(accounts.switchOrganization, { body: { memberId: other.id } });
    await teacher.call(organization['member.create'], { body: LEARNER });
  }, 120_000);

  afterAll(async () => {
    await Promise.all([ui?.close(), staff?.close(), platform?.stop()]);
  });

  it('tells the admin who adds the mobile 待学员确认, naming the learner masked', async () => {
    const desk = staff.page;
    await logInAs(desk, platform, platform.accounts.orgAdmin);
    await desk.goto(`${platform.url}/web/manage/members`);
    await desk.getByTestId('member-create').click();
    const form = desk.getByRole('dialog');
    await form.getByLabel('昵称').fill('新来的学员');
    await form.getByLabel('手机号').fill(LEARNER.mobile);
    await form.getByRole('button', { name: '保存' }).click();
    const invited = desk.getByTestId('invited');
    await invited.filter({ hasText: '待学员确认' }).waitFor();
    const text = (await invited.textContent()) ?? '';
    expect(text).toContain('外***');
    for (const name of [LEARNER.username, LEARNER.nickname, LEARNER.realName]) {
      expect(text).not.toContain(name);
    }
    expect(staff.pageErrors).toEqual([]);
  }, 120_000);

  it('shows the learner the invitation on their account page; accepting joins them', async () => {
    const { page } = ui;
    await logInAs(page, platform, LEARNER);
    await page.goto(`${platform.url}/web/user/accout`);
    const invitations = page.getByTestId('invitations');
    const row = invitations.locator('tr[data-state]').first();
    await row.filter({ hasText: '信奥训练营示范校' }).waitFor();
    expect(await row.getAttribute('data-state')).toBe('pending');
    expect(await row.textContent()).toContain('待确认');
    await row.getByRole('button', { name: '接受' }).click();
    await invitations.locator('tr[data-state="accepted"]').filter({ hasText: '已接受' }).waitFor();
    expect(await invitations.getByRole('button', { name: '接受' }).count()).toBe(0);

    // Now, and only now, the organization has the learner, under the nickname staff entered.
    const desk = staff.page;
    await desk.reload();
    await desk.getByText('新来的学员').first().waitFor();
    expect(ui.pageErrors).toEqual([]);
  }, 120_000);

  it('replays the learner’s event log exactly', async () => {
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
    expect(verdicts.length).toBeGreaterThanOrEqual(Object.keys(ROOT_MACHINES).length);
    expect(verdicts.filter((v) => !v.matches)).toEqual([]);
    expect(result.skipped).toEqual([]);
    expect(verdicts.some((v) => v.actor === 'invitationAnswer')).toBe(true);
  });
});

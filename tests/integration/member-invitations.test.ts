/**
 * A username from a mobile number (issue 25 item 13), over real HTTP. Staff of one organization
 * who add a learner by a mobile registered only in another organization no longer link that
 * login into theirs: the learner is invited, staff see them masked (no username, no name) in
 * every answer — the single add, the batch, the import's outcome, batch enrollment by mobile,
 * the password export — and the account is made only when the learner accepts from their own
 * account. Someone already in the organization is linked as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../src/contract/accounts/calls.ts';
import { ErrorCode } from '../../src/contract/errors.ts';
import { grade } from '../../src/contract/grade/calls.ts';
import { organization as api } from '../../src/contract/organization/calls.ts';
import type { DownloadedFile } from '../../src/transport/download.ts';
import { createTransport, type Transport } from '../../src/transport/client.ts';
import { sdk } from '../support/api.ts';
import { failureOf } from '../support/errors.ts';
import { madeMember } from '../support/people.ts';
import { startTestPlatform, type TestPlatform } from '../support/platform.ts';
import { loginAs } from '../support/sessions.ts';

let platform: TestPlatform;
/** The demo teacher in the demo school (organization A). */
let teacher: Transport;
/** The same demo teacher acting for their other organization (B). */
let elsewhere: Transport;
let downloads: DownloadedFile[];

const OUTER = { username: 'waixiao_2026', realName: '王小明', nickname: '外校王同学' };
const OUTER_MOBILE = '13977770001';
const SECOND_MOBILE = '13977770002';

async function logIn(username: string, password: string) {
  const client = sdk(platform.apiUrl);
  await client.call(accounts.loginByPwd, { body: { username, password } });
  return client;
}

/** Nothing that names the learner: neither their username, nor their name, nor their nickname. */
function expectNoName(answer: unknown) {
  const text = JSON.stringify(answer);
  expect(text).not.toContain(OUTER.username);
  expect(text).not.toContain(OUTER.realName);
  expect(text).not.toContain(OUTER.nickname);
}

beforeAll(async () => {
  platform = await startTestPlatform();
  downloads = [];
  teacher = createTransport({ baseUrl: platform.apiUrl, onDownload: (f) => downloads.push(f) });
  const { username, password } = platform.accounts.teacher;
  const me = await teacher.call(accounts.loginByPwd, { body: { username, password } });
  ({ api: elsewhere } = await loginAs(platform, 'teacher'));
  const mine = await elsewhere.call(accounts['oj.member.queryMineTeacherList']);
  const other = mine.find((m) => m.organizationId !== me.organizationId)!;
  await elsewhere.call(accounts.switchOrganization, { body: { memberId: other.id } });
  // Registered only in organization B: two learners.
  madeMember(
    await elsewhere.call(api['member.create'], {
      body: { ...OUTER, mobile: OUTER_MOBILE, password: 'Outer#2026' },
    }),
  );
  madeMember(
    await elsewhere.call(api['member.create'], {
      body: {
        nickname: '外校李同学',
        username: 'waixiao_li',
        mobile: SECOND_MOBILE,
        password: 'Second#2026',
      },
    }),
  );
}, 120_000);

afterAll(async () => {
  await platform?.stop();
});

const invitationCount = async () =>
  (await platform.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM member_invitations'))
    .rows[0]!.n;

describe('adding a learner registered in another organization', () => {
  let invitationId: number;

  it('answers a single add with a masked invitation, not the learner’s account', async () => {
    const answer = await teacher.call(api['edms.organizationMember.create'], {
      body: { nickname: '新学员', mobile: OUTER_MOBILE },
    });
    expectNoName(answer);
    if (answer.invitation === null) throw new Error('linked without consent');
    expect(answer.invitation).toMatchObject({
      state: 'pending',
      nickname: '新学员',
      role: 'student',
    });
    expect(answer.invitation.maskedName).toBe('外***');
    expect(answer.invitation.maskedMobile).toBe('139****0001');
    expect(answer.message).toContain('待学员确认');
    invitationId = answer.invitation.id;
    // Nothing of theirs is readable in organization A: no account was made.
    expect(
      await teacher.call(api['member.queryByMobile'], { query: { mobile: OUTER_MOBILE } }),
    ).toEqual([]);
    const list = await teacher.call(api['edms.memberInvitation.queryList'], { body: {} });
    expect(list.content.map((i) => i.id)).toContain(invitationId);
    expectNoName(list);
  });

  it('reports the row as 待学员确认 in a batch, once per learner, and writes nothing on a dry run', async () => {
    const before = await invitationCount();
    const rows = [
      { nickname: '再邀一次', mobile: OUTER_MOBILE },
      { nickname: '另一位', mobile: SECOND_MOBILE },
      { nickname: '全新', mobile: '13977770003' },
    ];
    const dry = await teacher.call(api['edms.organizationMember.batchCreate'], {
      body: { rows, dryRun: true },
    });
    expect(dry).toMatchObject({ created: 1, linked: 0, pending: 2, refused: 0 });
    expect(await invitationCount()).toBe(before);
    const done = await teacher.call(api['edms.organizationMember.batchCreate'], { body: { rows } });
    expectNoName(done);
    expect(done.rows.map((r) => r.outcome)).toEqual(['pending', 'pending', 'created']);
    expect(done.rows[0]).toMatchObject({ memberId: null, invitation: { id: invitationId } });
    expect(done.rows[1]!.invitation!.maskedName).toBe('外***');
    expect(await invitationCount()).toBe(before + 1);
  });

  it('names the learner masked in batch enrollment by mobile, without their account id', async () => {
    const classes = await teacher.call(grade['edms.grade.queryList'], { body: {} });
    const answer = await teacher.call(grade['edms.grade.enroll.batchEnrollByMobile'], {
      body: { gradeId: classes.content[0]!.id, mobiles: [OUTER_MOBILE] },
    });
    expectNoName(answer);
    expect(answer.rows[0]).toMatchObject({
      outcome: 'outOfScope',
      memberId: null,
      memberName: '外***',
    });
  });

  it('keeps the learner’s account in B out of A’s password export', async () => {
    const { rows } = await platform.pool.query<{ id: number }>(
      `SELECT m.id FROM members m JOIN users u ON u.id = m.user_id WHERE u.mobile = $1`,
      [OUTER_MOBILE],
    );
    const refused = await failureOf(
      teacher.call(api['member.exportPwd'], { body: { memberIds: [rows[0]!.id] } }),
    );
    expect(refused.code).toBe(ErrorCode.NOT_FOUND);
    expectNoName(refused);
  });

  it('lets only the learner answer it; accepting makes the account, as staff entered it', async () => {
    const stranger = await logIn(SECOND_MOBILE, 'Second#2026');
    const notTheirs = await failureOf(
      stranger.call(api['oj.memberInvitation.accept'], { body: { id: invitationId } }),
    );
    expect(notTheirs.code).toBe(ErrorCode.NOT_FOUND);

    const learner = await logIn(OUTER.username, 'Outer#2026');
    const mine = await learner.call(api['oj.memberInvitation.queryList'], { body: {} });
    expect(mine.content).toHaveLength(1);
    expect(mine.content[0]).toMatchObject({ id: invitationId, state: 'pending', memberId: null });
    const accepted = await learner.call(api['oj.memberInvitation.accept'], {
      body: { id: invitationId },
    });
    expect(accepted.state).toBe('accepted');
    expect(accepted.memberId).not.toBeNull();
    const again = await failureOf(
      learner.call(api['oj.memberInvitation.decline'], { body: { id: invitationId } }),
    );
    expect(again.code).toBe(ErrorCode.TRANSITION_NOT_ALLOWED);
    expect(again.message).toBe('机构邀请当前为「已接受」，不能拒绝邀请');

    // Now the learner is organization A's, under the nickname staff entered (the second add's).
    const here = await teacher.call(api['member.queryByMobile'], {
      query: { mobile: OUTER_MOBILE },
    });
    expect(here).toHaveLength(1);
    expect(here[0]).toMatchObject({ id: accepted.memberId, nickname: '再邀一次', role: 'student' });
    const moves = await platform.pool.query<{ action: string; to_state: string }>(
      `SELECT action, to_state FROM lifecycle_transitions
        WHERE entity = 'memberInvitation' AND entity_id = $1 ORDER BY id`,
      [invitationId],
    );
    expect(moves.rows).toEqual([
      { action: 'submit', to_state: 'pending' },
      { action: 'acceptInvitation', to_state: 'accepted' },
    ]);
  });

  it('declining leaves the organization without the learner', async () => {
    const learner = await logIn(SECOND_MOBILE, 'Second#2026');
    const [invitation] = (await learner.call(api['oj.memberInvitation.queryList'], { body: {} }))
      .content;
    const declined = await learner.call(api['oj.memberInvitation.decline'], {
      body: { id: invitation!.id },
    });
    expect(declined).toMatchObject({ state: 'declined', memberId: null });
    expect(
      await teacher.call(api['member.queryByMobile'], { query: { mobile: SECOND_MOBILE } }),
    ).toEqual([]);
  });
});

describe('adding someone already in the organization', () => {
  it('links them as before, with no invitation', async () => {
    const m = '13977770010';
    madeMember(
      await teacher.call(api['member.create'], {
        body: { nickname: '本校学员', mobile: m, role: 'student', password: 'Home#2026' },
      }),
    );
    const before = await invitationCount();
    const parent = madeMember(
      await teacher.call(api['member.create'], {
        body: { nickname: '本校家长', mobile: m, role: 'parent' },
      }),
    );
    expect(parent).toMatchObject({ role: 'parent', username: m });
    expect(await invitationCount()).toBe(before);
  });
});

/**
 * The blacklist (issue 27 item 6; docs/decisions/admin-and-identity.md, "The blacklist"), over real
 * HTTP against the real database: platform staff block a learner with a reason and an end; the
 * learner's open session ends at once (nothing — enrolling, paying, submitting — is open to
 * it), signing in is refused with the end and the reason; lifting the block, or its end passing,
 * restores signing in; every change is in the system log; bad input is refused by field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallDef } from '../../src/contract/call.ts';
import { accounts } from '../../src/contract/accounts/refs.ts';
import { blacklist } from '../../src/contract/blacklist/calls.ts';
import type { BlockItem } from '../../src/contract/blacklist/calls.ts';
import { ErrorCode } from '../../src/contract/errors.ts';
import { exam } from '../../src/contract/exam/refs.ts';
import { grade } from '../../src/contract/grade/refs.ts';
import { memberQuestion } from '../../src/contract/member-question/refs.ts';
import { membership } from '../../src/contract/membership/refs.ts';
import { sysLog } from '../../src/contract/sys-log/calls.ts';
import type { SysLogItem } from '../../src/contract/sys-log/calls.ts';
import { RawClient } from '../support/api.ts';
import { startTestPlatform, type TestPlatform } from '../support/platform.ts';

let platform: TestPlatform;
let admin: RawClient;
let studentMemberId: number;
let adminMemberId: number;

async function logIn(role: 'admin' | 'student' | 'teacher') {
  const client = new RawClient(platform.apiUrl).withNodeCrypto();
  const { username, password } = platform.accounts[role];
  const answer = await client.call(accounts.loginByPwd as CallDef, {
    body: { username, password },
  });
  return { client, answer };
}

async function memberOf(username: string): Promise<number> {
  const { rows } = await platform.pool.query<{ id: number }>(
    `SELECT m.id FROM members m JOIN users u ON u.id = m.user_id WHERE u.username = $1
      ORDER BY m.id LIMIT 1`,
    [username],
  );
  return rows[0]!.id;
}

async function ok<T>(call: CallDef, body: unknown): Promise<T> {
  const answer = await admin.call<T>(call, { body });
  expect(answer.body.success, JSON.stringify(answer.body)).toBe(true);
  return answer.body.data!;
}

async function refused(call: CallDef, body: unknown) {
  const answer = await admin.call<{ fields: { field: string; message: string }[] }>(call, {
    body,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(400);
  return answer.body.data!.fields;
}

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

beforeAll(async () => {
  platform = await startTestPlatform();
  admin = (await logIn('admin')).client;
  studentMemberId = await memberOf(platform.accounts.student.username);
  adminMemberId = await memberOf(platform.accounts.admin.username);
}, 60_000);

afterAll(async () => {
  await platform?.stop();
});

describe('blocking a learner', () => {
  let blockId: number;

  it('refuses bad input by field, and nothing is blocked', async () => {
    const create = blacklist['member.blacklist.create'];
    expect(await refused(create, { memberId: studentMemberId, reason: '  ' })).toEqual([
      expect.objectContaining({ field: 'body.reason', message: '请填写拉黑原因' }),
    ]);
    expect(
      await refused(create, { memberId: studentMemberId, reason: '刷题作弊', endsAt: inHours(-1) }),
    ).toEqual([expect.objectContaining({ field: 'body.endsAt', message: '解封时间须晚于现在' })]);
    expect(await refused(create, { memberId: 2_000_000_000, reason: '刷题作弊' })).toEqual([
      expect.objectContaining({ field: 'body.memberId', message: '该账号不存在' }),
    ]);
    expect((await refused(create, { memberId: adminMemberId, reason: 'x' }))[0]!.field).toBe(
      'body.memberId',
    );
    const { rows } = await platform.pool.query(
      'SELECT 1 FROM member_blocks b JOIN members m ON m.user_id = b.user_id WHERE m.id = $1',
      [studentMemberId],
    );
    expect(rows).toHaveLength(0);
  });

  it('ends the learner’s session at once: enrolling, paying and submitting are all closed', async () => {
    const { client: student } = await logIn('student');
    expect((await student.call(accounts.queryCurrent as CallDef)).status).toBe(200);

    const made = await ok<BlockItem>(blacklist['member.blacklist.create'], {
      memberId: studentMemberId,
      reason: '考试中使用他人账号',
      endsAt: inHours(48),
    });
    blockId = made.id;
    expect(made).toMatchObject({
      username: platform.accounts.student.username,
      state: 'active',
      createdBy: platform.accounts.admin.username,
      liftedAt: null,
    });

    for (const [call, body] of [
      [accounts.queryCurrent, undefined],
      [grade['oj.grade.enroll.enroll'], { gradeId: 1 }],
      [membership['oj.membership.order.create'], { membershipId: 1 }],
      [exam['oj.examEnroll.payment'], { id: 1 }],
      [memberQuestion['memberQuestion.submitAnswer'], { questionId: 1 }],
    ] as const) {
      const answer = await student.call(call as CallDef, body === undefined ? {} : { body });
      expect(answer.status, (call as CallDef).id).toBe(401);
    }
  });

  it('refuses signing in with the end and the reason, only once the password is right', async () => {
    const { answer } = await logIn('student');
    expect(answer.status).toBe(403);
    expect(answer.body.message).toMatch(/账号已被封禁，解封时间 .*。原因：考试中使用他人账号/);

    const wrong = new RawClient(platform.apiUrl).withNodeCrypto();
    const guessed = await wrong.call(accounts.loginByPwd as CallDef, {
      body: { username: platform.accounts.student.username, password: 'not-the-password' },
    });
    expect(guessed.body.code).toBe(ErrorCode.BAD_CREDENTIALS);
    expect(guessed.body.message).not.toContain('封禁');
  });

  it('refuses blocking the same person twice, and changes an open block', async () => {
    const twice = await refused(blacklist['member.blacklist.create'], {
      memberId: studentMemberId,
      reason: '再次拉黑',
    });
    expect(twice).toEqual([
      expect.objectContaining({
        field: 'body.memberId',
        message: '此人已在黑名单中，请修改原有记录',
      }),
    ]);
    expect(
      await refused(blacklist['member.blacklist.update'], {
        id: blockId,
        reason: '考试中使用他人账号',
        endsAt: inHours(-2),
      }),
    ).toEqual([expect.objectContaining({ field: 'body.endsAt' })]);
    const changed = await ok<BlockItem>(blacklist['member.blacklist.update'], {
      id: blockId,
      reason: '考试中使用他人账号（已核实）',
      endsAt: null,
    });
    expect(changed).toMatchObject({ endsAt: null, state: 'active' });
    const { answer } = await logIn('student');
    expect(answer.body.message).toContain('未设解封时间');
  });

  it('lifting it restores signing in; the entry stays, and cannot be lifted twice', async () => {
    const lifted = await ok<BlockItem>(blacklist['member.blacklist.delete'], { id: blockId });
    expect(lifted).toMatchObject({ state: 'lifted', liftedBy: platform.accounts.admin.username });
    const { answer } = await logIn('student');
    expect(answer.status).toBe(200);
    const again = await admin.call(blacklist['member.blacklist.delete'], { body: { id: blockId } });
    expect(again.status).toBe(409);
    // A lifted block is history: it cannot be changed either.
    const changeLifted = await admin.call(blacklist['member.blacklist.update'], {
      body: { id: blockId, reason: '改个原因', endsAt: null },
    });
    expect(changeLifted.status).toBe(409);
    for (const call of [
      blacklist['member.blacklist.update'],
      blacklist['member.blacklist.delete'],
    ]) {
      const unknown = await admin.call(call, {
        body: { id: 999_999, ...(call.id.endsWith('update') ? { reason: 'x', endsAt: null } : {}) },
      });
      expect(unknown.status).toBe(404);
    }

    const list = await ok<{ content: BlockItem[] }>(blacklist['member.blacklist.queryList'], {
      state: 'lifted',
    });
    expect(list.content.map((b) => b.id)).toContain(blockId);
  });

  it('a block whose end passes lets the person in again, and a new block can follow', async () => {
    const made = await ok<BlockItem>(blacklist['member.blacklist.create'], {
      memberId: studentMemberId,
      reason: '短时封禁',
      endsAt: inHours(1),
    });
    expect((await logIn('student')).answer.status).toBe(403);
    // The hour passes (the database's clock decides, as it does for every block).
    await platform.pool.query(
      `UPDATE member_blocks SET ends_at = now() - interval '1 second' WHERE id = $1`,
      [made.id],
    );
    expect((await logIn('student')).answer.status).toBe(200);
    const ended = await ok<{ content: BlockItem[] }>(blacklist['member.blacklist.queryList'], {
      state: 'ended',
    });
    expect(ended.content.map((b) => b.id)).toContain(made.id);
    const next = await ok<BlockItem>(blacklist['member.blacklist.create'], {
      memberId: studentMemberId,
      reason: '再犯',
    });
    expect(next.state).toBe('active');
    await ok(blacklist['member.blacklist.delete'], { id: next.id });
  });

  it('shows the seeded demo entries: one in force, one lifted', async () => {
    const seeded = await ok<{ content: BlockItem[] }>(blacklist['member.blacklist.queryList'], {
      keyword: '_30',
    });
    expect(seeded.content.map((b) => `${b.username}:${b.state}`).sort()).toEqual([
      'cspj_30:lifted',
      'csps_30:active',
    ]);
  });

  it('is in the system log, the refused sign-ins too; staff of a school cannot use it', async () => {
    const log = await admin.call<{ content: SysLogItem[] }>(sysLog['sysLog.queryList'], {
      query: { page: 0, size: 100 },
      body: { callId: 'member.blacklist.' },
    });
    const calls = log.body.data!.content.map((e) => `${e.callId}:${e.outcome}`);
    expect(calls).toContain('member.blacklist.create:success');
    expect(calls).toContain('member.blacklist.create:failure');
    expect(calls).toContain('member.blacklist.update:success');
    expect(calls).toContain('member.blacklist.delete:success');
    const created = log.body.data!.content.find((e) => e.callId === 'member.blacklist.create');
    expect(created!.targets.memberId).toBe(studentMemberId);

    const signIns = await admin.call<{ content: SysLogItem[] }>(sysLog['sysLog.queryList'], {
      query: { page: 0, size: 100 },
      body: { callId: 'loginByPwd', outcome: 'failure' },
    });
    expect(signIns.body.data!.content.some((e) => e.message?.includes('账号已被封禁'))).toBe(true);

    const { client: teacher } = await logIn('teacher');
    const answer = await teacher.call(blacklist['member.blacklist.queryList'], {
      query: {},
      body: {},
    });
    expect(answer.status).toBe(403);
  });
});

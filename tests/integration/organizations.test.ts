import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts as accountsApi } from '../../src/contract/accounts/calls.ts';
import { ErrorCode } from '../../src/contract/errors.ts';
import { ApiError } from '../../src/transport/errors.ts';
import { startTestPlatform } from '../support/platform.ts';
import type { TestPlatform } from '../support/platform.ts';
import { loginAs } from '../support/sessions.ts';

let platform: TestPlatform;

beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(async () => {
  await platform?.stop();
});

describe('teacher accounts and organization switching', () => {
  it('lists the teacher account in the other organization, then switches to it', async () => {
    const { api, user } = await loginAs(platform, 'teacher');
    expect(user.organizationName).toBe('信奥训练营示范校');
    const others = await api.call(accountsApi['oj.member.queryMineTeacherList']);
    expect(others).toHaveLength(1);
    const other = others[0]!;
    expect(other).toMatchObject({ role: 'teacher', organizationName: '星火信奥工作室' });
    expect(other.id).not.toBe(user.id);

    const switched = await api.call(accountsApi.switchOrganization, {
      body: { memberId: other.id },
    });
    expect(switched).toMatchObject({
      id: other.id,
      userId: user.userId,
      organizationName: '星火信奥工作室',
    });
    expect((await api.call(accountsApi.queryCurrent)).id).toBe(other.id);
    // Seen from the new account, the first one is now the "other" teacher account.
    const back = await api.call(accountsApi['oj.member.queryMineTeacherList']);
    expect(back.map((t) => t.id)).toEqual([user.id]);
  });

  it('starts the next login as the member the user switched to last', async () => {
    const { user } = await loginAs(platform, 'teacher');
    expect(user.organizationName).toBe('星火信奥工作室');
  });

  it("refuses switching to someone else's member", async () => {
    const { api } = await loginAs(platform, 'student');
    const { user: teacher } = await loginAs(platform, 'teacher');
    const error = await api
      .call(accountsApi.switchOrganization, { body: { memberId: teacher.id } })
      .catch((e: unknown) => e as ApiError);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe(ErrorCode.FORBIDDEN);
  });

  it('has no other teacher accounts for a student', async () => {
    const { api } = await loginAs(platform, 'student');
    expect(await api.call(accountsApi['oj.member.queryMineTeacherList'])).toEqual([]);
  });
});

describe('current rights', () => {
  it('gives the student, holder of a valid annual card, the five default rights', async () => {
    const { api } = await loginAs(platform, 'student');
    const rights = await api.call(accountsApi['oj.member.queryCurrentRights']);
    expect(rights.vip).toBe(true);
    expect(Date.parse(rights.expireDate!)).toBeGreaterThan(Date.now());
    expect(rights.rights.map((r) => r.name)).toEqual([
      '付费题解视频无限观看',
      '代码无限提交',
      '模拟考试无限参加',
      '题目测试用例无限查看',
      '答题记录无限清除',
    ]);
  });

  it('gives nothing once the card has expired', async () => {
    const { api, user } = await loginAs(platform, 'student');
    await platform.pool.query(
      `UPDATE member_memberships SET start_date = now() - interval '2 days',
              expire_date = now() - interval '1 second' WHERE member_id = $1`,
      [user.id],
    );
    expect(await api.call(accountsApi['oj.member.queryCurrentRights'])).toEqual({
      rights: [],
      vip: false,
      expireDate: null,
    });
  });

  it('gives a parent without a card no rights', async () => {
    const { api } = await loginAs(platform, 'parent');
    expect((await api.call(accountsApi['oj.member.queryCurrentRights'])).vip).toBe(false);
  });
});

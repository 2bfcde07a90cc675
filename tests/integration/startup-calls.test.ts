import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../src/contract/accounts/calls.ts';
import { dict as dictApi } from '../../src/contract/dict/calls.ts';
import { grade } from '../../src/contract/grade/calls.ts';
import { membership } from '../../src/contract/membership/calls.ts';
import { APP_ID } from '../../src/contract/envelope.ts';
import { ErrorCode } from '../../src/contract/errors.ts';
import type { ApiError } from '../../src/transport/errors.ts';
import { RawClient, sdk } from '../support/api.ts';
import { startTestPlatform } from '../support/platform.ts';
import type { TestPlatform } from '../support/platform.ts';

let platform: TestPlatform;

beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(async () => {
  await platform?.stop();
});

describe('dict.queryByValue', () => {
  it('answers the items of a dictionary in order', async () => {
    const dict = await sdk(platform.apiUrl).call(dictApi['dict.queryByValue'], {
      query: { value: 'questionDifficulty' },
    });
    expect(dict).toEqual({
      value: 'questionDifficulty',
      name: '题目难度',
      itemList: [
        { value: '1', label: '简单' },
        { value: '2', label: '中等' },
        { value: '3', label: '困难' },
        { value: '4', label: '极难' },
      ],
    });
  });

  it('answers NOT_FOUND for an unknown code (the client falls back to an empty list)', async () => {
    const error = await sdk(platform.apiUrl)
      .call(dictApi['dict.queryByValue'], { query: { value: 'noSuchDict' } })
      .catch((e: unknown) => e as ApiError);
    expect((error as ApiError).code).toBe(ErrorCode.NOT_FOUND);
  });
});

describe('grade.queryList (the start-up class list)', () => {
  const startupQuery = { page: 0, size: 100, sort: 'sort,asc' };
  const startupBody = {
    statusList: ['4', '1', '2', '3', '5'] as const,
    isPublic: true,
    appIds: [APP_ID],
  };

  it('lists published public classes sorted by sort, without drafts', async () => {
    const page = await sdk(platform.apiUrl).call(grade['grade.queryList'], {
      query: startupQuery,
      body: { ...startupBody, statusList: [...startupBody.statusList] },
    });
    expect(page.number).toBe(0);
    expect(page.size).toBe(100);
    expect(page.totalElements).toBe(page.content.length);
    expect(page.content.length).toBeGreaterThanOrEqual(5);
    const sorts = page.content.map((g) => g.sort);
    expect(sorts).toEqual([...sorts].sort((a, b) => a - b));
    expect(page.content.every((g) => g.isPublic && g.status !== '0')).toBe(true);
    expect(page.content.map((g) => g.name)).not.toContain('省选内部训练班');
    const first = page.content.find((g) => g.name === 'CSP-J 入门班（2026 冬季）')!;
    expect(first).toMatchObject({ teacherName: '演示教练', memberCount: 31, priceFen: 199_900 });
  });

  it('filters by status and name, and pages', async () => {
    const api = sdk(platform.apiUrl);
    const enrolling = await api.call(grade['grade.queryList'], { body: { statusList: ['1'] } });
    expect(enrolling.content.every((g) => g.status === '1')).toBe(true);
    expect(enrolling.content.length).toBe(2);
    const named = await api.call(grade['grade.queryList'], { body: { name: 'NOIP' } });
    expect(named.content.map((g) => g.name)).toEqual(['NOIP 冲刺班']);
    const percent = await api.call(grade['grade.queryList'], { body: { name: '%' } });
    expect(percent.totalElements).toBe(0);
    const paged = await api.call(grade['grade.queryList'], {
      query: { page: 1, size: 2, sort: 'sort,desc' },
      body: {},
    });
    expect(paged.totalPages).toBe(Math.ceil(paged.totalElements / 2));
    expect(paged.content).toHaveLength(2);
    const all = await api.call(grade['grade.queryList'], {
      query: { sort: 'sort,desc' },
      body: {},
    });
    expect(paged.content.map((g) => g.id)).toEqual(all.content.slice(2, 4).map((g) => g.id));
    expect(paged.totalElements).toBe(all.totalElements);
    const past = await api.call(grade['grade.queryList'], {
      query: { page: 50, size: 2 },
      body: {},
    });
    expect(past).toMatchObject({ content: [], totalElements: all.totalElements });
  });

  it('refuses a sort field outside the allow-list, naming query.sort', async () => {
    const answer = await new RawClient(platform.apiUrl).call(grade['grade.queryList'], {
      query: { sort: 'organizationId,asc' },
      body: {},
    });
    expect(answer.body.code).toBe(ErrorCode.VALIDATION);
    // The contract names the fields the list sorts by (docs/api.md shows the same).
    expect(answer.body.message).toBe(
      '参数校验失败：query.sort 可排序字段：sort、id、name、startTime（格式 字段,asc 或 字段,desc）',
    );
  });
});

describe('membership cards', () => {
  it('lists the cards on sale by type and tags', async () => {
    const api = sdk(platform.apiUrl);
    const student = await api.call(membership['membership.queryList'], {
      body: { type: '0', tags: ['student', 'studentPackage'], status: '1' },
    });
    expect(student.content.map((m) => m.name)).toEqual(['学生年卡', '学生季卡', '家庭学习套餐']);
    const coach = await api.call(membership['membership.queryList'], {
      body: { type: '1', tags: ['educational'], status: '1' },
    });
    expect(coach.content).toEqual([
      expect.objectContaining({ name: '教练年卡', type: '1', tags: ['educational'] }),
    ]);
  });

  it("lists the student's own valid card; anonymous callers must log in", async () => {
    const api = sdk(platform.apiUrl);
    const { username, password } = platform.accounts.student;
    await api.call(accounts.loginByPwd, { body: { username, password } });
    const mine = await api.call(membership['oj.memberMembership.queryList'], { body: {} });
    expect(mine.totalElements).toBe(1);
    expect(mine.content[0]!.membership).toMatchObject({ name: '学生年卡', type: '0' });
    expect(Date.parse(mine.content[0]!.expireDate)).toBeGreaterThan(Date.now());

    const anonymous = await new RawClient(platform.apiUrl).call(
      membership['oj.memberMembership.queryList'],
      {
        body: {},
      },
    );
    expect(anonymous.body.code).toBe(ErrorCode.NOT_LOGGED_IN);
  });
});

/**
 * Roles and permissions (issue 27 item 1; docs/decisions/admin-and-identity.md). Generated over
 * the whole contract: every staff or parent call is asked by each built-in role and answered
 * exactly as the access rule always said; a custom role 阅卷结算 of the demo school lets its
 * teacher make the calls it grants and no other staff call; a change of the role refuses the
 * holder's very next call; an organization's admin cannot grant a platform permission.
 *
 * 阅卷结算 (the seeded 阅卷老师 of seed/roles.ts, and settling too) lists homework, reads the
 * grading overview and the answers, sets hand scores and settles; nothing else.
 *
 * A probe asks a call with an unknown query parameter and no body: refused calls answer 401 or
 * 403 from the access check, before the body is read; allowed calls get as far as validation
 * (400) or a rate limit (429) and never run their handler.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Access, CallDef } from '../../src/contract/call.ts';
import { allCalls } from '../../src/contract/index.ts';
import { organization } from '../../src/contract/organization/calls.ts';
import { permission } from '../../src/contract/permission/calls.ts';
import type { RoleItem } from '../../src/contract/permission/roles.ts';
import { effectiveAccess } from '../../src/contract/permission/operates.ts';
import { accounts as accountsApi } from '../../src/contract/accounts/refs.ts';
import { DEMO_GRADER_ROLE } from '../../src/server/seed/roles.ts';
import { RawClient } from '../support/api.ts';
import { startTestPlatform, type TestPlatform } from '../support/platform.ts';

type DemoRole = 'student' | 'parent' | 'teacher' | 'orgAdmin' | 'admin';
const DEMO_ROLES: DemoRole[] = ['student', 'parent', 'teacher', 'orgAdmin', 'admin'];

/**
 * The access rule as it stood before roles could be configured (issue 2, issue 25), written
 * out again here so a change of the server's rule cannot pass unseen: the demo admin is
 * platform staff acting as the demo school's organization admin.
 */
const BEFORE: Record<Exclude<Access, 'public' | 'member'>, DemoRole[]> = {
  parent: ['parent'],
  teacher: ['teacher', 'orgAdmin', 'admin'],
  orgAdmin: ['orgAdmin', 'admin'],
  platformAdmin: ['admin'],
};

/** The calls a role can be refused: everything but public and every account's own. */
const GUARDED = allCalls.filter((c) => {
  const access = effectiveAccess(c);
  return access !== 'public' && access !== 'member';
});
const STAFF = GUARDED.filter((c) => effectiveAccess(c) !== 'parent');

let platform: TestPlatform;
const clients = {} as Record<DemoRole, RawClient>;

async function logIn(role: DemoRole): Promise<RawClient> {
  const client = new RawClient(platform.apiUrl).withNodeCrypto();
  const { username, password } = platform.accounts[role];
  const answer = await client.call(accountsApi.loginByPwd as CallDef, {
    body: { username, password },
  });
  expect(answer.body.success, JSON.stringify(answer.body)).toBe(true);
  return client;
}

/** Asks `call` without running it: the access answer, or how far an allowed call got. */
async function probe(
  client: RawClient,
  call: CallDef,
): Promise<{ status: number; message: string }> {
  const path = call.path === '/' ? '' : encodeURI(call.path);
  const answer = await client.send(call.method, `${path}?permissionProbe=1`);
  return { status: answer.status, message: answer.body.message ?? '' };
}

const refused = (status: number) => status === 401 || status === 403;

/** The ids among `calls` the client is refused, asked six at a time. */
async function refusedIds(client: RawClient, calls: readonly CallDef[]): Promise<string[]> {
  const out: string[] = [];
  for (let i = 0; i < calls.length; i += 6) {
    const answers = await Promise.all(calls.slice(i, i + 6).map((c) => probe(client, c)));
    answers.forEach((a, j) => {
      // An allowed call stops at validation or a rate limit: its handler never runs.
      if (!refused(a.status)) expect([400, 429], calls[i + j]!.id).toContain(a.status);
      else out.push(calls[i + j]!.id);
    });
  }
  return out;
}

async function ok<T>(client: RawClient, call: CallDef, body: unknown): Promise<T> {
  const answer = await client.call<T>(call, { body });
  expect(answer.body.success, JSON.stringify(answer.body)).toBe(true);
  return answer.body.data!;
}

beforeAll(async () => {
  platform = await startTestPlatform();
  for (const role of DEMO_ROLES) clients[role] = await logIn(role);
}, 60_000);

afterAll(async () => {
  await platform?.stop();
});

describe('built-in roles', () => {
  it.each(DEMO_ROLES)('%s is allowed and refused on the same calls as before', async (role) => {
    const expected = GUARDED.filter(
      (c) => !BEFORE[effectiveAccess(c) as keyof typeof BEFORE].includes(role),
    ).map((c) => c.id);
    expect(await refusedIds(clients[role], GUARDED)).toEqual(expected);
  });

  it('tells each session the staff operates it may make, as the check answers them', async () => {
    for (const role of DEMO_ROLES) {
      const rights = (
        await clients[role].call<{ operates: string[] }>(organization['member.queryCurrentRights'])
      ).body.data!;
      const allowed = STAFF.filter((c) =>
        BEFORE[effectiveAccess(c) as keyof typeof BEFORE].includes(role),
      ).map((c) => c.id);
      expect(rights.operates, role).toEqual(allowed);
    }
  });

  it('names the operate in a refusal', async () => {
    const answer = await probe(clients.teacher, permission['resource.update']);
    expect(answer.status).toBe(403);
    expect(answer.message).toBe('没有权限执行「修改目录或接口分组的名称、上级与排序」');
  });
});

describe('the seeded role 阅卷老师 (seed/roles.ts)', () => {
  it('lets demo_grader grade homework and make no other staff call', async () => {
    const grader = new RawClient(platform.apiUrl).withNodeCrypto();
    const { username, password } = platform.accounts.grader;
    await grader.call(accountsApi.loginByPwd as CallDef, { body: { username, password } });
    const granted: readonly string[] = DEMO_GRADER_ROLE.callIds;
    // Each a staff call of the contract (the seed skips an id no operate has).
    expect(granted.filter((id) => !STAFF.some((c) => c.id === id))).toEqual([]);
    const rights = (
      await grader.call<{ operates: string[] }>(organization['member.queryCurrentRights'])
    ).body.data!;
    expect(rights.operates).toEqual(STAFF.map((c) => c.id).filter((id) => granted.includes(id)));
    expect(await refusedIds(grader, STAFF)).toEqual(
      STAFF.map((c) => c.id).filter((id) => !granted.includes(id)),
    );
    // Its rows are a teacher's: the homework of the classes it teaches.
    const homework = await grader.call<{ totalElements: number }>(
      allCalls.find((c) => c.id === 'edms.homework.queryList')!,
      { query: { page: 0, size: 10 }, body: {} },
    );
    expect(homework.body.data!.totalElements).toBeGreaterThan(0);
  });
});

describe('a custom role of the demo school: 阅卷结算', () => {
  const GRANTED = [
    'edms.homework.queryList',
    'edms.homework.queryById',
    'edms.homework.queryQuestionList',
    'edms.homeworkEnroll.queryEnrolledMemberListByHomework',
    'edms.homeworkMemberQuestion.queryStatisticsGroupByMember',
    'edms.homeworkMemberQuestion.queryListByHomeworkEnroll',
    'edms.homeworkMemberQuestion.queryById',
    'edms.homeworkMemberQuestion.create',
    'edms.homeworkMemberQuestion.update',
    'edms.homeworkEnroll.settle',
  ];
  let role: RoleItem;
  let teacherMemberId: number;

  it('is made by the platform admin and given to a teacher of the school', async () => {
    const school = (
      await clients.teacher.call<{ organizationId: number; id: number }>(
        organization['member.queryCurrent'],
      )
    ).body.data!;
    teacherMemberId = school.id;
    role = await ok<RoleItem>(clients.admin, permission['role.create'], {
      name: '阅卷结算',
      remark: '只看作业、批改与结算',
      organizationId: school.organizationId,
    });
    expect(role).toMatchObject({ organizationId: school.organizationId, callIds: [] });
    role = await ok<RoleItem>(clients.admin, permission['role.configPerms'], {
      id: role.id,
      callIds: GRANTED,
    });
    expect([...role.callIds].sort()).toEqual([...GRANTED].sort());
    const member = await ok<{ roles: { id: number; name: string }[] }>(
      clients.admin,
      organization['member.configRoles'],
      { id: teacherMemberId, role: 'teacher', roleIds: [role.id] },
    );
    expect(member.roles).toEqual([{ id: role.id, name: '阅卷结算' }]);
  });

  it('lets its holder make the calls it grants and refuses every other staff call', async () => {
    // What the menus read: exactly the granted operates, in the contract's order.
    const rights = (
      await clients.teacher.call<{ operates: string[] }>(organization['member.queryCurrentRights'])
    ).body.data!;
    expect(rights.operates).toEqual(STAFF.map((c) => c.id).filter((id) => GRANTED.includes(id)));
    // The same session as before the role was given: it takes effect on the next call.
    const refusedNow = await refusedIds(clients.teacher, STAFF);
    expect(refusedNow).toEqual(STAFF.map((c) => c.id).filter((id) => !GRANTED.includes(id)));
    const answer = await probe(clients.teacher, organization['edms.teacherMember.queryList']);
    expect(answer.message).toMatch(/^没有权限执行「.+」$/);
  });

  it('refuses the holder’s next call once a permission is taken away', async () => {
    const list = allCalls.find((c) => c.id === 'edms.homework.queryList')!;
    expect((await probe(clients.teacher, list)).status).toBe(400);
    role = await ok<RoleItem>(clients.admin, permission['role.configPerms'], {
      id: role.id,
      callIds: GRANTED.filter((id) => id !== 'edms.homework.queryList'),
    });
    expect((await probe(clients.teacher, list)).status).toBe(403);
    // Disabled, the role grants nothing, and the teacher's built-in role does not come back.
    const settle = allCalls.find((c) => c.id === 'edms.homeworkEnroll.settle')!;
    expect((await probe(clients.teacher, settle)).status).toBe(400);
    await ok(clients.admin, permission['role.update'], {
      id: role.id,
      name: role.name,
      remark: role.remark,
      enabled: false,
    });
    expect((await probe(clients.teacher, settle)).status).toBe(403);
  });

  it('cannot be deleted while held; taken back, the built-in role decides again', async () => {
    const held = await clients.admin.call(permission['role.delete'], { body: { id: role.id } });
    expect(held.status).toBe(409);
    expect(held.body.message).toContain('仍有 1 人持有');
    await ok(clients.admin, organization['member.configRoles'], {
      id: teacherMemberId,
      role: 'teacher',
      roleIds: [],
    });
    const grades = allCalls.find((c) => c.id === 'edms.grade.queryList')!;
    expect((await probe(clients.teacher, grades)).status).toBe(400);
    await ok(clients.admin, permission['role.delete'], { id: role.id });
  });
});

describe('what an organization admin may configure', () => {
  let own: RoleItem;

  it('makes roles of their own organization only', async () => {
    own = await ok<RoleItem>(clients.orgAdmin, permission['role.create'], { name: '教务' });
    expect(own.organizationId).not.toBeNull();
    const elsewhere = await clients.orgAdmin.call(permission['role.create'], {
      body: { name: '别处的角色', organizationId: own.organizationId! + 1000 },
    });
    expect(elsewhere.status).toBe(403);
    const duplicate = await clients.orgAdmin.call(permission['role.create'], {
      body: { name: '教务' },
    });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.message).toContain('已被使用');
    const second = await ok<RoleItem>(clients.orgAdmin, permission['role.create'], {
      name: '助教',
    });
    const renamed = await clients.orgAdmin.call(permission['role.update'], {
      body: { id: second.id, name: '教务', remark: '', enabled: true },
    });
    expect(renamed.status).toBe(400);
    expect(renamed.body.message).toContain('已被使用');
    await ok(clients.orgAdmin, permission['role.delete'], { id: second.id });
  });

  it('cannot grant a platform permission, an account’s own call or a call that does not exist', async () => {
    const answer = await clients.orgAdmin.call<unknown>(permission['role.configPerms'], {
      body: {
        id: own.id,
        callIds: [
          'edms.grade.queryList',
          'bms.homework.queryList',
          'oj.member.queryCurrent',
          'edms.nothing.here',
        ],
      },
    });
    expect(answer.status).toBe(400);
    const fields = (answer.body.data as { fields?: { field: string; message: string }[] }).fields;
    expect(fields?.map((e) => e.field)).toEqual([
      'body.callIds.1',
      'body.callIds.2',
      'body.callIds.3',
    ]);
    expect(fields?.[0]?.message).toContain('机构角色不能授予平台权限');
    // Nothing was written: the role still grants nothing.
    const page = await ok<{ content: RoleItem[] }>(clients.orgAdmin, permission['role.queryList'], {
      keyword: '教务',
    });
    expect(page.content.map((r) => r.callIds)).toEqual([[]]);
  });

  it('does not see or change another organization’s roles, nor the tree', async () => {
    const platformRole = await ok<RoleItem>(clients.admin, permission['role.create'], {
      name: '平台客服',
    });
    expect(platformRole.organizationId).toBeNull();
    const mixed = await clients.admin.call(permission['role.configPerms'], {
      body: { id: platformRole.id, callIds: ['bms.homework.queryList', 'edms.grade.queryList'] },
    });
    expect(mixed.status).toBe(400);
    expect((mixed.body.data as { fields: { field: string }[] }).fields.map((f) => f.field)).toEqual(
      ['body.callIds.1'],
    );
    const page = await ok<{ content: RoleItem[] }>(
      clients.orgAdmin,
      permission['role.queryList'],
      {},
    );
    // Its own organization's: this test's and the seeded 阅卷老师 (seed/roles.ts).
    expect(page.content.map((r) => r.name).sort()).toEqual(['教务', '阅卷老师'].sort());
    const hidden = await clients.orgAdmin.call(permission['role.update'], {
      body: { id: platformRole.id, name: '改名', remark: '', enabled: true },
    });
    expect(hidden.status).toBe(404);
    const rename = await clients.orgAdmin.call(permission['resource.update'], {
      body: { id: 1, name: '改名', parentId: null, sort: 0 },
    });
    expect(rename.status).toBe(403);
  });
});

describe('holders and the permission tree refuse what cannot be', () => {
  it('gives custom roles to staff only, and only their organization’s', async () => {
    const student = (
      await clients.student.call<{ id: number }>(organization['member.queryCurrent'])
    ).body.data!;
    const jiaowu = (
      await ok<{ content: RoleItem[] }>(clients.admin, permission['role.queryList'], {
        keyword: '教务',
      })
    ).content[0]!;
    const learner = await clients.admin.call(organization['member.configRoles'], {
      body: { id: student.id, role: 'student', roleIds: [jiaowu.id] },
    });
    expect(learner.status).toBe(400);
    expect(learner.body.message).toContain('只有教师和机构管理员可以持有自定义角色');
    const platformRole = (
      await ok<{ content: RoleItem[] }>(clients.admin, permission['role.queryList'], {
        platformWide: true,
      })
    ).content[0]!;
    const teacher = (
      await clients.teacher.call<{ id: number }>(organization['member.queryCurrent'])
    ).body.data!;
    const wrong = await clients.admin.call(organization['member.configRoles'], {
      body: { id: teacher.id, role: 'orgAdmin', roleIds: [platformRole.id] },
    });
    expect(wrong.status).toBe(400);
    expect((wrong.body.data as { fields: { field: string; message: string }[] }).fields).toEqual([
      { field: 'body.roleIds.0', message: `角色 ${platformRole.id} 不是本机构的角色` },
    ]);
    // Refused as a whole: the built-in role did not change either.
    const after = (
      await clients.teacher.call<{ role: string }>(organization['member.queryCurrent'])
    ).body.data!;
    expect(after.role).toBe('teacher');
  });

  it('keeps the groups and operates the contract makes, and lets staff arrange them', async () => {
    const groups = await ok<{ content: { id: number; code: string; parentId: number }[] }>(
      clients.admin,
      permission['resource.queryList'],
      { kind: 'group', keyword: 'homework' },
    );
    const homework = groups.content.find((g) => g.code === 'homework')!;
    const gone = await clients.admin.call(permission['resource.delete'], {
      body: { id: homework.id },
    });
    expect(gone.status).toBe(409);
    const underGroup = await clients.admin.call(permission['resource.create'], {
      body: { name: '子目录', parentId: homework.id },
    });
    expect(underGroup.status).toBe(400);
    const dir = await ok<{ id: number }>(clients.admin, permission['resource.create'], {
      name: '阅卷相关',
      parentId: homework.parentId,
    });
    await ok(clients.admin, permission['resource.update'], {
      id: homework.id,
      name: '作业（批改）',
      parentId: dir.id,
      sort: 5,
    });
    const loop = await clients.admin.call(permission['resource.update'], {
      body: { id: dir.id, name: '阅卷相关', parentId: dir.id, sort: 0 },
    });
    expect(loop.status).toBe(400);
    const full = await clients.admin.call(permission['resource.delete'], { body: { id: dir.id } });
    expect(full.status).toBe(409);

    const again = await clients.admin.call(permission['resource.operate.create'], {
      body: { callId: 'edms.homework.queryList', name: '重复', resourceId: homework.id },
    });
    expect(again.status).toBe(409);
    const invented = await clients.admin.call(permission['resource.operate.create'], {
      body: { callId: 'edms.homework.launchRocket', name: '发射', resourceId: homework.id },
    });
    expect(invented.status).toBe(400);
    const stillChecked = await clients.admin.call(permission['resource.operate.delete'], {
      body: { callId: 'edms.homework.queryList' },
    });
    expect(stillChecked.status).toBe(409);
    const renamed = await ok<{ name: string; grantable: string }>(
      clients.admin,
      permission['resource.operate.update'],
      { callId: 'edms.homework.queryList', name: '查看作业列表', sort: 1 },
    );
    expect(renamed).toMatchObject({ name: '查看作业列表', grantable: 'organization' });
    for (const kind of ['organization', 'platform', 'none'] as const) {
      const page = await ok<{ content: { grantable: string }[]; totalElements: number }>(
        clients.admin,
        permission['resource.operate.queryList'],
        { grantable: kind },
      );
      expect(page.totalElements, kind).toBeGreaterThan(0);
      expect(new Set(page.content.map((o) => o.grantable)), kind).toEqual(new Set([kind]));
    }
    // A refusal names the operate as staff last named it.
    const refusal = await probe(
      clients.student,
      allCalls.find((c) => c.id === 'edms.homework.queryList')!,
    );
    expect(refusal.message).toBe('没有权限执行「查看作业列表」');
  });
});

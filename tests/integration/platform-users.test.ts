/**
 * The platform's users (issue 27 item 2; docs/decisions/admin-and-identity.md, "Platform
 * users"), over real HTTP against the real database: an admin makes a platform user whose
 * password is shown once and changed at the first login; edits, disables (their sessions end),
 * resets a password, limits them with platform roles; deletes one who never used the platform
 * and only disables one who did; and the platform always keeps an enabled admin whom no role
 * limits, even when two admins disable each other at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallDef } from '../../src/contract/call.ts';
import { accounts as accountsApi } from '../../src/contract/accounts/refs.ts';
import { organization } from '../../src/contract/organization/calls.ts';
import { permission } from '../../src/contract/permission/calls.ts';
import type { RoleItem } from '../../src/contract/permission/roles.ts';
import type { PlatformUserItem } from '../../src/contract/permission/users.ts';
import { RawClient } from '../support/api.ts';
import { startTestPlatform, type TestPlatform } from '../support/platform.ts';

let platform: TestPlatform;
let admin: RawClient;

type Created = PlatformUserItem & { initialPassword: string };

async function logIn(username: string, password: string): Promise<RawClient> {
  const client = new RawClient(platform.apiUrl).withNodeCrypto();
  const answer = await client.call(accountsApi.loginByPwd as CallDef, {
    body: { username, password },
  });
  expect(answer.body.success, JSON.stringify(answer.body)).toBe(true);
  return client;
}

async function ok<T>(client: RawClient, call: CallDef, body: unknown): Promise<T> {
  const answer = await client.call<T>(call, { body });
  expect(answer.body.success, JSON.stringify(answer.body)).toBe(true);
  return answer.body.data!;
}

async function refusedFields(client: RawClient, call: CallDef, body: unknown) {
  const answer = await client.call<{ fields: { field: string; message: string }[] }>(call, {
    body,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(400);
  return answer.body.data!.fields;
}

const listUsers = (client: RawClient) =>
  client.call<{ content: PlatformUserItem[] }>(permission['user.queryList'], {
    query: { page: 0, size: 100 },
    body: {},
  });

beforeAll(async () => {
  platform = await startTestPlatform();
  admin = await logIn(platform.accounts.admin.username, platform.accounts.admin.password);
}, 60_000);

afterAll(async () => {
  await platform?.stop();
});

describe('platform users', () => {
  let ops: Created;

  it('makes a user whose password is shown once and must be changed at the first login', async () => {
    ops = await ok<Created>(admin, permission['user.create'], {
      username: 'ops_li',
      nickname: '运营小李',
      mobile: '13900000101',
    });
    expect(ops).toMatchObject({ status: 'active', mustChangePassword: true, roles: [] });
    expect(ops.initialPassword).toMatch(/^[A-Za-z0-9]{10}$/);
    const listed = (await listUsers(admin)).body.data!.content.map((u) => u.username);
    expect(listed).toEqual(expect.arrayContaining(['demo_admin', 'ops_li']));

    const li = await logIn('ops_li', ops.initialPassword);
    const me = await li.call<{ mustChangePassword: boolean }>(accountsApi.queryCurrent as CallDef);
    expect(me.body.data!.mustChangePassword).toBe(true);
    const before = await listUsers(li);
    expect(before.status).toBe(403);
    expect(before.body.message).toBe('管理员重置了你的密码，请先修改密码');
    await ok(li, organization['member.updatePwd'], {
      oldPassword: ops.initialPassword,
      newPassword: 'Ops-Li-2026',
    });
    expect((await listUsers(li)).status).toBe(200);
    const again = await li.call<{ mustChangePassword: boolean }>(
      accountsApi.queryCurrent as CallDef,
    );
    expect(again.body.data!.mustChangePassword).toBe(false);
  });

  it('refuses a taken username or mobile, a bad field and an organization’s role, each by field', async () => {
    expect(
      await refusedFields(admin, permission['user.create'], {
        username: 'OPS_LI',
        nickname: '重名',
      }),
    ).toEqual([{ field: 'body.username', message: '用户名已被使用' }]);
    expect(
      await refusedFields(admin, permission['user.create'], {
        username: 'ops_wang',
        nickname: '运营小王',
        mobile: '13900000101',
      }),
    ).toEqual([{ field: 'body.mobile', message: '手机号已被使用' }]);
    const bad = await refusedFields(admin, permission['user.create'], {
      username: 'ops_wang',
      nickname: '',
      mobile: '123',
    });
    expect(bad.map((f) => f.field).sort()).toEqual(['body.mobile', 'body.nickname']);
    const schoolRole = await ok<RoleItem>(admin, permission['role.create'], {
      name: '校内角色',
      organizationId: 1,
    });
    const fields = await refusedFields(admin, permission['user.create'], {
      username: 'ops_wang',
      nickname: '运营小王',
      roleIds: [schoolRole.id],
    });
    expect(fields).toEqual([{ field: 'body.roleIds.0', message: '「校内角色」是机构的角色' }]);
    // Nothing was made by the refused calls.
    const names = (await listUsers(admin)).body.data!.content.map((u) => u.username);
    expect(names).not.toContain('ops_wang');
  });

  it('resets a password: shown once, the user’s sessions end, and it is changed at next login', async () => {
    const li = await logIn('ops_li', 'Ops-Li-2026');
    const reset = await ok<{ password: string }>(admin, permission['user.resetPwd'], {
      id: ops.id,
    });
    expect((await listUsers(li)).status).toBe(401);
    const back = await logIn('ops_li', reset.password);
    expect((await listUsers(back)).status).toBe(403);
    const self = await admin.call(permission['user.resetPwd'], {
      body: {
        id: (await ok<{ userId: number }>(admin, organization['member.queryCurrent'], {})).userId,
      },
    });
    expect(self.status).toBe(409);
  });

  it('limits a user with platform roles, and a limited user cannot make or touch an unlimited admin', async () => {
    const reader = await ok<RoleItem>(admin, permission['role.create'], { name: '只读运营' });
    await ok(admin, permission['role.configPerms'], {
      id: reader.id,
      callIds: ['user.queryList', 'user.create', 'user.update'],
    });
    const limited = await ok<PlatformUserItem>(admin, permission['user.configRoles'], {
      id: ops.id,
      roleIds: [reader.id],
    });
    expect(limited.roles).toEqual([{ id: reader.id, name: '只读运营' }]);
    const li = await logIn(
      'ops_li',
      (
        await ok<{ password: string }>(admin, permission['user.resetPwd'], {
          id: ops.id,
          password: 'Ops-Li-Reset-1',
        })
      ).password,
    );
    await ok(li, organization['member.updatePwd'], {
      oldPassword: 'Ops-Li-Reset-1',
      newPassword: 'Ops-Li-2027',
    });
    expect((await listUsers(li)).status).toBe(200);
    // Granted user.create, but not to make someone freer than itself.
    expect(
      await refusedFields(li, permission['user.create'], {
        username: 'ops_zhao',
        nickname: '小赵',
      }),
    ).toEqual([{ field: 'body.roleIds', message: '你受角色限制，须为其指定角色' }]);
    const demoAdmin = (await listUsers(admin)).body.data!.content.find(
      (u) => u.username === 'demo_admin',
    )!;
    const touch = await li.call(permission['user.update'], {
      body: { id: demoAdmin.id, nickname: '改名', mobile: null, email: null, status: 'active' },
    });
    expect(touch.status).toBe(403);
    // Not granted at all: refused naming the operate.
    const reset = await li.call(permission['user.resetPwd'], { body: { id: demoAdmin.id } });
    expect(reset.status).toBe(403);
    expect(reset.body.message).toMatch(/^没有权限执行「.+」$/);
  });

  it('deletes a user who never used the platform, and only disables one who did', async () => {
    const unused = await ok<Created>(admin, permission['user.create'], {
      username: 'ops_unused',
      nickname: '未用账号',
    });
    expect(
      await ok<{ erased: boolean }>(admin, permission['user.delete'], { id: unused.id }),
    ).toEqual({ id: unused.id, erased: true });
    const gone = await admin.call(permission['user.queryById'], { query: { id: unused.id } });
    expect(gone.status).toBe(404);

    const li = await logIn('ops_li', 'Ops-Li-2027');
    expect(await ok<{ erased: boolean }>(admin, permission['user.delete'], { id: ops.id })).toEqual(
      { id: ops.id, erased: false },
    );
    expect((await listUsers(li)).status).toBe(401);
    const row = await admin.call<PlatformUserItem>(permission['user.queryById'], {
      query: { id: ops.id },
    });
    expect(row.body.data!.status).toBe('disabled');
    const login = await new RawClient(platform.apiUrl)
      .withNodeCrypto()
      .call(accountsApi.loginByPwd as CallDef, {
        body: { username: 'ops_li', password: 'Ops-Li-2027' },
      });
    expect(login.body.success).toBe(false);
  });

  it('keeps one enabled unlimited admin when two disable each other at once', async () => {
    const chen = await ok<Created>(admin, permission['user.create'], {
      username: 'ops_chen',
      nickname: '运营小陈',
      password: 'Ops-Chen-2026',
    });
    const first = await logIn('ops_chen', 'Ops-Chen-2026');
    await ok(first, organization['member.updatePwd'], {
      oldPassword: 'Ops-Chen-2026',
      newPassword: 'Ops-Chen-2027',
    });
    // Everyone else unlimited is disabled first: demo_admin and ops_chen remain.
    const others = (await listUsers(admin)).body.data!.content.filter(
      (u) =>
        u.status === 'active' &&
        u.roles.length === 0 &&
        u.username !== 'demo_admin' &&
        u.username !== 'ops_chen',
    );
    for (const u of others) {
      await ok(admin, permission['user.update'], { ...pick(u), status: 'disabled' });
    }
    const demoAdmin = (await listUsers(admin)).body.data!.content.find(
      (u) => u.username === 'demo_admin',
    )!;
    const [a, b] = await Promise.all([
      admin.call(permission['user.update'], { body: { ...pick(chen), status: 'disabled' } }),
      first.call(permission['user.update'], { body: { ...pick(demoAdmin), status: 'disabled' } }),
    ]);
    const statuses = [a.status, b.status].sort();
    // One wins; the other is refused (the last admin) or finds its own session ended.
    expect(statuses[0]).toBe(200);
    expect([401, 409]).toContain(statuses[1]);
    const active = (await listUsers(a.status === 200 ? admin : first)).body.data!.content.filter(
      (u) => u.status === 'active' && u.roles.length === 0,
    );
    expect(active).toHaveLength(1);
    const self = await refusedFields(admin, permission['user.update'], {
      ...pick(demoAdmin),
      status: 'disabled',
    }).catch(() => null);
    if (a.status === 200) expect(self).toEqual([{ field: 'body.status', message: '不能停用自己' }]);
  });

  it('is platform staff’s only', async () => {
    const teacher = await logIn(
      platform.accounts.teacher.username,
      platform.accounts.teacher.password,
    );
    expect((await listUsers(teacher)).status).toBe(403);
  });
});

const pick = (u: PlatformUserItem) => ({
  id: u.id,
  nickname: u.nickname,
  mobile: u.mobile,
  email: u.email,
});

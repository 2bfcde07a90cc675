/**
 * The system log (issue 27 item 3; docs/decisions/admin-and-identity.md, "The system log"), over
 * real HTTP against the real database: sign-ins and failed sign-ins, staff writes that pass and
 * that are refused (by role, by field), role changes and exports are recorded with who, as
 * which role, in which organization, on which ids, how it ended, from where; the list filters
 * and pages them and refuses bad filters by field; the export is a spreadsheet and is itself
 * recorded; the table refuses every change but the retention sweep's, which keeps at least 180
 * days; and while the log cannot be written the calls still succeed, their entries landing
 * once it can.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallDef } from '../../src/contract/call.ts';
import { accounts } from '../../src/contract/accounts/refs.ts';
import { ErrorCode } from '../../src/contract/errors.ts';
import { permission } from '../../src/contract/permission/calls.ts';
import type { RoleItem } from '../../src/contract/permission/roles.ts';
import { sysLog } from '../../src/contract/sys-log/calls.ts';
import type { SysLogItem } from '../../src/contract/sys-log/calls.ts';
import { pruneSysLog } from '../../src/server/sys-log/retention.ts';
import { createTransport } from '../../src/transport/client.ts';
import type { DownloadedFile } from '../../src/transport/download.ts';
import { RawClient } from '../support/api.ts';
import { startTestPlatform, type TestPlatform } from '../support/platform.ts';

let platform: TestPlatform;
let admin: RawClient;
let orgAdmin: RawClient;
let grader: RawClient;
let demoSchoolId: number;

async function logIn(role: 'admin' | 'orgAdmin' | 'grader' | 'teacher'): Promise<RawClient> {
  const client = new RawClient(platform.apiUrl).withNodeCrypto();
  const { username, password } = platform.accounts[role];
  const answer = await client.call(accounts.loginByPwd as CallDef, {
    body: { username, password },
  });
  expect(answer.body.success, JSON.stringify(answer.body)).toBe(true);
  return client;
}

async function entries(filter: Record<string, unknown>, query: Record<string, unknown> = {}) {
  const answer = await admin.call<{ content: SysLogItem[]; totalElements: number }>(
    sysLog['sysLog.queryList'],
    { query: { page: 0, size: 50, ...query }, body: filter },
  );
  expect(answer.body.success, JSON.stringify(answer.body)).toBe(true);
  return answer.body.data!;
}

async function refusedFields(filter: unknown, query: Record<string, unknown> = {}) {
  const answer = await admin.call<{ fields: { field: string; message: string }[] }>(
    sysLog['sysLog.queryList'],
    { query: { page: 0, size: 10, ...query }, body: filter },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(400);
  return [...new Set(answer.body.data!.fields.map((f) => f.field))];
}

beforeAll(async () => {
  platform = await startTestPlatform();
  admin = await logIn('admin');
  orgAdmin = await logIn('orgAdmin');
  grader = await logIn('grader');
  const { rows } = await platform.pool.query<{ organization_id: number }>(
    `SELECT m.organization_id FROM members m JOIN users u ON u.id = m.user_id
      WHERE u.username = $1`,
    [platform.accounts.orgAdmin.username],
  );
  demoSchoolId = rows[0]!.organization_id;
}, 60_000);

afterAll(async () => {
  await platform?.stop();
});

describe('what is recorded', () => {
  it('a sign-in, and a failed one under the name it tried, with the address it came from', async () => {
    const stranger = new RawClient(platform.apiUrl).withNodeCrypto();
    const refused = await stranger.call(accounts.loginByPwd as CallDef, {
      body: { username: 'no_such_person', password: 'wrong-password' },
    });
    expect(refused.body.code).toBe(ErrorCode.BAD_CREDENTIALS);

    const failed = await entries({ keyword: 'no_such_person' });
    expect(failed.content).toHaveLength(1);
    expect(failed.content[0]).toMatchObject({
      kind: 'identity',
      callId: 'loginByPwd',
      userId: null,
      username: 'no_such_person',
      role: '未登录',
      outcome: 'failure',
      status: 400,
      errorCode: ErrorCode.BAD_CREDENTIALS,
      ip: stranger.ip,
    });
    // Never the password, whether it was right or wrong.
    expect(JSON.stringify(failed.content[0])).not.toContain('wrong-password');

    const signedIn = await entries({ callId: 'loginByPwd', keyword: orgAdmin.ip });
    expect(signedIn.content).toHaveLength(1);
    expect(signedIn.content[0]).toMatchObject({
      username: platform.accounts.orgAdmin.username,
      role: '机构管理员',
      organizationId: demoSchoolId,
      outcome: 'success',
      errorCode: null,
    });
    expect(signedIn.content[0]!.userId).toBeGreaterThan(0);
    expect(signedIn.content[0]!.organizationName).toBeTruthy();
  });

  it('a staff write with the ids it touched; a role change; a write refused by field', async () => {
    const created = await orgAdmin.call<RoleItem>(permission['role.create'], {
      body: { name: '日志测试角色' },
    });
    expect(created.body.success).toBe(true);
    const roleId = created.body.data!.id;
    const configured = await orgAdmin.call(permission['role.configPerms'], {
      body: { id: roleId, callIds: ['edms.homework.queryList'] },
    });
    expect(configured.body.success, JSON.stringify(configured.body)).toBe(true);
    const badName = await orgAdmin.call(permission['role.create'], { body: { name: ' ' } });
    expect(badName.status).toBe(400);

    const log = await entries({ callId: 'role.', keyword: platform.accounts.orgAdmin.username });
    const [refused, config, create] = log.content;
    expect(create).toMatchObject({
      kind: 'write',
      callId: 'role.create',
      operateName: '新建角色',
      role: '机构管理员',
      organizationId: demoSchoolId,
      targets: { id: roleId },
      outcome: 'success',
    });
    expect(config).toMatchObject({ callId: 'role.configPerms', targets: { id: roleId } });
    expect(refused).toMatchObject({
      callId: 'role.create',
      outcome: 'failure',
      status: 400,
      errorCode: ErrorCode.VALIDATION,
    });
    expect(refused!.message).toContain('body.name');
    // Newest first.
    expect(Date.parse(create!.at)).toBeLessThanOrEqual(Date.parse(config!.at));
  });

  it('a write the role does not grant, as the custom role the caller holds', async () => {
    const answer = await grader.call(permission['role.create'], { body: { name: '越权' } });
    expect(answer.status).toBe(403);
    const log = await entries({ keyword: platform.accounts.grader.username, outcome: 'failure' });
    expect(log.content[0]).toMatchObject({
      callId: 'role.create',
      role: '教师 · 阅卷老师',
      status: 403,
      errorCode: ErrorCode.FORBIDDEN,
    });
    expect(log.content[0]!.message).toContain('没有权限');
  });

  it('reads are not recorded; a learner sees none of it', async () => {
    await orgAdmin.call(permission['role.queryList'], { query: { page: 0, size: 5 }, body: {} });
    expect((await entries({ callId: 'role.queryList' })).totalElements).toBe(0);

    const teacher = await logIn('teacher');
    expect((await teacher.call(sysLog['sysLog.queryList'], { query: {}, body: {} })).status).toBe(
      403,
    );
    const anonymous = new RawClient(platform.apiUrl).withNodeCrypto();
    expect((await anonymous.call(sysLog['sysLog.queryList'], { query: {}, body: {} })).status).toBe(
      401,
    );
  });
});

describe('the list', () => {
  it('filters by person, call, organization, outcome, kind and time, and pages', async () => {
    const all = await entries({});
    expect(all.totalElements).toBeGreaterThan(5);
    const ofSchool = await entries({ organizationId: demoSchoolId, kind: 'write' });
    expect(ofSchool.content.every((e) => e.organizationId === demoSchoolId)).toBe(true);
    expect(ofSchool.content.every((e) => e.kind === 'write')).toBe(true);

    const userId = ofSchool.content[0]!.userId!;
    const mine = await entries({ userId });
    expect(mine.content.every((e) => e.userId === userId)).toBe(true);

    // By the permission tree: the 角色管理 group, and the 系统管理 directory above it.
    const { rows: tree } = await platform.pool.query<{ group_id: number; directory_id: number }>(
      `SELECT g.id AS group_id, g.parent_id AS directory_id FROM resources g WHERE g.code = 'role'`,
    );
    const ofGroup = await entries({ resourceId: tree[0]!.group_id });
    expect(ofGroup.totalElements).toBeGreaterThanOrEqual(3);
    expect(ofGroup.content.every((e) => e.callId.startsWith('role.'))).toBe(true);
    const ofDirectory = await entries({ resourceId: tree[0]!.directory_id });
    expect(ofDirectory.totalElements).toBeGreaterThanOrEqual(ofGroup.totalElements);

    const failures = await entries({ outcome: 'failure' });
    expect(failures.content.every((e) => e.outcome === 'failure')).toBe(true);
    expect(failures.totalElements).toBeGreaterThanOrEqual(3);

    const future = await entries({ from: '2199-01-01T00:00:00Z' });
    expect(future.totalElements).toBe(0);
    const past = await entries({ to: '2001-01-01T00:00:00Z' });
    expect(past.totalElements).toBe(0);

    const firstPage = await entries({}, { size: 2, sort: 'at,asc' });
    expect(firstPage.content).toHaveLength(2);
    expect(Date.parse(firstPage.content[0]!.at)).toBeLessThanOrEqual(
      Date.parse(firstPage.content[1]!.at),
    );
  });

  it('refuses a bad filter by its field', async () => {
    expect(
      await refusedFields({ from: '2026-02-01T00:00:00Z', to: '2026-01-01T00:00:00Z' }),
    ).toEqual(['body.to']);
    expect(await refusedFields({ outcome: 'maybe' })).toEqual(['body.outcome']);
    expect(await refusedFields({ kind: 'read' })).toEqual(['body.kind']);
    expect(await refusedFields({ callId: "role'; DROP TABLE sys_log" })).toEqual(['body.callId']);
    expect(await refusedFields({ from: 'yesterday' })).toEqual(['body.from']);
    expect(await refusedFields({}, { sort: 'ip,desc' })).toEqual(['query.sort']);
  });
});

describe('the export', () => {
  it('is a spreadsheet of the filtered entries, and is recorded as an export', async () => {
    const downloads: DownloadedFile[] = [];
    const exporter = createTransport({
      baseUrl: platform.apiUrl,
      onDownload: (f) => downloads.push(f),
    });
    const { username, password } = platform.accounts.admin;
    await exporter.call(accounts.loginByPwd, { body: { username, password } });
    await exporter.call(sysLog['sysLog.export'], { body: { callId: 'role.' } });
    const file = downloads.at(-1)!;
    expect(file.fileName).toBe('系统日志.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(file.bytes) as never);
    const rows = book.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][];
    expect(rows[0]).toContain('操作');
    expect(rows[0]).toContain('IP 地址');
    const roleEntries = await entries({ callId: 'role.' });
    expect(rows).toHaveLength(roleEntries.totalElements + 1);
    expect(rows.some((r) => r.includes('新建角色'))).toBe(true);

    const exported = await entries({ kind: 'export', callId: 'sysLog.export' });
    expect(exported.content[0]).toMatchObject({ outcome: 'success', role: '平台管理员' });
  });
});

describe('the export’s limit', () => {
  it('refuses more than 50 000 entries, asking for a narrower time range', async () => {
    // Entries of a call nobody makes, recorded long ago, enough to pass the limit by one.
    await platform.pool.query(
      `INSERT INTO sys_log (at, kind, call_id, role, targets, outcome, status, ip, request_id,
                            duration_ms)
       SELECT now() - interval '30 days' - make_interval(secs => n), 'write', 'bulk.test', '平台管理员',
              '{}', 'success', 200, '127.0.0.1', 'bulk-' || n, 1
         FROM generate_series(1, 50001) AS n`,
    );
    const answer = await admin.call<{ fields: { field: string; message: string }[] }>(
      sysLog['sysLog.export'],
      { body: { callId: 'bulk.test' } },
    );
    expect(answer.status).toBe(400);
    expect(answer.body.data!.fields[0]).toMatchObject({ field: 'body.from' });
    expect(answer.body.data!.fields[0]!.message).toContain('50000');
  }, 60_000);
});

describe('the table', () => {
  it('refuses updates, deletes and truncation', async () => {
    for (const sql of [
      `UPDATE sys_log SET outcome = 'success'`,
      'DELETE FROM sys_log',
      'TRUNCATE sys_log',
    ]) {
      await expect(platform.pool.query(sql), sql).rejects.toThrow(/append-only/);
    }
    // Not even inside the sweep's own transaction, for an entry younger than 180 days.
    const client = await platform.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(`SELECT set_config('xinao.sys_log_prune', 'on', true)`);
      await expect(client.query('DELETE FROM sys_log')).rejects.toThrow(/append-only/);
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });

  it('keeps entries for the retention setting, and never less than 180 days', async () => {
    const old = (days: number) =>
      platform.pool.query(
        `INSERT INTO sys_log (at, kind, call_id, role, outcome, status, ip, request_id,
                              duration_ms, username)
         VALUES (now() - make_interval(days => $1), 'write', 'role.create', '平台管理员',
                 'success', 200, '127.0.0.1', 'old', 1, $2)`,
        [days, `aged_${days}`],
      );
    await old(400);
    await old(200);
    await old(100);
    const aged = async () =>
      (await entries({ keyword: 'aged_' })).content.map((e) => e.username).sort();
    expect(await aged()).toEqual(['aged_100', 'aged_200', 'aged_400']);
    expect(await pruneSysLog(platform.pool, 365)).toBe(1);
    expect(await aged()).toEqual(['aged_100', 'aged_200']);
    // A setting below the floor prunes as if it were 180 days.
    expect(await pruneSysLog(platform.pool, 30)).toBe(1);
    expect(await aged()).toEqual(['aged_100']);
  });
});

describe('when the log cannot be written', () => {
  it('the call still succeeds, and its entry lands once the log can be written again', async () => {
    await platform.pool.query('ALTER TABLE sys_log RENAME TO sys_log_away');
    let roleId: number;
    try {
      const created = await orgAdmin.call<RoleItem>(permission['role.create'], {
        body: { name: '日志停写时建的角色' },
      });
      expect(created.body.success, JSON.stringify(created.body)).toBe(true);
      roleId = created.body.data!.id;
      // Long enough for the recorder to have tried and failed: the entry is nowhere yet.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const { rows: during } = await platform.pool.query(
        `SELECT 1 FROM sys_log_away WHERE call_id = 'role.create' AND targets->>'id' = $1`,
        [String(roleId)],
      );
      expect(during).toHaveLength(0);
    } finally {
      await platform.pool.query('ALTER TABLE sys_log_away RENAME TO sys_log');
    }
    const { rows } = await platform.pool.query('SELECT 1 FROM roles WHERE id = $1', [roleId]);
    expect(rows).toHaveLength(1);
    const log = await entries({ callId: 'role.create', outcome: 'success' });
    expect(log.content.map((e) => e.targets.id)).toContain(roleId);
  });
});

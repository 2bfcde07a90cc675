import { describe, expect, it } from 'vitest';
import type { CallDef } from '../../contract/call.ts';
import { AppError } from '../http/app-error.ts';
import type { CallTrace } from '../http/call-trace.ts';
import type { Auth } from '../http/sessions.ts';
import { entryOf, targetsOf } from './entry.ts';

const call = { id: 'role.create' } as CallDef;
const teacher: Auth = {
  sessionId: 1,
  userId: 7,
  memberId: 70,
  role: 'teacher',
  organizationId: 3,
  platformAdmin: false,
  expiresAt: new Date(),
  memberRoles: [{ id: 12, version: 1, enabled: true }],
  userRoles: [],
  mustChangePassword: false,
};

const answered = (trace: CallTrace, status = 200) =>
  entryOf({
    trace,
    kind: 'write',
    params: {},
    ip: '10.0.0.9',
    userAgent: 'test-agent',
    requestId: 'r-1',
    status,
    elapsedMs: 12.4,
    now: Date.parse('2026-12-01T08:00:00.000Z'),
  });

describe('targetsOf', () => {
  it('keeps the fields that name rows, from path, query and body, first one wins', () => {
    expect(
      targetsOf(
        [{ id: 5 }, { page: 0 }, { id: 9, memberIds: [1, 2, 'x'], name: 'n', classId: 4 }],
        { id: 99 },
      ),
    ).toEqual({ id: 5, memberIds: [1, 2, 'x'], classId: 4 });
  });

  it('takes a create’s new id from its answer, and nothing that is not an id', () => {
    expect(targetsOf([{ name: 'x', password: 'secret' }], { id: 31, name: 'x' })).toEqual({
      id: 31,
    });
    expect(targetsOf([{ ids: [1.5, {}, null] }, undefined, 'text'], [1])).toEqual({});
  });

  it('caps long lists and strips what PostgreSQL cannot store', () => {
    const ids = Array.from({ length: 80 }, (_, i) => i);
    expect((targetsOf([{ ids }], null).ids as number[]).length).toBe(50);
    expect(targetsOf([{ fileId: 'a\0b\ud800c' }], null)).toEqual({ fileId: 'abc' });
  });
});

describe('entryOf', () => {
  it('says who, as which roles, and when the call began', () => {
    const entry = answered({ call, auth: teacher, body: { name: '阅卷' }, answer: { id: 4 } });
    expect(entry).toMatchObject({
      at: '2026-12-01T07:59:59.988Z',
      userId: 7,
      memberId: 70,
      triedName: null,
      role: '教师',
      roleIds: [12],
      organizationId: 3,
      targets: { id: 4 },
      outcome: 'success',
      errorCode: null,
      message: null,
      durationMs: 12,
    });
  });

  it('a refusal: its code and message with the fields, and no id from an answer', () => {
    const refusal = new AppError('VALIDATION', undefined, {
      fields: [
        { field: 'body.name', message: '角色名称不能为空' },
        { field: 'body.name', message: '角色名称不能为空' },
      ],
    });
    const entry = answered({ call, auth: teacher, body: { name: '' }, refusal }, 400);
    expect(entry).toMatchObject({
      outcome: 'failure',
      status: 400,
      errorCode: refusal.code,
      message: '参数校验失败：body.name 角色名称不能为空',
      targets: {},
    });
  });

  it('a sign-in names no target: its answer is the account itself', () => {
    const entry = entryOf({
      trace: { call, auth: teacher, body: { username: 'x' }, answer: { id: 70 } },
      kind: 'identity',
      params: {},
      ip: '10.0.0.9',
      userAgent: undefined,
      requestId: 'r-2',
      status: 200,
      elapsedMs: 1,
      now: Date.now(),
    });
    expect(entry.targets).toEqual({});
    expect(entry.userAgent).toBeNull();
  });

  it('a failed sign-in: the name it tried, never the password', () => {
    const entry = answered(
      { call, auth: null, body: { username: 'guess', password: 'hunter22' } },
      400,
    );
    expect(entry).toMatchObject({ userId: null, triedName: 'guess', role: '未登录' });
    expect(JSON.stringify(entry)).not.toContain('hunter22');
  });

  it('a platform admin, as the platform roles that limit them', () => {
    const entry = answered({
      call,
      auth: { ...teacher, platformAdmin: true, userRoles: [{ id: 2, version: 1, enabled: true }] },
    });
    expect(entry).toMatchObject({ role: '平台管理员', roleIds: [2] });
  });
});

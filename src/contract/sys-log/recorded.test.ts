import { describe, expect, it } from 'vitest';
import { allCalls } from '../index.ts';
import { sysLogKindOf } from './recorded.ts';

const kindOf = (id: string) => sysLogKindOf(allCalls.find((c) => c.id === id)!);

describe('what the system log records', () => {
  it('every sign-in, sign-out and password change, whoever makes it', () => {
    for (const id of [
      'loginByPwd',
      'loginByMobile',
      'registerByPwd',
      'logout',
      'switchOrganization',
      'member.updatePwd',
    ]) {
      expect(kindOf(id), id).toBe('identity');
    }
  });

  it('staff writes, role and permission changes among them, and staff exports', () => {
    for (const id of ['role.create', 'role.configPerms', 'member.configRoles', 'user.resetPwd']) {
      expect(kindOf(id), id).toBe('write');
    }
    expect(kindOf('sysLog.export')).toBe('export');
    expect(kindOf('bms.membership.order.download')).toBe('export');
  });

  it('no read, no learner write, no provider notification', () => {
    for (const id of [
      'role.queryList',
      'sysLog.queryList',
      'oj.memberDocument.create',
      'bms.membership.order.paidNotify',
    ]) {
      expect(kindOf(id), id).toBeNull();
    }
    // A learner's own calls never reach the staff's log.
    const learner = allCalls.filter((c) => c.access === 'member' && !c.identity);
    expect(learner.filter((c) => sysLogKindOf(c) !== null).map((c) => c.id)).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { allCalls } from '../index.ts';
import { groupOfCall } from './operates.ts';
import { RESOURCE_DIRECTORIES, RESOURCE_GROUPS } from './seeded-resources.ts';

describe('the operates: every call of the contract', () => {
  it('belongs to a group named in Chinese under a directory, so it has an operate to grant', () => {
    const unnamed = [...new Set(allCalls.map((c) => groupOfCall(c.id)))].filter(
      (g) => !RESOURCE_GROUPS[g],
    );
    expect(unnamed).toEqual([]);
    for (const { name, directory } of Object.values(RESOURCE_GROUPS)) {
      expect(name).toMatch(/[\u4e00-\u9fff]/);
      expect(RESOURCE_DIRECTORIES[directory]).toBeDefined();
    }
  });

  it('names no group that no call has', () => {
    const groups = new Set(allCalls.map((c) => groupOfCall(c.id)));
    expect(Object.keys(RESOURCE_GROUPS).filter((g) => !groups.has(g))).toEqual([]);
  });

  it('reads the group from the id without its area and action', () => {
    expect(groupOfCall('edms.homework.queryList')).toBe('homework');
    expect(groupOfCall('member.blacklist.create')).toBe('member/blacklist');
    expect(groupOfCall('DELETE common.file.{fileName}')).toBe('common/file');
    expect(groupOfCall('loginByPwd')).toBe('(root)');
    expect(groupOfCall('root')).toBe('(root)');
  });
});

import { describe, expect, it } from 'vitest';
import type { OperateItem, ResourceItem } from '../../../../contract/permission/resource-tree.ts';
import { grantTree, type GrantNode } from './grant-tree.ts';

const resource = (id: number, name: string, parentId: number | null, sort = 0): ResourceItem => ({
  id,
  code: `r${id}`,
  name,
  kind: parentId === null ? 'directory' : 'group',
  parentId,
  sort,
  operateCount: 0,
});
const operate = (
  callId: string,
  name: string,
  resourceId: number,
  grantable: OperateItem['grantable'],
  sort = 0,
): OperateItem => ({
  callId,
  name,
  sort,
  resourceId,
  resourceName: '',
  method: 'POST',
  path: `/${callId}`,
  grantable,
});

const RESOURCES = [
  resource(1, '作业', null, 2),
  resource(2, '作业管理', 1),
  resource(3, '系统管理', null, 1),
  resource(4, '角色', 3),
  resource(5, '空目录', null, 3),
];
const OPERATES = [
  operate('edms.homework.queryList', '查询作业', 2, 'organization', 1),
  operate('edms.homework.create', '新建作业', 2, 'organization', 0),
  operate('bms.homework.pass', '通过作业', 2, 'platform', 2),
  operate('role.queryList', '查询角色', 4, 'organization'),
  operate('loginByPwd', '登录', 4, 'none'),
];

const names = (nodes: GrantNode[]): unknown =>
  nodes.map((n) => (n.operate ? n.name : { [n.name]: names(n.children) }));
const all = () => true;

describe('the tree a role’s permissions are picked from', () => {
  it('holds directories, groups and operates in staff’s order, empty branches left out', () => {
    const tree = grantTree(RESOURCES, OPERATES, {
      organizationRole: false,
      keyword: '',
      mayGrant: all,
      held: new Set(),
    });
    expect(names(tree)).toEqual([
      { 系统管理: [{ 角色: ['查询角色'] }] },
      { 作业: [{ 作业管理: ['新建作业', '查询作业', '通过作业'] }] },
    ]);
    expect(tree[1]!.grantable).toEqual([
      'edms.homework.create',
      'edms.homework.queryList',
      'bms.homework.pass',
    ]);
  });

  it('gives an organization’s role no platform operate, and nobody an account’s own call', () => {
    const tree = grantTree(RESOURCES, OPERATES, {
      organizationRole: true,
      keyword: '',
      mayGrant: all,
      held: new Set(),
    });
    const ids = tree.flatMap((n) => n.grantable);
    expect(ids).not.toContain('bms.homework.pass');
    expect(ids).not.toContain('loginByPwd');
  });

  it('offers only what the granter holds; what the role has beyond it is shown, locked', () => {
    const tree = grantTree(RESOURCES, OPERATES, {
      organizationRole: true,
      keyword: '',
      mayGrant: (id) => id === 'edms.homework.queryList',
      held: new Set(['edms.homework.create']),
    });
    expect(names(tree)).toEqual([{ 作业: [{ 作业管理: ['新建作业', '查询作业'] }] }]);
    const group = tree[0]!.children[0]!;
    expect(group.children.map((c) => c.grantable)).toEqual([[], ['edms.homework.queryList']]);
  });

  it('keeps the operates whose name or call matches the keyword', () => {
    const tree = grantTree(RESOURCES, OPERATES, {
      organizationRole: true,
      keyword: 'QUERYLIST',
      mayGrant: all,
      held: new Set(),
    });
    expect(names(tree)).toEqual([
      { 系统管理: [{ 角色: ['查询角色'] }] },
      { 作业: [{ 作业管理: ['查询作业'] }] },
    ]);
    expect(
      names(
        grantTree(RESOURCES, OPERATES, {
          organizationRole: true,
          keyword: '新建',
          mayGrant: all,
          held: new Set(),
        }),
      ),
    ).toEqual([{ 作业: [{ 作业管理: ['新建作业'] }] }]);
  });
});

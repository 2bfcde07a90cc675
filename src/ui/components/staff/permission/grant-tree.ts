/**
 * The tree a role's permissions are picked from (PermissionTree.tsx): directories → groups →
 * operates, in staff's order, holding only what the role may be given. Pure, so the rules are
 * tested without a screen (grant-tree.test.ts).
 */
import type { OperateItem, ResourceItem } from '../../../../contract/permission/resource-tree.ts';

export interface GrantNode {
  key: string;
  name: string;
  /** Set on a leaf: the operate it grants. */
  operate?: OperateItem;
  children: GrantNode[];
  /** The operates at or below this node the granter may give (a checkbox toggles these). */
  grantable: string[];
}

export interface GrantOptions {
  /** An organization's role grants the organization's operates only, never the platform's. */
  organizationRole: boolean;
  /** Keeps the operates whose name or call id contains it (case-insensitive); '' keeps all. */
  keyword: string;
  /** Whether the granter holds the operate (nobody gives what they do not hold). */
  mayGrant: (callId: string) => boolean;
  /** What the role grants now: shown even when the granter cannot give it, locked. */
  held: ReadonlySet<string>;
}

const bySortThenName = (a: { sort: number; name: string }, b: { sort: number; name: string }) =>
  a.sort - b.sort || a.name.localeCompare(b.name, 'zh-CN');

export function grantTree(
  resources: readonly ResourceItem[],
  operates: readonly OperateItem[],
  options: GrantOptions,
): GrantNode[] {
  const needle = options.keyword.toLowerCase();
  const offered = operates.filter(
    (op) =>
      (op.grantable === 'organization' ||
        (op.grantable === 'platform' && !options.organizationRole)) &&
      (options.mayGrant(op.callId) || options.held.has(op.callId)) &&
      (needle === '' ||
        op.name.toLowerCase().includes(needle) ||
        op.callId.toLowerCase().includes(needle)),
  );
  const operatesOf = new Map<number, OperateItem[]>();
  for (const op of offered) {
    operatesOf.set(op.resourceId, [...(operatesOf.get(op.resourceId) ?? []), op]);
  }
  const childrenOf = new Map<number | null, ResourceItem[]>();
  for (const r of resources) {
    childrenOf.set(r.parentId, [...(childrenOf.get(r.parentId) ?? []), r]);
  }
  const build = (resource: ResourceItem): GrantNode | null => {
    const leaves: GrantNode[] = (operatesOf.get(resource.id) ?? [])
      .sort(bySortThenName)
      .map((op) => ({
        key: op.callId,
        name: op.name,
        operate: op,
        children: [],
        grantable: options.mayGrant(op.callId) ? [op.callId] : [],
      }));
    const branches = (childrenOf.get(resource.id) ?? [])
      .sort(bySortThenName)
      .flatMap((child) => build(child) ?? []);
    const children = [...branches, ...leaves];
    if (children.length === 0) return null;
    return {
      key: `resource:${resource.id}`,
      name: resource.name,
      children,
      grantable: children.flatMap((c) => c.grantable),
    };
  };
  return (childrenOf.get(null) ?? []).sort(bySortThenName).flatMap((r) => build(r) ?? []);
}

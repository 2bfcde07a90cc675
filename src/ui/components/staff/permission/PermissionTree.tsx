import { Button, Checkbox, Collapse, Dialog, DialogBody, InputGroup } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoleItem } from '../../../../contract/permission/roles.ts';
import type { OperateItem, ResourceItem } from '../../../../contract/permission/resource-tree.ts';
import { submitStaffWrite } from '../../../../machines/staff-edit/events.ts';
import { useRuntime } from '../../../app/context.ts';
import { permissionTree } from '../../../app/permission-queries.ts';
import { useOperates } from '../../../app/use-operates.ts';
import { useQuery } from '../../../app/use-query.ts';
import { QueryStatus } from '../../QueryStatus.tsx';
import { SaveFooter } from '../SaveFooter.tsx';
import { StaffEditOutcome } from '../StaffEditOutcome.tsx';
import { grantTree, type GrantNode } from './grant-tree.ts';

/**
 * A role's permissions as the tree staff know from RuoYi (目录 → 接口分组 → 操作), each a
 * checkbox; a directory or group checks all below it. It offers what the role may be given
 * (an organization's role: the organization's operates) and the granter holds; an operate the
 * role has that the granter cannot give stays shown, checked and locked.
 */
export function PermissionDialog({ role, onClose }: { role: RoleItem; onClose: () => void }) {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const { staffEdit } = runtime.actors;
  const tree = useQuery(permissionTree(runtime));
  const { holds } = useOperates();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set(role.callIds));
  const [keyword, setKeyword] = useState('');
  const [sent, setSent] = useState(false);
  const state = useSelector(staffEdit, (s) => s.value as string);
  useEffect(() => {
    if (sent && state === 'done') onClose();
  }, [sent, state, onClose]);

  const save = () => {
    setSent(true);
    submitStaffWrite(staffEdit, 'role.configPerms', { id: role.id, callIds: [...chosen] });
  };

  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={t('staffRoles.permsOf', { name: role.name })}
      style={{ width: 'min(900px, 95vw)' }}
    >
      <DialogBody>
        <InputGroup
          leftIcon="search"
          aria-label={t('staffRoles.searchOperates')}
          placeholder={t('staffRoles.searchOperates')}
          value={keyword}
          onValueChange={setKeyword}
        />
        <p className="xa-muted">{t('staffRoles.chosen', { count: chosen.size })}</p>
        <QueryStatus state={tree} failedTitle={t('staffRoles.treeFailed')}>
          {(data) => (
            <GrantTree
              resources={data.resources}
              operates={data.operates}
              organizationRole={role.organizationId !== null}
              keyword={keyword.trim()}
              chosen={chosen}
              held={role.callIds}
              mayGrant={holds}
              onChange={setChosen}
            />
          )}
        </QueryStatus>
        <StaffEditOutcome besideForm />
      </DialogBody>
      <SaveFooter onClose={onClose} onSave={save} saving={state === 'working'} />
    </Dialog>
  );
}

function GrantTree({
  resources,
  operates,
  organizationRole,
  keyword,
  chosen,
  held,
  mayGrant,
  onChange,
}: {
  resources: ResourceItem[];
  operates: OperateItem[];
  organizationRole: boolean;
  keyword: string;
  chosen: ReadonlySet<string>;
  held: readonly string[];
  mayGrant: (callId: string) => boolean;
  onChange: (next: ReadonlySet<string>) => void;
}) {
  const { t } = useTranslation();
  const roots = useMemo(
    () =>
      grantTree(resources, operates, {
        organizationRole,
        keyword,
        mayGrant,
        held: new Set(held),
      }),
    [resources, operates, organizationRole, keyword, mayGrant, held],
  );
  if (roots.length === 0) return <p className="xa-muted">{t('staffRoles.noOperates')}</p>;
  const set = (ids: readonly string[], on: boolean) => {
    const next = new Set(chosen);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    onChange(next);
  };
  return (
    <ul className="xa-grant-tree" data-testid="grant-tree">
      {roots.map((node) => (
        <GrantBranch key={node.key} node={node} chosen={chosen} set={set} open={keyword !== ''} />
      ))}
    </ul>
  );
}

function GrantBranch({
  node,
  chosen,
  set,
  open: openAll,
}: {
  node: GrantNode;
  chosen: ReadonlySet<string>;
  set: (ids: readonly string[], on: boolean) => void;
  open: boolean;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const held = node.grantable.filter((id) => chosen.has(id)).length;
  const all = node.grantable.length > 0 && held === node.grantable.length;
  if (node.operate) {
    const op = node.operate;
    return (
      <li>
        <Checkbox
          checked={chosen.has(op.callId)}
          disabled={node.grantable.length === 0}
          onChange={(e) => set([op.callId], e.currentTarget.checked)}
          labelElement={
            <>
              {op.name} <span className="xa-muted">{op.callId}</span>
            </>
          }
        />
      </li>
    );
  }
  return (
    <li>
      <Button
        variant="minimal"
        size="small"
        icon={open || openAll ? 'caret-down' : 'caret-right'}
        aria-label={t(open ? 'staffRoles.collapse' : 'staffRoles.expand', { name: node.name })}
        onClick={() => setOpen(!open)}
      />
      <Checkbox
        inline
        checked={all}
        indeterminate={held > 0 && !all}
        disabled={node.grantable.length === 0}
        onChange={() => set(node.grantable, !all)}
        labelElement={
          <>
            {node.name}{' '}
            <span className="xa-muted">
              {held}/{node.grantable.length}
            </span>
          </>
        }
      />
      <Collapse isOpen={open || openAll} keepChildrenMounted={false}>
        <ul>
          {node.children.map((child) => (
            <GrantBranch key={child.key} node={child} chosen={chosen} set={set} open={openAll} />
          ))}
        </ul>
      </Collapse>
    </li>
  );
}

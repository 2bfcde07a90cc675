import { Button, HTMLTable, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OperateItem, ResourceItem } from '../../../../contract/permission/resource-tree.ts';
import { useRuntime } from '../../../app/context.ts';
import { permissionTree } from '../../../app/permission-queries.ts';
import { useQuery } from '../../../app/use-query.ts';
import { QueryStatus } from '../../QueryStatus.tsx';
import { CreateButton } from '../CreateButton.tsx';
import { EditButton } from '../RowButtons.tsx';
import { StaffDeleteButton } from '../StaffDeleteButton.tsx';
import { StaffEditOutcome } from '../StaffEditOutcome.tsx';
import {
  StaffForm,
  staffForm,
  trimmedText,
  type FormValues,
  type StaffFormRequest,
} from '../StaffForm.tsx';

/** The resources in tree order (a directory, then what is under it), each with its depth. */
function inTreeOrder(
  resources: readonly ResourceItem[],
): { resource: ResourceItem; depth: number }[] {
  const childrenOf = new Map<number | null, ResourceItem[]>();
  for (const r of resources) childrenOf.set(r.parentId, [...(childrenOf.get(r.parentId) ?? []), r]);
  const out: { resource: ResourceItem; depth: number }[] = [];
  const walk = (parentId: number | null, depth: number) => {
    const children = [...(childrenOf.get(parentId) ?? [])].sort(
      (a, b) => a.sort - b.sort || a.name.localeCompare(b.name, 'zh-CN'),
    );
    for (const child of children) {
      out.push({ resource: child, depth });
      walk(child.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

/** A whole number from a form's text, or undefined when it is not one in [0, 99999]. */
const sortOf = (value: FormValues[string] | undefined): number | undefined => {
  const text = trimmedText(value);
  return /^\d{1,5}$/.test(text) ? Number(text) : undefined;
};

/**
 * The permission tree's names and order (issue 27 item 1, 资源管理; docs/decisions/
 * admin-and-identity.md): directories staff make, move and delete when empty; the groups of calls
 * the contract makes, renamed, reordered and moved between directories; and each group's
 * operates, renamed and reordered. Nobody invents or removes a permission a call checks.
 */
export function ResourceTree() {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const tree = useQuery(permissionTree(runtime));
  const [form, setForm] = useState<StaffFormRequest | null>(null);
  const [group, setGroup] = useState<number | null>(null);

  const directoryOptions = (resources: readonly ResourceItem[], except?: number) => [
    { value: '', label: t('resources.topLevel') },
    ...resources
      .filter((r) => r.kind === 'directory' && r.id !== except)
      .map((r) => ({ value: String(r.id), label: r.name })),
  ];
  const sortRefused = {
    field: 'sort',
    message: t('staffClass.wholeInvalid', { min: 0, max: 99999 }),
  };

  const directoryForm = (resources: readonly ResourceItem[]) =>
    staffForm({
      title: t('resources.newDirectory'),
      call: 'resource.create',
      fields: [
        { name: 'name', label: t('resources.name'), kind: 'text' },
        {
          name: 'parentId',
          label: t('resources.parent'),
          kind: 'select',
          options: directoryOptions(resources),
        },
        { name: 'sort', label: t('resources.sort'), kind: 'number' },
      ],
      values: { name: '', parentId: '', sort: '0' },
      toBody: (v: FormValues) => {
        const sort = sortOf(v.sort);
        if (sort === undefined) return sortRefused;
        const parent = trimmedText(v.parentId);
        return {
          body: { name: trimmedText(v.name), parentId: parent ? Number(parent) : null, sort },
        };
      },
    });
  const resourceForm = (resources: readonly ResourceItem[], resource: ResourceItem) =>
    staffForm({
      title: t('resources.edit', { name: resource.name }),
      call: 'resource.update',
      fields: [
        { name: 'name', label: t('resources.name'), kind: 'text' },
        {
          name: 'parentId',
          label: t('resources.parent'),
          kind: 'select',
          options: directoryOptions(resources, resource.id),
        },
        { name: 'sort', label: t('resources.sort'), kind: 'number' },
      ],
      values: {
        name: resource.name,
        parentId: resource.parentId === null ? '' : String(resource.parentId),
        sort: String(resource.sort),
      },
      toBody: (v: FormValues) => {
        const sort = sortOf(v.sort);
        if (sort === undefined) return sortRefused;
        const parent = trimmedText(v.parentId);
        return {
          body: {
            id: resource.id,
            name: trimmedText(v.name),
            parentId: parent ? Number(parent) : null,
            sort,
          },
        };
      },
    });
  const operateForm = (op: OperateItem) =>
    staffForm({
      title: t('resources.editOperate', { name: op.callId }),
      call: 'resource.operate.update',
      fields: [
        { name: 'name', label: t('resources.name'), kind: 'text' },
        { name: 'sort', label: t('resources.sort'), kind: 'number' },
      ],
      values: { name: op.name, sort: String(op.sort) },
      toBody: (v: FormValues) => {
        const sort = sortOf(v.sort);
        if (sort === undefined) return sortRefused;
        return { body: { callId: op.callId, name: trimmedText(v.name), sort } };
      },
    });

  return (
    <section className="xa-section" aria-labelledby="resource-tree">
      <QueryStatus state={tree} failedTitle={t('staffRoles.treeFailed')}>
        {({ resources, operates }) => {
          const shown = group === null ? [] : operates.filter((op) => op.resourceId === group);
          return (
            <>
              <h2 id="resource-tree">
                {t('resources.title')}{' '}
                <CreateButton
                  call="resource.create"
                  onClick={() => setForm(directoryForm(resources))}
                  testId="directory-create"
                />
              </h2>
              <p className="xa-muted">{t('resources.hint')}</p>
              <StaffEditOutcome />
              <div className="xa-resource-panes">
                <HTMLTable className="xa-table" striped data-testid="resources">
                  <tbody>
                    {inTreeOrder(resources).map(({ resource, depth }) => (
                      <tr key={resource.id} data-testid={`resource-${resource.code}`}>
                        <td style={{ paddingLeft: 8 + depth * 20 }}>
                          {resource.kind === 'group' ? (
                            <Button
                              variant="minimal"
                              size="small"
                              active={group === resource.id}
                              text={resource.name}
                              onClick={() => setGroup(resource.id)}
                            />
                          ) : (
                            <strong>{resource.name}</strong>
                          )}{' '}
                          <Tag minimal>{t(`resources.kind.${resource.kind}`)}</Tag>
                        </td>
                        <td className="xa-muted">
                          {resource.kind === 'group' &&
                            t('resources.operates', { count: resource.operateCount })}
                        </td>
                        <td>
                          <EditButton
                            call="resource.update"
                            onClick={() => setForm(resourceForm(resources, resource))}
                          />
                          {resource.kind === 'directory' && (
                            <StaffDeleteButton
                              call="resource.delete"
                              id={resource.id}
                              name={resource.name}
                            />
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </HTMLTable>
                <div>
                  {group === null ? (
                    <p className="xa-muted">{t('resources.pickGroup')}</p>
                  ) : (
                    <HTMLTable className="xa-table" striped data-testid="operates">
                      <thead>
                        <tr>
                          <th>{t('resources.name')}</th>
                          <th>{t('resources.call')}</th>
                          <th>{t('resources.grantable')}</th>
                          <th>{t('orders.actions')}</th>
                        </tr>
                      </thead>
                      <tbody>
                        {shown.map((op) => (
                          <tr key={op.callId}>
                            <td>{op.name}</td>
                            <td className="xa-muted">
                              {op.method} {op.path}
                            </td>
                            <td>{t(`resources.grant.${op.grantable}`)}</td>
                            <td>
                              <EditButton
                                call="resource.operate.update"
                                onClick={() => setForm(operateForm(op))}
                              />
                            </td>
                          </tr>
                        ))}
                      </tbody>
                    </HTMLTable>
                  )}
                </div>
              </div>
            </>
          );
        }}
      </QueryStatus>
      <StaffForm request={form} onClose={() => setForm(null)} />
    </section>
  );
}

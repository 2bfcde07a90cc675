import { Button, HTMLTable, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useRuntime } from '../../app/context.ts';
import {
  staffDictItems,
  staffDicts,
  type DictItems,
  type DictPage,
} from '../../app/site-queries.ts';
import { useIdParam, usePageParam } from '../../app/use-page-param.ts';
import { useQuery } from '../../app/use-query.ts';
import { PagedTable } from '../../components/PagedTable.tsx';
import { QueryStatus } from '../../components/QueryStatus.tsx';
import { CreateButton } from '../../components/staff/CreateButton.tsx';
import { EditButton } from '../../components/staff/RowButtons.tsx';
import { KeywordFilter } from '../../components/staff/KeywordFilter.tsx';
import { StaffDeleteButton } from '../../components/staff/StaffDeleteButton.tsx';
import { StaffEditOutcome } from '../../components/staff/StaffEditOutcome.tsx';
import {
  StaffForm,
  trimmedText,
  staffForm,
  type StaffFormRequest,
} from '../../components/staff/StaffForm.tsx';
import { bodyShapeOf, wholeOrNaN } from '../../components/staff/contract-rules.ts';

type Dict = DictPage['content'][number];
type DictItem = DictItems[number];

/** The items of the chosen dictionary, disabled ones included, in their order. */
function ItemSection({ dict, onForm }: { dict: Dict; onForm: (f: StaffFormRequest) => void }) {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const items = useQuery(staffDictItems(runtime, dict.id));
  const itemForm = (item?: DictItem) =>
    staffForm({
      title: item
        ? `${t('staff.edit')} · ${item.label}`
        : `${t('staff.create')}${t('site.dicts.item')} · ${dict.name}`,
      call: item ? 'dict.updateItem' : 'dict.createItem',
      // The order's rule is the contract's (the item's sort).
      rules: {
        shape: () =>
          import('../../../contract/dict/calls.ts').then((m) =>
            bodyShapeOf(m.dict[item ? 'dict.updateItem' : 'dict.createItem']),
          ),
        fields: { sort: {} },
      },
      fields: [
        // A built-in dictionary's values are what rows store: they stay.
        ...(item && dict.builtIn
          ? []
          : [{ name: 'value', label: t('site.dicts.value'), kind: 'text' as const }]),
        { name: 'label', label: t('site.dicts.label'), kind: 'text' },
        { name: 'sort', label: t('staff.sort'), kind: 'number' },
        { name: 'enabled', label: t('site.enabled'), kind: 'checkbox' },
        { name: 'description', label: t('staff.description'), kind: 'text' },
      ],
      values: {
        value: item?.value ?? '',
        label: item?.label ?? '',
        sort: String(item?.sort ?? 0),
        enabled: item?.enabled ?? true,
        description: item?.description ?? '',
      },
      toBody: (v) => ({
        body: {
          ...(item ? { id: item.id } : { dictId: dict.id }),
          value: item && dict.builtIn ? item.value : trimmedText(v.value),
          label: trimmedText(v.label),
          sort: wholeOrNaN(String(v.sort)),
          enabled: v.enabled === true,
          description: trimmedText(v.description),
        },
      }),
    });
  return (
    <section className="xa-section" aria-labelledby="dict-items">
      <h2 id="dict-items">
        {t('site.dicts.itemsOf', { name: dict.name, code: dict.code })}{' '}
        <CreateButton
          call="dict.createItem"
          onClick={() => onForm(itemForm())}
          testId="dict-item-create"
        />
      </h2>
      {dict.builtIn && <p className="xa-muted">{t('site.dicts.builtInHint')}</p>}
      <QueryStatus state={items} failedTitle={t('site.dicts.failed')}>
        {(list) => (
          <HTMLTable className="xa-table" striped data-testid="dict-items">
            <thead>
              <tr>
                <th>{t('site.dicts.value')}</th>
                <th>{t('site.dicts.label')}</th>
                <th>{t('staff.sort')}</th>
                <th>{t('site.enabled')}</th>
                <th>{t('orders.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((item) => (
                <tr key={item.id}>
                  <td className="xa-mono">{item.value}</td>
                  <td>{item.label}</td>
                  <td>{item.sort}</td>
                  <td>{item.enabled ? '✓' : <Tag minimal>{t('site.disabled')}</Tag>}</td>
                  <td>
                    <EditButton call="dict.updateItem" onClick={() => onForm(itemForm(item))} />
                    {!dict.builtIn && (
                      <StaffDeleteButton call="dict.deleteItem" id={item.id} name={item.label} />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
      </QueryStatus>
    </section>
  );
}

/**
 * 字典 (issue 9): every dictionary with its items. Built-in ones (the codes the system reads)
 * keep their code and their items' values; their labels, order and enabled flags change here.
 */
export default function AdminDictsPage() {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const [page, setPage] = usePageParam();
  const [, setParams] = useSearchParams();
  const chosenId = useIdParam('dict');
  const [filter, setFilter] = useState('');
  const dicts = useQuery(staffDicts(runtime, filter, page));
  const [form, setForm] = useState<StaffFormRequest | null>(null);
  const choose = (id: number) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('dict', String(id));
      return next;
    });

  const dictForm = (dict?: Dict) =>
    staffForm({
      title: dict
        ? `${t('staff.edit')} · ${dict.name}`
        : `${t('staff.create')}${t('site.dicts.dict')}`,
      call: dict ? 'dict.update' : 'dict.create',
      fields: [
        ...(dict?.builtIn ? [] : [{ name: 'code', label: t('staff.code'), kind: 'text' as const }]),
        { name: 'name', label: t('staff.name'), kind: 'text' },
        { name: 'description', label: t('staff.description'), kind: 'text' },
      ],
      values: {
        code: dict?.code ?? '',
        name: dict?.name ?? '',
        description: dict?.description ?? '',
      },
      toBody: (v) => ({
        body: {
          ...(dict ? { id: dict.id } : {}),
          code: dict?.builtIn ? dict.code : trimmedText(v.code),
          name: trimmedText(v.name),
          description: trimmedText(v.description),
        },
      }),
    });
  const chosen = dicts.data?.content.find((d) => d.id === chosenId);

  return (
    <section className="xa-screen" aria-labelledby="screen-admin-dicts">
      <h1 id="screen-admin-dicts" className="xa-screen-title">
        {t('site.menu.dicts')}
      </h1>
      <StaffEditOutcome besideForm />
      <section className="xa-section" aria-labelledby="dict-list">
        <h2 id="dict-list">
          {t('site.dicts.list')}{' '}
          <CreateButton
            call="dict.create"
            onClick={() => setForm(dictForm())}
            testId="dict-create"
          />
        </h2>
        <KeywordFilter
          label={t('site.dicts.search')}
          onApply={(keyword) => {
            setFilter(keyword);
            setPage(0);
          }}
        />
        <PagedTable
          state={dicts}
          failedTitle={t('site.dicts.failed')}
          headers={[
            t('staff.code'),
            t('staff.name'),
            t('site.dicts.itemCount'),
            t('staff.description'),
            t('orders.actions'),
          ]}
          testId="dict-list"
          interactive
          page={page}
          onPage={setPage}
          row={(dict) => (
            <tr key={dict.id} aria-selected={dict.id === chosenId}>
              <td className="xa-mono">
                {dict.code}{' '}
                {dict.builtIn && (
                  <Tag minimal intent="primary">
                    {t('site.dicts.builtIn')}
                  </Tag>
                )}
              </td>
              <td>{dict.name}</td>
              <td>{dict.itemCount}</td>
              <td>{dict.description}</td>
              <td>
                <Button
                  size="small"
                  variant={dict.id === chosenId ? 'solid' : 'outlined'}
                  intent={dict.id === chosenId ? 'primary' : 'none'}
                  text={t('site.dicts.items')}
                  onClick={() => choose(dict.id)}
                />
                <EditButton call="dict.update" onClick={() => setForm(dictForm(dict))} />
                {!dict.builtIn && (
                  <StaffDeleteButton call="dict.delete" id={dict.id} name={dict.name} />
                )}
              </td>
            </tr>
          )}
        />
      </section>
      {chosen ? (
        <ItemSection dict={chosen} onForm={setForm} />
      ) : (
        <p className="xa-muted">{t('site.dicts.choose')}</p>
      )}
      <StaffForm request={form} onClose={() => setForm(null)} />
    </section>
  );
}

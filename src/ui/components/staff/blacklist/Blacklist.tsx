import { Button, HTMLSelect, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BLOCK_STATES } from '../../../../contract/blacklist/calls.ts';
import type { BlockItem } from '../../../../contract/blacklist/calls.ts';
import { submitStaffWrite } from '../../../../machines/staff-edit/events.ts';
import { useRuntime } from '../../../app/context.ts';
import { blocks } from '../../../app/blacklist-queries.ts';
import { usePageParam } from '../../../app/use-page-param.ts';
import { useQuery } from '../../../app/use-query.ts';
import { formatDateTime, fromShanghaiInput, toShanghaiInput } from '../../../format.ts';
import { PagedTable } from '../../PagedTable.tsx';
import { KeywordFilter } from '../KeywordFilter.tsx';
import { Permitted } from '../Permitted.tsx';
import { EditButton } from '../RowButtons.tsx';
import { StaffEditOutcome } from '../StaffEditOutcome.tsx';
import {
  StaffForm,
  staffForm,
  trimmedText,
  type FormValues,
  type StaffFormRequest,
} from '../StaffForm.tsx';
import { MemberSearchField } from '../MemberSearchField.tsx';

const STATE_INTENT = { active: 'danger', ended: 'none', lifted: 'success' } as const;

/**
 * The blacklist (issue 27 item 6; /admin/blacklist): who is blocked, why and until when; block
 * an account of any organization (the person's every account and session with it), change a
 * block's reason or end, lift it. Ended and lifted blocks stay listed.
 */
export function Blacklist() {
  const { t, i18n } = useTranslation();
  const runtime = useRuntime();
  const { staffEdit } = runtime.actors;
  const [keyword, setKeyword] = useState('');
  const [state, setState] = useState<'' | BlockItem['state']>('');
  const [page, setPage] = usePageParam();
  const list = useQuery(
    blocks(runtime, { ...(keyword ? { keyword } : {}), ...(state ? { state } : {}) }, page),
  );
  const [form, setForm] = useState<StaffFormRequest | null>(null);

  /** An empty end is "until lifted"; a half-filled one is said under its field. */
  const endOf = (v: FormValues) => {
    const text = trimmedText(v.endsAt);
    if (text === '') return { endsAt: null };
    const iso = fromShanghaiInput(text);
    return iso ? { endsAt: iso } : null;
  };
  const endsAtField = { name: 'endsAt', label: t('blacklist.endsAt'), kind: 'datetime' as const };
  const reasonField = { name: 'reason', label: t('blacklist.reason'), kind: 'textarea' as const };

  const createForm = () =>
    staffForm({
      title: t('blacklist.new'),
      call: 'member.blacklist.create',
      fields: [
        {
          name: 'memberId',
          label: t('blacklist.member'),
          kind: 'custom',
          render: (value, set, id) => <MemberSearchField id={id} value={value} onChange={set} />,
        },
        reasonField,
        endsAtField,
      ],
      values: { memberId: '', reason: '', endsAt: '' },
      toBody: (v: FormValues) => {
        const memberId = Number(v.memberId);
        if (!memberId) return { field: 'memberId', message: t('blacklist.pickMember') };
        const end = endOf(v);
        if (!end) return { field: 'endsAt', message: t('blacklist.endInvalid') };
        return { body: { memberId, reason: trimmedText(v.reason), ...end } };
      },
    });
  const editForm = (entry: BlockItem) =>
    staffForm({
      title: t('blacklist.edit', { name: entry.username }),
      call: 'member.blacklist.update',
      fields: [reasonField, endsAtField],
      values: {
        reason: entry.reason,
        endsAt: entry.endsAt ? toShanghaiInput(entry.endsAt) : '',
      },
      toBody: (v: FormValues) => {
        const end = endOf(v);
        if (!end) return { field: 'endsAt', message: t('blacklist.endInvalid') };
        return { body: { id: entry.id, reason: trimmedText(v.reason), ...end } };
      },
    });

  return (
    <section className="xa-section" aria-labelledby="blacklist">
      <h2 id="blacklist">
        {t('blacklist.title')}{' '}
        <Permitted call="member.blacklist.create">
          <Button
            size="small"
            icon="ban-circle"
            text={t('blacklist.new')}
            onClick={() => setForm(createForm())}
            data-testid="block-create"
          />
        </Permitted>{' '}
        <HTMLSelect
          aria-label={t('blacklist.state')}
          value={state}
          onChange={(e) => {
            setState(e.currentTarget.value as typeof state);
            setPage(0);
          }}
          options={[
            { value: '', label: t('blacklist.allStates') },
            ...BLOCK_STATES.map((s) => ({ value: s, label: t(`blacklist.states.${s}`) })),
          ]}
        />
      </h2>
      <p className="xa-muted">{t('blacklist.hint')}</p>
      <KeywordFilter
        label={t('blacklist.search')}
        onApply={(k) => {
          setKeyword(k);
          setPage(0);
        }}
      />
      <StaffEditOutcome />
      <PagedTable
        state={list}
        failedTitle={t('blacklist.failed')}
        empty={{ title: t('blacklist.empty'), description: '' }}
        headers={[
          t('blacklist.member'),
          t('blacklist.reason'),
          t('blacklist.endsAt'),
          t('blacklist.state'),
          t('blacklist.by'),
          t('orders.actions'),
        ]}
        testId="blocks"
        page={page}
        onPage={setPage}
        row={(entry) => (
          <tr key={entry.id} data-testid={`block-${entry.id}`}>
            <td>
              {entry.nickname}
              <div className="xa-muted">
                {entry.username} · {entry.organizationName}
              </div>
            </td>
            <td>{entry.reason}</td>
            <td className="xa-nowrap">
              {entry.endsAt ? formatDateTime(entry.endsAt, i18n.language) : t('blacklist.noEnd')}
            </td>
            <td>
              <Tag minimal intent={STATE_INTENT[entry.state]}>
                {t(`blacklist.states.${entry.state}`)}
              </Tag>
            </td>
            <td className="xa-muted">
              {entry.createdBy} · {formatDateTime(entry.createdAt, i18n.language)}
              {entry.liftedBy && entry.liftedAt && (
                <div>
                  {t('blacklist.liftedBy', {
                    name: entry.liftedBy,
                    at: formatDateTime(entry.liftedAt, i18n.language),
                  })}
                </div>
              )}
            </td>
            <td>
              {entry.state === 'active' && (
                <>
                  <EditButton
                    call="member.blacklist.update"
                    onClick={() => setForm(editForm(entry))}
                  />
                  <Permitted call="member.blacklist.delete">
                    <Button
                      size="small"
                      variant="outlined"
                      text={t('blacklist.lift')}
                      onClick={() => {
                        if (window.confirm(t('blacklist.liftConfirm', { name: entry.username }))) {
                          submitStaffWrite(staffEdit, 'member.blacklist.delete', { id: entry.id });
                        }
                      }}
                    />
                  </Permitted>
                </>
              )}
            </td>
          </tr>
        )}
      />
      <StaffForm request={form} onClose={() => setForm(null)} />
    </section>
  );
}

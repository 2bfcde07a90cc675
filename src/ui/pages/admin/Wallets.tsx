import { Button, ControlGroup, HTMLTable, InputGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../app/context.ts';
import { staffWalletChanges, staffWallets } from '../../app/staff-queries.ts';
import { usePageParam } from '../../app/use-page-param.ts';
import { useQuery } from '../../app/use-query.ts';
import { PagedTable } from '../../components/PagedTable.tsx';
import { WalletChangeKind } from '../../components/WalletChangeKind.tsx';
import { QueryStatus } from '../../components/QueryStatus.tsx';
import { StaffForm, staffForm, type StaffFormRequest } from '../../components/staff/StaffForm.tsx';
import { formatDateTime, formatFen, parseYuan } from '../../format.ts';
import { MAX_WALLET_AMOUNT } from '../../../contract/money.ts';

/** A key per form opening: a retried save of the same adjustment is written once. */
const newIdempotencyKey = () => `adj-${crypto.randomUUID()}`;

/**
 * Members' wallets (issue 6 item 6): balances and AI tokens, adjustments with a reason (a
 * ledger entry each, never an overwritten balance), and each wallet's history.
 */
export default function WalletsPage() {
  const { t, i18n } = useTranslation();
  const runtime = useRuntime();
  const [page, setPage] = usePageParam();
  const [draft, setDraft] = useState('');
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<{ id: number; name: string } | null>(null);
  const [form, setForm] = useState<StaffFormRequest | null>(null);
  const wallets = useQuery(staffWallets(runtime, keyword, page));

  const adjustForm = (member: { id: number; name: string }) => {
    const key = newIdempotencyKey();
    return staffForm({
      title: t('staff.wallet.adjustTitle', { name: member.name }),
      call: 'bms.memberWallet.incrementCount',
      fields: [
        {
          name: 'unit',
          label: t('staff.wallet.unit'),
          kind: 'select',
          options: [
            { value: 'fen', label: t('staff.wallet.unitFen') },
            { value: 'aiToken', label: t('staff.wallet.unitToken') },
          ],
        },
        { name: 'amount', label: t('staff.wallet.amount'), kind: 'text' },
        { name: 'reason', label: t('staff.reason'), kind: 'textarea' },
      ],
      values: { unit: 'fen', amount: '', reason: '' },
      toBody: (v) => {
        const raw = typeof v.amount === 'string' ? v.amount.trim() : '';
        const negative = raw.startsWith('-');
        const magnitude = negative ? raw.slice(1) : raw;
        const size =
          v.unit === 'fen'
            ? parseYuan(magnitude, 1, MAX_WALLET_AMOUNT)
            : /^[1-9]\d*$/.test(magnitude) && Number(magnitude) <= MAX_WALLET_AMOUNT
              ? Number(magnitude)
              : null;
        if (size === null) return { field: 'amount', message: t('staff.wallet.amountInvalid') };
        return {
          body: {
            id: member.id,
            // A select's value is one of its options.
            unit: v.unit as 'fen' | 'aiToken',
            amount: negative ? -size : size,
            reason: typeof v.reason === 'string' ? v.reason.trim() : '',
            idempotencyKey: key,
          },
        };
      },
    });
  };

  return (
    <section className="xa-screen" aria-labelledby="screen-wallets">
      <h1 id="screen-wallets" className="xa-screen-title">
        {t('staff.menu.wallets')}
      </h1>
      <ControlGroup className="xa-section">
        <InputGroup
          aria-label={t('staff.wallet.keyword')}
          placeholder={t('staff.wallet.keyword')}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              setKeyword(draft.trim());
              setPage(0);
            }
          }}
        />
        <Button
          intent="primary"
          text={t('staff.filter')}
          onClick={() => {
            setKeyword(draft.trim());
            setPage(0);
          }}
        />
      </ControlGroup>
      <PagedTable
        state={wallets}
        failedTitle={t('wallet.failed')}
        empty={{ title: t('staff.wallet.empty'), description: '' }}
        headers={[
          t('staff.member'),
          t('wallet.balance'),
          t('wallet.aiTokens'),
          t('orders.actions'),
        ]}
        testId="staff-wallets"
        interactive
        page={page}
        onPage={setPage}
        row={(w) => (
          <tr key={w.id} onClick={() => setSelected({ id: w.id, name: w.memberName })}>
            <td>
              {w.memberName}
              <div className="xa-muted">
                {w.organizationName} {w.mobile ?? ''}
              </div>
            </td>
            <td>{t('format.price', { amount: formatFen(w.balanceFen) })}</td>
            <td>{t('wallet.tokens', { count: w.aiTokens })}</td>
            <td onClick={(e) => e.stopPropagation()}>
              <Button
                size="small"
                variant="outlined"
                text={t('staff.wallet.adjust')}
                onClick={() => setForm(adjustForm({ id: w.id, name: w.memberName }))}
              />
            </td>
          </tr>
        )}
      />
      {selected && <History member={selected} language={i18n.language} />}
      <StaffForm request={form} onClose={() => setForm(null)} />
    </section>
  );
}

function History({ member, language }: { member: { id: number; name: string }; language: string }) {
  const { t } = useTranslation();
  const changes = useQuery(staffWalletChanges(useRuntime(), member.id));
  return (
    <section className="xa-section" aria-labelledby="staff-wallet-history">
      <h2 id="staff-wallet-history">
        {member.name} · {t('staff.wallet.history')}
      </h2>
      <QueryStatus state={changes} failedTitle={t('wallet.historyFailed')}>
        {(page) => (
          <HTMLTable className="xa-table" striped data-testid="staff-wallet-history">
            <tbody>
              {page.content.map((c) => (
                <tr key={c.id}>
                  <td>{formatDateTime(c.createdAt, language)}</td>
                  <td>
                    <WalletChangeKind kind={c.kind} />
                  </td>
                  <td>
                    {c.unit === 'fen'
                      ? t('format.price', { amount: formatFen(c.amount) })
                      : t('wallet.tokens', { count: c.amount })}
                  </td>
                  <td>{c.reason ?? c.orderNo ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
      </QueryStatus>
    </section>
  );
}

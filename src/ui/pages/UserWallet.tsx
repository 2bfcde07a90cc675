import { Button, Card, ControlGroup, Elevation, FormGroup, InputGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { myWallet, walletChangePage } from '../app/commerce-queries.ts';
import { useRuntime } from '../app/context.ts';
import { usePageParam } from '../app/use-page-param.ts';
import { useQuery } from '../app/use-query.ts';
import { PagedTable } from '../components/PagedTable.tsx';
import { WalletChangeKind } from '../components/WalletChangeKind.tsx';
import { QueryStatus } from '../components/QueryStatus.tsx';
import { formatDateTime, formatFen, parseYuan } from '../format.ts';

/** What one recharge may be (contract/wallet/calls.ts): ¥1 to ¥50 000. */
const RECHARGE_MIN_FEN = 100;
const RECHARGE_MAX_FEN = 5_000_000;

/** /user/wallet (issue 6 item 5): balance and AI tokens, recharge, and the history in pages. */
export default function UserWalletPage() {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const wallet = useQuery(myWallet(runtime));
  return (
    <section className="xa-screen" aria-labelledby="screen-wallet">
      <h1 id="screen-wallet" className="xa-screen-title">
        {t('pages.userWallet.title')}
      </h1>
      <QueryStatus state={wallet} failedTitle={t('wallet.failed')}>
        {(page) => {
          const mine = page.content[0];
          return (
            <Card elevation={Elevation.TWO} className="xa-section" data-testid="wallet">
              <div className="xa-wallet-figures">
                <div>
                  <div className="xa-muted">{t('wallet.balance')}</div>
                  <div className="xa-price" data-testid="wallet-balance">
                    {t('format.price', { amount: formatFen(mine?.balanceFen ?? 0) })}
                  </div>
                </div>
                <div>
                  <div className="xa-muted">{t('wallet.aiTokens')}</div>
                  <div data-testid="wallet-tokens">
                    {t('wallet.tokens', { count: mine?.aiTokens ?? 0 })}
                  </div>
                </div>
              </div>
              <RechargeForm />
            </Card>
          );
        }}
      </QueryStatus>
      <History />
    </section>
  );
}

function RechargeForm() {
  const { t } = useTranslation();
  const { actors } = useRuntime();
  const [amount, setAmount] = useState('');
  const [invalid, setInvalid] = useState(false);
  const submit = () => {
    const fen = parseYuan(amount, RECHARGE_MIN_FEN, RECHARGE_MAX_FEN);
    setInvalid(fen === null);
    if (fen !== null) {
      actors.checkout.send({ type: 'BUY', purchase: { kind: 'recharge', amountFen: fen } });
    }
  };
  return (
    <FormGroup
      label={t('wallet.rechargeAmount')}
      labelFor="recharge-amount"
      intent={invalid ? 'danger' : 'none'}
      helperText={invalid ? t('wallet.rechargeInvalid') : undefined}
    >
      <ControlGroup>
        <InputGroup
          id="recharge-amount"
          inputMode="decimal"
          value={amount}
          intent={invalid ? 'danger' : 'none'}
          onChange={(e) => setAmount(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && submit()}
        />
        <Button intent="primary" text={t('wallet.recharge')} onClick={submit} />
      </ControlGroup>
    </FormGroup>
  );
}

function History() {
  const { t, i18n } = useTranslation();
  const runtime = useRuntime();
  const [page, setPage] = usePageParam();
  const changes = useQuery(walletChangePage(runtime, page));
  return (
    <section className="xa-section" aria-labelledby="wallet-history">
      <h2 id="wallet-history">{t('wallet.history')}</h2>
      <PagedTable
        state={changes}
        failedTitle={t('wallet.historyFailed')}
        empty={{
          title: t('wallet.historyEmpty'),
          description: t('wallet.historyEmptyDescription'),
        }}
        headers={[
          t('wallet.time'),
          t('wallet.kindColumn'),
          t('wallet.amount'),
          t('wallet.balanceAfter'),
          t('wallet.reason'),
        ]}
        testId="wallet-history"
        page={page}
        onPage={setPage}
        row={(change) => {
          const show = (n: number) =>
            change.unit === 'fen'
              ? t('format.price', { amount: formatFen(n) })
              : t('wallet.tokens', { count: n });
          return (
            <tr key={change.id}>
              <td>{formatDateTime(change.createdAt, i18n.language)}</td>
              <td>
                <WalletChangeKind kind={change.kind} />
              </td>
              <td className={change.amount > 0 ? 'xa-income' : 'xa-expense'}>
                {change.amount > 0 ? '+' : '−'}
                {show(Math.abs(change.amount))}
              </td>
              <td>{show(change.balanceAfter)}</td>
              <td>{change.reason ?? change.orderNo ?? ''}</td>
            </tr>
          );
        }}
      />
    </section>
  );
}

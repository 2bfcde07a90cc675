import { Alert, Button, HTMLTable, Tag } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AwardItem, PrizeItem } from '../../../../contract/activity-prize/calls.ts';
import { PRIZE_DELIVERIES, awardActions } from '../../../../machines/lifecycles/prize-award.ts';
import { useRuntime } from '../../../app/context.ts';
import { useStaffWrite } from '../../../app/use-staff-write.ts';
import { staffAwards, staffPrizes, type PrizeArea } from '../../../app/prize-queries.ts';
import { useQuery } from '../../../app/use-query.ts';
import { formatDateTime } from '../../../format.ts';
import { EmptyState } from '../../EmptyState.tsx';
import { PagedTable } from '../../PagedTable.tsx';
import { QueryStatus } from '../../QueryStatus.tsx';
import { CreateButton } from '../CreateButton.tsx';
import { StaffEditOutcome } from '../StaffEditOutcome.tsx';
import { wholeOrNaN } from '../contract-rules.ts';
import {
  StaffForm,
  chosenOf,
  staffForm,
  type FormValues,
  type StaffFormRequest,
} from '../StaffForm.tsx';
import '../../prize/prize.css';

type Confirm = { kind: 'draw' } | { kind: 'delete'; prize: PrizeItem };

/**
 * An activity's prizes in the back office (mounted as a tab of the staff activity screen): the
 * prizes with stock (add, edit, delete until the activity ends), the draw's commitment and the
 * draw button with its confirmation, then the winners with their collection and shipping state:
 * record a collection, enter or correct the carrier and tracking number.
 */
export function StaffActivityPrizes({ area, activityId }: { area: PrizeArea; activityId: number }) {
  const { t, i18n } = useTranslation();
  const runtime = useRuntime();
  const { staffEdit } = runtime.actors;
  const prizes = useQuery(staffPrizes(runtime, area, activityId));
  const [page, setPage] = useState(0);
  const awards = useQuery(staffAwards(runtime, area, activityId, page));
  const [form, setForm] = useState<StaffFormRequest | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const busy = useSelector(staffEdit, (s) => s.matches('working'));
  const write = useStaffWrite();

  const prizeForm = (prize: PrizeItem | null) =>
    staffForm({
      title: prize ? t('staffPrize.editTitle', { name: prize.name }) : t('staffPrize.createTitle'),
      call: prize ? `${area}.activityPrize.update` : `${area}.activityPrize.create`,
      fields: [
        { name: 'name', label: t('staffPrize.name'), kind: 'text' },
        { name: 'description', label: t('staffPrize.description'), kind: 'textarea' },
        {
          name: 'delivery',
          label: t('staffPrize.delivery'),
          kind: 'select',
          options: PRIZE_DELIVERIES.map((d) => ({
            value: d,
            label: t(`prize.delivery.${d}`),
          })),
        },
        { name: 'tokens', label: t('staffPrize.tokens'), kind: 'number' },
        { name: 'stock', label: t('staffPrize.stock'), kind: 'number' },
        { name: 'sort', label: t('staffPrize.sort'), kind: 'number' },
      ],
      values: {
        name: prize?.name ?? '',
        description: prize?.description ?? '',
        delivery: prize?.delivery ?? 'express',
        tokens: prize?.tokens ? String(prize.tokens) : '',
        stock: String(prize?.stock ?? 1),
        sort: String(prize?.sort ?? 0),
      },
      // The ranges of the stock, the order and the tokens are the contract's (prizeCreate,
      // prizeUpdate); that tokens go with the delivery, a rule between two fields, is checked here.
      rules: {
        shape: () =>
          import('../../../../contract/activity-prize/schemas.ts').then(
            (m) => (prize ? m.prizeUpdate : m.prizeCreate).shape,
          ),
        fields: {
          stock: { message: (r) => t('staffPrize.stockInvalid', r) },
          sort: { message: (r) => t('staffPrize.sortInvalid', r) },
          tokens: { message: (r) => t('staffPrize.tokensInvalid', r) },
        },
      },
      toBody: (v: FormValues) => {
        const name = String(v.name).trim();
        if (!name) return { field: 'name', message: t('staffPrize.nameInvalid') };
        // Not whole numbers: the contract's rules refuse them (`rules`).
        const stock = wholeOrNaN(String(v.stock));
        const sort = wholeOrNaN(String(v.sort));
        const wantsTokens = v.delivery === 'aiTokens';
        const tokensTyped = String(v.tokens).trim();
        const tokens = tokensTyped ? wholeOrNaN(tokensTyped) : null;
        if (wantsTokens !== (tokens !== null)) {
          return { field: 'tokens', message: t('staffPrize.tokensWithDelivery') };
        }
        return {
          body: {
            ...(prize ? { id: prize.id } : { activityId }),
            name,
            description: String(v.description),
            // A select's value is one of its options.
            delivery: chosenOf(v.delivery, PRIZE_DELIVERIES),
            tokens,
            stock,
            sort,
          },
        };
      },
    });

  const shipForm = (award: AwardItem) =>
    staffForm({
      title: t('staffPrize.shipTitle', { member: award.memberNickname, prize: award.prizeName }),
      call: `${area}.activityPrize.express`,
      fields: [
        { name: 'carrier', label: t('staffPrize.carrier'), kind: 'text' },
        { name: 'trackingNo', label: t('staffPrize.trackingNo'), kind: 'text' },
      ],
      values: { carrier: award.carrier ?? '', trackingNo: award.trackingNo ?? '' },
      // What a carrier and a tracking number may be is the contract's (shipmentBody).
      rules: {
        shape: () =>
          import('../../../../contract/activity-prize/schemas.ts').then(
            (m) => m.shipmentBody.shape,
          ),
        fields: {
          carrier: {},
          trackingNo: { message: () => t('staffPrize.trackingInvalid') },
        },
      },
      toBody: (v: FormValues) => {
        const carrier = String(v.carrier).trim();
        const trackingNo = String(v.trackingNo).trim();
        return { body: { id: award.id, carrier, trackingNo } };
      },
    });

  return (
    <section className="xa-section" aria-labelledby="staff-prizes" data-testid="staff-prizes">
      <h2 id="staff-prizes">
        {t('staffPrize.title')}{' '}
        <CreateButton
          call={`${area}.activityPrize.create`}
          onClick={() => setForm(prizeForm(null))}
          testId="prize-create"
        />
      </h2>
      <StaffEditOutcome besideForm />
      <QueryStatus state={prizes} failedTitle={t('staffPrize.failed')}>
        {(data) => {
          const draw = data.draw;
          const ended = draw ? Date.parse(draw.drawableFrom) <= Date.now() : false;
          return data.content.length === 0 ? (
            <EmptyState title={t('staffPrize.empty')} description={t('staffPrize.emptyHint')} />
          ) : (
            <>
              <HTMLTable className="xa-table" striped data-testid="staff-prize-list">
                <thead>
                  <tr>
                    <th>{t('staffPrize.name')}</th>
                    <th>{t('staffPrize.delivery')}</th>
                    <th>{t('staffPrize.stock')}</th>
                    <th>{t('staffPrize.awarded')}</th>
                    <th />
                  </tr>
                </thead>
                <tbody>
                  {data.content.map((p) => (
                    <tr key={p.id}>
                      <td>
                        {p.name}
                        {p.description && <div className="xa-muted">{p.description}</div>}
                      </td>
                      <td>{t(`prize.delivery.${p.delivery}`)}</td>
                      <td>{p.stock}</td>
                      <td>{p.awarded}</td>
                      <td>
                        {!draw?.drawn && !ended && (
                          <>
                            <Button
                              size="small"
                              variant="outlined"
                              disabled={busy}
                              text={t('staffPrize.edit')}
                              onClick={() => setForm(prizeForm(p))}
                            />{' '}
                            <Button
                              size="small"
                              variant="outlined"
                              intent="danger"
                              disabled={busy}
                              text={t('staffPrize.delete')}
                              onClick={() => setConfirm({ kind: 'delete', prize: p })}
                            />
                          </>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </HTMLTable>
              {draw && (
                <div className="xa-prize-proof" data-testid="staff-prize-draw">
                  <p>
                    {t('staffPrize.commitment')}: <code>{draw.commitment}</code>
                  </p>
                  {draw.drawn ? (
                    <p>
                      <Tag intent="success">{t('staffPrize.drawn')}</Tag>{' '}
                      {formatDateTime(draw.drawnAt!, i18n.language)} ·{' '}
                      {t('staffPrize.participants', { n: draw.participants?.length ?? 0 })} ·{' '}
                      {t('staffPrize.seed')}: <code>{draw.seed}</code> ·{' '}
                      {t('prize.participantsHash')}: <code>{draw.participantsHash}</code>
                    </p>
                  ) : (
                    <p>
                      <Button
                        intent="primary"
                        disabled={busy || !ended}
                        data-testid="prize-draw"
                        text={t('staffPrize.draw')}
                        onClick={() => setConfirm({ kind: 'draw' })}
                      />{' '}
                      {!ended && <span className="xa-muted">{t('staffPrize.notEnded')}</span>}
                    </p>
                  )}
                </div>
              )}
            </>
          );
        }}
      </QueryStatus>

      <h3>{t('staffPrize.awards')}</h3>
      <PagedTable
        state={awards}
        failedTitle={t('staffPrize.failed')}
        empty={t('staffPrize.awardsEmpty')}
        headers={[
          t('staffPrize.place'),
          t('staffPrize.member'),
          t('staffPrize.prize'),
          t('staffPrize.state'),
          t('staffPrize.address'),
          t('staffPrize.shipping'),
          '',
        ]}
        testId="staff-award-list"
        page={page}
        onPage={setPage}
        row={(a) => {
          const actions = awardActions(a.state, a.delivery, 'staff');
          return (
            <tr key={a.id}>
              <td>{a.place}</td>
              <td>{a.memberNickname}</td>
              <td>{a.prizeName}</td>
              <td>
                <Tag minimal>{t(`prize.state.${a.state}`)}</Tag>
              </td>
              <td>
                {a.recipient && (
                  <>
                    {a.recipient} {a.mobile}
                    <div className="xa-muted">
                      {a.regionNames} {a.addressDetail}
                    </div>
                  </>
                )}
              </td>
              <td>{a.trackingNo && `${a.carrier} ${a.trackingNo}`}</td>
              <td>
                {actions.includes('ship') && (
                  <Button
                    size="small"
                    variant="outlined"
                    disabled={busy}
                    text={a.state === 'shipped' ? t('staffPrize.reship') : t('staffPrize.ship')}
                    onClick={() => setForm(shipForm(a))}
                  />
                )}{' '}
                {actions.includes('collect') && (
                  <Button
                    size="small"
                    variant="outlined"
                    disabled={busy}
                    text={t('staffPrize.collect')}
                    onClick={() => write(`${area}.activityPrize.collect`, { id: a.id })}
                  />
                )}
              </td>
            </tr>
          );
        }}
      />

      <Alert
        isOpen={confirm !== null}
        intent={confirm?.kind === 'delete' ? 'danger' : 'primary'}
        cancelButtonText={t('staffPrize.cancel')}
        confirmButtonText={
          confirm?.kind === 'delete' ? t('staffPrize.delete') : t('staffPrize.draw')
        }
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          if (confirm?.kind === 'draw') write(`${area}.activityPrize.draw`, { activityId });
          if (confirm?.kind === 'delete') {
            write(`${area}.activityPrize.delete`, { id: confirm.prize.id });
          }
          setConfirm(null);
        }}
      >
        {confirm?.kind === 'delete'
          ? t('staffPrize.confirmDelete', { name: confirm.prize.name })
          : t('staffPrize.confirmDraw')}
      </Alert>
      <StaffForm request={form} onClose={() => setForm(null)} />
    </section>
  );
}

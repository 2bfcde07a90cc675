import { Button, Callout, HTMLTable, Tag } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AwardItem, DrawInfo } from '../../../contract/activity-prize/calls.ts';
import { awardActions } from '../../../machines/lifecycles/prize-award.ts';
import { useRuntime } from '../../app/context.ts';
import { useSessionUser } from '../../app/hooks.ts';
import { activityPrizes, lotteryResult, type PrizePage } from '../../app/prize-queries.ts';
import { useQuery } from '../../app/use-query.ts';
import { formatDateTime } from '../../format.ts';
import { QueryStatus } from '../QueryStatus.tsx';
import { AddressForm } from './AddressForm.tsx';
import './prize.css';

/**
 * An activity's prizes on its detail screen (mounted by the activity screens): the prizes with
 * what is left, the draw's commitment — after the draw its seed and how to check it — and the
 * learner's own result with what they can do next: collect, give or change the shipping
 * address, follow the shipment, confirm receipt. Nothing shows for an activity without prizes.
 */
export function ActivityPrizes({ activityId }: { activityId: number }) {
  const user = useSessionUser();
  // Prizes and results are a member's reads (oj); a visitor sees the activity without them.
  return user ? <PrizePanel activityId={activityId} /> : null;
}

function PrizePanel({ activityId }: { activityId: number }) {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const prizes = useQuery(activityPrizes(runtime, activityId));
  return (
    <QueryStatus state={prizes} failedTitle={t('prize.failed')}>
      {(data) =>
        // No prizes (never any, or all removed before a draw): nothing to show or ask.
        data.draw === null || (data.content.length === 0 && !data.draw.drawn) ? null : (
          <div className="xa-prizes" data-testid="prize-panel">
            <PrizeTable page={data} />
            <DrawProof draw={data.draw} page={data} />
            <MyResult activityId={activityId} />
          </div>
        )
      }
    </QueryStatus>
  );
}

function PrizeTable({ page }: { page: PrizePage }) {
  const { t } = useTranslation();
  return (
    <HTMLTable className="xa-table" striped data-testid="prize-list">
      <thead>
        <tr>
          <th>{t('prize.name')}</th>
          <th>{t('prize.stock')}</th>
        </tr>
      </thead>
      <tbody>
        {page.content.map((p) => (
          <tr key={p.id}>
            <td>
              {p.name} <Tag minimal>{t(`prize.delivery.${p.delivery}`)}</Tag>
              {p.description && <div className="xa-muted">{p.description}</div>}
              {p.tokens !== null && (
                <div className="xa-muted">{t('prize.tokens', { n: p.tokens })}</div>
              )}
            </td>
            <td>
              {p.stock}
              <div className="xa-muted">
                {p.remaining > 0 ? t('prize.remaining', { n: p.remaining }) : t('prize.awardedAll')}
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

/** The commitment before the draw; the seed, participants and winners after it. */
function DrawProof({ draw, page }: { draw: DrawInfo; page: PrizePage }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const nameOf = (prizeId: number) => page.content.find((p) => p.id === prizeId)?.name ?? prizeId;
  return (
    <div className="xa-prize-proof" data-testid="prize-draw">
      <p>
        {t('prize.commitment')}: <code>{draw.commitment}</code>
      </p>
      {draw.drawn && draw.seed ? (
        <>
          <p>
            {t('prize.drawnAt', { at: formatDateTime(draw.drawnAt!, i18n.language) })}
            {' · '}
            {t('prize.participants', { n: draw.participants?.length ?? 0 })}
            {' · '}
            {t('prize.winnersCount', { n: draw.winners?.length ?? 0 })}
          </p>
          <p>
            {t('prize.seed')}: <code data-testid="prize-seed">{draw.seed}</code>
          </p>
          {draw.participantsHash && (
            <p>
              {t('prize.participantsHash')}:{' '}
              <code data-testid="prize-participants-hash">{draw.participantsHash}</code>
            </p>
          )}
          <Button
            size="small"
            variant="minimal"
            icon={open ? 'chevron-down' : 'chevron-right'}
            text={t('prize.howToCheck')}
            onClick={() => setOpen(!open)}
          />
          {open && (
            <div className="xa-muted">
              <p>{t('prize.howToCheckSteps')}</p>
              <HTMLTable compact>
                <thead>
                  <tr>
                    <th>{t('prize.place')}</th>
                    <th>{t('prize.member')}</th>
                    <th>{t('prize.name')}</th>
                  </tr>
                </thead>
                <tbody>
                  {draw.winners?.map((w) => (
                    <tr key={w.place}>
                      <td>{w.place}</td>
                      <td>{w.memberId}</td>
                      <td>{nameOf(w.prizeId)}</td>
                    </tr>
                  ))}
                </tbody>
              </HTMLTable>
              <p>
                {t('prize.participants', { n: draw.participants?.length ?? 0 })}:{' '}
                {draw.participants?.join(', ')}
              </p>
            </div>
          )}
        </>
      ) : (
        <p className="xa-muted">
          {t('prize.commitmentHint')}{' '}
          {t('prize.drawableFrom', { at: formatDateTime(draw.drawableFrom, i18n.language) })}
        </p>
      )}
    </div>
  );
}

function MyResult({ activityId }: { activityId: number }) {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const result = useQuery(lotteryResult(runtime, activityId));
  return (
    <section aria-labelledby="prize-mine" data-testid="prize-mine">
      <h3 id="prize-mine">{t('prize.mine')}</h3>
      <QueryStatus state={result} failedTitle={t('prize.failed')}>
        {(data) =>
          data.result === 'pending' ? (
            <p data-testid="prize-result">{t('prize.pending')}</p>
          ) : data.award ? (
            <AwardCard award={data.award} />
          ) : (
            <p data-testid="prize-result">
              {data.participated ? t('prize.lost') : t('prize.notParticipated')}
            </p>
          )
        }
      </QueryStatus>
    </section>
  );
}

/** What the learner won and what they can do with it now (lifecycles/prize-award.ts). */
function AwardCard({ award }: { award: AwardItem }) {
  const { t, i18n } = useTranslation();
  const { prizeClaim } = useRuntime().actors;
  const busy = useSelector(prizeClaim, (s) => s.matches('working'));
  const mine = useSelector(prizeClaim, (s) => s.context.last?.awardId === award.id);
  const error = useSelector(prizeClaim, (s) => (s.matches('failed') ? s.context.error : null));
  const fieldErrors = useSelector(prizeClaim, (s) => s.context.fieldErrors);
  const saved = useSelector(prizeClaim, (s) => s.matches('done'));
  const actions = awardActions(award.state, award.delivery, 'learner');
  const [editing, setEditing] = useState(false);
  // After a change is saved the form folds away until asked for again.
  const showForm =
    actions.includes('address') && (award.state === 'won' || (editing && !(mine && saved)));

  return (
    <Callout intent="success" data-testid="prize-result">
      <p>
        <strong>{t('prize.won', { prize: award.prizeName })}</strong>{' '}
        <Tag intent="primary" data-testid="prize-award-state">
          {t(`prize.state.${award.state}`)}
        </Tag>
      </p>
      {award.regionNames && award.addressDetail && (
        <p className="xa-muted">
          {t('prize.shippingTo', {
            recipient: award.recipient ?? '',
            region: award.regionNames,
            detail: award.addressDetail,
          })}
        </p>
      )}
      {award.carrier && award.trackingNo && (
        <p data-testid="prize-tracking">
          {t('prize.shippedBy', { carrier: award.carrier, trackingNo: award.trackingNo })}
        </p>
      )}
      {award.collectedAt && (
        <p className="xa-muted">
          {t('prize.collectedAt', { at: formatDateTime(award.collectedAt, i18n.language) })}
        </p>
      )}
      {award.state === 'won' && award.delivery === 'onsite' && (
        <p className="xa-muted" data-testid="prize-onsite-hint">
          {t('prize.onsiteHint')}
        </p>
      )}
      {actions.includes('collect') && (
        <Button
          intent="primary"
          loading={busy}
          data-testid="prize-collect"
          text={award.state === 'shipped' ? t('prize.confirmReceipt') : t('prize.collect')}
          onClick={() => prizeClaim.send({ type: 'COLLECT', awardId: award.id })}
        />
      )}
      {award.state === 'addressed' && !showForm && (
        <Button
          variant="minimal"
          text={t('prize.changeAddress')}
          onClick={() => {
            prizeClaim.send({ type: 'DISMISS' });
            setEditing(true);
          }}
        />
      )}
      {showForm && (
        <>
          <h4>{t('prize.addressTitle')}</h4>
          <AddressForm
            award={award}
            busy={busy}
            serverErrors={mine ? fieldErrors : []}
            onSubmit={(address) => prizeClaim.send({ type: 'ADDRESS', awardId: award.id, address })}
          />
        </>
      )}
      {mine && error && fieldErrors.length === 0 && (
        <p className="xa-field-error" role="alert">
          {error.message}
        </p>
      )}
      {mine && saved && (
        <p className="xa-muted" role="status">
          {t('prize.saved')}
        </p>
      )}
    </Callout>
  );
}

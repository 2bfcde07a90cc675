import { Button, Callout, Card, Elevation, H3, Tag } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../app/context.ts';
import { Link } from 'react-router-dom';
import { useOpenLoginDialog, useSession, useSessionUser } from '../app/hooks.ts';
import type { MembershipPage } from '../app/queries.ts';
import { myBindings } from '../app/family-queries.ts';
import { useQuery } from '../app/use-query.ts';
import { MembershipOffer } from '../components/OfferCard.tsx';
import { EmptyState } from '../components/EmptyState.tsx';
import { PageSpinner } from '../components/PageSpinner.tsx';
import { QueryStatus } from '../components/QueryStatus.tsx';
import { RightsList } from '../components/RightsList.tsx';
import { formatDate } from '../format.ts';
import { useTranslateKey } from '../i18n/dynamic.ts';

/** Membership cards: the member's current card (when logged in) and the cards on sale. */
export default function VipCardListPage() {
  const { t } = useTranslation();
  const { queries } = useRuntime();
  const cards = useQuery(queries.vipCards);
  const parent = useSessionUser()?.role === 'parent';
  return (
    <section className="xa-screen" aria-labelledby="screen-vip">
      <h1 id="screen-vip" className="xa-screen-title">
        {t('vip.title')}
      </h1>
      {parent && (
        // A card's own buy button is the buyer's; a parent buys for a bound child with the
        // child's button, which places the child's order (docs/decisions/parents.md).
        <Callout intent="primary" className="xa-section" data-testid="vip-for-child">
          {t('family.vipHint')} <Link to="/user/children">{t('family.title')}</Link>
        </Callout>
      )}
      <MyCard />
      <section className="xa-section" aria-labelledby="vip-on-sale">
        <h2 id="vip-on-sale">{t('vip.listTitle')}</h2>
        <QueryStatus state={cards} failedTitle={t('vip.listFailed')}>
          {(page) => <CardsOnSale page={page} />}
        </QueryStatus>
      </section>
    </section>
  );
}

function MyCard() {
  const { t, i18n } = useTranslation();
  const translate = useTranslateKey();
  const { actors } = useRuntime();
  const { ready, user } = useSession();
  const openLogin = useOpenLoginDialog();
  const view = useSelector(actors.membership, (s) => s.context.view);
  const loading = useSelector(actors.membership, (s) => s.matches('loading') || s.matches('idle'));
  const error = useSelector(actors.membership, (s) => s.context.error);

  let body: React.ReactNode;
  if (!ready || (user && loading)) {
    body = <PageSpinner />;
  } else if (!user) {
    body = (
      <Callout compact>
        {t('vip.mineLoginHint')}{' '}
        <Button
          variant="minimal"
          intent="primary"
          text={t('nav.login')}
          onClick={() => openLogin()}
        />
      </Callout>
    );
  } else if (error) {
    body = (
      <Callout intent="danger" role="alert">
        {error.message}
      </Callout>
    );
  } else if (view.validUntil === null) {
    body = (
      <>
        <H3>{t('vip.mineNone')}</H3>
        <p className="xa-muted">{t('vip.mineNoneDescription')}</p>
        <RightsList rights={view.rights} />
      </>
    );
  } else {
    body = (
      <>
        <H3>
          {view.name ?? translate(view.nameKey)} <Tag minimal>{translate(view.typeLabelKey)}</Tag>{' '}
          <Tag intent={view.valid ? 'success' : 'danger'} data-testid="vip-validity">
            {view.valid ? t('vip.valid') : t('vip.expired')}
          </Tag>
        </H3>
        <div className="xa-muted">
          {t('vip.validUntil', { date: formatDate(view.validUntil, i18n.language) })}
        </div>
        <RightsList rights={view.rights} />
      </>
    );
  }
  return (
    <Card className="xa-section" elevation={Elevation.TWO} data-testid="my-vip-card">
      <h2>{t('vip.mineTitle')}</h2>
      {body}
    </Card>
  );
}

function CardsOnSale({ page }: { page: MembershipPage }) {
  const { t } = useTranslation();
  const parent = useSessionUser()?.role === 'parent';
  if (page.content.length === 0) {
    return <EmptyState title={t('vip.listEmpty')} description={t('vip.listEmptyDescription')} />;
  }
  return (
    <>
      <div className="xa-card-grid" data-testid="vip-cards">
        {page.content.map((card) => (
          <MembershipOffer
            key={card.id}
            card={card}
            after={parent && <BuyForChildren itemId={card.id} cardName={card.name} />}
          />
        ))}
      </div>
    </>
  );
}

/**
 * A parent's way to buy this card for each bound child: the child's order, paid by the parent,
 * on the parent's checkout actor, as 为孩子续卡 on the child's page does.
 */
function BuyForChildren({ itemId, cardName }: { itemId: number; cardName: string }) {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const bindings = useQuery(myBindings(runtime));
  const checkout = runtime.actors.childCheckout;
  const busy = useSelector(checkout, (s) => !s.matches('idle'));
  const children = (bindings.data ?? []).filter((b) => b.state === 'confirmed');
  if (children.length === 0) return null;
  return (
    <div className="xa-family-actions" data-testid="vip-buy-for-child">
      {children.map((b) => (
        <Button
          key={b.id}
          size="small"
          variant="outlined"
          intent="primary"
          disabled={busy}
          text={t('family.buyFor', { name: b.childName })}
          aria-label={`${t('family.buyFor', { name: b.childName })} ${cardName}`}
          onClick={() =>
            checkout.send({
              type: 'BUY',
              purchase: { kind: 'childMembership', childId: b.childMemberId, itemId },
            })
          }
        />
      ))}
    </div>
  );
}

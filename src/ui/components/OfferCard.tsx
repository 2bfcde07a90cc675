import { Card, Elevation, H3 } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Purchase } from '../../machines/checkout/machine.ts';
import { DEFAULT_RIGHT_CODES, rightKey } from '../../machines/membership.ts';
import type { MembershipPage } from '../app/queries.ts';
import { formatFen } from '../format.ts';
import { BuyButton } from './BuyButton.tsx';
import { RightsList } from './RightsList.tsx';

/**
 * Something on sale as a card (a membership card, an AI token pack): its name, price and what
 * it gives, then the button that buys it through the pay dialog.
 */
export function OfferCard({
  name,
  priceFen,
  detail,
  purchase,
  children,
  after,
}: {
  name: string;
  priceFen: number;
  /** One muted line under the price (how long, how many tokens). */
  detail: string;
  purchase: Purchase;
  /** What it gives, above the button. */
  children?: ReactNode;
  /** Under the button (a parent's purchase for a child). */
  after?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Card elevation={Elevation.ONE}>
      <H3>{name}</H3>
      <div className="xa-price">{t('format.price', { amount: formatFen(priceFen) })}</div>
      <div className="xa-muted">{detail}</div>
      {children}
      <BuyButton purchase={purchase} label={`${t('vip.buy')} ${name}`} />
      {after}
    </Card>
  );
}

/** A membership card on sale: its days and rights (the default ones when it names none). */
export function MembershipOffer({
  card,
  after,
}: {
  card: MembershipPage['content'][number];
  after?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <OfferCard
      name={card.name}
      priceFen={card.priceFen}
      detail={t('vip.duration', { days: card.durationDays })}
      purchase={{ kind: 'membership', itemId: card.id }}
      after={after}
    >
      <RightsList
        rights={(card.rights.length > 0 ? card.rights : DEFAULT_RIGHT_CODES).map(rightKey)}
      />
    </OfferCard>
  );
}

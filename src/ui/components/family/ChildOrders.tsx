import { Button, Card, Dialog, DialogBody, H5 } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { awaitsPayment } from '../../../machines/lifecycles/orders.ts';
import { useRuntime } from '../../app/context.ts';
import { childOrders } from '../../app/family-queries.ts';
import { usePageParam } from '../../app/use-page-param.ts';
import { useQuery } from '../../app/use-query.ts';
import { formatFen } from '../../format.ts';
import { EmptyState } from '../EmptyState.tsx';
import { OrderTable } from '../OrderTable.tsx';
import { QueryStatus } from '../QueryStatus.tsx';

/**
 * A child's orders as the parent sees them (issue 25 item 11): the same rows as the child's
 * /order, with the parent's one write — paying an order that waits for money — on the parent's
 * checkout actor (childCheckout), and renewing the child's card: pick a card, the child's order
 * is placed and the pay dialog opens at once. Cancelling or quitting stays the child's.
 */
export function ChildOrders({ child, childName }: { child: number; childName: string }) {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const checkout = runtime.actors.childCheckout;
  const [page, setPage] = usePageParam();
  const orders = useQuery(childOrders(runtime, child, page));
  const [renewing, setRenewing] = useState(false);
  return (
    <>
      <p>
        <Button
          intent="primary"
          text={t('family.orders.renew')}
          onClick={() => setRenewing(true)}
          data-testid="renew-card"
        />
      </p>
      <OrderTable
        state={orders}
        empty={{ title: t('family.orders.empty'), description: t('family.orders.emptyHint') }}
        testId="child-orders"
        page={page}
        onPage={setPage}
        actions={(order) =>
          awaitsPayment(order) ? (
            <Button
              size="small"
              intent="primary"
              text={t('family.orders.pay')}
              onClick={() => checkout.send({ type: 'PAY', order })}
            />
          ) : null
        }
      />
      <Dialog
        isOpen={renewing}
        onClose={() => setRenewing(false)}
        title={t('family.orders.renewTitle', { name: childName })}
      >
        <DialogBody>
          <p className="xa-muted">{t('family.orders.renewHint')}</p>
          <RenewCards
            onPick={(itemId) => {
              setRenewing(false);
              checkout.send({
                type: 'BUY',
                purchase: { kind: 'childMembership', childId: child, itemId },
              });
            }}
          />
        </DialogBody>
      </Dialog>
    </>
  );
}

/** The cards on sale to a learner, the same list /vipCardList shows. */
function RenewCards({ onPick }: { onPick: (itemId: number) => void }) {
  const { t } = useTranslation();
  const cards = useQuery(useRuntime().queries.vipCards);
  return (
    <QueryStatus state={cards} failedTitle={t('family.orders.cardsFailed')}>
      {(page) =>
        page.content.length === 0 ? (
          <EmptyState title={t('family.orders.noCards')} description="" />
        ) : (
          <div className="xa-family-cards" data-testid="renew-cards">
            {page.content.map((card) => (
              <Card key={card.id} compact>
                <H5>{card.name}</H5>
                <p>{t('format.price', { amount: formatFen(card.priceFen) })}</p>
                <Button
                  intent="primary"
                  size="small"
                  text={t('family.orders.pick')}
                  aria-label={`${t('family.orders.pick')} ${card.name}`}
                  onClick={() => onPick(card.id)}
                />
              </Card>
            ))}
          </div>
        )
      }
    </QueryStatus>
  );
}

import { Button } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderItem } from '../../contract/order/calls.ts';
import { learnerActions, type LearnerOrderAction } from '../../machines/lifecycles/orders.ts';
import { orderPage } from '../app/commerce-queries.ts';
import { useRuntime } from '../app/context.ts';
import { usePageParam } from '../app/use-page-param.ts';
import { useQuery } from '../app/use-query.ts';
import { OrderActionOutcome, QuitDialog } from '../components/OrderActionDialogs.tsx';
import { OrderTable } from '../components/OrderTable.tsx';

/**
 * /order (issue 6 item 5): every order of the member with its state and exactly the actions its
 * lifecycle allows a learner (pay, cancel, apply to quit with a reason), and what was refunded.
 */
export default function OrderPage() {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const { actors } = runtime;
  const [page, setPage] = usePageParam();
  const orders = useQuery(orderPage(runtime, page));
  const [quitting, setQuitting] = useState<OrderItem | null>(null);
  const busy = useSelector(actors.orderActions, (s) => s.matches('working'));
  const act = (order: OrderItem, action: LearnerOrderAction) => {
    if (action === 'pay') actors.checkout.send({ type: 'PAY', order });
    else if (action === 'cancel') {
      actors.orderActions.send({ type: 'ACT', action: 'cancel', orderId: order.id });
    } else setQuitting(order);
  };
  return (
    <section className="xa-screen" aria-labelledby="screen-order">
      <h1 id="screen-order" className="xa-screen-title">
        {t('pages.order.title')}
      </h1>
      <OrderActionOutcome />
      <OrderTable
        state={orders}
        empty={{ title: t('orders.empty'), description: t('orders.emptyDescription') }}
        testId="orders"
        page={page}
        onPage={setPage}
        actions={(order) =>
          learnerActions(order).map((action) => (
            <Button
              key={action}
              size="small"
              variant={action === 'pay' ? 'solid' : 'outlined'}
              intent={action === 'pay' ? 'primary' : 'none'}
              disabled={busy}
              text={t(`orders.${action}`)}
              onClick={() => act(order, action)}
            />
          ))
        }
      />
      <QuitDialog order={quitting} onClose={() => setQuitting(null)} />
    </section>
  );
}

import { Button } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderItem } from '../../../contract/order/calls.ts';
import { learnerActions, type LearnerOrderAction } from '../../../machines/lifecycles/orders.ts';
import { useRuntime } from '../../app/context.ts';
import { QuitDialog } from '../OrderActionDialogs.tsx';

const LABEL = {
  pay: 'grade.actions.pay',
  cancel: 'grade.actions.cancel',
  applyQuit: 'grade.actions.applyQuit',
} as const;

/**
 * Exactly the actions a class enrollment's lifecycle allows a learner (learnerActions, as on
 * /order): pay through the checkout, cancel, or apply to quit with a reason. Their outcome shows
 * in OrderActionOutcome.
 */
export function EnrollmentActions({ order, size }: { order: OrderItem; size?: 'small' }) {
  const { t } = useTranslation();
  const { actors } = useRuntime();
  const busy = useSelector(actors.orderActions, (s) => s.matches('working'));
  const [quitting, setQuitting] = useState<OrderItem | null>(null);
  const act = (action: LearnerOrderAction) => {
    if (action === 'pay') actors.checkout.send({ type: 'PAY', order });
    else if (action === 'cancel') {
      actors.orderActions.send({ type: 'ACT', action: 'cancel', orderId: order.id });
    } else setQuitting(order);
  };
  return (
    <>
      {learnerActions(order).map((action) => (
        <Button
          key={action}
          size={size}
          variant={action === 'pay' ? 'solid' : 'outlined'}
          intent={action === 'pay' ? 'primary' : 'none'}
          disabled={busy}
          text={t(LABEL[action])}
          onClick={() => act(action)}
        />
      ))}
      <QuitDialog order={quitting} onClose={() => setQuitting(null)} />
    </>
  );
}

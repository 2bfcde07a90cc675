import { Button } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { OrderItem } from '../../../contract/order/calls.ts';
import { staffActions, type StaffOrderAction } from '../../../machines/lifecycles/orders.ts';
import { useRuntime } from '../../app/context.ts';
import type { ReasonRequest } from './ReasonDialog.tsx';

/** The key that does each action in the approval queue. */
export const ACTION_KEYS: Partial<Record<StaffOrderAction, string>> = {
  passQuit: 'p',
  rejectQuit: 'r',
  finishQuit: 'f',
  refund: 'd',
};

/**
 * Carries out a staff action on an order: those that need words (reject, force, refund) ask for
 * them first through `ask`; the rest go at once. The order's lifecycle says which exist.
 */
export function useStaffOrderAct(ask: (request: ReasonRequest) => void) {
  const { t } = useTranslation();
  const { staffOrderActions } = useRuntime().actors;
  return (order: OrderItem, action: StaffOrderAction) => {
    const send = (extra: { reason?: string; amountFen?: number } = {}) =>
      staffOrderActions.send({
        type: 'ACT',
        action,
        orderId: order.id,
        ...(extra.reason ? { reason: extra.reason } : {}),
        ...(extra.amountFen !== undefined ? { amountFen: extra.amountFen } : {}),
      });
    if (action === 'rejectQuit' || action === 'forceQuit') {
      ask({
        title: `${t(`staff.action.${action}`)} · ${order.orderNo}`,
        required: action === 'rejectQuit',
        onConfirm: send,
      });
    } else if (action === 'refund') {
      ask({
        title: `${t('staff.action.refund')} · ${order.orderNo}`,
        required: false,
        refundableFen: order.paidFen - order.refundedFen,
        onConfirm: send,
      });
    } else {
      send();
    }
  };
}

export function StaffOrderActions({
  order,
  ask,
}: {
  order: OrderItem;
  ask: (request: ReasonRequest) => void;
}) {
  const { t } = useTranslation();
  const { staffOrderActions } = useRuntime().actors;
  const busy = useSelector(staffOrderActions, (s) => s.matches('working'));
  const act = useStaffOrderAct(ask);
  return (
    <>
      {staffActions(order).map((action) => (
        <Button
          key={action}
          size="small"
          variant="outlined"
          disabled={busy}
          intent={action === 'rejectQuit' || action === 'forceQuit' ? 'danger' : 'none'}
          text={
            ACTION_KEYS[action]
              ? `${t(`staff.action.${action}`)} (${ACTION_KEYS[action]!.toUpperCase()})`
              : t(`staff.action.${action}`)
          }
          onClick={() => act(order, action)}
        />
      ))}
    </>
  );
}

/** What the last staff action on an order came to. */
export function StaffActionOutcome() {
  const { t } = useTranslation();
  const { staffOrderActions } = useRuntime().actors;
  const done = useSelector(staffOrderActions, (s) => (s.matches('done') ? s.context.order : null));
  const error = useSelector(staffOrderActions, (s) => s.context.error);
  if (error) {
    return (
      <p className="xa-field-error" role="alert" data-testid="staff-outcome">
        {error.message}
      </p>
    );
  }
  if (!done) return null;
  return (
    <p className="xa-muted" role="status" data-testid="staff-outcome">
      {t('staff.actionDone', { orderNo: done.orderNo })}
    </p>
  );
}

import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  TextArea,
} from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderItem } from '../../contract/order/calls.ts';
import { useRuntime } from '../app/context.ts';

/**
 * The learner's order actions besides paying (the orderActions machine): the outcome of the last
 * cancel or quit application, and the quit application's dialog with its required reason. Every
 * screen that shows an order's actions (/order, the class screens) uses these.
 */

/** What the last cancel or quit application came to. */
export function OrderActionOutcome() {
  const { t } = useTranslation();
  const { orderActions } = useRuntime().actors;
  const done = useSelector(orderActions, (s) => (s.matches('done') ? s.context.last : null));
  const error = useSelector(orderActions, (s) => s.context.error);
  const dismiss = () => orderActions.send({ type: 'DISMISS' });
  if (error) {
    return (
      <Callout intent="danger" role="alert" className="xa-section">
        {error.message} <Button variant="minimal" icon="cross" onClick={dismiss} />
      </Callout>
    );
  }
  if (!done) return null;
  return (
    <Callout intent="success" role="status" className="xa-section">
      {done.action === 'cancel' ? t('orders.cancelled') : t('orders.quitApplied')}{' '}
      <Button variant="minimal" icon="cross" onClick={dismiss} />
    </Callout>
  );
}

export function QuitDialog({ order, onClose }: { order: OrderItem | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { orderActions } = useRuntime().actors;
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const submit = () => {
    if (!order) return;
    if (reason.trim() === '') {
      setMissing(true);
      return;
    }
    orderActions.send({
      type: 'ACT',
      action: 'applyQuit',
      orderId: order.id,
      reason: reason.trim(),
    });
    setReason('');
    setMissing(false);
    onClose();
  };
  return (
    <Dialog isOpen={order !== null} onClose={onClose} title={t('orders.quitTitle')}>
      <DialogBody>
        <p>{order?.itemName}</p>
        <FormGroup
          label={t('orders.quitReason')}
          labelFor="quit-reason"
          intent={missing ? 'danger' : 'none'}
          helperText={missing ? t('orders.quitReasonRequired') : undefined}
        >
          <TextArea
            id="quit-reason"
            fill
            maxLength={500}
            value={reason}
            intent={missing ? 'danger' : 'none'}
            onChange={(e) => setReason(e.target.value)}
          />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('checkout.close')} onClick={onClose} />
            <Button intent="primary" text={t('orders.submit')} onClick={submit} />
          </>
        }
      />
    </Dialog>
  );
}

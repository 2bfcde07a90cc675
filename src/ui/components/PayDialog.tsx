import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  Radio,
  RadioGroup,
  Spinner,
} from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../app/context.ts';
import type { Runtime } from '../app/runtime.ts';
import { myWallet } from '../app/commerce-queries.ts';
import { useQuery } from '../app/use-query.ts';
import type { PayMethod } from '../../machines/checkout/machine.ts';
import { formatFen } from '../format.ts';

/**
 * The pay dialog (issue 6 item 5): renders the checkout actor's state and sends it the
 * learner's choices. It shows whatever the actor is doing — placing the order, choosing how to
 * pay, waiting for the provider (with the checkout link and its QR code) — and closes only when
 * asked; the order is paid when the server says so.
 */
export function PayDialog({ actor: checkout }: { actor: CheckoutActor }) {
  const { t } = useTranslation();
  const state = useSelector(checkout, (s) => s.value as string);
  const order = useSelector(checkout, (s) => s.context.order);
  const payment = useSelector(checkout, (s) => s.context.payment);
  const error = useSelector(checkout, (s) => s.context.error);
  const close = () => checkout.send({ type: 'CLOSE' });
  const busy = state === 'placing' || state === 'paying' || state === 'polling';

  return (
    <Dialog
      isOpen={state !== 'idle'}
      onClose={close}
      title={t('checkout.title')}
      canOutsideClickClose={false}
      className="xa-pay-dialog"
    >
      <DialogBody>
        {order && (
          <div className="xa-pay-summary" data-testid="pay-summary">
            <div>{order.itemName}</div>
            <div className="xa-price">
              {t('format.price', { amount: formatFen(order.amountFen) })}
            </div>
          </div>
        )}
        {state === 'placing' && <Spinner size={24} aria-label={t('checkout.placing')} />}
        {(state === 'choosing' || state === 'paying') && (
          <ChooseMethod
            checkout={checkout}
            busy={state === 'paying'}
            errorMessage={error?.message ?? null}
          />
        )}
        {(state === 'awaitingProvider' || state === 'polling') && payment && (
          <div className="xa-pay-provider" role="status">
            <p>{t('checkout.awaiting')}</p>
            {payment.qrUrl && (
              <img className="xa-pay-qr" src={payment.qrUrl} alt={t('checkout.qrAlt')} />
            )}
            <p className="xa-muted">{t('checkout.qrHint')}</p>
          </div>
        )}
        {state === 'paid' && (
          <Callout intent="success" role="status" data-testid="pay-done">
            {t('checkout.paid', { item: order?.itemName ?? '' })}
          </Callout>
        )}
        {state === 'closed' && <Callout intent="warning">{t('checkout.closed')}</Callout>}
        {state === 'expired' && <Callout intent="warning">{t('checkout.expired')}</Callout>}
        {state === 'failed' && (
          <Callout intent="danger" role="alert">
            {error?.message ?? t('checkout.failed')}
          </Callout>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            {(state === 'awaitingProvider' || state === 'polling') && (
              <>
                <Button
                  text={t('checkout.check')}
                  loading={busy}
                  onClick={() => checkout.send({ type: 'CHECK' })}
                />
                <Button
                  intent="primary"
                  text={t('checkout.open')}
                  onClick={() => checkout.send({ type: 'OPEN_CHECKOUT' })}
                />
              </>
            )}
            {(state === 'expired' || state === 'failed') && (
              <Button
                intent="primary"
                text={t('checkout.retry')}
                onClick={() => checkout.send({ type: 'RETRY' })}
              />
            )}
            <Button
              text={state === 'paid' ? t('checkout.done') : t('checkout.close')}
              intent={state === 'paid' ? 'primary' : 'none'}
              onClick={close}
            />
          </>
        }
      />
    </Dialog>
  );
}

type CheckoutActor = Runtime['actors']['checkout'];

function ChooseMethod({
  checkout,
  busy,
  errorMessage,
}: {
  checkout: CheckoutActor;
  busy: boolean;
  errorMessage: string | null;
}) {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const [method, setMethod] = useState<PayMethod>('provider');
  const wallet = useQuery(myWallet(runtime));
  const balance = wallet.data?.content[0]?.balanceFen ?? null;
  return (
    <>
      <RadioGroup
        label={t('checkout.method')}
        selectedValue={method}
        onChange={(e) => setMethod(e.currentTarget.value as PayMethod)}
      >
        <Radio value="provider" label={t('checkout.provider')} />
        <Radio
          value="wallet"
          label={
            balance === null
              ? t('checkout.wallet')
              : t('checkout.walletBalance', { amount: formatFen(balance) })
          }
        />
      </RadioGroup>
      {errorMessage && (
        <Callout intent="danger" role="alert">
          {errorMessage}
        </Callout>
      )}
      <Button
        intent="primary"
        text={t('checkout.pay')}
        loading={busy}
        onClick={() => checkout.send({ type: 'CHOOSE', method })}
      />
    </>
  );
}

import { Toast } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { Toast as QueuedToast } from '../../machines/toast-queue.ts';
import { useRuntime } from '../app/context.ts';

/**
 * The visible toasts of the toast-queue machine, fixed bottom-right (docs/product-rules.md#toasts).
 * The machine owns timing (it expires toasts itself), so each Blueprint Toast gets timeout 0 and
 * only reports the user's close as HIDE.
 */
export function ToastContainer() {
  const { toastQueue } = useRuntime().actors;
  const visible = useSelector(toastQueue, (snapshot) => snapshot.context.visible);
  return (
    <div className="xa-toasts" role="region" aria-live="polite" data-testid="toasts">
      {visible.map((toast) => (
        <div key={toast.id} className="xa-toast" data-toast-id={toast.id}>
          <Toast
            intent={toast.intent === 'none' ? undefined : toast.intent}
            timeout={0}
            message={<ToastBody toast={toast} />}
            onDismiss={() => toastQueue.send({ type: 'HIDE', id: toast.id })}
          />
        </div>
      ))}
    </div>
  );
}

function ToastBody({ toast }: { toast: QueuedToast }) {
  const { t } = useTranslation();
  return (
    <>
      {toast.title ? <div className="xa-toast-title">{toast.title}</div> : null}
      <div>{toast.message}</div>
      {toast.kind === 'quotaUsedUp' ? <div>{t('toast.buyVipCard')}</div> : null}
    </>
  );
}

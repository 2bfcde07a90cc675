import { Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { OrderItem } from '../../contract/order/calls.ts';
import { formatDateTime } from '../format.ts';

/**
 * What became of the learner's quit application (issue 25 item 6), under the order's state
 * wherever an enrollment or order is shown to its learner (/order, my classes, an item's page):
 * staff's decision with their reason, who and when; or, while it waits, the learner's own
 * reason. The server answers the decision with every order of every kind (`quitDecision`), so
 * every kind shows it through this one component.
 */
export function QuitNote({ order }: { order: Pick<OrderItem, 'quitReason' | 'quitDecision'> }) {
  const { t, i18n } = useTranslation();
  const decision = order.quitDecision;
  return (
    <>
      {decision && (
        <div className="xa-quit-decision" data-testid="quit-decision">
          <Tag minimal intent={decision.outcome === 'rejected' ? 'warning' : 'success'}>
            {t(`orders.quitDecision.${decision.outcome}`)}
          </Tag>{' '}
          {decision.reason && t('orders.quitDecision.reason', { reason: decision.reason })}
          <div className="xa-muted">
            {t('orders.quitDecision.by', {
              name: decision.actorName,
              at: formatDateTime(decision.at, i18n.language),
            })}
          </div>
        </div>
      )}
      {order.quitReason && (
        <div className="xa-muted" data-testid="quit-reason">
          {t(decision ? 'orders.quitReasonWas' : 'orders.quitReasonShown', {
            reason: order.quitReason,
          })}
        </div>
      )}
    </>
  );
}

import { HTMLTable, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderItem } from '../../../contract/order/calls.ts';
import { orderStateName, staffActions } from '../../../machines/lifecycles/orders.ts';
import { useRuntime } from '../../app/context.ts';
import { staffOrders } from '../../app/staff-queries.ts';
import { useQuery } from '../../app/use-query.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { QueryStatus } from '../../components/QueryStatus.tsx';
import { ReasonDialog, type ReasonRequest } from '../../components/staff/ReasonDialog.tsx';
import {
  StaffActionOutcome,
  StaffOrderActions,
  useStaffOrderAct,
} from '../../components/staff/StaffOrderActions.tsx';
import { useKeyQueue } from '../../components/staff/use-key-queue.ts';
import { formatDateTime, formatFen } from '../../format.ts';
import { ReviewQueue } from '../../components/staff/exam/ReviewQueue.tsx';

/** The queue's three steps, in the order a quit application goes through them. */
const STEPS = ['quitApplied', 'quitApproved', 'quit'] as const;

/**
 * The approval queue (docs/decisions/commerce-and-payments.md, "Back offices"): every quit
 * application waiting for a decision, then those to finish, then those to refund — orders of every
 * kind (exam enrollments among them; classes, homework and activities join with their issues).
 * Worked through with the keyboard: ↑/↓ (or k/j) move, P passes, R rejects with a reason, F
 * finishes, D refunds. Below them, the reviews: every kind waiting for the platform, from the one
 * list in app/review-queue.ts.
 */
export default function ApprovalsPage() {
  const { t, i18n } = useTranslation();
  const runtime = useRuntime();
  const applied = useQuery(staffOrders(runtime, { state: 'quitApplied' }, 0));
  const approved = useQuery(staffOrders(runtime, { state: 'quitApproved' }, 0));
  const quit = useQuery(staffOrders(runtime, { state: 'quit' }, 0));
  const lists = [applied, approved, quit];
  const [request, setRequest] = useState<ReasonRequest | null>(null);
  const act = useStaffOrderAct(setRequest);
  const { current, onKey, select } = useKeyQueue({
    lists,
    paused: request !== null,
    allowed: (order: OrderItem) => staffActions(order),
    act,
  });

  return (
    <section
      className="xa-screen"
      aria-labelledby="screen-approvals"
      tabIndex={0}
      onKeyDown={onKey}
      data-testid="approvals"
    >
      <h1 id="screen-approvals" className="xa-screen-title">
        {t('staff.menu.approvals')}
      </h1>
      <p className="xa-muted">{t('staff.keysHint')}</p>
      <StaffActionOutcome />
      {STEPS.map((state, index) => (
        <section key={state} className="xa-section" aria-labelledby={`queue-${state}`}>
          <h2 id={`queue-${state}`}>{t(`staff.queue.${state}`)}</h2>
          <QueryStatus state={lists[index]!} failedTitle={t('orders.failed')}>
            {(page) =>
              page.content.length === 0 ? (
                <EmptyState title={t('staff.queueEmpty')} description="" />
              ) : (
                <HTMLTable className="xa-table" striped data-testid={`queue-${state}`}>
                  <thead>
                    <tr>
                      <th>{t('orders.no')}</th>
                      <th>{t('staff.member')}</th>
                      <th>{t('orders.item')}</th>
                      <th>{t('orders.amount')}</th>
                      <th>{t('staff.quitReason')}</th>
                      <th>{t('staff.updatedAt')}</th>
                      <th>{t('orders.actions')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {page.content.map((order) => (
                      <tr
                        key={order.id}
                        aria-selected={order.id === current?.id}
                        className={order.id === current?.id ? 'xa-row-selected' : undefined}
                        onClick={() => select(order)}
                      >
                        <td className="xa-mono">{order.orderNo}</td>
                        <td>
                          {order.memberName}
                          <div className="xa-muted">{order.organizationName}</div>
                        </td>
                        <td>
                          <Tag minimal>{t(`orders.kind.${order.kind}`)}</Tag> {order.itemName}
                          <div className="xa-muted">{orderStateName(order)}</div>
                        </td>
                        <td>{t('format.price', { amount: formatFen(order.paidFen) })}</td>
                        <td>{order.quitReason ?? ''}</td>
                        <td>{formatDateTime(order.updatedAt, i18n.language)}</td>
                        <td>
                          <StaffOrderActions order={order} ask={setRequest} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </HTMLTable>
              )
            }
          </QueryStatus>
        </section>
      ))}
      <ReasonDialog request={request} onClose={() => setRequest(null)} />
      <ReviewQueue />
    </section>
  );
}

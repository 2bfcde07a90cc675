import { Tag } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderItem } from '../../contract/order/calls.ts';
import type { Page } from '../../contract/paging.ts';
import { orderStateName } from '../../machines/lifecycles/orders.ts';
import type { QueryState } from '../../streams/query-cache.ts';
import { formatDateTime, formatFen } from '../format.ts';
import { PagedTable } from './PagedTable.tsx';
import { QuitNote } from './QuitNote.tsx';

/**
 * Orders as a table: number, item, amount, state with refunds and quit decisions, when, and
 * the actions the screen offers. The learner's /order and a parent's view of a child's orders
 * (issue 25 item 11) show the same rows; only who may do what differs, so the actions are the
 * screen's.
 */
export function OrderTable({
  state,
  page,
  onPage,
  empty,
  testId,
  actions,
}: {
  state: QueryState<Page<OrderItem>>;
  page: number;
  onPage: (page: number) => void;
  empty: { title: string; description: string };
  testId: string;
  actions: (order: OrderItem) => ReactNode;
}) {
  const { t, i18n } = useTranslation();
  return (
    <PagedTable
      state={state}
      failedTitle={t('orders.failed')}
      empty={empty}
      headers={[
        t('orders.no'),
        t('orders.item'),
        t('orders.amount'),
        t('orders.state'),
        t('orders.createdAt'),
        t('orders.actions'),
      ]}
      testId={testId}
      page={page}
      onPage={onPage}
      row={(order) => (
        <tr key={order.id} data-testid={`order-${order.orderNo}`}>
          <td className="xa-mono">{order.orderNo}</td>
          <td>
            <Tag minimal>{t(`orders.kind.${order.kind}`)}</Tag> {order.itemName}
          </td>
          <td>{t('format.price', { amount: formatFen(order.amountFen) })}</td>
          <td>
            <span data-testid="order-state">{orderStateName(order)}</span>
            {order.refundedFen > 0 && (
              <div className="xa-muted">
                {t('orders.refunded', { amount: formatFen(order.refundedFen) })}
              </div>
            )}
            <QuitNote order={order} />
          </td>
          <td>{formatDateTime(order.createdAt, i18n.language)}</td>
          <td>{actions(order)}</td>
        </tr>
      )}
    />
  );
}

import { HTMLTable } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { orderStateName } from '../../../machines/lifecycles/orders.ts';
import { useRuntime } from '../../app/context.ts';
import { manageOrders } from '../../app/staffQueries.ts';
import { usePageParam } from '../../app/usePageParam.ts';
import { useQuery } from '../../app/useQuery.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { Pager } from '../../components/Pager.tsx';
import { QueryStatus } from '../../components/QueryStatus.tsx';
import { formatDateTime, formatFen } from '../../format.ts';

/** A coach's view of their organization's card orders (edms): read only; refunds are staff's. */
export default function ManageOrdersPage() {
  const { t, i18n } = useTranslation();
  const runtime = useRuntime();
  const [page, setPage] = usePageParam();
  const orders = useQuery(manageOrders(runtime, page));
  return (
    <section className="xa-screen" aria-labelledby="screen-manage-orders">
      <h1 id="screen-manage-orders" className="xa-screen-title">
        {t('staff.manageOrders')}
      </h1>
      <QueryStatus state={orders} failedTitle={t('orders.failed')}>
        {(data) =>
          data.content.length === 0 ? (
            <EmptyState title={t('orders.empty')} description="" />
          ) : (
            <>
              <HTMLTable className="xa-table" striped data-testid="manage-orders">
                <thead>
                  <tr>
                    <th>{t('orders.no')}</th>
                    <th>{t('staff.member')}</th>
                    <th>{t('orders.item')}</th>
                    <th>{t('orders.amount')}</th>
                    <th>{t('orders.state')}</th>
                    <th>{t('orders.createdAt')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.content.map((order) => (
                    <tr key={order.id}>
                      <td className="xa-mono">{order.orderNo}</td>
                      <td>{order.memberName}</td>
                      <td>{order.itemName}</td>
                      <td>{t('format.price', { amount: formatFen(order.amountFen) })}</td>
                      <td>{orderStateName(order)}</td>
                      <td>{formatDateTime(order.createdAt, i18n.language)}</td>
                    </tr>
                  ))}
                </tbody>
              </HTMLTable>
              <Pager
                page={page}
                totalPages={data.totalPages}
                totalElements={data.totalElements}
                onChange={setPage}
              />
            </>
          )
        }
      </QueryStatus>
    </section>
  );
}

import { useTranslation } from 'react-i18next';
import { orderStateName } from '../../../machines/lifecycles/orders.ts';
import { useRuntime } from '../../app/context.ts';
import { manageOrders } from '../../app/staff-queries.ts';
import { usePageParam } from '../../app/use-page-param.ts';
import { useQuery } from '../../app/use-query.ts';
import { PagedTable } from '../../components/PagedTable.tsx';
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
      <PagedTable
        state={orders}
        failedTitle={t('orders.failed')}
        empty={{ title: t('orders.empty'), description: '' }}
        headers={[
          t('orders.no'),
          t('staff.member'),
          t('orders.item'),
          t('orders.amount'),
          t('orders.state'),
          t('orders.createdAt'),
        ]}
        testId="manage-orders"
        page={page}
        onPage={setPage}
        row={(order) => (
          <tr key={order.id}>
            <td className="xa-mono">{order.orderNo}</td>
            <td>{order.memberName}</td>
            <td>{order.itemName}</td>
            <td>{t('format.price', { amount: formatFen(order.amountFen) })}</td>
            <td>{orderStateName(order)}</td>
            <td>{formatDateTime(order.createdAt, i18n.language)}</td>
          </tr>
        )}
      />
    </section>
  );
}

import {
  Button,
  ControlGroup,
  Drawer,
  DrawerSize,
  HTMLSelect,
  InputGroup,
  Tag,
} from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ORDER_KIND_NAMES,
  ORDER_STATE_NAMES,
  orderStateName,
} from '../../../machines/lifecycles/orders.ts';
import { useRuntime } from '../../app/context.ts';
import { staffOrder, staffOrders, type StaffOrderFilter } from '../../app/staff-queries.ts';
import { usePageParam } from '../../app/use-page-param.ts';
import { useQuery } from '../../app/use-query.ts';
import { PagedTable } from '../../components/PagedTable.tsx';
import { QueryStatus } from '../../components/QueryStatus.tsx';
import { ReasonDialog, type ReasonRequest } from '../../components/staff/ReasonDialog.tsx';
import {
  StaffActionOutcome,
  StaffOrderActions,
} from '../../components/staff/StaffOrderActions.tsx';
import { formatDateTime, formatFen } from '../../format.ts';

/** Every order, filtered by kind, state, number or member; a card order export as xlsx. */
export default function AdminOrdersPage() {
  const { t, i18n } = useTranslation();
  const runtime = useRuntime();
  const [page, setPage] = usePageParam();
  const [draft, setDraft] = useState<{ kind: string; state: string; keyword: string }>({
    kind: '',
    state: '',
    keyword: '',
  });
  const [filter, setFilter] = useState<StaffOrderFilter>({});
  const [openId, setOpenId] = useState<number | null>(null);
  const [request, setRequest] = useState<ReasonRequest | null>(null);
  const orders = useQuery(staffOrders(runtime, filter, page));
  const apply = () => {
    const keyword = draft.keyword.trim();
    setFilter({
      ...(draft.kind ? { kind: draft.kind as StaffOrderFilter['kind'] } : {}),
      ...(draft.state ? { state: draft.state as StaffOrderFilter['state'] } : {}),
      ...(/^XO\d+$/.test(keyword) ? { orderNo: keyword } : keyword ? { keyword } : {}),
    });
    setPage(0);
  };
  return (
    <section className="xa-screen" aria-labelledby="screen-admin-orders">
      <h1 id="screen-admin-orders" className="xa-screen-title">
        {t('staff.menu.orders')}
      </h1>
      <ControlGroup className="xa-section">
        <HTMLSelect
          aria-label={t('staff.kind')}
          value={draft.kind}
          onChange={(e) => setDraft({ ...draft, kind: e.target.value })}
          options={[
            { value: '', label: t('staff.allKinds') },
            ...ORDER_KIND_NAMES.map((k) => ({ value: k, label: t(`orders.kind.${k}`) })),
          ]}
        />
        <HTMLSelect
          aria-label={t('orders.state')}
          value={draft.state}
          onChange={(e) => setDraft({ ...draft, state: e.target.value })}
          options={[
            { value: '', label: t('staff.allStates') },
            ...Object.entries(ORDER_STATE_NAMES).map(([value, label]) => ({ value, label })),
          ]}
        />
        <InputGroup
          aria-label={t('staff.search')}
          placeholder={t('staff.search')}
          value={draft.keyword}
          onChange={(e) => setDraft({ ...draft, keyword: e.target.value })}
          onKeyDown={(e) => e.key === 'Enter' && apply()}
        />
        <Button intent="primary" text={t('staff.filter')} onClick={apply} />
        <Button
          icon="download"
          text={t('staff.export')}
          onClick={() => runtime.commands.downloadOrders(filter)}
        />
      </ControlGroup>
      <StaffActionOutcome />
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
          t('orders.actions'),
        ]}
        testId="admin-orders"
        interactive
        page={page}
        onPage={setPage}
        row={(order) => (
          <tr key={order.id} onClick={() => setOpenId(order.id)}>
            <td className="xa-mono">{order.orderNo}</td>
            <td>{order.memberName}</td>
            <td>
              <Tag minimal>{t(`orders.kind.${order.kind}`)}</Tag> {order.itemName}
            </td>
            <td>{t('format.price', { amount: formatFen(order.amountFen) })}</td>
            <td>{orderStateName(order)}</td>
            <td>{formatDateTime(order.createdAt, i18n.language)}</td>
            <td onClick={(e) => e.stopPropagation()}>
              <StaffOrderActions order={order} ask={setRequest} />
            </td>
          </tr>
        )}
      />
      <Drawer
        isOpen={openId !== null}
        onClose={() => setOpenId(null)}
        size={DrawerSize.SMALL}
        title={t('staff.orderDetail')}
      >
        {openId !== null && <OrderDetail id={openId} />}
      </Drawer>
      <ReasonDialog request={request} onClose={() => setRequest(null)} />
    </section>
  );
}

function OrderDetail({ id }: { id: number }) {
  const { t, i18n } = useTranslation();
  const detail = useQuery(staffOrder(useRuntime(), id));
  return (
    <div className="xa-drawer-body">
      <QueryStatus state={detail} failedTitle={t('orders.failed')}>
        {(order) => (
          <>
            <p className="xa-mono">{order.orderNo}</p>
            <p>
              {order.memberName} · {order.organizationName}
            </p>
            <p>
              {order.itemName} · {t('format.price', { amount: formatFen(order.amountFen) })} ·{' '}
              {orderStateName(order)}
            </p>
            {order.refunds.length > 0 && (
              <>
                <h3>{t('staff.refunds')}</h3>
                <ul>
                  {order.refunds.map((r) => (
                    <li key={r.refundNo}>
                      {r.refundNo} · {t('format.price', { amount: formatFen(r.amountFen) })} ·{' '}
                      {t(`staff.refundStatus.${r.status}`)}
                    </li>
                  ))}
                </ul>
              </>
            )}
            <h3>{t('staff.history')}</h3>
            <ol data-testid="order-history">
              {order.history.map((h, i) => (
                <li key={i}>
                  {formatDateTime(h.at, i18n.language)} · {h.actorName} ·{' '}
                  {t(`staff.action.${h.action}`, { defaultValue: h.action })}
                  {h.reason ? ` · ${h.reason}` : ''}
                </li>
              ))}
            </ol>
          </>
        )}
      </QueryStatus>
    </div>
  );
}

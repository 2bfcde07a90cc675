import { Button, Callout, Card, Elevation } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderItem } from '../../contract/order/calls.ts';
import type { ErrorInfo } from '../../machines/errors.ts';
import { holdsPlace } from '../../machines/lifecycles/enrollment.ts';
import { awaitsPayment, orderStateName } from '../../machines/lifecycles/orders.ts';
import { useRuntime } from '../app/context.ts';
import { formatFen } from '../format.ts';
import { QuitNote } from './QuitNote.tsx';

/** Where the learner stands: holding a place, or with an order waiting to be paid. */
export interface Standing {
  holds: boolean;
  paying: boolean;
}

/**
 * The learner's place in an exam or an activity on its detail page: the order's state and quit
 * note, a refused enrollment, enroll (with the fee), or pay and cancel the order that waits. The
 * kind names the texts (`exam.detail.…`, `activity.detail.…`) and the test ids; what differs is
 * passed in: when enrolling is closed, what the actions row adds and what a place shows.
 */
export function EnrollmentCard({
  kind,
  order,
  priceFen,
  enrolling,
  enrollError,
  enrollDisabled,
  onEnroll,
  alert,
  actions,
  children,
}: {
  kind: 'exam' | 'activity';
  /** The learner's latest order for the item, null before any. */
  order: OrderItem | null;
  priceFen: number;
  enrolling: boolean;
  enrollError: ErrorInfo | null;
  enrollDisabled: boolean;
  onEnroll: () => void;
  /** A refusal shown under the enrollment's own (an order action's). */
  alert?: ReactNode;
  /** What the actions row ends with (why enrolling is closed, how to quit). */
  actions?: (standing: Standing) => ReactNode;
  /** What a place shows under the actions (the papers to sit, the standing). */
  children?: (standing: Standing) => ReactNode;
}) {
  const { t } = useTranslation();
  const { actors } = useRuntime();
  const standing: Standing = {
    holds: order !== null && holdsPlace(order),
    paying: order !== null && awaitsPayment(order),
  };
  const { holds, paying } = standing;
  return (
    <Card elevation={Elevation.ZERO} className="xa-section" data-testid={`${kind}-enrollment`}>
      {order && (
        <div data-testid={`${kind}-enroll-state`}>
          {t(`${kind}.detail.enrollState`, { state: orderStateName(order) })}
        </div>
      )}
      {order && <QuitNote order={order} />}
      {enrollError && (
        <Callout intent="danger" role="alert">
          {t(`${kind}.detail.enrollFailed`, { message: enrollError.message ?? '' })}
        </Callout>
      )}
      {alert}
      {paying && <Callout intent="warning">{t(`${kind}.detail.payHint`)}</Callout>}
      <div className={`xa-${kind}-actions`}>
        {!holds && !paying && (
          <Button
            intent="primary"
            loading={enrolling}
            disabled={enrollDisabled}
            data-testid={`${kind}-enroll`}
            text={
              priceFen === 0
                ? t(`${kind}.detail.enroll`)
                : t(`${kind}.detail.enrollPaid`, {
                    price: t('format.price', { amount: formatFen(priceFen) }),
                  })
            }
            onClick={onEnroll}
          />
        )}
        {paying && order && (
          <>
            <Button
              intent="primary"
              text={t(`${kind}.detail.pay`)}
              onClick={() => actors.checkout.send({ type: 'PAY', order })}
            />
            <Button
              variant="outlined"
              text={t('orders.cancel')}
              onClick={() =>
                actors.orderActions.send({ type: 'ACT', action: 'cancel', orderId: order.id })
              }
            />
          </>
        )}
        {actions?.(standing)}
      </div>
      {children?.(standing)}
    </Card>
  );
}

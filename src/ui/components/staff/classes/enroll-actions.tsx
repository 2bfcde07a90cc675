import { Button } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { GradeEnrollItem } from '../../../../contract/grade/enroll.ts';
import { staffActions } from '../../../../machines/lifecycles/orders.ts';
import type { StaffArea } from '../../../app/class-staff-queries.ts';
import { useRuntime } from '../../../app/context.ts';
import type { ReasonRequest } from '../ReasonDialog.tsx';
import { submitStaffWrite } from '../../../../machines/staff-edit/events.ts';

/** The class enrollment's staff actions and the call of each in an area (refund: org admins). */
const CLASS_ACTIONS = ['passQuit', 'rejectQuit', 'finishQuit', 'refund'] as const;
type ClassAction = (typeof CLASS_ACTIONS)[number];

const callOf = (area: StaffArea, action: ClassAction) =>
  action === 'refund'
    ? ('grade.enroll.refund' as const)
    : (`${area}.grade.enroll.${action}` as const);

/**
 * Carries out a quit decision on a class enrollment: reject asks for a reason, refund for an
 * optional partial amount (at most what was paid, less refunds and class fees already settled).
 * `allowed` is what the order's lifecycle allows now and the area may do.
 */
export function useClassEnrollAct(area: StaffArea, ask: (request: ReasonRequest) => void) {
  const { t } = useTranslation();
  const { staffEdit } = useRuntime().actors;
  const allowed = (enrollment: GradeEnrollItem): ClassAction[] =>
    staffActions(enrollment).filter(
      (a): a is ClassAction =>
        (CLASS_ACTIONS as readonly string[]).includes(a) && (area === 'edms' || a !== 'refund'),
    );
  const send = (
    enrollment: GradeEnrollItem,
    action: ClassAction,
    extra: { reason?: string; amountFen?: number } = {},
  ) =>
    submitStaffWrite(staffEdit, callOf(area, action), {
      id: enrollment.id,
      ...(extra.reason ? { reason: extra.reason } : {}),
      ...(extra.amountFen !== undefined ? { amountFen: extra.amountFen } : {}),
    });
  const act = (enrollment: GradeEnrollItem, action: ClassAction) => {
    if (action === 'rejectQuit') {
      ask({
        title: `${t('staff.action.rejectQuit')} · ${enrollment.memberName}`,
        required: true,
        onConfirm: (answer) => send(enrollment, action, answer),
      });
    } else if (action === 'refund') {
      ask({
        title: `${t('staff.action.refund')} · ${enrollment.memberName}`,
        required: false,
        refundableFen: enrollment.paidFen - enrollment.refundedFen - enrollment.settledFen,
        onConfirm: (answer) => send(enrollment, action, answer),
      });
    } else {
      send(enrollment, action);
    }
  };
  return { allowed, act };
}

/** The quit decisions a class enrollment allows now, as buttons. */
export function ClassEnrollActions({
  area,
  enrollment,
  ask,
}: {
  area: StaffArea;
  enrollment: GradeEnrollItem;
  ask: (request: ReasonRequest) => void;
}) {
  const { t } = useTranslation();
  const { staffEdit } = useRuntime().actors;
  const busy = useSelector(staffEdit, (s) => s.matches('working'));
  const { allowed, act } = useClassEnrollAct(area, ask);
  return (
    <>
      {allowed(enrollment).map((action) => (
        <Button
          key={action}
          size="small"
          variant="outlined"
          intent={action === 'passQuit' ? 'success' : action === 'refund' ? 'warning' : 'none'}
          disabled={busy}
          text={t(`staff.action.${action}`)}
          onClick={() => act(enrollment, action)}
          data-testid={`enroll-${action}`}
        />
      ))}
    </>
  );
}

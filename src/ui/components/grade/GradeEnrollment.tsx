import { Button, Callout, Card, Elevation } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { GradeItem } from '../../../contract/grade/grades.ts';
import { holdsPlace } from '../../../machines/lifecycles/enrollment.ts';
import { awaitsPayment, orderStateName } from '../../../machines/lifecycles/orders.ts';
import { enrollErrorFor } from '../../../machines/grade-enroll/machine.ts';
import { enrollRefusal } from '../../../machines/grade-enroll/refusal.ts';
import { useRuntime } from '../../app/context.ts';
import { mineGradeEnrollment, type MineGradeEnrollment } from '../../app/grade-queries.ts';
import { useOpenLoginDialog, useSession } from '../../app/hooks.ts';
import { useQuery } from '../../app/use-query.ts';
import { formatFen } from '../../format.ts';
import { OrderActionOutcome } from '../OrderActionDialogs.tsx';
import { QueryStatus } from '../QueryStatus.tsx';
import { EnrollmentActions } from './EnrollmentActions.tsx';
import { QuitNote } from '../QuitNote.tsx';

/** The caller's place in the class: enroll (a visitor logs in first), pay, or what they have. */
export function GradeEnrollment({ grade }: { grade: GradeItem }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const openLogin = useOpenLoginDialog();
  return (
    <Card elevation={Elevation.ZERO} className="xa-section" data-testid="grade-enrollment">
      <h2>{t('grade.enroll.title')}</h2>
      {user ? (
        <MyEnrollment grade={grade} />
      ) : (
        <>
          <Refusal grade={grade} />
          <div className="xa-grade-actions">
            <Button
              intent="primary"
              text={t('grade.enroll.loginToEnroll')}
              onClick={() => openLogin()}
            />
          </div>
        </>
      )}
    </Card>
  );
}

/** Why the class takes nobody now, in the words of the server's rules. */
function Refusal({ grade }: { grade: GradeItem }) {
  const { t } = useTranslation();
  const reason = enrollRefusal(grade, Date.now());
  if (!reason) return null;
  return (
    <Callout intent="warning" data-testid="grade-refusal">
      {t(`grade.refusal.${reason}`)}
    </Callout>
  );
}

function MyEnrollment({ grade }: { grade: GradeItem }) {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const mine = useQuery(mineGradeEnrollment(runtime, grade.id));
  return (
    <QueryStatus state={mine} failedTitle={t('grade.enroll.failed')}>
      {(enrollment) => <EnrollmentState grade={grade} enrollment={enrollment} />}
    </QueryStatus>
  );
}

function EnrollmentState({
  grade,
  enrollment,
}: {
  grade: GradeItem;
  enrollment: MineGradeEnrollment;
}) {
  const { t } = useTranslation();
  const { actors } = useRuntime();
  const enrolling = useSelector(actors.gradeEnroll, (s) => s.matches('enrolling'));
  const error = useSelector(actors.gradeEnroll, (s) => enrollErrorFor(s, grade.id));
  const order = enrollment?.order ?? null;
  const holds = order !== null && holdsPlace(order);
  const paying = order !== null && awaitsPayment(order);
  const refusal = enrollRefusal(grade, Date.now());
  return (
    <>
      {order && (
        <p data-testid="grade-enroll-state">
          {t(holds || paying ? 'grade.enroll.state' : 'grade.enroll.lastState', {
            state: orderStateName(order),
          })}
          {order.refundedFen > 0 &&
            ` · ${t('grade.enroll.refunded', { amount: formatFen(order.refundedFen) })}`}
        </p>
      )}
      {order && <QuitNote order={order} />}
      {error && (
        <Callout intent="danger" role="alert">
          {t('grade.enroll.refused', { message: error.message ?? '' })}
        </Callout>
      )}
      <OrderActionOutcome />
      {paying && <Callout intent="warning">{t('grade.enroll.payHint')}</Callout>}
      {!holds && !paying && <Refusal grade={grade} />}
      <div className="xa-grade-actions">
        {!holds && !paying && (
          <Button
            intent="primary"
            loading={enrolling}
            disabled={refusal !== null}
            text={
              grade.priceFen === 0
                ? t('grade.enroll.enrollFree')
                : t('grade.enroll.enrollPaid', {
                    price: t('format.price', { amount: formatFen(grade.priceFen) }),
                  })
            }
            onClick={() => actors.gradeEnroll.send({ type: 'ENROLL', gradeId: grade.id })}
          />
        )}
        {order && (holds || paying) && <EnrollmentActions order={order} />}
        {holds && (
          <>
            <Link to="/user/homework">{t('grade.enroll.homework')}</Link>
            <Link to="/user/grade">{t('grade.enroll.myClasses')}</Link>
          </>
        )}
      </div>
      {enrollment && holds && (enrollment.groups.length > 0 || enrollment.teacherName) && (
        <p className="xa-muted">
          {enrollment.groups.length > 0 &&
            t('grade.enroll.groups', { groups: enrollment.groups.join(t('format.listSeparator')) })}
          {enrollment.groups.length > 0 && enrollment.teacherName && ' · '}
          {enrollment.teacherName && t('grade.enroll.teacher', { name: enrollment.teacherName })}
        </p>
      )}
      {enrollment && enrollment.settledFen > 0 && (
        <p className="xa-muted">
          {t('grade.enroll.settled', { amount: formatFen(enrollment.settledFen) })}
        </p>
      )}
    </>
  );
}

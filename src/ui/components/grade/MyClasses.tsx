import { Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { holdsPlace } from '../../../machines/lifecycles/enrollment.ts';
import { orderStateName } from '../../../machines/lifecycles/orders.ts';
import { useRuntime } from '../../app/context.ts';
import { myGradeEnrollments, myGradeStatistics } from '../../app/grade-queries.ts';
import { usePageParam } from '../../app/use-page-param.ts';
import { useQuery } from '../../app/use-query.ts';
import { formatDateTime, formatFen } from '../../format.ts';
import { OrderActionOutcome } from '../OrderActionDialogs.tsx';
import { PagedTable } from '../PagedTable.tsx';
import { QueryStatus } from '../QueryStatus.tsx';
import { QuitNote } from '../QuitNote.tsx';
import { EnrollmentActions } from './EnrollmentActions.tsx';
import './grade.css';

/**
 * "My classes" (/user/grade and /user/class): the member's figures, then every class enrollment
 * with its state, fee and what was settled or refunded, the actions its lifecycle allows a
 * learner, and links to the class and, while in it, to its homework.
 */
export function MyClasses() {
  const { t, i18n } = useTranslation();
  const runtime = useRuntime();
  const [page, setPage] = usePageParam();
  const enrollments = useQuery(myGradeEnrollments(runtime, page));
  return (
    <>
      <MyStatistics />
      <OrderActionOutcome />
      <PagedTable
        state={enrollments}
        failedTitle={t('grade.mine.failed')}
        empty={{ title: t('grade.mine.empty'), description: t('grade.mine.emptyHint') }}
        headers={[
          t('grade.mine.class'),
          t('grade.mine.state'),
          t('grade.mine.fee'),
          t('grade.mine.groups'),
          t('grade.mine.enrolledAt'),
          t('grade.mine.actions'),
        ]}
        testId="my-classes"
        page={page}
        onPage={setPage}
        row={(e) => {
          const inClass = holdsPlace(e);
          return (
            <tr key={e.id} data-testid={`my-class-${e.gradeId}`}>
              <td>
                <Link to={`/grade/detail?id=${e.gradeId}`}>{e.itemName}</Link>
              </td>
              <td>
                <span data-testid="my-class-state">{orderStateName(e)}</span>
                <QuitNote order={e} />
              </td>
              <td>
                {e.amountFen === 0
                  ? t('format.free')
                  : t('format.price', { amount: formatFen(e.amountFen) })}
                {e.settledFen > 0 && (
                  <div className="xa-muted">
                    {t('grade.mine.settled', { amount: formatFen(e.settledFen) })}
                  </div>
                )}
                {e.refundedFen > 0 && (
                  <div className="xa-muted">
                    {t('orders.refunded', { amount: formatFen(e.refundedFen) })}
                  </div>
                )}
              </td>
              <td>
                {e.groups.map((g) => (
                  <Tag key={g} minimal>
                    {g}
                  </Tag>
                ))}
                {e.teacherName && (
                  <div className="xa-muted">
                    {t('grade.enroll.teacher', { name: e.teacherName })}
                  </div>
                )}
              </td>
              <td>{formatDateTime(e.createdAt, i18n.language)}</td>
              <td>
                <div className="xa-grade-actions">
                  <EnrollmentActions order={e} size="small" />
                  {inClass && <Link to="/user/homework">{t('grade.mine.homework')}</Link>}
                </div>
              </td>
            </tr>
          );
        }}
      />
    </>
  );
}

function MyStatistics() {
  const { t } = useTranslation();
  const stats = useQuery(myGradeStatistics(useRuntime()));
  return (
    <QueryStatus state={stats} failedTitle={t('grade.mine.failed')}>
      {(s) => (
        <p className="xa-muted" data-testid="my-class-statistics">
          {t('grade.mine.statistics', {
            grades: s.grades,
            paid: formatFen(s.paidFen),
            settled: formatFen(s.settledFen),
            done: s.homeworkDone,
            assigned: s.homeworkAssigned,
          })}
        </p>
      )}
    </QueryStatus>
  );
}

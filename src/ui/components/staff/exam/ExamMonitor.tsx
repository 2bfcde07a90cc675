import { Button, Dialog, DialogBody, HTMLTable, Spinner, Tag } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { examLifecycle } from '../../../../machines/lifecycles/exam.ts';
import { orderStateName, staffActions } from '../../../../machines/lifecycles/orders.ts';
import { useRuntime } from '../../../app/context.ts';
import { useLiveRefresh } from '../../../app/use-live-refresh.ts';
import { staffTag } from '../../../app/modules/staff.ts';
import {
  staffExam,
  staffExamEnrollments,
  staffExamStatistics,
  staffRankList,
  staffSignals,
  staffSittings,
  type ExamArea,
} from '../../../app/staff-queries.ts';
import { usePageParam } from '../../../app/use-page-param.ts';
import { useQuery } from '../../../app/use-query.ts';
import { formatDateTime } from '../../../format.ts';
import { PagedTable } from '../../PagedTable.tsx';
import { QueryStatus } from '../../QueryStatus.tsx';
import { BatchEnrollPanel } from '../enrollment/BatchEnrollPanel.tsx';
import { ReasonDialog, type ReasonRequest } from '../ReasonDialog.tsx';
import { StaffEditOutcome } from '../StaffEditOutcome.tsx';
import { submitStaffWrite } from '../../../../machines/staff-edit/events.ts';
import { selectAnswer } from '../../../../machines/staff-edit/selectors.ts';

const CountChart = lazy(() => import('../CountChart.tsx'));

/**
 * One exam, live (issue 7 items 6–7): figures and the score distribution per paper, every
 * sitting as it goes, enrollment in batch by mobile, quit decisions, settle and rejudge, the
 * rank list, the Excel export, and each sitting's integrity signals.
 */
export function ExamMonitor({ area, id }: { area: ExamArea; id: number }) {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const exam = useQuery(staffExam(runtime, area, id));
  useLiveRefresh((key, tags) => tags.has(staffTag) && key.includes(`:${id}`));
  return (
    <QueryStatus state={exam} failedTitle={t('exam.detail.failed')}>
      {(item) => (
        <>
          <h2>
            {item.name} <Tag minimal>{examLifecycle.states[item.state]}</Tag>{' '}
            <Tag minimal>{t(`exam.phase.${item.phase}`)}</Tag>
          </h2>
          {/* Another's exam (reached by its address): the server would refuse the rest. */}
          {item.manageable ? (
            <>
              <Controls area={area} id={id} />
              <Figures area={area} id={id} />
              <Sittings area={area} id={id} />
              <BatchEnrollPanel
                area={area}
                calls={{ mobiles: `${area}.examEnroll.batchEnrollByMobile` }}
                itemField="examId"
                itemId={id}
              />
              <Enrollments area={area} id={id} />
              <Ranks area={area} id={id} />
            </>
          ) : (
            <p className="xa-muted" data-testid="exam-read-only">
              {t('staffExam.readOnly', {
                owner: item.organizationName ?? t('staffExam.platform'),
              })}
            </p>
          )}
        </>
      )}
    </QueryStatus>
  );
}

function Controls({ area, id }: { area: ExamArea; id: number }) {
  const { t } = useTranslation();
  const { actors, commands } = useRuntime();
  const busy = useSelector(actors.staffEdit, (s) => s.matches('working'));
  const settled = useSelector(actors.staffEdit, (s) =>
    selectAnswer(s, [`${area}.examPaperEnroll.settle` as const]),
  );
  const settle = (rejudge: boolean) =>
    submitStaffWrite(actors.staffEdit, `${area}.examPaperEnroll.settle`, { examId: id, rejudge });
  return (
    <div className="xa-exam-actions">
      <Button disabled={busy} text={t('staffExam.settleAll')} onClick={() => settle(false)} />
      <Button disabled={busy} text={t('staffExam.rejudgeAll')} onClick={() => settle(true)} />
      <Button
        icon="download"
        text={t('staffExam.export')}
        onClick={() => commands.downloadExamEnrollments(area, id)}
      />
      {settled && (
        <span className="xa-muted" role="status">
          {t('staffExam.settleOutcome', settled)}
        </span>
      )}
      <StaffEditOutcome of={(w) => w.call === `${area}.examPaperEnroll.settle`} />
    </div>
  );
}

function Figures({ area, id }: { area: ExamArea; id: number }) {
  const { t } = useTranslation();
  const stats = useQuery(staffExamStatistics(useRuntime(), area, id));
  return (
    <section className="xa-section" aria-labelledby="exam-figures">
      <h3 id="exam-figures">{t('staffExam.figures')}</h3>
      <QueryStatus state={stats} failedTitle={t('staffExam.figuresFailed')}>
        {(s) => (
          <>
            <p className="xa-muted">
              {t('staffExam.enrollFigures', {
                enrolled: s.enrolled,
                awaiting: s.awaitingPayment,
                quit: s.quit,
              })}
            </p>
            {s.papers.map((p) => (
              <div key={p.examPaperId} data-testid={`paper-figures-${p.examPaperId}`}>
                <strong>{p.name}</strong>{' '}
                <span className="xa-muted">
                  {t('staffExam.paperFigures', {
                    started: p.started,
                    inProgress: p.inProgress,
                    completed: p.completed,
                    reported: p.reported,
                    average: p.averageScore ?? '—',
                    highest: p.highestScore ?? '—',
                    lowest: p.lowestScore ?? '—',
                    total: p.totalScore,
                  })}
                </span>
                <Suspense fallback={<Spinner size={20} />}>
                  <CountChart
                    bars={p.distribution.map((b) => ({
                      label: `${b.from}–${b.to}`,
                      count: b.count,
                    }))}
                    label={t('staffExam.distribution')}
                  />
                </Suspense>
              </div>
            ))}
          </>
        )}
      </QueryStatus>
    </section>
  );
}

function Sittings({ area, id }: { area: ExamArea; id: number }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = usePageParam('sittingPage');
  const sittings = useQuery(staffSittings(useRuntime(), area, id, page));
  const [signalsOf, setSignalsOf] = useState<number | null>(null);
  return (
    <section className="xa-section" aria-labelledby="exam-sittings">
      <h3 id="exam-sittings">{t('staffExam.sittings')}</h3>
      <PagedTable
        state={sittings}
        failedTitle={t('staffExam.sittingsFailed')}
        empty={{ title: t('staffExam.noSittings'), description: t('staffExam.noSittingsHint') }}
        headers={[
          t('staff.member'),
          t('exam.mine.paper'),
          t('orders.state'),
          t('staffExam.answered'),
          t('exam.mine.score'),
          t('staffExam.deadline'),
          t('staffExam.signals'),
        ]}
        testId="staff-sittings"
        page={page}
        onPage={setPage}
        row={(s) => (
          <tr key={s.id}>
            <td>{s.memberName}</td>
            <td>{s.examPaperName}</td>
            <td>{t(`exam.sittingState.${s.state}`)}</td>
            <td>
              {s.answeredCount} / {s.questionCount}
            </td>
            <td>{s.score === null ? '—' : `${s.score} / ${s.maxScore}`}</td>
            <td className="xa-muted">{formatDateTime(s.deadline, i18n.language)}</td>
            <td>
              {s.signalCount > 0 ? (
                <Button
                  size="small"
                  intent="warning"
                  variant="outlined"
                  text={String(s.signalCount)}
                  onClick={() => setSignalsOf(s.id)}
                />
              ) : (
                '0'
              )}
            </td>
          </tr>
        )}
      />
      {signalsOf !== null && (
        <Signals area={area} sittingId={signalsOf} onClose={() => setSignalsOf(null)} />
      )}
    </section>
  );
}

function Signals({
  area,
  sittingId,
  onClose,
}: {
  area: ExamArea;
  sittingId: number;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const signals = useQuery(staffSignals(useRuntime(), area, sittingId));
  return (
    <Dialog isOpen onClose={onClose} title={t('staffExam.signals')}>
      <DialogBody>
        <QueryStatus state={signals} failedTitle={t('staffExam.sittingsFailed')}>
          {(list) => (
            <HTMLTable className="xa-table" data-testid="signals">
              <tbody>
                {list.map((s) => (
                  <tr key={s.id}>
                    <td>{t(`staffExam.signal.${s.kind}`)}</td>
                    <td>{s.detail}</td>
                    <td className="xa-muted">{formatDateTime(s.at, i18n.language)}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          )}
        </QueryStatus>
      </DialogBody>
    </Dialog>
  );
}

function Enrollments({ area, id }: { area: ExamArea; id: number }) {
  const { t, i18n } = useTranslation();
  const { staffEdit } = useRuntime().actors;
  const [page, setPage] = usePageParam('enrollPage');
  const enrollments = useQuery(staffExamEnrollments(useRuntime(), area, id, page));
  const [reason, setReason] = useState<ReasonRequest | null>(null);
  const busy = useSelector(staffEdit, (s) => s.matches('working'));
  const decide = (action: 'passQuit' | 'rejectQuit' | 'finishQuit', orderId: number) => {
    if (action === 'rejectQuit') {
      setReason({
        title: t('staff.action.rejectQuit'),
        required: true,
        onConfirm: ({ reason: r }) =>
          submitStaffWrite(staffEdit, `${area}.examEnroll.rejectQuit`, { id: orderId, reason: r }),
      });
      return;
    }
    submitStaffWrite(staffEdit, `${area}.examEnroll.${action}`, { id: orderId });
  };
  return (
    <section className="xa-section" aria-labelledby="exam-enrollments">
      <h3 id="exam-enrollments">{t('staffExam.enrollments')}</h3>
      <PagedTable
        state={enrollments}
        failedTitle={t('staffExam.enrollmentsFailed')}
        empty={{
          title: t('staffExam.noEnrollments'),
          description: t('staffExam.noEnrollmentsHint'),
        }}
        headers={[
          t('staff.member'),
          t('staffExam.mobile'),
          t('orders.state'),
          t('exam.mine.enrolledAt'),
          t('orders.actions'),
        ]}
        testId="staff-enrollments"
        page={page}
        onPage={setPage}
        row={(e) => (
          <tr key={e.id}>
            <td>{e.memberName}</td>
            <td className="xa-mono">{e.mobile ?? ''}</td>
            <td>
              {orderStateName(e)}
              {e.quitReason && <div className="xa-muted">{e.quitReason}</div>}
            </td>
            <td className="xa-muted">{formatDateTime(e.createdAt, i18n.language)}</td>
            <td>
              {staffActions(e)
                .filter((a) => a === 'passQuit' || a === 'rejectQuit' || a === 'finishQuit')
                .map((action) => (
                  <Button
                    key={action}
                    size="small"
                    variant="outlined"
                    disabled={busy}
                    text={t(`staff.action.${action}`)}
                    onClick={() => decide(action, e.id)}
                  />
                ))}
              <StaffEditOutcome
                of={(w) => w.call.startsWith(`${area}.examEnroll.`) && w.body.id === e.id}
              />
            </td>
          </tr>
        )}
      />
      <ReasonDialog request={reason} onClose={() => setReason(null)} />
    </section>
  );
}

function Ranks({ area, id }: { area: ExamArea; id: number }) {
  const { t } = useTranslation();
  const ranks = useQuery(staffRankList(useRuntime(), area, id));
  return (
    <section className="xa-section" aria-labelledby="exam-ranks">
      <h3 id="exam-ranks">{t('staffExam.ranks')}</h3>
      <QueryStatus state={ranks} failedTitle={t('staffExam.figuresFailed')}>
        {(rows) => (
          <HTMLTable className="xa-table" striped data-testid="staff-ranks">
            <thead>
              <tr>
                <th>{t('exam.mine.rank')}</th>
                <th>{t('staff.member')}</th>
                <th>{t('exam.mine.score')}</th>
                <th>{t('exam.report.used')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.memberId}>
                  <td>{r.rank ?? '—'}</td>
                  <td>{r.memberName}</td>
                  <td>
                    {r.totalScore} / {r.maxScore}
                  </td>
                  <td>
                    {t('exam.report.usedValue', {
                      minutes: Math.floor(r.usedSeconds / 60),
                      seconds: r.usedSeconds % 60,
                    })}
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
      </QueryStatus>
    </section>
  );
}

import { HTMLTable } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { orderStateName } from '../../../../machines/lifecycles/orders.ts';
import { roster } from '../../../app/class-staff-queries.ts';
import { useRuntime } from '../../../app/context.ts';
import { useQuery } from '../../../app/use-query.ts';
import { formatDateTime, formatFen } from '../../../format.ts';
import { EmptyState } from '../../EmptyState.tsx';
import { QueryStatus } from '../../QueryStatus.tsx';
import { ReasonDialog, type ReasonRequest } from '../ReasonDialog.tsx';
import { StaffEditOutcome } from '../StaffEditOutcome.tsx';
import { ClassEnrollActions, useClassEnrollAct } from './enroll-actions.tsx';
import { MemberQueue } from './MemberQueue.tsx';
import { useKeyQueue } from '../use-key-queue.ts';

/** A quit application's three steps, in the order it goes through them. */
const STEPS = ['quitApplied', 'quitApproved', 'quit'] as const;

/**
 * The organization's approval queue (issue 8 item 6; docs/classes.md, "The back office's screens"):
 * class quit applications to decide, to finish and to refund, worked with the keyboard like the
 * platform's queue (↑/↓ or K/J, P, R, F, D); then learners waiting for approval (成员审核), passed or
 * rejected here.
 */
export function ClassApprovals() {
  const { t, i18n } = useTranslation();
  const runtime = useRuntime();
  const lists = [
    useQuery(roster(runtime, 'edms', { state: STEPS[0] }, 0)),
    useQuery(roster(runtime, 'edms', { state: STEPS[1] }, 0)),
    useQuery(roster(runtime, 'edms', { state: STEPS[2] }, 0)),
  ];
  const [request, setRequest] = useState<ReasonRequest | null>(null);
  const { allowed, act } = useClassEnrollAct('edms', setRequest);
  const { current, onKey, select } = useKeyQueue({ lists, paused: request !== null, allowed, act });

  return (
    <section tabIndex={0} onKeyDown={onKey} data-testid="class-approvals">
      <p className="xa-muted">{t('staff.keysHint')}</p>
      <StaffEditOutcome />
      {STEPS.map((step, index) => (
        <section key={step} className="xa-section" aria-labelledby={`class-queue-${step}`}>
          <h2 id={`class-queue-${step}`}>{t(`staffClass.queue.${step}`)}</h2>
          <QueryStatus state={lists[index]!} failedTitle={t('staffClass.rosterFailed')}>
            {(page) =>
              page.content.length === 0 ? (
                <EmptyState title={t('staff.queueEmpty')} description="" />
              ) : (
                <HTMLTable className="xa-table" striped data-testid={`class-queue-${step}`}>
                  <tbody>
                    {page.content.map((e) => (
                      <tr
                        key={e.id}
                        aria-selected={e.id === current?.id}
                        className={e.id === current?.id ? 'xa-row-selected' : undefined}
                        onClick={() => select(e)}
                      >
                        <td>
                          {e.memberName}
                          <div className="xa-muted">{e.mobile ?? ''}</div>
                        </td>
                        <td>
                          {e.itemName}
                          <div className="xa-muted">{orderStateName(e)}</div>
                        </td>
                        <td>
                          {t('format.price', { amount: formatFen(e.paidFen) })}
                          <div className="xa-muted">
                            {t('staffClass.settledFee', { amount: formatFen(e.settledFen) })}
                          </div>
                        </td>
                        <td>{e.quitReason ?? ''}</td>
                        <td className="xa-muted">{formatDateTime(e.updatedAt, i18n.language)}</td>
                        <td>
                          <ClassEnrollActions area="edms" enrollment={e} ask={setRequest} />
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
      <MemberQueue ask={setRequest} />
      <ReasonDialog request={request} onClose={() => setRequest(null)} />
    </section>
  );
}

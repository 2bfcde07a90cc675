import { Button, HTMLTable, Tag } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../../app/context.ts';
import { REVIEW_KINDS, reviewQueue, type Waiting } from '../../../app/review-queue.ts';
import { useQuery } from '../../../app/use-query.ts';
import { EmptyState } from '../../EmptyState.tsx';
import { QueryStatus } from '../../QueryStatus.tsx';
import { ReasonDialog, type ReasonRequest } from '../ReasonDialog.tsx';
import { submitStaffWrite } from '../../../../machines/staff-edit/events.ts';

const kindOf = (kind: Waiting['kind']) => REVIEW_KINDS.find((k) => k.kind === kind)!;

/**
 * The approval queue's reviews (docs/decisions/organizations-classes-and-homework.md,
 * "Approvals with a way in"): everything waiting for the platform — courses, exams, papers,
 * activities, homework and applications to open an organization, from the one list of
 * reviewable kinds (app/review-queue.ts); each passed, or rejected with a reason.
 */
export function ReviewQueue() {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const { staffEdit } = runtime.actors;
  const waiting = useQuery(reviewQueue(runtime));
  const [reason, setReason] = useState<ReasonRequest | null>(null);
  const busy = useSelector(staffEdit, (s) => s.matches('working'));
  const pass = (item: Waiting) =>
    submitStaffWrite(staffEdit, kindOf(item.kind).pass, { id: item.id });
  const reject = (item: Waiting) =>
    setReason({
      title: t('staffExam.rejectTitle', { name: item.name }),
      required: true,
      onConfirm: ({ reason: r }) =>
        submitStaffWrite(staffEdit, kindOf(item.kind).reject, { id: item.id, reason: r }),
    });
  return (
    <section className="xa-section" aria-labelledby="queue-reviews">
      <h2 id="queue-reviews">{t('staffReview.title')}</h2>
      <QueryStatus state={waiting} failedTitle={t('staffReview.failed')}>
        {(items) =>
          items.length === 0 ? (
            <EmptyState title={t('staffReview.empty')} description="" />
          ) : (
            <HTMLTable className="xa-table" striped data-testid="queue-reviews">
              <tbody>
                {items.map((item) => (
                  <tr key={`${item.kind}-${item.id}`} data-kind={item.kind}>
                    <td>
                      <Tag minimal>{t(`staffReview.kind.${item.kind}`)}</Tag> {item.name}
                    </td>
                    <td>{item.from ?? t('staffExam.platform')}</td>
                    <td>
                      <Button
                        size="small"
                        variant="outlined"
                        intent="success"
                        disabled={busy}
                        text={t('staffExam.action.pass')}
                        onClick={() => pass(item)}
                      />
                      <Button
                        size="small"
                        variant="outlined"
                        intent="danger"
                        disabled={busy}
                        text={t('staffExam.action.reject')}
                        onClick={() => reject(item)}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          )
        }
      </QueryStatus>
      <ReasonDialog request={reason} onClose={() => setReason(null)} />
    </section>
  );
}

import { Button, HTMLTable, Tag } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffWriteCall } from '../../../../machines/staff-edit/machine.ts';
import { useRuntime } from '../../../app/context.ts';
import { staffExams, staffPapers } from '../../../app/staffQueries.ts';
import { useQuery } from '../../../app/useQuery.ts';
import { EmptyState } from '../../EmptyState.tsx';
import { QueryStatus } from '../../QueryStatus.tsx';
import { ReasonDialog, type ReasonRequest } from '../ReasonDialog.tsx';

/**
 * The approval queue's reviews (DESIGN.md §6): organizations' exams and papers waiting for the
 * platform, each passed or rejected with a reason.
 */
export function ReviewQueue() {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const { staffEdit } = runtime.actors;
  const exams = useQuery(staffExams(runtime, 'bms', 'reviewing', 0));
  const papers = useQuery(staffPapers(runtime, 'bms', 0, 20, 'reviewing'));
  const [reason, setReason] = useState<ReasonRequest | null>(null);
  const busy = useSelector(staffEdit, (s) => s.matches('working'));
  const decide = (kind: 'exam' | 'examPaper', id: number, name: string, pass: boolean) => {
    if (pass) {
      staffEdit.send({ type: 'SUBMIT', call: `bms.${kind}.pass` as StaffWriteCall, body: { id } });
      return;
    }
    setReason({
      title: t('staffExam.rejectTitle', { name }),
      required: true,
      onConfirm: ({ reason: r }) =>
        staffEdit.send({
          type: 'SUBMIT',
          call: `bms.${kind}.reject` as StaffWriteCall,
          body: { id, reason: r },
        }),
    });
  };
  const rows = (
    kind: 'exam' | 'examPaper',
    items: { id: number; name: string; organizationName: string | null }[],
  ) =>
    items.map((item) => (
      <tr key={`${kind}-${item.id}`}>
        <td>
          <Tag minimal>{kind === 'exam' ? t('staffExam.exams') : t('staffExam.papers')}</Tag>{' '}
          {item.name}
        </td>
        <td>{item.organizationName ?? t('staffExam.platform')}</td>
        <td>
          <Button
            size="small"
            variant="outlined"
            intent="success"
            disabled={busy}
            text={t('staffExam.action.pass')}
            onClick={() => decide(kind, item.id, item.name, true)}
          />
          <Button
            size="small"
            variant="outlined"
            intent="danger"
            disabled={busy}
            text={t('staffExam.action.reject')}
            onClick={() => decide(kind, item.id, item.name, false)}
          />
        </td>
      </tr>
    ));
  return (
    <section className="xa-section" aria-labelledby="queue-reviews">
      <h2 id="queue-reviews">{t('staffExam.reviewQueue')}</h2>
      <QueryStatus state={exams} failedTitle={t('exam.list.failed')}>
        {(examPage) => (
          <QueryStatus state={papers} failedTitle={t('staffExam.papersFailed')}>
            {(paperPage) =>
              examPage.content.length + paperPage.content.length === 0 ? (
                <EmptyState title={t('staff.queueEmpty')} description="" />
              ) : (
                <HTMLTable className="xa-table" striped data-testid="queue-reviews">
                  <tbody>
                    {rows('exam', examPage.content)}
                    {rows('examPaper', paperPage.content)}
                  </tbody>
                </HTMLTable>
              )
            }
          </QueryStatus>
        )}
      </QueryStatus>
      <ReasonDialog request={reason} onClose={() => setReason(null)} />
    </section>
  );
}

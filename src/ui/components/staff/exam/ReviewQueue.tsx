import { Button, HTMLTable, Tag } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffWriteCall } from '../../../../machines/staff-edit/machine.ts';
import { useRuntime } from '../../../app/context.ts';
import { organizations, staffHomeworks } from '../../../app/classStaffQueries.ts';
import { staffExams, staffPapers } from '../../../app/staffQueries.ts';
import { useQuery } from '../../../app/useQuery.ts';
import { EmptyState } from '../../EmptyState.tsx';
import { QueryStatus } from '../../QueryStatus.tsx';
import { ReasonDialog, type ReasonRequest } from '../ReasonDialog.tsx';

type ReviewKind = 'exam' | 'examPaper' | 'homework' | 'organization';

const KIND_LABEL = {
  exam: 'staffExam.exams',
  examPaper: 'staffExam.papers',
  homework: 'staffHomework.homework',
  organization: 'staffPeople.organization',
} as const satisfies Record<ReviewKind, string>;

/**
 * The approval queue's reviews (DESIGN.md §6): organizations' exams, papers and homework, and
 * applications to open an organization, waiting for the platform; each passed or rejected with
 * a reason.
 */
export function ReviewQueue() {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const { staffEdit } = runtime.actors;
  const exams = useQuery(staffExams(runtime, 'bms', 'reviewing', 0));
  const papers = useQuery(staffPapers(runtime, 'bms', 0, 20, 'reviewing'));
  const homework = useQuery(staffHomeworks(runtime, 'bms', { state: 'reviewing' }, 0));
  const applications = useQuery(organizations(runtime, 'reviewing', 0));
  const [reason, setReason] = useState<ReasonRequest | null>(null);
  const busy = useSelector(staffEdit, (s) => s.matches('working'));
  const decide = (kind: ReviewKind, id: number, name: string, pass: boolean) => {
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
    kind: ReviewKind,
    items: { id: number; name: string; organizationName: string | null }[],
  ) =>
    items.map((item) => (
      <tr key={`${kind}-${item.id}`}>
        <td>
          <Tag minimal>{t(KIND_LABEL[kind])}</Tag> {item.name}
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
              examPage.content.length +
                paperPage.content.length +
                (homework.data?.content.length ?? 0) +
                (applications.data?.content.length ?? 0) ===
              0 ? (
                <EmptyState title={t('staff.queueEmpty')} description="" />
              ) : (
                <HTMLTable className="xa-table" striped data-testid="queue-reviews">
                  <tbody>
                    {rows('exam', examPage.content)}
                    {rows('examPaper', paperPage.content)}
                    {rows(
                      'homework',
                      (homework.data?.content ?? []).map((h) => ({
                        id: h.id,
                        name: t('staffHomework.titleOfClass', {
                          title: h.title,
                          grade: h.gradeName,
                        }),
                        organizationName: null,
                      })),
                    )}
                    {rows(
                      'organization',
                      (applications.data?.content ?? []).map((o) => ({
                        id: o.id,
                        name: o.name,
                        organizationName: o.applicantName,
                      })),
                    )}
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

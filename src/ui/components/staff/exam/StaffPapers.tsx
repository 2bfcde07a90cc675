import { Button, Tag } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { allowedActions } from '../../../../machines/lifecycles/lifecycle.ts';
import { examPaperLifecycle } from '../../../../machines/lifecycles/exam-paper.ts';
import { useRuntime } from '../../../app/context.ts';
import { useStaffWrite } from '../../../app/use-staff-write.ts';
import {
  staffPaper,
  staffPapers,
  type ExamArea,
  type StaffPaper,
} from '../../../app/staff-queries.ts';
import { usePageParam } from '../../../app/use-page-param.ts';
import { useQuery } from '../../../app/use-query.ts';
import { PagedTable } from '../../PagedTable.tsx';
import { QuestionSetBuilder } from '../QuestionSetBuilder.tsx';
import { ReasonDialog, type ReasonRequest } from '../ReasonDialog.tsx';
import { StaffEditOutcome } from '../StaffEditOutcome.tsx';
import { wholeOrNaN } from '../contract-rules.ts';
import { StaffForm, staffForm, type FormValues, type StaffFormRequest } from '../StaffForm.tsx';
import { CreateButton } from '../CreateButton.tsx';
import { DeleteButton } from '../RowButtons.tsx';

/**
 * Papers of the back office (issue 7 item 7): the list with review states, create and edit, the
 * builder (search the bank, add, reorder, set scores), and — platform staff — pass or reject.
 */
export function StaffPapers({ area }: { area: ExamArea }) {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const { staffEdit } = runtime.actors;
  const [page, setPage] = usePageParam();
  const papers = useQuery(staffPapers(runtime, area, page));
  const [form, setForm] = useState<StaffFormRequest | null>(null);
  const [building, setBuilding] = useState<number | null>(null);
  const [reason, setReason] = useState<ReasonRequest | null>(null);
  const busy = useSelector(staffEdit, (s) => s.matches('working'));
  const write = useStaffWrite();

  const paperForm = (paper: StaffPaper | null) =>
    staffForm({
      title: paper ? t('staffExam.editPaper') : t('staffExam.newPaper'),
      call: paper ? `${area}.examPaper.update` : `${area}.examPaper.create`,
      fields: [
        { name: 'name', label: t('staffExam.paperName'), kind: 'text' },
        { name: 'durationMinutes', label: t('staffExam.durationMinutes'), kind: 'number' },
        { name: 'description', label: t('staffExam.description'), kind: 'textarea' },
      ],
      values: {
        name: paper?.name ?? '',
        durationMinutes: String(paper?.durationMinutes ?? 60),
        description: paper?.description ?? '',
      },
      // The duration's range is the contract's (examPaperCreate, examPaperUpdate).
      rules: {
        shape: () =>
          import('../../../../contract/exam/papers.ts').then(
            (m) => (paper ? m.examPaperUpdate : m.examPaperCreate).shape,
          ),
        fields: { durationMinutes: { message: (r) => t('staffExam.minutesInvalid', r) } },
      },
      toBody: (v: FormValues) => {
        // Not a whole number (or empty): the contract's rule refuses it (`rules`).
        const minutes = wholeOrNaN(String(v.durationMinutes));
        return {
          body: {
            ...(paper ? { id: paper.id } : {}),
            name: String(v.name),
            durationMinutes: minutes,
            description: String(v.description),
          },
        };
      },
    });

  return (
    <section className="xa-section" aria-labelledby="staff-papers">
      <h2 id="staff-papers">
        {t('staffExam.papers')}{' '}
        <CreateButton
          call={`${area}.examPaper.create`}
          onClick={() => setForm(paperForm(null))}
          testId="paper-create"
        />
      </h2>
      <PagedTable
        state={papers}
        failedTitle={t('staffExam.papersFailed')}
        empty={{ title: t('staffExam.noPapers'), description: t('staffExam.noPapersHint') }}
        headers={[
          t('staffExam.paperName'),
          t('staffExam.owner'),
          t('staffExam.questions'),
          t('staffExam.review'),
          t('orders.actions'),
        ]}
        testId="staff-papers"
        page={page}
        onPage={setPage}
        row={(p) => {
          // The server's rule, told on each row (examPaperListItem.manageable).
          const mine = p.manageable;
          return (
            <tr key={p.id}>
              <td>{p.name}</td>
              <td>{p.organizationName ?? t('staffExam.platform')}</td>
              <td>
                {t('staffExam.questionLine', {
                  count: p.questionCount,
                  score: p.totalScore,
                  minutes: p.durationMinutes,
                })}
              </td>
              <td>
                <Tag
                  minimal
                  intent={
                    p.review === 'passed'
                      ? 'success'
                      : p.review === 'rejected'
                        ? 'danger'
                        : 'warning'
                  }
                >
                  {t(`staffExam.reviewState.${p.review}`)}
                </Tag>
                {p.reviewReason && <div className="xa-muted">{p.reviewReason}</div>}
              </td>
              <td>
                {!mine && (
                  <span className="xa-muted" data-testid="paper-read-only">
                    {t('staffExam.readOnly', {
                      owner: p.organizationName ?? t('staffExam.platform'),
                    })}
                  </span>
                )}
                {mine && (
                  <>
                    <Button
                      size="small"
                      variant="outlined"
                      text={t('staffExam.build')}
                      onClick={() => setBuilding(p.id)}
                    />
                    <Button
                      size="small"
                      variant="outlined"
                      text={t('staff.edit')}
                      onClick={() => setForm(paperForm({ ...p, questions: [] }))}
                    />
                  </>
                )}
                {area === 'bms' &&
                  allowedActions(examPaperLifecycle, p.review)
                    .filter((a) => a === 'pass' || a === 'reject')
                    .map((action) => (
                      <Button
                        key={action}
                        size="small"
                        variant="outlined"
                        intent={action === 'pass' ? 'success' : 'danger'}
                        disabled={busy}
                        text={t(`staffExam.action.${action}`)}
                        onClick={() =>
                          action === 'pass'
                            ? write('bms.examPaper.pass', { id: p.id })
                            : setReason({
                                title: t('staffExam.rejectTitle', { name: p.name }),
                                required: true,
                                onConfirm: ({ reason: r }) =>
                                  write('bms.examPaper.reject', { id: p.id, reason: r }),
                              })
                        }
                      />
                    ))}
                {mine && (
                  <DeleteButton
                    call={`${area}.examPaper.delete`}
                    busy={busy}
                    onClick={() => write(`${area}.examPaper.delete`, { id: p.id })}
                  />
                )}
                <StaffEditOutcome
                  of={(w) =>
                    w.body.id === p.id &&
                    w.call.includes('.examPaper.') &&
                    w.call !== `${area}.examPaper.update`
                  }
                />
              </td>
            </tr>
          );
        }}
      />
      <StaffForm request={form} onClose={() => setForm(null)} />
      <ReasonDialog request={reason} onClose={() => setReason(null)} />
      {building !== null && (
        <PaperBuilder area={area} id={building} onClose={() => setBuilding(null)} />
      )}
    </section>
  );
}

/** The paper's question set, built from the bank. */
function PaperBuilder({ area, id, onClose }: { area: ExamArea; id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const paper = useQuery(staffPaper(useRuntime(), area, id));
  return (
    <QuestionSetBuilder
      area={area}
      id={id}
      title={t('staffExam.builderTitle')}
      set={paper}
      saveCall={`${area}.examPaper.updateQuestions`}
      onClose={onClose}
    />
  );
}

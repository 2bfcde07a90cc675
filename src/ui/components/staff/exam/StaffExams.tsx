import { Button, Tag } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ExamItem } from '../../../../contract/exam/exams.ts';
import { examLifecycle } from '../../../../machines/lifecycles/exam.ts';
import { isFinalState } from '../../../../machines/lifecycles/lifecycle.ts';
import { useRuntime } from '../../../app/context.ts';
import { useStaffWrite } from '../../../app/use-staff-write.ts';
import { staffExams, staffPapers, type ExamArea } from '../../../app/staff-queries.ts';
import { usePageParam } from '../../../app/use-page-param.ts';
import { useQuery, stillLoading } from '../../../app/use-query.ts';
import {
  formatDateTime,
  formatFen,
  fromShanghaiInput,
  fenOfYuan,
  toShanghaiInput,
} from '../../../format.ts';
import { PagedTable } from '../../PagedTable.tsx';
import { DeleteButton, EditButton } from '../RowButtons.tsx';
import { ReasonDialog, type ReasonRequest } from '../ReasonDialog.tsx';
import { LifecycleButtons, REVIEWED_AREA_ACTIONS, lifecycleCall } from '../LifecycleButtons.tsx';
import { Permitted } from '../Permitted.tsx';
import { LifecycleStateSelect } from '../LifecycleStateSelect.tsx';
import {
  StaffForm,
  chosenOf,
  listOf,
  staffForm,
  type FormValues,
  type StaffFormRequest,
} from '../StaffForm.tsx';
import { CreateButton } from '../CreateButton.tsx';
import { inYuan } from '../contract-rules.ts';
import { StaffEditOutcome } from '../StaffEditOutcome.tsx';

const DAY = 24 * 60 * 60 * 1000;
/** The choices of an exam's selects, as the contract's examSchedule, examVisibility, examResults. */
const SCHEDULES = ['fixed', 'flexible'] as const;
const VISIBILITIES = ['public', 'organization'] as const;
const RESULTS = ['auto', 'manual'] as const;

/**
 * Exams of the back office (issue 7 item 7): the list by state, create and schedule, the
 * lifecycle's actions for the row's state, publish results, settle again (with a rejudge), and
 * the live monitor.
 */
export function StaffExams({ area, base }: { area: ExamArea; base: '/admin' | '/manage' }) {
  const { t, i18n } = useTranslation();
  const runtime = useRuntime();
  const { staffEdit } = runtime.actors;
  const [state, setState] = useState('');
  const [page, setPage] = usePageParam();
  const exams = useQuery(staffExams(runtime, area, state || undefined, page));
  const papers = useQuery(staffPapers(runtime, area, 0, 100));
  const [form, setForm] = useState<StaffFormRequest | null>(null);
  const [reason, setReason] = useState<ReasonRequest | null>(null);
  const busy = useSelector(staffEdit, (s) => s.matches('working'));
  const write = useStaffWrite();
  const at = (iso: string) => formatDateTime(iso, i18n.language);

  const examForm = (exam: ExamItem | null) => {
    const now = Date.now();
    const paperOptions = (papers.data?.content ?? []).map((p) => ({
      value: String(p.id),
      label: `${p.name}（${t(`staffExam.reviewState.${p.review}`)}）`,
    }));
    return staffForm({
      title: exam ? t('staffExam.editExam') : t('staffExam.newExam'),
      call: exam ? `${area}.exam.update` : `${area}.exam.create`,
      fields: [
        { name: 'name', label: t('staffExam.examName'), kind: 'text' },
        { name: 'description', label: t('staffExam.description'), kind: 'textarea' },
        { name: 'notes', label: t('staffExam.notes'), kind: 'textarea' },
        { name: 'enrollStartAt', label: t('staffExam.enrollStartAt'), kind: 'datetime' },
        { name: 'enrollEndAt', label: t('staffExam.enrollEndAt'), kind: 'datetime' },
        { name: 'startAt', label: t('staffExam.startAt'), kind: 'datetime' },
        { name: 'endAt', label: t('staffExam.endAt'), kind: 'datetime' },
        {
          name: 'schedule',
          label: t('staffExam.schedule'),
          kind: 'select',
          options: [
            { value: 'fixed', label: t('staffExam.scheduleFixed') },
            { value: 'flexible', label: t('staffExam.scheduleFlexible') },
          ],
        },
        { name: 'durationMinutes', label: t('staffExam.durationOptional'), kind: 'number' },
        { name: 'price', label: t('staffExam.price'), kind: 'yuan' },
        {
          name: 'visibility',
          label: t('staffExam.visibility'),
          kind: 'select',
          options: (area === 'bms' ? VISIBILITIES.slice(0, 1) : VISIBILITIES).map((v) => ({
            value: v,
            label: t(`staffExam.visibilityOf.${v}`),
          })),
        },
        {
          name: 'results',
          label: t('staffExam.results'),
          kind: 'select',
          options: RESULTS.map((v) => ({
            value: v,
            label: t(`staffExam.resultsOf.${v}`),
          })),
        },
        ...(exam
          ? []
          : [
              {
                name: 'papers',
                label: t('staffExam.papers'),
                kind: 'multi' as const,
                options: paperOptions,
              },
            ]),
      ],
      values: {
        name: exam?.name ?? '',
        description: exam?.description ?? '',
        notes: '',
        enrollStartAt: toShanghaiInput(exam?.enrollStartAt ?? new Date(now).toISOString()),
        enrollEndAt: toShanghaiInput(exam?.enrollEndAt ?? new Date(now + 7 * DAY).toISOString()),
        startAt: toShanghaiInput(exam?.startAt ?? new Date(now + 7 * DAY).toISOString()),
        endAt: toShanghaiInput(exam?.endAt ?? new Date(now + 7 * DAY + 2 * 3600_000).toISOString()),
        schedule: exam?.schedule ?? 'fixed',
        durationMinutes: exam?.durationMinutes ? String(exam.durationMinutes) : '',
        price: formatFen(exam?.priceFen ?? 0),
        visibility: exam?.visibility ?? 'public',
        results: exam?.results ?? 'auto',
        papers: [],
      },
      // The price's and the duration's ranges are the contract's (examFields).
      rules: {
        shape: () =>
          import('../../../../contract/exam/exams.ts').then(
            (m) => (exam ? m.examUpdate : m.examCreate).shape,
          ),
        fields: {
          priceFen: { field: 'price', message: (r) => t('staffExam.priceInvalid', inYuan(r)) },
          durationMinutes: { message: (r) => t('staffExam.minutesInvalid', r) },
        },
      },
      toBody: (v: FormValues) => {
        const times = { enrollStartAt: '', enrollEndAt: '', startAt: '', endAt: '' };
        for (const name of ['enrollStartAt', 'enrollEndAt', 'startAt', 'endAt'] as const) {
          const iso = fromShanghaiInput(String(v[name]));
          if (!iso) return { field: name, message: t('staffExam.timeInvalid') };
          times[name] = iso;
        }
        // What is not an amount, or not a whole number, the contract's rules refuse (`rules`).
        const priceFen = fenOfYuan(String(v.price)) ?? Number.NaN;
        const minutesText = String(v.durationMinutes).trim();
        const minutes = minutesText === '' ? null : Number(minutesText);
        const fields = {
          name: String(v.name),
          description: String(v.description),
          ...times,
          schedule: chosenOf(v.schedule, SCHEDULES),
          durationMinutes: minutes,
          priceFen,
          visibility: chosenOf(v.visibility, VISIBILITIES),
          results: chosenOf(v.results, RESULTS),
        };
        const notes = String(v.notes);
        return exam
          ? { body: { id: exam.id, ...fields, ...(notes.trim() !== '' ? { notes } : {}) } }
          : { body: { ...fields, notes, examPaperIds: listOf(v.papers).map(Number) } };
      },
    });
  };

  const act = (exam: ExamItem, action: (typeof REVIEWED_AREA_ACTIONS)[ExamArea][number]) => {
    if (action === 'reject') {
      setReason({
        title: t('staffExam.rejectTitle', { name: exam.name }),
        required: true,
        onConfirm: ({ reason: r }) => write('bms.exam.reject', { id: exam.id, reason: r }),
      });
      return;
    }
    // Review (pass) is offered on the platform's screen only (REVIEWED_AREA_ACTIONS).
    write(lifecycleCall(area, 'exam', action), { id: exam.id });
  };

  /**
   * What the caller may do to a row they manage: the server's `manageable` (its own rule) with
   * the lifecycle's actions for the row's state; a finished exam is no longer edited.
   */
  const rowActions = (exam: ExamItem) => (
    <>
      {!isFinalState(examLifecycle, exam.state) && (
        <EditButton
          call={`${area}.exam.update`}
          onClick={() => setForm(examForm(exam))}
          testId="exam-edit"
        />
      )}
      <LifecycleButtons
        lifecycle={examLifecycle}
        state={exam.state}
        offered={REVIEWED_AREA_ACTIONS[area]}
        label={(action) => t(`staffExam.action.${action}`)}
        onAct={(action) => act(exam, action)}
        callOf={(action) => lifecycleCall(area, 'exam', action)}
        busy={busy}
        testIdPrefix="exam"
      />
      {exam.results === 'manual' && !exam.resultsPublishedAt && (
        <Permitted call={`${area}.exam.publishResults`}>
          <Button
            size="small"
            variant="outlined"
            disabled={busy}
            text={t('staffExam.publishResults')}
            onClick={() => write(`${area}.exam.publishResults`, { id: exam.id })}
          />
        </Permitted>
      )}
      <DeleteButton
        call={`${area}.exam.delete`}
        busy={busy}
        onClick={() => write(`${area}.exam.delete`, { id: exam.id })}
        testId="exam-delete"
      />
    </>
  );

  return (
    <section className="xa-section" aria-labelledby="staff-exams">
      <h2 id="staff-exams">
        {t('staffExam.exams')}{' '}
        <CreateButton
          call={`${area}.exam.create`}
          onClick={() => setForm(examForm(null))}
          loading={stillLoading(papers)}
          testId="exam-create"
        />{' '}
        <LifecycleStateSelect lifecycle={examLifecycle} value={state} onChange={setState} />
      </h2>
      <PagedTable
        state={exams}
        failedTitle={t('exam.list.failed')}
        empty={{ title: t('exam.list.empty'), description: t('staffExam.noExamsHint') }}
        headers={[
          t('staffExam.examName'),
          t('orders.state'),
          t('staffExam.when'),
          t('staffExam.price'),
          t('staffExam.enrolled'),
          t('orders.actions'),
        ]}
        testId="staff-exams"
        page={page}
        onPage={setPage}
        row={(exam) => (
          <tr key={exam.id}>
            <td>
              {exam.manageable ? (
                <Link to={`${base}/exams/monitor?id=${exam.id}`}>{exam.name}</Link>
              ) : (
                exam.name
              )}
              {exam.organizationName && <div className="xa-muted">{exam.organizationName}</div>}
            </td>
            <td>
              <Tag minimal intent={exam.state === 'published' ? 'success' : 'none'}>
                {examLifecycle.states[exam.state]}
              </Tag>
              {exam.reviewReason && <div className="xa-muted">{exam.reviewReason}</div>}
            </td>
            <td className="xa-muted">
              {at(exam.startAt)} — {at(exam.endAt)}
            </td>
            <td>
              {exam.priceFen === 0
                ? t('exam.list.free')
                : t('format.price', { amount: formatFen(exam.priceFen) })}
            </td>
            <td>{exam.enrolledCount}</td>
            <td>
              {exam.manageable ? (
                rowActions(exam)
              ) : (
                <span className="xa-muted" data-testid="exam-read-only">
                  {t('staffExam.readOnly', {
                    owner: exam.organizationName ?? t('staffExam.platform'),
                  })}
                </span>
              )}
              {/* A refusal of this row's buttons shows here, by the button pressed. */}
              <StaffEditOutcome
                of={(w) =>
                  w.body.id === exam.id &&
                  w.call.startsWith(`${area}.exam.`) &&
                  w.call !== `${area}.exam.update`
                }
              />
            </td>
          </tr>
        )}
      />
      <StaffForm request={form} onClose={() => setForm(null)} />
      <ReasonDialog request={reason} onClose={() => setReason(null)} />
    </section>
  );
}

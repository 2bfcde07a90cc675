import { Tag } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { GradeItem } from '../../../../contract/grade/grades.ts';
import { gradeLifecycle } from '../../../../machines/lifecycles/grade.ts';
import { staffGrades, teachers, type StaffArea } from '../../../app/class-staff-queries.ts';
import { useRuntime } from '../../../app/context.ts';
import { useStaffWrite } from '../../../app/use-staff-write.ts';
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
import { inYuan, wholeOrNull } from '../contract-rules.ts';
import { StaffEditOutcome } from '../StaffEditOutcome.tsx';
import { LifecycleButtons } from '../LifecycleButtons.tsx';
import { LifecycleStateSelect } from '../LifecycleStateSelect.tsx';
import {
  StaffForm,
  listOf,
  staffForm,
  type FormValues,
  type StaffFormRequest,
} from '../StaffForm.tsx';
import { CreateButton } from '../CreateButton.tsx';

const DAY = 24 * 60 * 60 * 1000;
const GRADE_ACTIONS = ['publish', 'unpublish', 'stop'] as const;

/**
 * The classes a back office manages (issue 8 item 6): the list by state, create and edit the
 * schedule, the lifecycle's actions for the row's state, and each class's desk.
 */
export function StaffClasses({ area, base }: { area: StaffArea; base: '/admin' | '/manage' }) {
  const { t, i18n } = useTranslation();
  const runtime = useRuntime();
  const { staffEdit } = runtime.actors;
  const [state, setState] = useState('');
  const [page, setPage] = usePageParam();
  const grades = useQuery(staffGrades(runtime, area, state, page));
  const staff = useQuery(teachers(runtime, 0, 100));
  const [form, setForm] = useState<StaffFormRequest | null>(null);
  const busy = useSelector(staffEdit, (s) => s.matches('working'));
  const write = useStaffWrite();
  const at = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language) : '—');

  const classForm = (grade: GradeItem | null) => {
    const now = Date.now();
    const teacherOptions =
      area === 'edms'
        ? (staff.data?.content ?? []).map((p) => ({ value: String(p.id), label: p.nickname }))
        : [];
    const input = (iso: string | null | undefined) => (iso ? toShanghaiInput(iso) : '');
    return staffForm({
      title: grade ? t('staffClass.editClass') : t('staffClass.newClass'),
      call: grade ? `${area}.grade.update` : `${area}.grade.create`,
      fields: [
        { name: 'name', label: t('staffClass.name'), kind: 'text' },
        { name: 'description', label: t('staffClass.description'), kind: 'textarea' },
        { name: 'schedule', label: t('staffClass.schedule'), kind: 'text' },
        { name: 'startTime', label: t('staffClass.startTime'), kind: 'datetime' },
        { name: 'endTime', label: t('staffClass.endTime'), kind: 'datetime' },
        { name: 'enrollStartAt', label: t('staffClass.enrollStartAt'), kind: 'datetime' },
        { name: 'enrollEndAt', label: t('staffClass.enrollEndAt'), kind: 'datetime' },
        { name: 'lessons', label: t('staffClass.lessons'), kind: 'number' },
        { name: 'capacity', label: t('staffClass.capacity'), kind: 'number' },
        { name: 'priceFen', label: t('staffClass.price'), kind: 'yuan' },
        { name: 'isPublic', label: t('staffClass.isPublic'), kind: 'checkbox' },
        { name: 'notes', label: t('staffClass.notes'), kind: 'textarea' },
        ...(teacherOptions.length
          ? [
              {
                name: 'teacherMemberIds',
                label: t('staffClass.teachers'),
                kind: 'multi' as const,
                options: teacherOptions,
              },
            ]
          : []),
      ],
      values: {
        name: grade?.name ?? '',
        description: grade?.description ?? '',
        schedule: grade?.schedule ?? '',
        startTime: input(grade?.startTime ?? new Date(now + 7 * DAY).toISOString()),
        endTime: input(grade?.endTime ?? new Date(now + 97 * DAY).toISOString()),
        enrollStartAt: input(grade ? grade.enrollStartAt : new Date(now).toISOString()),
        enrollEndAt: input(grade ? grade.enrollEndAt : new Date(now + 7 * DAY).toISOString()),
        lessons: String(grade?.lessons ?? 0),
        capacity: grade?.capacity ? String(grade.capacity) : '',
        priceFen: formatFen(grade?.priceFen ?? 0),
        isPublic: grade?.isPublic ?? false,
        notes: grade?.notes ?? '',
        teacherMemberIds: (grade?.teachers ?? []).map((p) => String(p.id)),
      },
      // The price's, the lessons' and the capacity's ranges are the contract's (gradeFields).
      rules: {
        shape: () =>
          import('../../../../contract/grade/grades.ts').then(
            (m) => (grade ? m.gradeUpdate : m.gradeCreate).shape,
          ),
        fields: {
          priceFen: { message: (r) => t('staffExam.priceInvalid', inYuan(r)) },
          lessons: { message: (r) => t('staffClass.wholeInvalid', r) },
          capacity: { message: (r) => t('staffClass.wholeInvalid', r) },
        },
      },
      toBody: (v: FormValues) => {
        const times: {
          startTime: string;
          endTime: string;
          enrollStartAt: string | null;
          enrollEndAt: string | null;
        } = { startTime: '', endTime: '', enrollStartAt: null, enrollEndAt: null };
        for (const name of ['startTime', 'endTime', 'enrollStartAt', 'enrollEndAt'] as const) {
          const text = String(v[name]).trim();
          if ((name === 'enrollStartAt' || name === 'enrollEndAt') && text === '') {
            times[name] = null;
            continue;
          }
          const iso = fromShanghaiInput(text);
          if (!iso) return { field: name, message: t('staffExam.timeInvalid') };
          times[name] = iso;
        }
        // What is not an amount, or not a whole number, the contract's rules refuse (`rules`).
        const priceFen = fenOfYuan(String(v.priceFen)) ?? Number.NaN;
        const lessons = wholeOrNull(String(v.lessons));
        const capacity = wholeOrNull(String(v.capacity));
        return {
          body: {
            ...(grade ? { id: grade.id } : {}),
            name: String(v.name),
            description: String(v.description),
            schedule: String(v.schedule),
            ...times,
            lessons: lessons ?? 0,
            capacity,
            priceFen,
            isPublic: v.isPublic === true,
            notes: String(v.notes),
            ...(teacherOptions.length
              ? { teacherMemberIds: listOf(v.teacherMemberIds).map(Number) }
              : {}),
          },
        };
      },
    });
  };

  return (
    <section className="xa-section" aria-labelledby="staff-classes">
      <h2 id="staff-classes">
        {t('staffClass.classes')}{' '}
        <CreateButton
          call={`${area}.grade.create`}
          onClick={() => setForm(classForm(null))}
          loading={stillLoading(staff)}
          testId="class-create"
        />{' '}
        <LifecycleStateSelect lifecycle={gradeLifecycle} value={state} onChange={setState} />
      </h2>
      <StaffEditOutcome />
      <PagedTable
        state={grades}
        failedTitle={t('staffClass.classesFailed')}
        empty={{ title: t('staffClass.noClasses'), description: t('staffClass.noClassesHint') }}
        headers={[
          t('staffClass.name'),
          t('orders.state'),
          t('staffClass.when'),
          t('staffClass.price'),
          t('staffClass.members'),
          t('orders.actions'),
        ]}
        testId="staff-classes"
        page={page}
        onPage={setPage}
        row={(grade) => (
          <tr key={grade.id}>
            <td>
              <Link to={`${base}/classes/desk?id=${grade.id}`}>{grade.name}</Link>
              <div className="xa-muted">
                {grade.organizationName}
                {grade.teachers.length > 0 &&
                  ` · ${grade.teachers.map((p) => p.nickname).join('、')}`}
              </div>
            </td>
            <td>
              <Tag minimal intent={grade.state === 'published' ? 'success' : 'none'}>
                {gradeLifecycle.states[grade.state]}
              </Tag>{' '}
              <Tag minimal>{t(`gradeStatus.${grade.status}`)}</Tag>
            </td>
            <td className="xa-muted">
              {at(grade.startTime)} — {at(grade.endTime)}
              {grade.schedule && <div>{grade.schedule}</div>}
            </td>
            <td>
              {grade.priceFen === 0
                ? t('exam.list.free')
                : t('format.price', { amount: formatFen(grade.priceFen) })}
            </td>
            <td>
              {grade.capacity
                ? t('staffClass.seats', { count: grade.memberCount, capacity: grade.capacity })
                : grade.memberCount}
            </td>
            <td>
              <EditButton call={`${area}.grade.update`} onClick={() => setForm(classForm(grade))} />
              <LifecycleButtons
                lifecycle={gradeLifecycle}
                state={grade.state}
                offered={GRADE_ACTIONS}
                label={(action) => t(`staffClass.action.${action}`)}
                onAct={(action) => write(`${area}.grade.${action}`, { id: grade.id })}
                callOf={(action) => `${area}.grade.${action}`}
                busy={busy}
                testIdPrefix="class"
              />
              <DeleteButton
                call={`${area}.grade.delete`}
                busy={busy}
                onClick={() => write(`${area}.grade.delete`, { id: grade.id })}
              />
            </td>
          </tr>
        )}
      />
      <StaffForm request={form} onClose={() => setForm(null)} />
    </section>
  );
}

import { Button, Tag } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { course as courseApi } from '../../../../contract/course/refs.ts';
import { courseLifecycle } from '../../../../machines/lifecycles/course.ts';
import type { StaffArea } from '../../../app/class-staff-queries.ts';
import { useRuntime } from '../../../app/context.ts';
import { useStaffWrite } from '../../../app/use-staff-write.ts';
import { dictItems } from '../../../app/course-queries.ts';
import { staffCourses, type StaffCourse } from '../../../app/course-staff-queries.ts';
import { usePageParam } from '../../../app/use-page-param.ts';
import { useQuery, stillLoading } from '../../../app/use-query.ts';
import { PagedTable } from '../../PagedTable.tsx';
import { CreateButton } from '../CreateButton.tsx';
import { DeleteButton } from '../RowButtons.tsx';
import { fileField } from '../file-field.tsx';
import { LifecycleButtons } from '../LifecycleButtons.tsx';
import { LifecycleStateSelect } from '../LifecycleStateSelect.tsx';
import { ReasonDialog, type ReasonRequest } from '../ReasonDialog.tsx';
import { StaffEditOutcome } from '../StaffEditOutcome.tsx';
import {
  StaffForm,
  listOf,
  staffForm,
  type FormValues,
  type StaffFormRequest,
} from '../StaffForm.tsx';
import { UnitsEditor } from './UnitsEditor.tsx';

const REVIEW_ACTIONS = ['pass', 'reject'] as const;

/** '' → null; otherwise a whole number in [min, max], or undefined when it is not one. */
const optionalWhole = (text: string, min: number, max: number): number | null | undefined => {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const n = Number(trimmed);
  return /^\d+$/.test(trimmed) && n >= min && n <= max ? n : undefined;
};

/**
 * The courses a back office writes (issue 9 item 6): the list by review state; create and edit
 * a course (tags and level from the dictionaries, the GESP level of a camp course, published or
 * not); arrange its units; preview it as a learner; platform staff pass or reject an
 * organization's course.
 */
export function StaffCourses({ area }: { area: StaffArea }) {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const { staffEdit } = runtime.actors;
  const [review, setReview] = useState('');
  const [page, setPage] = usePageParam();
  const courses = useQuery(staffCourses(runtime, area, review, page));
  const tags = useQuery(dictItems(runtime, 'courseTag'));
  const levels = useQuery(dictItems(runtime, 'courseLevel'));
  const [form, setForm] = useState<StaffFormRequest | null>(null);
  const [reason, setReason] = useState<ReasonRequest | null>(null);
  const [units, setUnits] = useState<StaffCourse | null>(null);
  const busy = useSelector(staffEdit, (s) => s.matches('working'));
  const write = useStaffWrite();

  /** Editing starts from the stored course, notes included (the list leaves them out). */
  const edit = async (id: number) => {
    const course = await runtime.transport.call(courseApi[`${area}.course.queryById`], {
      query: { id },
    });
    setForm(courseForm(course));
  };

  const courseForm = (course: (StaffCourse & { notes: string }) | null) =>
    staffForm({
      title: course ? t('staffCourse.edit', { title: course.title }) : t('staffCourse.create'),
      call: course ? `${area}.course.update` : `${area}.course.create`,
      fields: [
        { name: 'title', label: t('staffCourse.title'), kind: 'text' },
        { name: 'summary', label: t('staffCourse.summary'), kind: 'textarea' },
        { name: 'notes', label: t('staffCourse.notes'), kind: 'textarea' },
        fileField({
          name: 'cover',
          label: t('staffCourse.cover'),
          purpose: 'articleImage',
          accept: 'image/png,image/jpeg,image/gif,image/webp',
          empty: t('staffCourse.noCover'),
          upload: t('staffCourse.uploadCover'),
          remove: t('staffCourse.removeCover'),
        }),
        {
          name: 'tags',
          label: t('staffCourse.tags'),
          kind: 'multi',
          options: (tags.data ?? []).map((i) => ({ value: i.value, label: i.label })),
        },
        {
          name: 'level',
          label: t('staffCourse.level'),
          kind: 'select',
          options: [
            { value: '', label: t('staffCourse.noLevel') },
            ...(levels.data ?? []).map((i) => ({ value: i.value, label: i.label })),
          ],
        },
        { name: 'campLevel', label: t('staffCourse.campLevel'), kind: 'number' },
        { name: 'sort', label: t('staffCourse.sort'), kind: 'number' },
        { name: 'published', label: t('staffCourse.published'), kind: 'checkbox' },
      ],
      values: {
        title: course?.title ?? '',
        summary: course?.summary ?? '',
        notes: course?.notes ?? '',
        cover: course?.cover ?? '',
        tags: course?.tags ?? [],
        level: course?.level ?? '',
        campLevel: course?.campLevel ? String(course.campLevel) : '',
        sort: String(course?.sort ?? 0),
        published: course?.published ?? false,
      },
      toBody: (v: FormValues) => {
        const campLevel = optionalWhole(String(v.campLevel), 1, 8);
        if (campLevel === undefined) {
          return { field: 'campLevel', message: t('staffCourse.campLevelInvalid') };
        }
        const sort = optionalWhole(String(v.sort), 0, 1_000_000);
        if (sort === undefined) return { field: 'sort', message: t('staffCourse.sortInvalid') };
        return {
          body: {
            ...(course ? { id: course.id } : {}),
            title: String(v.title),
            summary: String(v.summary),
            notes: String(v.notes),
            cover: String(v.cover) || null,
            tags: listOf(v.tags),
            level: String(v.level) || null,
            campLevel,
            sort: sort ?? 0,
            published: v.published === true,
          },
        };
      },
    });

  const act = (course: StaffCourse, action: (typeof REVIEW_ACTIONS)[number]) => {
    if (action === 'reject') {
      setReason({
        title: t('staffCourse.rejectTitle', { title: course.title }),
        required: true,
        onConfirm: ({ reason: r }) => write('bms.course.reject', { id: course.id, reason: r }),
      });
    } else {
      write('bms.course.pass', { id: course.id });
    }
  };

  return (
    <section className="xa-section" aria-labelledby="staff-courses">
      <h2 id="staff-courses">
        {t('staffCourse.courses')}{' '}
        <CreateButton
          call={`${area}.course.create`}
          onClick={() => setForm(courseForm(null))}
          loading={stillLoading(tags, levels)}
          testId="course-create"
        />{' '}
        <LifecycleStateSelect lifecycle={courseLifecycle} value={review} onChange={setReview} />
      </h2>
      <PagedTable
        state={courses}
        failedTitle={t('staffCourse.failed')}
        empty={{ title: t('staffCourse.empty'), description: t('staffCourse.emptyHint') }}
        headers={[
          t('staffCourse.title'),
          t('staffCourse.review'),
          t('staffCourse.unitsColumn'),
          t('staffCourse.tags'),
          t('orders.actions'),
        ]}
        testId="staff-courses"
        page={page}
        onPage={setPage}
        row={(course) => {
          // The server's own rule (`manageable`): an organization's course passed for everyone
          // is listed to other organizations' staff, theirs to read only.
          const writable = course.manageable;
          return (
            <tr key={course.id} data-testid="staff-course">
              <td>
                {course.title}
                <div className="xa-muted">
                  {course.organizationName ?? t('staffCourse.platform')}
                  {course.campLevel !== null &&
                    ` · ${t('course.campLevel', { level: course.campLevel })}`}
                </div>
              </td>
              <td>
                <Tag minimal intent={course.review === 'passed' ? 'success' : 'none'}>
                  {courseLifecycle.states[course.review]}
                </Tag>{' '}
                <Tag minimal>
                  {course.published ? t('staffCourse.isPublished') : t('staffCourse.notPublished')}
                </Tag>
                {course.reviewReason && (
                  <div className="xa-muted">
                    {t('staffCourse.reason', { reason: course.reviewReason })}
                  </div>
                )}
              </td>
              <td>
                {t('course.unitsAndQuestions', {
                  units: course.unitCount,
                  questions: course.questionCount,
                })}
              </td>
              <td>{course.tags.join('、')}</td>
              <td>
                {writable ? (
                  <>
                    <Button
                      size="small"
                      variant="outlined"
                      text={t('staff.edit')}
                      onClick={() => void edit(course.id)}
                    />
                    <Button
                      size="small"
                      variant="outlined"
                      text={t('staffCourse.arrangeUnits')}
                      onClick={() => setUnits(course)}
                      data-testid="course-units-edit"
                    />
                  </>
                ) : (
                  <span className="xa-muted" data-testid="course-read-only">
                    {t('staffCourse.courseReadOnly', {
                      owner: course.organizationName ?? t('staffCourse.platform'),
                    })}
                  </span>
                )}
                <Link
                  className="bp6-button bp6-small bp6-minimal"
                  to={`/course/detail?id=${course.id}`}
                  target="_blank"
                  rel="noopener"
                >
                  {t('staffCourse.preview')}
                </Link>
                {area === 'bms' && course.organizationId !== null && (
                  <LifecycleButtons
                    lifecycle={courseLifecycle}
                    state={course.review}
                    offered={REVIEW_ACTIONS}
                    label={(action) => t(`staffCourse.action.${action}`)}
                    onAct={(action) => act(course, action)}
                    callOf={(action) => `bms.course.${action}`}
                    busy={busy}
                    testIdPrefix="course"
                  />
                )}
                {writable && (
                  <DeleteButton
                    call={`${area}.course.delete`}
                    busy={busy}
                    onClick={() => write(`${area}.course.delete`, { id: course.id })}
                  />
                )}
                {/* A refusal of this row's buttons shows here, by the button pressed. */}
                <StaffEditOutcome
                  of={(w) =>
                    w.body.id === course.id &&
                    (w.call === `${area}.course.delete` ||
                      w.call === 'bms.course.pass' ||
                      w.call === 'bms.course.reject')
                  }
                />
              </td>
            </tr>
          );
        }}
      />
      <StaffForm request={form} onClose={() => setForm(null)} />
      <ReasonDialog request={reason} onClose={() => setReason(null)} />
      {units && <UnitsEditor area={area} course={units} onClose={() => setUnits(null)} />}
    </section>
  );
}

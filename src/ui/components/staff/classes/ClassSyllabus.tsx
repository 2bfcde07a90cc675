import { Button, HTMLTable } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  chapterChoices,
  courseChoices,
  gradeCourse,
  staffGradeChapters,
  type StaffArea,
} from '../../../app/class-staff-queries.ts';
import { useRuntime } from '../../../app/context.ts';
import { stillLoading, useQuery } from '../../../app/use-query.ts';
import { EmptyState } from '../../EmptyState.tsx';
import { QueryStatus } from '../../QueryStatus.tsx';
import {
  StaffForm,
  listOf,
  staffForm,
  type FormValues,
  type StaffFormRequest,
} from '../StaffForm.tsx';

/**
 * The chapters a class follows (its syllabus): a course's units when the class follows a course
 * (binding one fills the syllabus, issue 9), or the platform's and the organization's chapters
 * chosen in the chapter list's order; learners see them on the class page with their progress.
 */
export function ClassSyllabus({ area, gradeId }: { area: StaffArea; gradeId: number }) {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const chapters = useQuery(staffGradeChapters(runtime, area, gradeId));
  const choices = useQuery(chapterChoices(runtime, area));
  const followed = useQuery(gradeCourse(runtime, area, gradeId));
  const courses = useQuery(courseChoices(runtime, area));
  const [form, setForm] = useState<StaffFormRequest | null>(null);
  const follow = () =>
    staffForm({
      title: t('staffClass.followCourse'),
      call: `${area}.grade.updateChapters`,
      fields: [
        {
          name: 'courseId',
          label: t('staffClass.course'),
          kind: 'select',
          options: [
            { value: '', label: t('staffClass.noCourse') },
            ...(courses.data?.content ?? []).map((c) => ({
              value: String(c.id),
              label: t('staffClass.courseOption', { title: c.title, count: c.unitCount }),
            })),
          ],
        },
      ],
      values: { courseId: followed.data ? String(followed.data.id) : '' },
      toBody: (v: FormValues) => ({
        body: { id: gradeId, courseId: v.courseId ? Number(v.courseId) : null },
      }),
    });
  const edit = () => {
    const options = (choices.data?.content ?? []).map((c) => ({
      value: String(c.id),
      label: t('staffClass.chapterOption', { title: c.title, count: c.questionCount }),
    }));
    return staffForm({
      title: t('staffClass.editSyllabus'),
      call: `${area}.grade.updateChapters`,
      fields: [{ name: 'chapterIds', label: t('staffClass.syllabus'), kind: 'multi', options }],
      values: { chapterIds: (chapters.data ?? []).map((c) => String(c.id)) },
      toBody: (v: FormValues) => {
        const chosen = new Set(listOf(v.chapterIds));
        // In the chapter list's order, which is the order staff arranged the chapters in.
        const chapterIds = options.filter((o) => chosen.has(o.value)).map((o) => Number(o.value));
        return { body: { id: gradeId, chapterIds } };
      },
    });
  };
  return (
    <section className="xa-section" aria-labelledby="class-syllabus">
      <h3 id="class-syllabus">
        {t('staffClass.syllabus')}{' '}
        <Button
          size="small"
          icon="edit"
          text={t('staff.edit')}
          // The form starts from the syllabus as saved: opened on a list that failed or is being
          // read again, saving it would put back what is no longer there.
          loading={stillLoading(choices, chapters)}
          disabled={!choices.data || chapters.data === undefined}
          onClick={() => setForm(edit())}
          data-testid="syllabus-edit"
        />{' '}
        <Button
          size="small"
          icon="learning"
          text={t('staffClass.followCourse')}
          loading={stillLoading(courses, followed)}
          disabled={!courses.data || followed.data === undefined}
          onClick={() => setForm(follow())}
          data-testid="syllabus-follow"
        />
      </h3>
      <p className="xa-muted" data-testid="class-course">
        {followed.data
          ? t('staffClass.followsCourse', { title: followed.data.title })
          : t('staffClass.followsNoCourse')}
      </p>
      <QueryStatus state={chapters} failedTitle={t('staffClass.syllabusFailed')}>
        {(list) =>
          list.length === 0 ? (
            <EmptyState
              title={t('staffClass.noSyllabus')}
              description={t('staffClass.noSyllabusHint')}
            />
          ) : (
            <HTMLTable className="xa-table" striped data-testid="class-syllabus">
              <tbody>
                {list.map((c) => (
                  <tr key={c.id}>
                    <td>{c.position}</td>
                    <td>{c.title}</td>
                    <td>{t('grade.detail.questionCount', { count: c.questionCount })}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          )
        }
      </QueryStatus>
      <StaffForm request={form} onClose={() => setForm(null)} />
    </section>
  );
}

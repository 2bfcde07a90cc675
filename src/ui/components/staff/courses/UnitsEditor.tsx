import { Callout, Dialog, DialogBody } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { MAX_COURSE_UNITS, unitName } from '../../../../contract/course/units.ts';
import type { StaffArea } from '../../../app/class-staff-queries.ts';
import { useRuntime } from '../../../app/context.ts';
import { staffChapters, staffUnits, type StaffCourse } from '../../../app/course-staff-queries.ts';
import { useQuery } from '../../../app/use-query.ts';
import { QueryStatus } from '../../QueryStatus.tsx';
import { PickFromPage } from '../PickFromPage.tsx';
import { SortableRows } from '../SortableRows.tsx';
import { SaveFooter } from '../SaveFooter.tsx';
import { useListEditor } from '../use-list-editor.ts';

interface Line {
  chapterId: number;
  title: string;
  questionCount: number;
}

/**
 * A course's units in order (第N单元): drag them into place, add chapters from the chapter list
 * (the platform's and the organization's), remove one, save with course/updateChapters. The
 * server refuses another organization's chapter and names it.
 */
export function UnitsEditor({
  area,
  course,
  onClose,
}: {
  area: StaffArea;
  course: StaffCourse;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const saved = useQuery(staffUnits(runtime, area, course.id));
  const editor = useListEditor({
    saved,
    linesOf: (units): Line[] =>
      units.map((u) => ({
        chapterId: u.chapterId,
        title: u.title,
        questionCount: u.questionCount,
      })),
    onClose,
  });
  const { current, setLines, error } = editor;
  const chapters = useQuery(staffChapters(runtime, area, editor.search, editor.page, 10));
  const full = current.length >= MAX_COURSE_UNITS;
  const save = () =>
    editor.save(`${area}.course.updateChapters`, {
      id: course.id,
      chapterIds: current.map((l) => l.chapterId),
    });
  const refusals = editor.refusalsOf('chapterIds');

  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={t('staffCourse.unitsTitle', { title: course.title })}
      style={{ width: 860 }}
    >
      <DialogBody>
        <p className="xa-muted">{t('staffCourse.unitsHint', { max: MAX_COURSE_UNITS })}</p>
        <QueryStatus state={saved} failedTitle={t('course.unitsFailed')}>
          {() => (
            <SortableRows
              items={current}
              keyOf={(l) => l.chapterId}
              labelOf={(l) => `${unitName(current.indexOf(l) + 1)} ${l.title}`}
              onReorder={setLines}
              onRemove={editor.remove}
              testId="course-unit-lines"
              cells={(l, i) => (
                <>
                  <td className="xa-course-unit-name">{unitName(i + 1)}</td>
                  <td>{l.title}</td>
                  <td>{t('course.questionCount', { count: l.questionCount })}</td>
                </>
              )}
            />
          )}
        </QueryStatus>
        {refusals.length > 0 && (
          <Callout intent="danger" role="alert">
            {refusals.map((f) => (
              <div key={f.field}>{f.message}</div>
            ))}
          </Callout>
        )}
        {editor.refused && refusals.length === 0 && error && (
          <p className="xa-field-error" role="alert">
            {error.message}
          </p>
        )}
        <h3>{t('staffCourse.chapterBank')}</h3>
        <PickFromPage
          state={chapters}
          placeholder={t('staffCourse.searchChapters')}
          failedTitle={t('staffCourse.chaptersFailed')}
          onSearch={editor.searchFor}
          onPage={editor.setPage}
          cells={(c) => (
            <>
              <td>
                {c.title}
                <span className="xa-muted">
                  {' '}
                  · {c.organizationId === null ? t('staffCourse.platform') : t('staffCourse.ours')}
                </span>
              </td>
              <td>{t('course.questionCount', { count: c.questionCount })}</td>
            </>
          )}
          isAdded={(c) => current.some((l) => l.chapterId === c.id)}
          full={full}
          onAdd={(c) =>
            setLines([
              ...current,
              { chapterId: c.id, title: c.title, questionCount: c.questionCount },
            ])
          }
          testId="chapter-bank"
        />
      </DialogBody>
      <SaveFooter
        onClose={onClose}
        onSave={save}
        saving={editor.working}
        disabled={editor.lines === null}
        testId="course-units-save"
      />
    </Dialog>
  );
}

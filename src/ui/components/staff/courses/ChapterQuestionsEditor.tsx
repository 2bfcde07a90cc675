import { Dialog, DialogBody, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { StaffArea } from '../../../app/class-staff-queries.ts';
import { useRuntime } from '../../../app/context.ts';
import { staffChapterQuestions } from '../../../app/course-staff-queries.ts';
import { bankQuestions } from '../../../app/staff-queries.ts';
import { useQuery } from '../../../app/use-query.ts';
import { QueryStatus } from '../../QueryStatus.tsx';
import { PickFromPage } from '../PickFromPage.tsx';
import { SortableRows } from '../SortableRows.tsx';
import { InlineTitle } from '../../practice/QuestionLabels.tsx';
import { SaveFooter } from '../SaveFooter.tsx';
import { useListEditor } from '../use-list-editor.ts';

/** A chapter holds at most this many questions (contract/chapter MAX_CHAPTER_QUESTIONS). */
const MAX_QUESTIONS = 200;

interface Line {
  id: number;
  title: string;
  type: 'programming' | 'single' | 'multiple' | 'judge';
}

/**
 * A unit's questions in order: drag them into place, add from the question bank, remove, save
 * with chapter/updateQuestions (the server refuses a question the chapter may not hold and
 * names it).
 */
export function ChapterQuestionsEditor({
  area,
  chapter,
  onClose,
}: {
  area: StaffArea;
  chapter: { id: number; title: string };
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const saved = useQuery(staffChapterQuestions(runtime, area, chapter.id));
  const editor = useListEditor({
    saved,
    linesOf: (s): Line[] => s.content.map((q) => ({ id: q.id, title: q.title, type: q.type })),
    onClose,
  });
  const { current, setLines, error } = editor;
  const bank = useQuery(bankQuestions(runtime, area, editor.search, editor.page));
  const save = () =>
    editor.save(`${area}.chapter.updateQuestions`, {
      id: chapter.id,
      questionIds: current.map((l) => l.id),
    });
  const refusals = editor.refusalsOf('questionIds');

  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={t('staffCourse.questionsTitle', { title: chapter.title })}
      style={{ width: 860 }}
    >
      <DialogBody>
        <QueryStatus state={saved} failedTitle={t('staffCourse.questionsFailed')}>
          {() => (
            <SortableRows
              items={current}
              keyOf={(l) => l.id}
              labelOf={(l) => l.title}
              onReorder={setLines}
              onRemove={editor.remove}
              testId="chapter-question-lines"
              cells={(l, i) => (
                <>
                  <td>{i + 1}</td>
                  <td>
                    <InlineTitle text={l.title} />{' '}
                    <Tag minimal>{t(`course.chapter.type.${l.type}`)}</Tag>
                  </td>
                </>
              )}
            />
          )}
        </QueryStatus>
        {(refusals.length > 0 || (editor.refused && error)) && (
          <p className="xa-field-error" role="alert">
            {refusals.length > 0 ? refusals.map((f) => f.message).join('；') : error?.message}
          </p>
        )}
        <h3>{t('staffExam.bank')}</h3>
        <PickFromPage
          state={bank}
          placeholder={t('staffExam.searchBank')}
          failedTitle={t('staffExam.bankFailed')}
          onSearch={editor.searchFor}
          onPage={editor.setPage}
          cells={(q) => (
            <td>
              <InlineTitle text={q.title} /> <Tag minimal>{t(`course.chapter.type.${q.type}`)}</Tag>
            </td>
          )}
          isAdded={(q) => current.some((l) => l.id === q.id)}
          full={current.length >= MAX_QUESTIONS}
          onAdd={(q) => setLines([...current, { id: q.id, title: q.title, type: q.type }])}
          testId="chapter-bank-questions"
        />
      </DialogBody>
      <SaveFooter
        onClose={onClose}
        onSave={save}
        saving={editor.working}
        disabled={editor.lines === null}
        testId="chapter-questions-save"
      />
    </Dialog>
  );
}

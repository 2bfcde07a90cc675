import { Button, Dialog, DialogBody, HTMLTable, InputGroup, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffWriteBody, StaffWriteCall } from '../../../machines/staff-edit/machine.ts';
import type { QueryState } from '../../../streams/query-cache.ts';
import { useRuntime } from '../../app/context.ts';
import { bankQuestions, type ExamArea } from '../../app/staff-queries.ts';
import { useQuery } from '../../app/use-query.ts';
import { Pager } from '../Pager.tsx';
import { QueryStatus } from '../QueryStatus.tsx';
import { SortableRows } from './SortableRows.tsx';
import { InlineTitle } from '../practice/QuestionLabels.tsx';
import { SaveFooter } from './SaveFooter.tsx';
import { useListEditor } from './use-list-editor.ts';

type QuestionType = 'programming' | 'single' | 'multiple' | 'judge';

/** What a set's screen loads: a name and the questions with their scores. */
export interface QuestionSet {
  name: string;
  questions: { questionId: number; title: string; type: QuestionType; score: number }[];
}

/**
 * A set already in hand (a new one, or one its list row carries) as the settled load the builder
 * takes, so it starts from it without a fetch.
 */
export const setInHand = (key: string, set: QuestionSet): QueryState<QuestionSet> => ({
  key,
  data: set,
  error: undefined,
  isValidating: false,
  updatedAt: null,
  errorCount: 0,
});

const whole = (text: string, min: number, max: number) => {
  const n = Number(text);
  return /^\d+$/.test(text.trim()) && n >= min && n <= max ? n : null;
};

interface Line {
  questionId: number;
  title: string;
  type: QuestionType;
  score: string;
}

/**
 * Builds a question set from the bank — an exam paper's or a homework's: search, add, drag into order,
 * set each score, save with the set's `updateQuestions` call.
 */
export function QuestionSetBuilder<C extends StaffWriteCall>({
  area,
  id,
  title,
  set,
  saveCall,
  // Every set's save call takes the set's id and its questions.
  bodyOf = (questions) => ({ id, questions }) as StaffWriteBody<C>,
  onClose,
}: {
  area: ExamArea;
  id: number;
  title: string;
  /** The set as saved: its name and questions. */
  set: QueryState<QuestionSet>;
  saveCall: C;
  /** The save's body for the questions (default `{ id, questions }`). */
  bodyOf?: (questions: { questionId: number; score: number }[]) => StaffWriteBody<NoInfer<C>>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const editor = useListEditor({
    saved: set,
    linesOf: (s): Line[] =>
      s.questions.map((q) => ({
        questionId: q.questionId,
        title: q.title,
        type: q.type,
        score: String(q.score),
      })),
    onClose,
  });
  const { current, setLines, error } = editor;
  const [keyword, setKeyword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const bank = useQuery(bankQuestions(runtime, area, editor.search, editor.page));
  const save = () => {
    const questions = [];
    for (const line of current) {
      const score = whole(line.score, 1, 1000);
      if (score === null) {
        setProblem(t('staffExam.scoreInvalid', { title: line.title }));
        return;
      }
      questions.push({ questionId: line.questionId, score });
    }
    setProblem(null);
    editor.save(saveCall, bodyOf(questions));
  };
  const total = current.reduce((n, l) => n + (Number(l.score) || 0), 0);
  return (
    <Dialog isOpen onClose={onClose} title={title} style={{ width: 860 }}>
      <DialogBody>
        <QueryStatus state={set} failedTitle={t('staffExam.papersFailed')}>
          {(s) => (
            <p className="xa-muted">
              {s.name} · {t('staffExam.total', { score: total })}
            </p>
          )}
        </QueryStatus>
        <SortableRows
          items={current}
          keyOf={(line) => line.questionId}
          labelOf={(line) => line.title}
          onReorder={setLines}
          onRemove={editor.remove}
          testId="paper-lines"
          cells={(line, i) => (
            <>
              <td>{i + 1}</td>
              <td>
                <InlineTitle text={line.title} /> <Tag minimal>{t(`exam.type.${line.type}`)}</Tag>
              </td>
              <td style={{ width: 90 }}>
                <InputGroup
                  aria-label={t('staffExam.scoreOf', { title: line.title })}
                  value={line.score}
                  onChange={(e) =>
                    setLines(current.map((l, j) => (j === i ? { ...l, score: e.target.value } : l)))
                  }
                />
              </td>
            </>
          )}
        />
        <h3>{t('staffExam.bank')}</h3>
        <InputGroup
          leftIcon="search"
          placeholder={t('staffExam.searchBank')}
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') editor.searchFor(keyword.trim());
          }}
          data-testid="bank-search"
        />
        <QueryStatus state={bank} failedTitle={t('staffExam.bankFailed')}>
          {(found) => (
            <>
              <HTMLTable className="xa-table" data-testid="bank-results">
                <tbody>
                  {found.content.map((q) => {
                    const added = current.some((l) => l.questionId === q.id);
                    return (
                      <tr key={q.id}>
                        <td>
                          <InlineTitle text={q.title} />{' '}
                          <Tag minimal>{t(`exam.type.${q.type}`)}</Tag>
                        </td>
                        <td>
                          <Button
                            size="small"
                            icon="plus"
                            disabled={added}
                            text={added ? t('staffExam.added') : t('staffExam.add')}
                            onClick={() =>
                              setLines([
                                ...current,
                                {
                                  questionId: q.id,
                                  title: q.title,
                                  type: q.type,
                                  score: q.type === 'programming' ? '40' : '5',
                                },
                              ])
                            }
                          />
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </HTMLTable>
              <Pager
                page={editor.page}
                totalPages={found.totalPages}
                totalElements={found.totalElements}
                onChange={editor.setPage}
              />
            </>
          )}
        </QueryStatus>
        {(problem ?? (editor.refused ? error?.message : null)) && (
          <p className="xa-field-error" role="alert">
            {problem ?? error?.message}
          </p>
        )}
      </DialogBody>
      <SaveFooter onClose={onClose} onSave={save} saving={editor.working} testId="paper-save" />
    </Dialog>
  );
}

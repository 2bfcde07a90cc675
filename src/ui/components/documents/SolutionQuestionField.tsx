import { Button, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../app/context.ts';
import { bankQuestions } from '../../app/staff-queries.ts';
import { useQuery } from '../../app/use-query.ts';
import { PickFromPage } from '../staff/PickFromPage.tsx';
import { InlineTitle } from '../practice/QuestionLabels.tsx';

/**
 * The question a write-up explains: the chosen one's number and title, and the platform's bank
 * to pick it from (write-ups explain platform questions, server/member-document/write.ts).
 */
export function SolutionQuestionField({
  value,
  title,
  onChange,
}: {
  value: string;
  /** The saved question's title, when editing. */
  title: string | null;
  onChange: (questionId: string) => void;
}) {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const [picked, setPicked] = useState<{ id: string; title: string | null }>({
    id: value,
    title,
  });
  const [open, setOpen] = useState(value === '');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const bank = useQuery(bankQuestions(runtime, 'bms', search, page, 'platform'));
  return (
    <div className="xa-solution-question">
      <div className="xa-document-editor-upload">
        <span data-testid="solution-question">
          {value === ''
            ? t('documents.noQuestion')
            : `#${value} ${picked.id === value ? (picked.title ?? '') : ''}`}
        </span>
        <Button
          size="small"
          icon={open ? 'chevron-up' : 'search'}
          text={open ? t('documents.closePicker') : t('documents.pickQuestion')}
          onClick={() => setOpen(!open)}
          data-testid="solution-question-toggle"
        />
      </div>
      {open && (
        <PickFromPage
          state={bank}
          placeholder={t('staffExam.searchBank')}
          failedTitle={t('staffExam.bankFailed')}
          onSearch={(keyword) => {
            setSearch(keyword);
            setPage(0);
          }}
          onPage={setPage}
          cells={(q) => (
            <td>
              #{q.id} <InlineTitle text={q.title} />{' '}
              <Tag minimal>{t(`course.chapter.type.${q.type}`)}</Tag>
            </td>
          )}
          isAdded={(q) => String(q.id) === value}
          full={false}
          onAdd={(q) => {
            setPicked({ id: String(q.id), title: q.title });
            onChange(String(q.id));
            setOpen(false);
          }}
          testId="solution-question-bank"
        />
      )}
    </div>
  );
}

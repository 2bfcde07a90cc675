import { Button, InputGroup, Tag } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chapter as chapterApi } from '../../../../contract/chapter/refs.ts';
import type { StaffArea } from '../../../app/class-staff-queries.ts';
import { useRuntime } from '../../../app/context.ts';
import { useStaffWrite } from '../../../app/use-staff-write.ts';
import { staffChapters, unitRights, type StaffChapter } from '../../../app/course-staff-queries.ts';
import { usePageParam } from '../../../app/use-page-param.ts';
import { useQuery, stillLoading } from '../../../app/use-query.ts';
import { fenOfYuan, formatFen } from '../../../format.ts';
import { fileField } from '../file-field.tsx';
import { PagedTable } from '../../PagedTable.tsx';
import { CreateButton } from '../CreateButton.tsx';
import { DeleteButton, EditButton } from '../RowButtons.tsx';
import { Permitted } from '../Permitted.tsx';
import { StaffEditOutcome } from '../StaffEditOutcome.tsx';
import { inYuan } from '../contract-rules.ts';
import { StaffForm, staffForm, type FormValues, type StaffFormRequest } from '../StaffForm.tsx';
import { ChapterQuestionsEditor } from './ChapterQuestionsEditor.tsx';

/**
 * The chapters (a course's units) a back office writes (issue 9 item 6): search, create and edit
 * one — notes, its material (a PDF handout uploaded to the file service, a video link), its price
 * and the card right that opens it — and arrange its questions. Platform chapters are read-only
 * to teachers.
 */
export function StaffChapters({ area }: { area: StaffArea }) {
  const { t } = useTranslation();
  const runtime = useRuntime();
  const { staffEdit } = runtime.actors;
  const [keyword, setKeyword] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = usePageParam();
  const chapters = useQuery(staffChapters(runtime, area, search, page));
  const rights = useQuery(unitRights(runtime, area));
  const [form, setForm] = useState<StaffFormRequest | null>(null);
  const [questions, setQuestions] = useState<{ id: number; title: string } | null>(null);
  const busy = useSelector(staffEdit, (s) => s.matches('working'));
  const write = useStaffWrite();

  const edit = async (id: number) => {
    const chapter = await runtime.transport.call(chapterApi[`${area}.chapter.queryById`], {
      query: { id },
    });
    setForm(chapterForm(chapter));
  };

  const rightOptions = [
    { value: '', label: t('staffCourse.noRight') },
    ...(rights.data?.content ?? []).map((r) => ({ value: r.code, label: r.name })),
  ];

  const chapterForm = (chapter: StaffChapter | null) =>
    staffForm({
      title: chapter
        ? t('staffCourse.editChapter', { title: chapter.title })
        : t('staffCourse.newChapter'),
      call: chapter ? `${area}.chapter.update` : `${area}.chapter.create`,
      wide: true,
      fields: [
        { name: 'title', label: t('staffCourse.chapterTitle'), kind: 'text' },
        { name: 'notes', label: t('staffCourse.chapterNotes'), kind: 'textarea' },
        fileField({
          name: 'pdfFile',
          label: t('staffCourse.pdfFile'),
          purpose: 'material',
          accept: 'application/pdf',
          empty: t('staffCourse.noPdf'),
          upload: t('staffCourse.uploadPdf'),
          remove: t('staffCourse.removePdf'),
        }),
        { name: 'videoUrl', label: t('staffCourse.videoUrl'), kind: 'text' },
        { name: 'priceFen', label: t('staffCourse.price'), kind: 'yuan' },
        ...(area === 'bms'
          ? [
              {
                name: 'rightCode',
                label: t('staffCourse.right'),
                kind: 'select' as const,
                options: rightOptions,
              },
            ]
          : []),
        { name: 'sort', label: t('staffCourse.sort'), kind: 'number' },
      ],
      values: {
        title: chapter?.title ?? '',
        notes: chapter?.notes ?? '',
        pdfFile: chapter?.pdfFile ?? '',
        videoUrl: chapter?.videoUrl ?? '',
        priceFen: formatFen(chapter?.priceFen ?? 0),
        rightCode: chapter?.rightCode ?? '',
        sort: String(chapter?.sort ?? 0),
      },
      // The price's and the order's rules are the contract's (chapterFields, paidContentFields).
      rules: {
        shape: () =>
          import('../../../../contract/chapter/calls.ts').then(
            (m) => (chapter ? m.chapterUpdate : m.chapterInput).shape,
          ),
        fields: {
          priceFen: { message: (r) => t('staffExam.priceInvalid', inYuan(r)) },
          sort: { message: () => t('staffCourse.sortInvalid') },
        },
      },
      toBody: (v: FormValues) => {
        // What is not an amount, or not a whole number, the contract's rules refuse (`rules`).
        const priceFen = fenOfYuan(String(v.priceFen)) ?? Number.NaN;
        const sort = Number(String(v.sort).trim() || '0');
        return {
          body: {
            ...(chapter ? { id: chapter.id } : {}),
            title: String(v.title),
            notes: String(v.notes),
            pdfFile: String(v.pdfFile) || null,
            videoUrl: String(v.videoUrl).trim() || null,
            priceFen,
            // A teacher's form has no right to choose: an edit keeps the stored one.
            rightCode: area === 'bms' ? String(v.rightCode) || null : (chapter?.rightCode ?? null),
            sort,
          },
        };
      },
    });

  return (
    <section className="xa-section" aria-labelledby="staff-chapters">
      <h2 id="staff-chapters">
        {t('staffCourse.chapters')}{' '}
        <CreateButton
          call={`${area}.chapter.create`}
          onClick={() => setForm(chapterForm(null))}
          loading={stillLoading(rights)}
          testId="chapter-create"
        />
      </h2>
      <InputGroup
        leftIcon="search"
        placeholder={t('staffCourse.searchChapters')}
        value={keyword}
        onValueChange={setKeyword}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            setSearch(keyword.trim());
            setPage(0);
          }
        }}
      />
      <PagedTable
        state={chapters}
        failedTitle={t('staffCourse.chaptersFailed')}
        empty={{ title: t('staffCourse.noChapters'), description: t('staffCourse.noChaptersHint') }}
        headers={[
          t('staffCourse.chapterTitle'),
          t('staffCourse.questions'),
          t('staffCourse.price'),
          t('orders.actions'),
        ]}
        testId="staff-chapters"
        page={page}
        onPage={setPage}
        row={(c) => {
          return (
            <tr key={c.id}>
              <td>
                {c.title}
                <div className="xa-muted">
                  {c.organizationId === null ? t('staffCourse.platform') : t('staffCourse.ours')}
                </div>
              </td>
              <td>{t('course.questionCount', { count: c.questionCount })}</td>
              <td>
                {c.priceFen === 0 ? (
                  t('exam.list.free')
                ) : (
                  <Tag minimal intent="warning">
                    {t('format.price', { amount: formatFen(c.priceFen) })}
                  </Tag>
                )}
              </td>
              <td>
                {/* The server's own rule (`manageable`), not a copy of it here. */}
                {c.manageable ? (
                  <>
                    <EditButton call={`${area}.chapter.update`} onClick={() => void edit(c.id)} />
                    <Permitted call={`${area}.chapter.updateQuestions`}>
                      <Button
                        size="small"
                        variant="outlined"
                        text={t('staffCourse.arrangeQuestions')}
                        onClick={() => setQuestions({ id: c.id, title: c.title })}
                        data-testid="chapter-questions-edit"
                      />
                    </Permitted>
                    <DeleteButton
                      call={`${area}.chapter.delete`}
                      busy={busy}
                      onClick={() => write(`${area}.chapter.delete`, { id: c.id })}
                    />
                  </>
                ) : (
                  <span className="xa-muted">{t('staffCourse.readOnly')}</span>
                )}
                {/* A refusal of this row's delete shows here, by the button pressed. */}
                <StaffEditOutcome
                  of={(w) => w.body.id === c.id && w.call === `${area}.chapter.delete`}
                />
              </td>
            </tr>
          );
        }}
      />
      <StaffForm request={form} onClose={() => setForm(null)} />
      {questions && (
        <ChapterQuestionsEditor
          area={area}
          chapter={questions}
          onClose={() => setQuestions(null)}
        />
      )}
    </section>
  );
}

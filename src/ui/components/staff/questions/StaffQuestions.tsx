import { Button, Callout, Checkbox, HTMLSelect, InputGroup, Tag } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { questionPublication } from '../../../../machines/lifecycles/publication.ts';
import {
  selectExportError,
  selectExportFormat,
  selectExported,
  selectExporting,
} from '../../../../machines/question-packages/selectors.ts';
import type { StaffArea } from '../../../app/class-staff-queries.ts';
import { useRuntime } from '../../../app/context.ts';
import {
  staffQuestions,
  type QuestionFilter,
  type StaffQuestionRow,
} from '../../../app/question-bank-queries.ts';
import { usePageParam } from '../../../app/use-page-param.ts';
import { useQuery } from '../../../app/use-query.ts';
import { formatDateTime } from '../../../format.ts';
import { PagedTable } from '../../PagedTable.tsx';
import { LifecycleButtons } from '../LifecycleButtons.tsx';
import { LifecycleStateSelect } from '../LifecycleStateSelect.tsx';
import { StaffDeleteButton } from '../StaffDeleteButton.tsx';
import { StaffEditOutcome } from '../StaffEditOutcome.tsx';
import { useQuestionPackagesEvents, useQuestionPackagesView } from './hooks.ts';
import { PackageImportDialog } from './PackageImportDialog.tsx';
import './questions.css';
import { InlineTitle } from '../../practice/QuestionLabels.tsx';
import { plainTitle } from '../../practice/question-title.ts';
import { submitStaffWrite } from '../../../../machines/staff-edit/events.ts';

const TYPES = ['programming', 'single', 'multiple', 'judge'] as const;
const DIFFICULTIES = ['easy', 'medium', 'hard', 'extreme'] as const;
const OFFERED = ['publish', 'unpublish'] as const;

/**
 * The question bank of a back office (issue 14): the area's questions a page at a time by title,
 * type, difficulty and state; publish, unpublish and delete (asked first); each row opens the
 * question editor. Rows chosen here leave as a Hydro zip or FPS XML, and packages of other
 * judges come in through the import dialog. Platform questions are read-only to teachers.
 */
export function StaffQuestions({ area, base }: { area: StaffArea; base: '/admin' | '/manage' }) {
  const { t, i18n } = useTranslation();
  const runtime = useRuntime();
  const navigate = useNavigate();
  const { staffEdit, questionPackages, toastQueue } = runtime.actors;
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const [type, setType] = useState('');
  const [difficulty, setDifficulty] = useState('');
  const [publication, setPublication] = useState('');
  const [page, setPage] = usePageParam();
  const filter: QuestionFilter = {
    ...(keyword ? { keyword } : {}),
    ...(type ? { type: type as QuestionFilter['type'] } : {}),
    ...(difficulty ? { difficulty: difficulty as QuestionFilter['difficulty'] } : {}),
    ...(publication ? { publication: publication as QuestionFilter['publication'] } : {}),
  };
  const list = useQuery(staffQuestions(runtime, area, filter, page));
  /** Chosen for export, by id with the title, across pages and filters. */
  const [selected, setSelected] = useState<Map<number, string>>(new Map());
  const [importing, setImporting] = useState(false);
  const busy = useSelector(staffEdit, (s) => s.matches('working'));
  const packages = useQuestionPackagesEvents();
  const exporting = useQuestionPackagesView(selectExporting);
  const exported = useQuestionPackagesView(selectExported);
  const exportError = useQuestionPackagesView(selectExportError);
  const exportFormat = useQuestionPackagesView(selectExportFormat);
  const editPath = `${base}/questions/edit`;

  // The import's success toast names how many came in (the list reloads on its own).
  useEffect(() => {
    const subscription = questionPackages.on('imported', ({ ids }) =>
      toastQueue.send({
        type: 'SHOW',
        toast: {
          id: `question-import:${ids.join(',')}`,
          message: t('questionBank.import.toast', { count: ids.length }),
          intent: 'success',
        },
      }),
    );
    return () => subscription.unsubscribe();
  }, [questionPackages, toastQueue, t]);

  const refilter = (set: (value: string) => void) => (value: string) => {
    set(value);
    setPage(0);
  };
  const toggle = (row: StaffQuestionRow, on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      if (on) next.set(row.id, row.title);
      else next.delete(row.id);
      return next;
    });
  const exportAs = (format: 'hydro' | 'fps') =>
    packages.exportQuestions(area, [...selected.keys()], format);

  return (
    <section className="xa-section xa-question-bank" aria-labelledby="staff-questions">
      <h2 id="staff-questions">
        {t('questionBank.title')}{' '}
        <Button
          size="small"
          icon="plus"
          text={t('questionBank.create')}
          onClick={() => navigate(editPath)}
          data-testid="question-create"
        />{' '}
        <Button
          size="small"
          icon="import"
          text={t('questionBank.import.open')}
          onClick={() => setImporting(true)}
          data-testid="question-import-open"
        />
      </h2>
      <div className="xa-question-tools">
        <InputGroup
          type="search"
          leftIcon="search"
          aria-label={t('questionBank.search')}
          placeholder={t('questionBank.search')}
          value={typed}
          onValueChange={setTyped}
          onKeyDown={(e) => {
            if (e.key === 'Enter') refilter(setKeyword)(typed.trim());
          }}
        />
        <HTMLSelect
          aria-label={t('questionBank.type')}
          value={type}
          onChange={(e) => refilter(setType)(e.currentTarget.value)}
          options={[
            { value: '', label: t('questionBank.allTypes') },
            ...TYPES.map((v) => ({ value: v, label: t(`questionBank.types.${v}`) })),
          ]}
        />
        <HTMLSelect
          aria-label={t('questionBank.difficulty')}
          value={difficulty}
          onChange={(e) => refilter(setDifficulty)(e.currentTarget.value)}
          options={[
            { value: '', label: t('questionBank.allDifficulties') },
            ...DIFFICULTIES.map((v) => ({ value: v, label: t(`questionBank.difficulties.${v}`) })),
          ]}
        />
        <LifecycleStateSelect
          lifecycle={questionPublication}
          value={publication}
          onChange={refilter(setPublication)}
        />
      </div>
      <div className="xa-question-tools" data-testid="question-export-bar">
        <span className="xa-muted">{t('questionBank.selected', { count: selected.size })}</span>
        <Button
          size="small"
          icon="export"
          text={t('questionBank.export.hydro')}
          disabled={selected.size === 0 || exporting}
          loading={exporting && exportFormat === 'hydro'}
          onClick={() => exportAs('hydro')}
          data-testid="question-export-hydro"
        />
        <Button
          size="small"
          icon="export"
          text={t('questionBank.export.fps')}
          disabled={selected.size === 0 || exporting}
          loading={exporting && exportFormat === 'fps'}
          onClick={() => exportAs('fps')}
          data-testid="question-export-fps"
        />
        {selected.size > 0 && (
          <Button
            size="small"
            variant="minimal"
            text={t('questionBank.clearSelection')}
            onClick={() => setSelected(new Map())}
          />
        )}
      </div>
      {exportError && (
        <Callout intent="danger" role="alert" data-testid="question-export-error">
          {exportError.message ?? t('questionBank.export.failed')}{' '}
          <Button
            size="small"
            variant="minimal"
            text={t('questionBank.dismiss')}
            onClick={packages.dismissExport}
          />
        </Callout>
      )}
      {exported && (
        <Callout
          intent={exported.notes.length > 0 ? 'warning' : 'success'}
          role="status"
          data-testid="question-exported"
          title={t('questionBank.export.done', { name: exported.fileName })}
        >
          {exported.notes.length > 0 && (
            <>
              <p>{t('questionBank.export.losses')}</p>
              <ul data-testid="question-export-losses">
                {exported.notes.map((note) => (
                  <li key={note}>{note}</li>
                ))}
              </ul>
            </>
          )}
          <Button
            size="small"
            variant="minimal"
            text={t('questionBank.dismiss')}
            onClick={packages.dismissExport}
          />
        </Callout>
      )}
      <PagedTable
        state={list}
        failedTitle={t('questionBank.failed')}
        empty={{ title: t('questionBank.empty'), description: t('questionBank.emptyHint') }}
        headers={[
          t('questionBank.choose'),
          t('questionBank.questionTitle'),
          t('questionBank.type'),
          t('questionBank.difficulty'),
          t('questionBank.tags'),
          t('orders.state'),
          t('questionBank.updatedAt'),
          t('orders.actions'),
        ]}
        testId="staff-questions"
        page={page}
        onPage={setPage}
        row={(q) => {
          return (
            <tr key={q.id} data-testid="staff-question">
              <td>
                <Checkbox
                  inline
                  aria-label={t('questionBank.chooseOne', { title: plainTitle(q.title) })}
                  checked={selected.has(q.id)}
                  onChange={(e) => toggle(q, e.currentTarget.checked)}
                />
              </td>
              <td>
                {q.manageable ? (
                  <Link to={`${editPath}?id=${q.id}`}>
                    <InlineTitle text={q.title} />
                  </Link>
                ) : (
                  <InlineTitle text={q.title} />
                )}
                <div className="xa-muted">
                  {q.organizationId === null ? t('questionBank.platform') : t('questionBank.ours')}
                  {q.source ? ` · ${q.source}` : ''}
                  {q.type === 'programming'
                    ? ` · ${t('questionBank.caseCount', { count: q.caseCount })}`
                    : ''}
                </div>
              </td>
              <td className="xa-nowrap">{t(`questionBank.types.${q.type}`)}</td>
              <td className="xa-nowrap">{t(`questionBank.difficulties.${q.difficulty}`)}</td>
              <td>
                {q.tags.map((tag) => (
                  <Tag key={tag} minimal>
                    {tag}
                  </Tag>
                ))}
              </td>
              <td>
                <Tag minimal intent={q.publication === 'published' ? 'success' : 'none'}>
                  {t(`staff.publication.${q.publication}`)}
                </Tag>
              </td>
              <td className="xa-muted xa-nowrap">{formatDateTime(q.updatedAt, i18n.language)}</td>
              <td>
                {/* The server's own rule (`manageable`), not a copy of it here. */}
                {q.manageable ? (
                  <>
                    <LifecycleButtons
                      lifecycle={questionPublication}
                      state={q.publication}
                      offered={OFFERED}
                      label={(action) => t(`questionBank.action.${action}`)}
                      onAct={(action) =>
                        submitStaffWrite(staffEdit, `${area}.question.${action}`, { id: q.id })
                      }
                      callOf={(action) => `${area}.question.${action}`}
                      busy={busy}
                      testIdPrefix="question"
                    />
                    <StaffDeleteButton
                      call={`${area}.question.delete`}
                      id={q.id}
                      name={plainTitle(q.title)}
                    />
                  </>
                ) : (
                  <span className="xa-muted">{t('questionBank.readOnly')}</span>
                )}
                {/* A refusal of this row's buttons shows here, by the button pressed. */}
                <StaffEditOutcome
                  of={(w) =>
                    w.body.id === q.id &&
                    (w.call === `${area}.question.delete` ||
                      w.call === `${area}.question.publish` ||
                      w.call === `${area}.question.unpublish`)
                  }
                />
              </td>
            </tr>
          );
        }}
      />
      <PackageImportDialog area={area} isOpen={importing} onClose={() => setImporting(false)} />
    </section>
  );
}
